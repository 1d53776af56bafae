// The parts of a standard benchmark a side ran (F-WL-4). Publications name them in a benchmark
// line ("LDBC-SNB queries 2, 6, 8, 9 and 11"), a parameter list (["q0", "q1", …]) or a variant
// note ("q6, q10, q11, q21 omitted"); a standard benchmark has a known number of parts, so a
// side that ran fewer ran a subset.
import { normText } from '../normalize.ts';
import type { Entry } from '../schema.ts';

/** Standard benchmarks and how many parts (queries, transaction types, workloads) each has. */
const STANDARD_BENCHMARKS: readonly { name: RegExp; total: number; what: string }[] = [
  { name: /\btpc ?c\b/, total: 5, what: 'TPC-C transaction types' },
  { name: /\btpc ?h\b/, total: 22, what: 'TPC-H queries' },
  { name: /\btpc ?ds\b/, total: 99, what: 'TPC-DS queries' },
  { name: /\bstar schema benchmark\b|\bssb\b/, total: 13, what: 'Star Schema Benchmark queries' },
  { name: /\bclickbench\b/, total: 43, what: 'ClickBench queries' },
  { name: /\bnexmark\b/, total: 23, what: 'Nexmark queries (q0–q22)' },
  { name: /\bldbc ?snb\b.*\bbi\b|\bsnb bi\b/, total: 20, what: 'LDBC SNB BI queries' },
  { name: /\bldbc ?snb\b/, total: 14, what: 'LDBC SNB Interactive complex reads' },
  { name: /\bjoin order benchmark\b|\bjob benchmark\b/, total: 113, what: 'Join Order Benchmark queries' },
  { name: /\bycsb\b/, total: 6, what: 'YCSB core workloads' },
];

export function standardBenchmark(name: unknown): { total: number; what: string } | undefined {
  const t = normText(name).replace(/(\w)\.(\w)/g, '$1$2');
  return STANDARD_BENCHMARKS.find((b) => b.name.test(t));
}

/** One numbered or lettered part: "q6", "IC 3", "11", YCSB's "a". */
const PART = String.raw`(?:q|ic|query\s*)?\s*(?:\d+|[a-f]\b)`;
const SEPARATOR = String.raw`\s*(?:,|&|/|\band\b|\bor\b)\s*`;
const RANGE = String.raw`\s*(?:-|–|—|\bto\b|\bthrough\b)\s*`;
/**
 * "queries 2, 6 and 11", "workloads a, b and c" after a keyword, or a list of q-numbers
 * ("q6, q10"). A lone "Q4" without a keyword is a quarter as often as a query, so it is not read.
 */
const PART_LIST = new RegExp(
  String.raw`(\b(?:queries|query|workloads?|transactions?)\s+|(?=\b(?:q|ic)\d))(${PART}(?:(?:${SEPARATOR}|${RANGE})${PART})*)`,
  'gi',
);
/** A clause that says its parts were left out. */
const LEFT_OUT =
  /\b(omitted|excluded|skipped|left out|dropped|not (run|reported|shown|included|supported))\b/i;

function partKey(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/^(q|ic|query)\s*/, '')
    .trim();
}

/** The parts a list names, ranges expanded: "q1–q3, q5" → 1, 2, 3, 5. */
function expand(list: string): string[] {
  const out: string[] = [];
  for (const item of list.split(new RegExp(SEPARATOR, 'i'))) {
    const [from, to] = item.split(new RegExp(RANGE, 'i')).map(partKey);
    if (from && to && /^\d+$/.test(from) && /^\d+$/.test(to) && Number(to) > Number(from))
      for (let n = Number(from); n <= Number(to) && out.length < 1000; n++) out.push(String(n));
    else if (from) out.push(from);
  }
  return out;
}

/**
 * Parts named in prose, split into the ones a side ran and the ones it says it left out.
 * Asides in brackets are dropped first: "queries 9 (1-5 hops) and 11" lists 9 and 11.
 */
export function partsInText(text: string): { ran: string[]; leftOut: string[] } {
  const ran: string[] = [];
  const leftOut: string[] = [];
  for (const clause of text.replace(/\([^)]*\)/g, ' ').split(/[;.\n]+/)) {
    const named = [...clause.matchAll(PART_LIST)].flatMap((m) => {
      const parts = expand(m[2] ?? '');
      return m[1] || parts.length >= 2 ? parts : [];
    });
    (LEFT_OUT.test(clause) ? leftOut : ran).push(...named);
  }
  return { ran, leftOut };
}

/** A parameter that lists the parts run: { queries: ["q0", "q1", …] }. */
const PART_KEY = /^(quer(y|ies)|workloads?|transactions?|operations?)$/i;

