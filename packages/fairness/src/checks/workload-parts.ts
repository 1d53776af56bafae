// Splitting what a workload asks for from how a side does it. F-WL-1 compares the work itself
// (its name, sizes, counts, mix); F-WL-3 compares how each side carries it out (its mode, query
// files, API). Publications put both in one "parameters" object and one name line, so the split
// is made here, once, for both checks.
import { isVacuous, normText } from '../normalize.ts';
import { groupField, type Reader, type ReadField } from '../read.ts';

/** A parameter that names how a side does the work, not how much work there is. */
const HOW_KEY =
  /\b(mode|method|implementation|api|quer(y|ies)|scripts?|driver|engine|backend|strategy|algorithm|technique|render(ing|er)?|protocol|style|dialect|rewrite|approach|function|call|command|load(er|ing)?|ingest(ion)?|import|output|hash(er|ing)?)\b/i;
/**
 * A value that is a file or a path in a benchmark's repository: the side's own implementation. A
 * path has a file's extension, two separators or a leading one; one slash between words is an
 * alternative ("FP16/FP32", "read/write"), not a path.
 */
const PATH_VALUE =
  /\.(sql|py|js|ts|java|go|rs|lua|sh)\b|(^|\s)[\w.*-]*\/[\w.*-]+\/[\w.*/-]*|(^|\s)(\.{1,2}|~)?\/[\w.*-]+/i;

/** Code that calls a side's API: "z.email()", "v.pipe(v.string(), v.email())", "Parallel.ForEach(…)". */
const CODE_CALL = /[\w$]\.[\w$]+\(|\b[\w$]+\(\)/;
/** How a program is written: "while loop", "recursive isMunchausen", "a list indexed with !!". */
const CODE_CONSTRUCT =
  /\b(while|for)[ -]loops?\b|\brecursi(ve|on)\b|\bindexed (with|directly|by)\b|\blinked lists?\b|\biterators?\b|\bclosures?\b/i;

/**
 * Source code in a value: "for (;;) c();", "std::string", "Str<12>", "suspend_always{}". The code a
 * side runs is how it does the work, whatever the key is called.
 */
const SOURCE_CODE = /::|\(\s*;\s*;\s*\)|\w\(\);|\w\{\s*\}|\b[A-Za-z_]\w*<[\w:, ]+>/;

/** Prose that describes how something was carried out: "executed sequentially in the X implementation". */
const HOW_PROSE = /\bimplement(s|ed|ation)\b|\bexecut(es|ed)\b|\bnative(ly)?\b|\bemulat(es|ed|ion)\b/i;

/** "method_create", "queryMode" → "method create", "query Mode": a key's words. */
export const keyWords = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ');

/** A parameter that names the data the work runs on ("inputFile", "dataset"): the work, even as a path. */
const INPUT_KEY = /\b(input|data ?set|corpus|fixture)s?\b/i;

export function namesHow(key: string, value: unknown): boolean {
  // A number is an amount of work ("executedQueries": 814), whatever its key names.
  if (typeof value === 'number') return false;
  if (INPUT_KEY.test(keyWords(key))) return false;
  return (
    HOW_KEY.test(keyWords(key)) ||
    // A path in an aside is an example of the work ("githubAPI (203 routes, e.g. /repos/:owner)"),
    // not the file that does it.
    (typeof value === 'string' &&
      (PATH_VALUE.test(String(headOf(value))) || HOW_PROSE.test(value) || SOURCE_CODE.test(value)))
  );
}

/**
 * A variant that says how a side does the work ("loaded through its BatchInserter API",
 * "drives Vue's internals directly") rather than what work it is (another input format, a
 * modified mix): its words name a way of doing it, as a parameter's key would.
 */
export function variantNamesHow(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  // Queries named in a variant are its work (other queries, other data), not a way of doing it.
  const text = value.replace(/\bquer(y|ies)\b/gi, ' ');
  return (
    HOW_KEY.test(text) ||
    HOW_PROSE.test(text) ||
    PATH_VALUE.test(text) ||
    CODE_CALL.test(text) ||
    CODE_CONSTRUCT.test(text)
  );
}

/**
 * A printed value's head: "2-bit (bbq_disk)" → "2-bit". The aside names how a side reaches the
 * value (its index type), which is not the amount of work.
 */
export function headOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const head = value.replace(/\s*\([^)]*\)\s*$/, '').trim();
  return head === '' ? value : head;
}

/**
 * A parameter that sets the client's concurrency (pipelining depth, connections, threads, a pool's
 * size, "serverMaxThreads"): how hard the load generator pushes or how many serve it, which
 * F-CLIENT-2 and F-HW-2 compare, not the work asked for.
 */