export function partsInParameters(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value))
    if (PART_KEY.test(k) && Array.isArray(v)) out.push(...v.map((x) => partKey(String(x))));
  return out;
}

/** A unit that is a multiple of another value: "×", "x (relative to AOM)", "% of baseline". */
const RATIO_UNIT =
  /^(x|×|ratio|times|relative)(\s|$)|\brelative to\b|\bnormali[sz]ed to\b|% of\b|\bpercent of\b/;

/** Words of a metric name that make it relative to another side: "speedupVsAwsCli", "ratio.write". */
const RATIO_WORD = /^(multiplier|ratio|speedup|slower|faster|relative|times)$/;

/**
 * A value stated relative to another side ("speedup", unit "×") rather than on its own. The name
 * is read word by word (camelCase, dots, spaces), so "duration" is no ratio.
 */
export function isRatio(v: { metric: string; unit: string }): boolean {
  if (RATIO_UNIT.test(v.unit.trim().toLowerCase())) return true;
  const words = v.metric
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/speed[\s_-]+up/g, 'speedup')
    .split(/[^a-z]+/);
  return words.some((word) => RATIO_WORD.test(word));
}

/** The last part of a dotted metric name that is a statistic or a repetition, not an operation. */
const STATISTIC_PART = /^(p\d+(\.\d+)?|max|min|mean|avg|average|median|std(dev)?|sd|best|worst|run\d*|\d+)$/i;
/** A part that names another side ("vsNginx", "overRedis"): a comparison, not an operation. */
export const VERSUS_PART = /^(vs|versus|over)[A-Z_]/;

/**
 * Operations told apart by a dotted metric name ("throughput.encrypt", "encodeMs.large"), for the
 * names every side uses: a side that reports "throughput.decrypt" where another reports only
 * "throughput.encrypt" reports another part. Statistics, runs and ratios are not parts; a stem
 * only some sides use is another metric, which F-WL-4 leaves alone.
 */
export function partsInMetricNames(entries: readonly Entry[]): Map<Entry, Set<string>> {
  const perEntry = entries.map((entry) => {
    const stems = new Map<string, Set<string>>();
    for (const run of entry.runs)
      for (const v of run.values) {
        const dot = v.metric.lastIndexOf('.');
        if (v.value === null || v.quality !== 'measured' || isRatio(v) || dot <= 0) continue;
        const part = v.metric.slice(dot + 1);
        if (STATISTIC_PART.test(part) || VERSUS_PART.test(part)) continue;
        const stem = v.metric.slice(0, dot);
        stems.set(stem, (stems.get(stem) ?? new Set()).add(part));
      }
    return stems;
  });
  const shared = [...(perEntry[0]?.keys() ?? [])].filter((stem) => perEntry.every((s) => s.has(stem)));
  return new Map(
    entries.map((entry, i) => [
      entry,
      new Set(shared.flatMap((stem) => [...(perEntry[i]?.get(stem) ?? [])].map((p) => `${stem}.${p}`))),
    ]),
  );
}

/**
 * Measured results some sides report and others do not: a metric most sides (two or more, more
 * than half) report, missing on a side that reports at least one of their metrics, so the sides
 * name their results alike. Ratios are left out (they exist only for the sides compared against a
 * base). A result two of seven systems lack is as unshown as one a single system lacks.
 */
export function resultsMissingOnSomeSides(entries: readonly Entry[]): { entry: Entry; missing: string[] }[] {
  if (entries.length < 3) return [];
  const metrics = entries.map(
    (entry) =>
      new Set(
        entry.runs.flatMap((run) =>
          run.values
            .filter((v) => v.value !== null && v.quality === 'measured' && !isRatio(v))
            .map((v) => v.metric),
        ),
      ),
  );
  const reporters = (m: string) => metrics.filter((set) => set.has(m)).length;
  const common = [...new Set(metrics.flatMap((set) => [...set]))].filter(
    (m) => reporters(m) >= 2 && reporters(m) > entries.length / 2,
  );
  return entries.flatMap((entry, i) => {
    const own = metrics[i] as Set<string>;
    const missing = common.filter((m) => !own.has(m));
    const shared = common.some((m) => own.has(m));
    return missing.length > 0 && shared ? [{ entry, missing }] : [];
  });
}

/** A value that counts the parts a side could not run: "queries.unsupported: 10", "skippedQueries". */
const NOT_RUN_COUNT = /unsupported|not ?supported|skipped|omitted|not ?run|could ?not ?run/i;

/** How many parts of the benchmark a side reports it could not run; 0 when none is counted. */
export function partsNotRun(entry: Entry): number {
  let n = 0;
  for (const run of entry.runs)
    for (const v of run.values)
      if (v.value !== null && v.value > 0 && NOT_RUN_COUNT.test(v.metric)) n = Math.max(n, v.value);
  return n;
}