const CONCURRENCY_KEY =
  /(^|\s)(pipelin\w*|connections?|conns?|threads?|workers?|concurrency|parallel\w*|in ?flight\w*|queue ?depth|io ?depth|pool ?size)$/i;

/** A parameter that says where a side listens (its host, address or port), not what it was asked. */
const WHERE_KEY =
  /^(host(name)?|address|ip|port|endpoint|server|resolver|nameserver|dns(server)?|upstream|gateway|proxy)$/i;
/** "target" addresses a side only when its value is an address: "es2018" is a compile target. */
const TARGET_KEY = /^target$/i;
const ADDRESS_VALUE = /^(\d{1,3}(\.\d{1,3}){3}|[a-z0-9-]+(\.[a-z0-9-]+)+|localhost)(:\d+)?$/i;
const URL_VALUE = /^[a-z][a-z0-9+.-]*:\/\/[^/\s]*(\/\S*)?$/i;
/** "squidbox:3128", "10.0.0.5:6081": a host and port, whatever the key calls it. */
const HOST_PORT_VALUE = /^[a-z0-9][\w.-]*:\d{2,5}$/i;

/**
 * A parameter as the work it asks for: a URL's path and query without its host and port
 * ("http://IP-nginx:8001/bench" and "http://IP-traefik:8000/bench" ask for the same /bench);
 * undefined for a key that only addresses the side.
 */
function workOf(key: string, value: unknown): unknown {
  const bareKey = keyWords(key).replace(/\s+/g, '');
  if (WHERE_KEY.test(bareKey)) return undefined;
  if (TARGET_KEY.test(bareKey) && typeof value === 'string' && ADDRESS_VALUE.test(value.trim()))
    return undefined;
  // "iterations: not stated" is no value of the work; it is left out, not compared.
  if (isVacuous(value)) return undefined;
  if (typeof value === 'string' && HOST_PORT_VALUE.test(value.trim())) return undefined;
  if (typeof value === 'string' && URL_VALUE.test(value.trim()))
    return value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/\s]*/i, '') || '/';
  return value;
}

/**
 * `workload.parameters` keeping only the keys that size or shape the work ('what') or only the
 * keys that say how a side does it ('how'). A value that is not an object is all 'what'. Where a
 * side is reached (host, port, a URL's authority) is neither: every side has its own.
 */
export function parametersPart(which: 'what' | 'how'): Reader {
  const whole = groupField('workload', 'parameters');
  const part = (f: ReadField | undefined): ReadField | undefined => {
    if (!f || f.differs) return which === 'what' ? f : undefined;
    const v = f.value;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return which === 'what' ? f : undefined;
    const kept = Object.entries(v)
      .map(([k, x]) => [k, workOf(k, x)] as const)
      .filter(([, x]) => x !== undefined)
      .filter(([k]) => which === 'how' || !CONCURRENCY_KEY.test(keyWords(k).trim()))
      .filter(([k, x]) => namesHow(k, x) === (which === 'how'))
      .map(([k, x]) => [k, which === 'what' ? headOf(x) : x] as const);
    if (kept.length === 0) return undefined;
    return { ...f, value: Object.fromEntries(kept) as ReadField['value'] };
  };
  return Object.assign((run: Parameters<Reader>[0]) => part(whole(run)), {
    saysNothing: whole.saysNothing,
  });
}

/**
 * A workload name that lists what it ran: "LmdbJava Benchmarks: write, readKey only" →
 * { base: 'lmdbjava benchmarks', parts: ['write', 'readkey'] }. Parts are null for a plain name.
 */
export function nameParts(name: unknown): { base: string; parts: string[] | null } {
  const text = normText(name);
  const colon = text.indexOf(':');
  if (colon < 0) return { base: text, parts: null };
  const parts = text
    .slice(colon + 1)
    .replace(/\bonly\b/g, '')
    .split(/,|\band\b|\+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return { base: text.slice(0, colon).trim(), parts };
}

/** True when every name is the same benchmark and each side's listed parts nest in another's. */
export function nestedParts(names: readonly unknown[]): boolean {
  const split = names.map(nameParts);
  if (split.length < 2 || split.some((s) => s.parts === null || s.parts.length === 0)) return false;
  if (new Set(split.map((s) => s.base)).size > 1) return false;
  const sets = split.map((s) => new Set(s.parts));
  const largest = sets.reduce((a, b) => (b.size > a.size ? b : a));
  return sets.every((s) => [...s].every((p) => largest.has(p))) && sets.some((s) => s.size < largest.size);
}
