// Field normalisation: every rule that decides whether two recorded values mean the same thing
// lives here, so checks compare canonical values and a reader can find the rules in one place.
// A normaliser returns null when it does not recognise a value; callers then fall back to text.
import type { Field } from '@levelfield/contracts/provenance';

export type FieldValue = Field['value'];
type Scalar = string | number | boolean | null;

/** Lower case, trimmed, inner whitespace collapsed, "_" and "-" read as spaces. */
export function normText(value: unknown): string {
  // An object's own text is "[object Object]" whatever it holds: read its keys and values instead.
  const text =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? canonical(value as FieldValue)
      : String(value ?? '');
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[_\u2010-\u2015-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Words that say nothing about a setup: "not stated", "default", "n/a", "?", "short". A value
 * made only of them is unknown, never a value two sides can agree on ("default" on both sides
 * may be two different defaults). Checks keep the original text as evidence.
 */
const VACUOUS =
  /^(?:not (?:stated|specified|given|reported|disclosed|mentioned|documented|published|provided|known|recorded|available|clear)|un(?:stated|specified|known|disclosed|documented|clear)|n\/?a|na|tbd|tba|\?+|-+|—|–|none given|none stated|no (?:data|info(?:rmation)?|details?)|default|defaults|(?:the )?(?:vendor |system |shipped |out of the box )?defaults?(?: (?:settings?|config(?:uration)?|values?|options?|parameters?))?|stock|out of the box|as shipped|short|short runs?|brief|various|varies|see (?:text|above|below|article|post)|same|similar|comparable)$/;

/** True for a value that says nothing: null, empty, or only words such as "not stated" or "default". */
export function isVacuous(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number' || typeof value === 'boolean') return false;
  if (Array.isArray(value)) return value.every((v) => isVacuous(v));
  if (typeof value === 'object') return Object.values(value).every((v) => isVacuous(v));
  const t = normText(value)
    .replace(/[.!*()"“”']+/g, '')
    .trim();
  return t === '' || VACUOUS.test(t);
}

/** Words inside a value that admit part of it is not known: "nodes not stated", "version unknown". */
export function admitsUnknown(value: unknown): boolean {
  return /\b(not (stated|specified|given|known|reported|disclosed|documented)|unknown|unstated|unspecified|unclear)\b/.test(
    normText(value),
  );
}

/**
 * A value that says nothing before an aside that explains why: "not stated (latest Helm chart at
 * install time)", "unknown; the harness prints nothing". Not "default (mold not in use)" for a
 * setting, where the aside is the fact; used where the head alone is the value (a version).
 */
export function isVacuousHead(value: unknown): boolean {
  const head = normText(value).split(/\s*(?:\(|;|\s[—–-]\s|:\s)/)[0] ?? '';
  return isVacuous(head);
}

/** A stable string for any field value: text normalised, arrays sorted, record keys sorted. */
export function canonical(value: FieldValue | undefined): string {
  if (value === undefined || value === null) return '';
  // A list is the set it names: order and repeats say nothing ("8, 64, 512, 8" is the sizes swept).
  if (Array.isArray(value)) return `[${[...new Set(value.map((v) => canonical(v)))].sort().join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${normText(k)}=${canonical(value[k] as Scalar)}`)
      .join(',')}}`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return normText(value);
}

/** Shows a value the way a reader expects: arrays joined, records as k=v. */
export function display(value: FieldValue | undefined): string {
  if (value === undefined || value === null) return 'not recorded';
  if (Array.isArray(value)) return value.map((v) => display(v)).join(', ');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}=${display(v as Scalar)}`)
      .join(', ');
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

// --- numbers and units ------------------------------------------------------------------------

/**
 * A figure worded as what a ramp reached ("33000 at the last step", "peaked at 800"), not as what
 * was set: a result of the run, which says nothing of the setting every side was given.
 */
const REACHED =
  /\b(at the (last|final|highest) step|reached|peak(ed)?( at)?|achieved|before (it )?fail\w*|until (it )?fail\w*|max(imum)? (reached|sustained|achieved))\b/;

/** A setting's number, or null when the text gives a result instead (REACHED) or no number. */
export function settingNumber(value: unknown): number | null {
  if (typeof value !== 'string') return parseNumber(value);
  if (REACHED.test(normText(value))) return null;
  // A version in the text ("HikariCP 1.3.1 defaults: minPoolSize = 10") is no setting's value.
  return parseNumber(value.replace(/\bv?\d+\.\d+\.\d+[\w.-]*/g, ' '));
}

/** A name's first word, normalised: "warp" of "warp-rust", "sury" of "sury 10.0.0 rc.0". */
export function firstWord(value: unknown): string {
  return normText(value).split(/[^a-z0-9]+/)[0] ?? '';
}

/**
 * Text with its links taken out: a link cited beside a setting or a formula ("See https://…",
 * "as reported by bundlephobia (https://bundlephobia.com/package/x)") says where it was read, not
 * what was set or computed, and its scheme's colon reads like an assignment.
 */
export function withoutLinks(text: string): string {
  return text.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ');
}

/** "1,684,437" → 1684437, "95.5%" → 95.5, "$139.97" → 139.97, "1,100*" → 1100; null if no number. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = value.replace(/,/g, '').match(/-?\d+(\.\d+)?([eE][-+]?\d+)?/);
  if (!m) return null;
  const n = Number(m[0]);
  return Number.isFinite(n) ? n : null;
}

const MAGNITUDES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mil: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/** A part of a whole named by its count: "one of 2 instances", "1 out of 8 shards". */
const PART_OF = /\b(one|1|a single|each) (of|out of) (the )?(\d[\d,]*)/g;

/** Text (normText'd) with each part of a whole written as one token: "one of 2" → "part_of_2". */
export function markParts(text: string): string {
  return text.replace(PART_OF, (...m) => `part_of_${String(m[4]).replace(/,/g, '')}`);
}

/**
 * A scale as the numbers it states, magnitudes applied, in order: "1M rows" → "1000000",
 * "5.5M reads, 169.8M reads" → "5500000 169800000", so "1M" and "1B" rows differ where the first
 * number alone (1 and 1) agreed. A part of a whole ("one of 2 instances") is marked as a part, so
 * it differs from the whole ("2 instances"). Words are left out: "rows" and "records" name one
 * scale. A text with no number is compared as text.
 */
export function normScale(value: unknown): number | string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = markParts(normText(value));
  if (t === '') return null;
  const parts = t.match(/\bpart_of_\d+/g) ?? [];
  const numbers = [
    ...t
      .replace(/\bpart_of_\d+/g, ' ')
      .matchAll(/(\d[\d,]*(?:\.\d+)?)(?:\s?(k|m|mil|million|b|bn|billion|thousand)\b)?/g),
  ].map((m) => Number((m[1] ?? '').replace(/,/g, '')) * (MAGNITUDES[m[2] ?? ''] ?? 1));
  if (parts.length === 0 && numbers.length === 1) return numbers[0] ?? null;
  return parts.length + numbers.length > 0 ? [...parts, ...numbers].join(' ') : t;
}

/**
 * A printed range → its ends: "+18–40 %" → [18, 40], "2×–5×" → [2, 5], "1.2 to 1.8 ms" →
 * [1.2, 1.8], "30~45%" (the tilde or wave dash East Asian texts write ranges with) → [30, 45].
 * Null when the text is not a range of two numbers.
 */
export function parseRange(text: unknown): [number, number] | null {
  if (typeof text !== 'string') return null;
  const m = text
    .replace(/,/g, '')
    .match(/([-+]?\d+(?:\.\d+)?)\s*[×x%]?\s*(?:[–—~〜～-]|\bto\b|\.\.)\s*[-+]?(\d+(?:\.\d+)?)/i);
  if (!m) return null;
  const [low, high] = [Number(m[1]), Number(m[2])];
  return Number.isFinite(low) && Number.isFinite(high) && low <= high ? [low, high] : null;
}

const BYTE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  gi: 1024 ** 3,
  t: 1024 ** 4,
  ti: 1024 ** 4,
};

/** Bytes from a number (already bytes) or text such as "64Gi", "15 GB", "1.7 GB", "128G". */
export function toBytes(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = value
    .trim()
    .replace(/,/g, '')
    .match(/^(\d+(?:\.\d+)?)\s*([a-zA-Z]*)/);
  if (!m) return null;
  const unit = (m[2] ?? '').toLowerCase();
  const factor = unit === '' ? 1 : BYTE_UNITS[unit];
  return factor === undefined ? null : Number(m[1]) * factor;
}

/**
 * The one size a sentence states: "JVM heap ~12 GB pre-allocated", "capped at 1 GB by default",
 * "-Xmx4g". A sentence with sizes that disagree ("host 64 GB, heap 16 GB") states none.
 */
export function bytesInText(value: unknown): number | null {
  const direct = toBytes(value);
  if (direct !== null || typeof value !== 'string') return direct;
  const sizes = new Set(
    [
      ...value
        .replace(/,/g, '')
        .matchAll(/(?<![\w.])(?:-Xmx)?(\d+(?:\.\d+)?)\s*(kb|mb|gb|tb|kib|mib|gib|tib|[kmgt])\b/gi),
    ].map((m) => Number(m[1]) * (BYTE_UNITS[(m[2] ?? '').toLowerCase()] ?? Number.NaN)),
  );
  const [only] = sizes;
  return sizes.size === 1 && only !== undefined && Number.isFinite(only) ? only : null;
}

const MS_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
};

/** Milliseconds from a number (already ms) or text such as "10s", "5 s", "30 minutes", "250ms". */
export function toMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // The Greek mu (U+03BC, what NFKC makes of the micro sign) is the micro sign too.
  const m = value
    .trim()
    .replace(/,/g, '')
    .replace(/\u03bc/g, 'µ')
    .match(/^(\d+(?:\.\d+)?)\s*([a-zA-Zµ]*)/);
  if (!m) return null;
  const unit = (m[2] ?? '').toLowerCase();
  const factor = unit === '' ? 1 : MS_UNITS[unit];
  return factor === undefined ? null : Number(m[1]) * factor;
}

export function toBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const t = normText(value);
  if (['true', 'yes', 'on', 'enabled', '1', 'y'].includes(t)) return true;
  if (['false', 'no', 'off', 'disabled', '0', 'n', 'none'].includes(t)) return false;
  // An answer followed by its reason: "yes: data is queryable at once", "no (refresh not forced)".
  const answer = /^(true|yes|on|enabled|false|no|off|disabled)\s*[:,;(.]/.exec(t)?.[1];
  if (answer) return ['true', 'yes', 'on', 'enabled'].includes(answer);
  return null;
}

const COUNT_WORDS: Record<string, number> = { one: 1, two: 2, four: 4, eight: 8 };

/**
 * Hardware threads per core as printed: a switch (SMT on: 2), "2 threads per core", "one hardware
 * thread (vCPU) per physical core" (1), "no hyper-threading" (1); null when the words do not say.
 */
export function threadsPerCore(value: unknown): number | null {
  const b = toBool(value);
  if (b !== null) return b ? 2 : 1;
  const t = normText(value);
  const perCore =
    /\b(\d+|one|two|four|eight) (?:hardware )?threads? (?:\([^)]*\) )?per (?:physical )?core/.exec(t)?.[1];
  if (perCore) return COUNT_WORDS[perCore] ?? Number(perCore);
  if (
    /\b(no|without|disabled|off)\b.*(smt|hyper[- ]?thread)|(smt|hyper[- ]?thread\w*) (disabled|off)/.test(t)
  )
    return 1;
  if (/hyper[- ]?thread|\bsmt\b/.test(t)) return 2;
  return null;
}

/** SMT as printed: a switch, "2 threads per core" (on), "1 thread per core" or "no hyper-threading" (off). */
export function toSmt(value: unknown): boolean | null {
  const n = threadsPerCore(value);
  return n === null ? null : n > 1;
}

/** Relative spread of positive numbers: max / min (1 when equal). */
export function spread(values: readonly number[]): number {
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min <= 0) return max === min ? 1 : Number.POSITIVE_INFINITY;
  return max / min;
}

// --- settings ---------------------------------------------------------------------------------

export type IsolationLevel =
  | 'read-uncommitted'
  | 'read-committed'
  | 'repeatable-read'
  | 'snapshot'
  | 'serializable'
  | 'strict-serializable';

/** "serializable", "SERIALIZABLE", "Serializable isolation", "read_committed", "RC", "SI" … */
export function normIsolation(value: unknown): IsolationLevel | null {
  const t = normText(value)
    .replace(/\bisolation( level)?\b/, '')
    .trim();
  if (t === '') return null;
  if (/uncommitted|^ru$/.test(t)) return 'read-uncommitted';
  if (/read committed|^rc$/.test(t)) return 'read-committed';
  if (/repeatable|^rr$/.test(t)) return 'repeatable-read';
  if (/strict serializ|strictly serializ|linearizable/.test(t)) return 'strict-serializable';
  if (/serializ|^ser$/.test(t)) return 'serializable';
  if (/snapshot|^si$/.test(t)) return 'snapshot';
  return null;
}

export type DurabilityLevel = 'local-fsync' | 'replicated-quorum-fsync' | 'async-commit' | 'no-fsync';

/**
 * The normalised commit durability: is a commit on disk (locally or on a quorum) when the client
 * is told it committed? Recognises the level names themselves and common raw settings:
 * synchronous_commit (PostgreSQL), innodb_flush_log_at_trx_commit (MySQL), fsync=off.
 */
export function normDurability(value: unknown): DurabilityLevel | null {
  // "No fsync delay" is an fsync at once, not no fsync.
  const t = normText(value).replace(/\bno (f?sync|flush) (delay|interval|wait)\b/g, 'immediate fsync');
  if (t === '') return null;
  if (
    /no fsync|\b(no|without|removed?|dropped|skipped) (the |any )?msync\b|\bmsync\w* (removed|disabled|off|dropped|skipped)\b|fsync ?= ?(off|false|0)|\b(are |is |were |was )?not (f(data)?)?synced\b|\bf?sync\w*( \([^)]*\))? (option )?(defaults? to|set to|=|:)? ?(false|off|0)\b|fsync off|nosync|no durability|in memory only|sync ?writes? ?(= ?)?(off|false|0|disabled)|sync ?writes?( option)? (is |was )?(turned off|disabled|switched off)|(without|never|not|doesn'?t|does not|disabled?|skips?|no) (an? |any |explicit )?(fsync|flush)|(fsync|flush)(es|ing)? (is |was |were )?(disabled|off|turned off|not (called|used|enabled|required))|(fsync|flush)[^.;]* not required|not requir\w* (an? |any )?(fsync|flush)|page cache/.test(
      t,
    )
  )
    return 'no-fsync';
  // Said not to be durable, whatever the setting is called ("remote_write … doesn't guarantee data
  // durability"), unless an fsync is named as the fix ("sled doesn't guarantee durability, so
  // every file is fsynced").
  if (
    /\b(doesn'?t|does not|do not|don'?t|not|no|without( any)?) guarantee\w* (of )?(\w+ )?durab|\bnot durable\b/.test(
      t,
    ) &&
    !/\bf(data)?sync/.test(t)
  )
    return 'no-fsync';
  // Nothing written to disk at all: Redis with appendonly no and no snapshots, "persistence disabled".
  if (
    /no persistence|persistence (is |was )?(disabled|off)|appendonly ?(=|:)? ?no\b|\baof (is )?not enabled|\bno aof\b/.test(
      t,
    )
  )
    return 'no-fsync';
  // Flushed on a timer, not per commit: acknowledged before it is durable.
  if (
    /(sync|synchronous) commit ?= ?off|\basync|asynchronous|innodb flush log at trx commit ?= ?[02]|appendfsync ?(=|:)? ?everysec|\bsync ?(delay|interval)\b|(fsync|flush|sync)\w* (every|each) \d*\s*(ms|s|sec\w*|second\w*|minute\w*)\b/.test(
      t,
    )
  )
    return 'async-commit';
  if (/quorum|replicated|raft|paxos|remote (write|apply)|semi ?sync|multi az|synchronous standby/.test(t))
    return 'replicated-quorum-fsync';
  if (
    /local fsync|(sync|synchronous) commit ?= ?(on|local)|innodb flush log at trx commit ?= ?1|\bf(data)?syncs?\b|o direct|(persisted|flushed|synced|written) to disk before|sync(ed|s)? (every|all|each) (message|write|commit)|set ?sync\W*true|\bsync ?= ?true|flush\w* (on|after) (each|every) (message|write|commit|batch)/.test(
      t,
    )
  )
    return 'local-fsync';
  return null;
}

/**
 * Several at once, the count unsaid: "multi-threaded", "all cores", "a thread pool", "runs the
 * files concurrently", "one process per file", "16 worker threads", "fullyParallel".
 */
const MANY_AT_ONCE =
  /\bmulti ?(thread|core|process)\w*|\bmultiple\b|\bseveral\b|\bthread ?pool\b|\bper (core|cpu|vcpu|file|test|connection|request|client|task|object)\b|\ball (\w+ ){0,2}(cores|cpus|vcpus|threads)\b|parallel\w*|\bconcurrent(ly)?\b|\bworker (threads|processes)\b|\b([2-9]|\d{2,})[\d,]* (os |worker )?(threads|workers|processes)\b/;
/**
 * One at a time: "single-threaded", "--runInBand", "sequential loop", "serially", "one after
 * another" ("one process per file" is several, so "one X" followed by "per" is not one).
 */
const ONE_AT_A_TIME =
  /\bsingle[ -]?(thread\w*|process|core)\b|\bone (os )?(thread|process|worker|core)\b(?! per)|\bno worker (threads|processes)\b|\brun ?in ?band\b|\bsequential\w*|\bserial(ly)?\b|\bone (at a time|after (another|the other))\b|\bsame thread\b|\bnot multi ?thread\w*/;

/**
 * Whether words say work ran one at a time or several at once, for threads, workers or cores:
 * 'one', 'many', or null when they say neither or both. Parallelism denied ("no parallel test
 * files", "does not support concurrent runs") is one at a time.
 */
export function parallelism(value: unknown): 'one' | 'many' | null {
  const t = normText(value);
  const saysMany = MANY_AT_ONCE.test(t);
  const many = saysMany && !denied(t, MANY_AT_ONCE);
  const one = ONE_AT_A_TIME.test(t) || (saysMany && !many);
  if (one === many) return null;
  return many ? 'many' : 'one';
}

/** Negations before a phrase, in the last words of its clause: "does not provide", "without". */
const DENIED_BEFORE =
  /\b(not|no|never|without|cannot|lacks?|(is|are|was|were|does|do|did|has|have|wo|ca)n'?t)\b/;

/**
 * Negations after a phrase, at the start of the rest of its clause: "pipelining not implemented
 * by the server", "prepared statements unsupported", "compression (disabled)".
 */
const DENIED_AFTER =
  /^\W*(\w+ ){0,2}((is|are|was|were) )?(not|never) (implemented|supported|used|enabled|available|present|built|done)\b|^\W*(\w+ ){0,2}(unsupported|disabled|unavailable|absent|missing|off)\b/;

/** A process said to run outside any container: "none", "native process", "bare metal", "no Docker". */
const NO_CONTAINER =
  /^(none|no)\b|\b(no|without( a)?|not in( a)?) (docker|containers?)\b|\bnot containeri[sz]ed\b|\bnative (process|binary|install\w*)\b|\bbare ?metal\b|\bdirectly on the host\b/;
const CONTAINER = /docker|podman|containerd|kubernetes|k8s|container/;

/** Whether a side's system ran in a container ('container') or as a plain process ('none'). */
export function normContainer(value: unknown): 'container' | 'none' | null {
  const b = toBool(value);
  if (b !== null) return b ? 'container' : 'none';
  const t = normText(value);
  if (NO_CONTAINER.test(t)) return 'none';
  return CONTAINER.test(t) ? 'container' : null;
}

/**
 * Whether the phrase a pattern finds is denied in its own clause, by a negation before it or
 * after it: "does not provide strong consistency", "not immediately queryable", "without waiting
 * for a reply", "pipelining not implemented". The same words negated state the opposite setup.
 */
export function denied(t: string, phrase: RegExp): boolean {
  const m = phrase.exec(t);
  if (!m) return false;
  const before =
    t
      .slice(0, m.index)
      .split(/[.;,:]/)
      .pop() ?? '';
  const after = t.slice(m.index + m[0].length).split(/[.;,:]/)[0] ?? '';
  return DENIED_BEFORE.test(before.trim().split(' ').slice(-6).join(' ')) || DENIED_AFTER.test(after.trim());
}

const CONFIRMED_READ =
  /\b(majority|linearizab\w*|strong(ly)? consisten\w*|strong|quorum|strict\w*|read (your|its) (own )?writes?|read after write|immediately (visible|queryable|searchable|available|readable)|(visible|queryable|searchable) (at once|immediately))\b/;
const UNCONFIRMED_READ =
  /\b(eventual\w*|stale|dirty|read uncommitted|local|from (the )?(backups?|replicas?|secondar\w*|followers?)|refresh interval|near real time)\b|^available$|read concern available/;

/**
 * Whether a side reads only confirmed writes: a switch, a read concern ("majority", "local"), or
 * prose ("immediately queryable", "reads from backups"). A denied guarantee ("does not provide
 * strong consistency") reads as unconfirmed; a stale read beside a strong word wins, since the
 * weaker read is what a reader can get.
 */
export function normConfirmedReads(value: unknown): 'true' | 'false' | null {
  const b = toBool(value);
  if (b !== null) return b ? 'true' : 'false';
  const t = normText(value);
  const strong = CONFIRMED_READ.test(t);
  const strongDenied = strong && denied(t, CONFIRMED_READ);
  const weak = UNCONFIRMED_READ.test(t) && !denied(t, UNCONFIRMED_READ);
  if (strongDenied || weak) return 'false';
  return strong ? 'true' : null;
}

export type Acknowledgement = 'fire-and-forget' | 'after-commit' | 'after-durable' | 'after-replicated';

/** A client that hands the message to its own buffer or socket and does not wait for the server. */
const NO_REPLY_AWAITED =
  /fire and forget|no ack|unacknowledged|\bnot (\w+ ){0,2}(acknowledged|acked)\b|^none\b|not awaited|acks ?= ?(0|none)\b|at most once|no (server |broker )?(reply|response)|(reply|response|ack\w*) (is |are )?not (awaited|waited for)|(does not|doesn'?t|do not|don'?t|without) (wait\w*|await\w*|requir\w*|ask\w*)( for)?( an?| any| the)?( server'?s?| broker'?s?| cluster'?s?)? (ack\w*|reply|response|confirm\w*)|only (sends?|hands?|handed|writes?|puts?|queues?|pushes?)\b[^.;]{0,40}\b(client|channel|buffer|socket|queue)/;

/** A client that waits for the server's reply (received, not necessarily durable). */
const SERVER_REPLY =
  /(wait\w*|await\w*|block\w*) (for|on|until) (the )?(reply|response|ack\w*|(\w+ )?(server|broker)'?s? (reply|response|ack\w*))|(reply|response|ack\w*) from (the )?(\w+ )?(server|broker)|acknowledged by (the )?(\w+ )?(server|broker)/;

/** When the client counts an operation as done. */
export function normAcknowledgement(value: unknown): Acknowledgement | null {
  const t = normText(value);
  if (t === '') return null;
  // "RequiredAcks not set (the library's default)" names no level: a reader cannot compare it.
  if (/\b(not set|unset|left unset)\b/.test(t) && !/acks ?=/.test(t)) return null;
  if (NO_REPLY_AWAITED.test(t)) return 'fire-and-forget';
  // Publish-subscribe middleware (DDS, Zenoh): an asynchronous or best-effort write returns before
  // the sample leaves; a synchronous or RELIABLE one once it is sent and, if lost, resent.
  if (/\basync\w* publish\w*|\bpublish\w* asynchronously\b|\bbest ?effort\b/.test(t))
    return 'fire-and-forget';
  if (/\bsync\w* publish\w*|\bpublish\w* synchronously\b|\breliability (qos )?reliable\b/.test(t))
    return 'after-commit';
  // Kafka's acks: all (or -1, read here as " 1" after normText) waits for the in-sync replicas.
  if (/acks ?= ?(all|\s1\b)|min\.?insync|in ?sync replicas|\bisr\b/.test(t)) return 'after-replicated';
  if (/acks ?= ?1\b/.test(t)) return 'after-commit';
  if (/before (it is |being )?(durab|fsync|confirm|replicat)|not (yet )?durable|unconfirmed/.test(t))
    return 'after-commit';
  if (/replica|quorum|majority/.test(t)) return 'after-replicated';
  // MongoDB-style write concerns: w: 0 waits for nothing; j: false (or "in memory") answers before
  // the journal; j: true or "journaled" after it.
  if (/\bw ?[:=] ?0\b/.test(t)) return 'fire-and-forget';
  if (/\bj ?[:=] ?false\b|\bin memory\b/.test(t)) return 'after-commit';
  if (/durable|fsync|confirmed|journal(l?ed)?\b|\bj ?[:=] ?true\b|persisted/.test(t)) return 'after-durable';
  if (SERVER_REPLY.test(t)) return 'after-commit';
  // A stream's delivery guarantee: at-least-once and exactly-once acknowledge each message once
  // it is handled (at-most-once and "no acking" are read above as not awaited).
  if (/commit|round trip|ack|\b(at least|exactly) once\b/.test(t)) return 'after-commit';
  return null;
}

export type ClientPlacement =
  | 'same-process'
  | 'same-host'
  | 'other-host'
  | 'same-zone'
  | 'same-region'
  | 'cross-zone'
  | 'cross-region'
  | 'internet';

/** "same machine", "localhost", "same AZ", "cross-AZ", "different region" … */
export function normClientPlacement(value: unknown): ClientPlacement | null {
  const t = normText(value);
  if (t === '') return null;
  // Inside the benchmark's own process: no socket, no loopback, no copy between processes.
  if (
    /\b(same|one|single) (os )?process\b|\bin ?process\b|\bembedded (member|server|node|instance|broker|cluster)\b|\b(embedded )?in the ([a-z]+ ){0,2}(process|binary|program|jvm)\b/.test(
      t,
    )
  )
    return 'same-process';
  if (/same (host|machine|box|node)|localhost|local machine|colocated|co located|^local$/.test(t))
    return 'same-host';
  // Across the public Internet (a public resolver, a SaaS endpoint): farther than any region.
  if (/over the (public )?internet|public internet|\bwan\b|across the internet/.test(t)) return 'internet';
  if (/cross region|different region|other region|inter region/.test(t)) return 'cross-region';
  if (/cross (zone|az)|different (zone|az)|other (zone|az)|inter (zone|az)|multi az/.test(t))
    return 'cross-zone';
  if (/same (zone|az|availability zone)/.test(t)) return 'same-zone';
  if (/same region/.test(t)) return 'same-region';
  // Off the server's machine, how far not said: "remote client over the network".
  if (
    /\bremote (client|host|machine)|over the network|(separate|another|different|dedicated) (client )?(machine|host|server|instance|vm|box)|same (lan|local network|subnet|switch|rack)|\blan\b/.test(
      t,
    )
  )
    return 'other-host';
  return null;
}

/** aws / gcp / azure / on-premises from provider names ("Amazon Web Services", "Google Cloud"). */
export function normCloudProvider(value: unknown): string | null {
  const t = normText(value);
  if (t === '') return null;
  if (/\baws\b|amazon/.test(t)) return 'aws';
  if (/\bgcp\b|google/.test(t)) return 'gcp';
  if (/azure|microsoft/.test(t)) return 'azure';
  if (/on ?prem|bare ?metal|own hardware|laptop|workstation|desktop/.test(t)) return 'on-premises';
  return t;
}

export type ThroughputSource = 'client-ack' | 'server-counter';

export function normThroughputSource(value: unknown): ThroughputSource | null {
  const t = normText(value);
  if (t === '') return null;
  // The engine's own accounting: system tables, query history, job statistics, its listeners and
  // task logs.
  if (
    /server|prometheus|metrics endpoint|database counter|db counter|system tables?|information schema|query ?(history|store)|job statistics|statistics ?\. ?(start|end)|\blistener\b|task ?manager|record counter/.test(
      t,
    )
  )
    return 'server-counter';
  // The tool under test timing itself ("self-reported by the tool", "webpack's own printed time").
  if (/\bself[- ]?reported\b|\bown (printed |reported )?(time|timer|timing|count\w*|stat\w*)\b/.test(t))
    return 'server-counter';
  // Counted inside the system, at one of its own components: "orderer throughput", "TPS at the broker".
  if (
    /\b(orderer|ordering service|broker|leader|coordinator) (throughput|tps|counter|side)\b|\b(throughput|tps|counted) (at|on|of) the (orderer|ordering service|broker|leader|coordinator)\b/.test(
      t,
    )
  )
    return 'server-counter';
  // What the load tool or client saw: "redis-benchmark reported ops/s", "sqlcmd timing", "--time".
  if (
    /client|round trip|\back(nowledg\w*|ed|s)?\b|(benchmark|bench|tool)\b[^.;]{0,20}\breported|\bsqlcmd\b|\btime (printed|reported) by\b|\btime\b[^.;]{0,30}\s-?-time\b|wall ?clock|stopwatch|hyperfine/.test(
      t,
    )
  )
    return 'client-ack';
  return null;
}

export type LatencyEndPoint = 'initiate' | 'complete';

export function normLatencyEndPoint(value: unknown): LatencyEndPoint | null {
  const t = normText(value);
  if (/initiat|accepted|enqueued|durably recorded/.test(t)) return 'initiate';
  if (/complet|finish|full|commit|response/.test(t)) return 'complete';
  return null;
}

export type LatencyOrigin = 'intended' | 'actual';

export function normLatencyOrigin(value: unknown): LatencyOrigin | null {
  const t = normText(value);
  if (/intend|schedul|co correct/.test(t)) return 'intended';
  if (/actual|send|sent/.test(t)) return 'actual';
  return null;
}

export type LoadModel = 'open' | 'closed' | 'partly-open';

export function normLoadModel(value: unknown): LoadModel | null {
  const t = normText(value);
  if (/partly|partially|semi open|mixed/.test(t)) return 'partly-open';
  // A generator that sends as fast as the system takes it is paced by the system: closed. "Closed"
  // as the model ("closed loop", "closed: 64 users"), not a connection closed after a response.
  if (
    /\bclosed (loop|model|system|workload)\b|^closed\b(?! (connections?|sockets?|after)\b)|\bmodel:? closed\b|fixed (concurrency|users|terminals)|sequential|as fast as (possible|it can)|unthrottled|flat out|back to back|(no|not|without) (rate limit|pacing|throttl)/.test(
      t,
    )
  )
    return 'closed';
  // "Open" as the model ("open loop", "open: Poisson arrivals"), not a word that starts with it
  // ("openai", "OpenSearch") or an open-source or open-file mention.
  if (
    /\bopen (loop|model|system|workload)\b|^open\b(?! (source|files?|connections?)\b)|arrival rate|constant rate|fixed rate|rate limited/.test(
      t,
    )
  )
    return 'open';
  return null;
}

export type CacheState = 'cold' | 'warm' | 'hot' | 'mixed';

/**
 * Cold and warm samples measured together ("mixed: most samples pay a cold start", "cold first run included" in a mean): the share of
 * each, which nobody controlled, decides the figure.
 */
const MIXED_CACHE =
  /^mixed\b|\b(not|un) ?controlled\b|\b(mix|mixture) of (cold|warm|hot)\b|\bboth cold and (warm|hot)\b(?! (\w+ )?(reported|shown|listed|presented|published|given|measured separately|in separate|tables?|columns?))|\b(cold|warm) and (warm|cold) (samples|requests|runs|queries) (together|mixed)\b|\bcold (first )?(run|iteration|start)s? (is |are |was |were )?(included|counted|averaged)\b|\b(includes?|including) (a |the |its )?cold (first )?(run|iteration|start)\b/;

/** Emptying the OS page cache or restarting before a run ("echo 3 > drop_caches", "caches dropped"). */
const CACHE_DROP =
  /\bdrop ?caches\b|\bdrop\w* (the |all )?(os |page |filesystem |file system |buffer )*caches?\b|\b(page |os |filesystem |buffer )?caches? (was |were |is )?(dropped|flushed|cleared|emptied|purged)\b|\bpage ?cache ?drop\b/;

const CLEAR_VERB =
  '(drop|flush|clear|empt(y|ie)|purge|remov|delet|prun|clean|wip|reset|invalidat|disabl)\\w*';
/** A cache or package store said to be emptied: "the store pruned", "yarn cache clean", "cache disabled". */
const CLEARED =
  '(dropped|flushed|cleared|emptied|purged|removed|deleted|pruned|cleaned|wiped|reset|invalidated|disabled)';
const CACHE_CLEARED = new RegExp(
  `\\b(caches?|store)\\b[^.;:,]{0,40}?\\b${CLEAR_VERB}\\b|\\b(caches?|store)\\b[^.;:,]{0,40}?,\\s*${CLEARED}\\b|\\b${CLEAR_VERB}\\s+(the\\s+)?([\\w./~-]+\\s+){0,3}(caches?|store)\\b|--no-cache\\b`,
);
/** Words that keep a cache from being emptied: "never cleaned", "only partly invalidated", "survives". */
const KEPT = /\b(never|not|no|n't|only partly|partly|partially|only partially)\b[^.;:,]*$/;

/**
 * Cold or warm from what was done to a cache: emptied before each run is cold, kept ("never
 * cleaned", "survives", "only partly invalidated") is warm. Asides are left out: a path in
 * them ("~/.bun/install/cache") names the cache, not what was done to it.
 */
function cacheTreatment(t: string): CacheState | null {
  const text = t.replace(/\([^)]*\)/g, ' ');
  if (/\b(survives?|persists?|kept|reused)\b/.test(text) && /\b(cache\w*|\w*store)\b/.test(text))
    return 'warm';
  // "with the disk cache from the earlier run": what a previous run left behind.
  if (
    /\b(cache\w*|\w*store)\b[^.;]{0,30}\b(from|of|left by) (the |an? )?(earlier|previous|prior|first|last) (run|build|install|pass)/.test(
      text,
    )
  )
    return 'warm';
  // "no cache", "without a disk cache": nothing kept to read from ("no cache drop possible" is
  // about emptying one).
  if (
    /^(no|without( an?| any)?) ((disk|local|persistent|build) )?cache\b(?! (\w+ )?(drop|flush|clear|purg|empt|wip|invalidat|option|setting|config|mention|stat|given|print|report|specif))/.test(
      text.trim(),
    )
  )
    return 'cold';
  const m = CACHE_CLEARED.exec(text);
  if (!m) return null;
  const within = text.slice(0, m.index + m[0].length);
  return KEPT.test(within.slice(Math.max(0, m.index - 30))) ? 'warm' : 'cold';
}

/** Reads that bypass the page cache: O_DIRECT, fio's --direct=1, "page cache bypassed". */
const DIRECT_IO =
  /\bo direct\b|\bdirect ?= ?1\b|\bdirect ?i\/?o\b|\b(page |os )?cache (is |was )?bypassed\b|\bbypass\w* (the )?(page |os )?cache\b/g;

/**
 * Cold when reads bypass the page cache; warm when direct I/O was asked for and a side says it
 * does not have it ("requested, but it has no native Direct IO"): its reads go through a cache.
 */
function directIo(t: string): CacheState | null {
  const matches = [...t.matchAll(DIRECT_IO)];
  if (matches.length === 0) return null;
  return matches.some((m) => KEPT.test(t.slice(Math.max(0, (m.index ?? 0) - 30), m.index))) ? 'warm' : 'cold';
}

/** No cache of a kind at all; not "no cache options set", which says nothing of the cache. */
const NO_CACHE =
  /\bno (learned|learnt|persisted|carried over|accumulated|prior|saved) state\b|\bno (\w+ ){0,2}cache\b(?! (options?|settings?|flags?|config(uration)?s?|param(eter)?s?|mentioned|stated|given|printed|reported|specified)\b)|\bcach\w* (is |was )?not (supported|configured|available)\b|\bnot cached\b|\bcach(e|ing) (is |was )?(disabled|switched off|turned off)\b/;
/** Work redone for every operation: "compiles the template on every request", "parsed each time". */
const REDONE_PER_OP =
  /\b(compil|pars|rebuil|recompil)\w* [^.;]{0,40}\b(each|every) (time|request|call|run|iteration|operation|render)\b/;
/** Work done once and reused: "compiles once", "the compiled template is cached". */
const DONE_ONCE =
  /\bcompil\w* once\b|\bcompiled (\w+ ){0,2}(cached|reused)\b|\b(effectively|already) cached\b/;
/**
 * Work served from what an earlier run left: "classification learned from prior runs", "93 tasks
 * taken from the build cache", "134 tasks UP-TO-DATE", "the build cache populated", "links the
 * pre-compiled standard library".
 */
const SERVED_FROM_CACHE =
  /\b(learned|learnt|trained|accumulated|carried over|persisted)\b[^.;]{0,40}\b(from|across|over|in) (the )?(prior|earlier|previous|past) runs?\b|\b(taken|served|restored|fetched|read|pulled) from (the )?([\w'’]+ ){0,3}cache\b|\bup to date\b|\bcache\w* (was |is )?(populated|primed|pre ?warmed|seeded)\b|\bpre ?(compiled|built)\b|\bprebuilt\b|\bincremental\b[^.;]{0,30}\bno changes?\b|\bno ?op (re)?build\b/;
/** A build from nothing: "clean compile", "clean build", "from scratch" (unless its cache served it). */
const CLEAN_BUILD = /\bclean (build|compile|install|checkout)\b|\bfrom scratch\b/;
const CACHE_ON_FOR_RUN =
  /\bcache\w* (is |was )?(enabled|on|active|turned on|switched on)\b|\bwith (an? |the |its )?(\w+ ){0,2}cache\b/;
/** Data brought in again for every operation: "copied to the GPU for each search". */
const RELOADED_PER_OP =
  /\b(copied|loaded|transferred|read|fetched|moved|uploaded)\b[^.;]{0,40}\b(for|on|per|before|with) (each|every) (\w+ )?(search|query|request|call|operation|op|iteration|batch)\b/;
/** Data kept where the work reads it: "index resident in GPU memory", "preloaded into memory". */
const RESIDENT =
  /\b(resident|preloaded|pinned|cached) (in|into) (the )?(gpu |device |main |host |ram |process )?memory\b|\bmemory resident\b|\bfits (entirely )?in(to)? (the )?(server'?s? |main )?(memory|ram)\b|^in memory\b|\b100 ?% (cache )?hit (rate|ratio)\b|\bserved (entirely )?from (memory|ram)\b/;

/**
 * A cache only partly filled ("partially warm", "warm, but partial"): every run still misses part
 * of it, so its samples mix warm and cold work.
 */
const PARTIAL_CACHE =
  /\b(partial(ly)?|partly|half)[ -](warm|warmed|hot|cold|cached|filled|populated|primed)\b|\b(warm|hot|cached|primed)\b,? but (only )?(partial(ly)?|partly)\b/;

/**
 * The server not restarted between "cold" runs: "the database is not restarted", "the container
 * (and its buffer pool) keeps running", ClickBench's "lukewarm".
 */
const SERVER_KEPT =
  /\blukewarm\b|\b(not|never|without( a)?) restart(ed|ing)?\b|\b(keeps?|kept|stays?|remains?) (running|up|alive)\b|\blong[- ]lived (server|process|backend|be)\b/;

export function normCacheState(value: unknown): CacheState | null {
  const t = normText(value);
  if (MIXED_CACHE.test(t) || PARTIAL_CACHE.test(t)) return 'mixed';
  // Cold and warm each reported in its own figure: the value names no one state.
  if (/\bboth cold and (warm|hot)\b/.test(t)) return null;
  // Whether the page cache was emptied says cold or warm, whatever the label claims; but a server
  // left running keeps its own caches (its buffer pool), so only the OS's was cold: lukewarm.
  if (CACHE_DROP.test(t)) return denied(t, CACHE_DROP) || SERVER_KEPT.test(t) ? 'warm' : 'cold';
  const direct = directIo(t);
  if (direct) return direct;
  // Where the data sits between operations: brought in again for each, or kept resident.
  if (RELOADED_PER_OP.test(t)) return 'cold';
  if (RESIDENT.test(t)) return 'hot';
  const treated = cacheTreatment(t);
  if (treated) return treated;
  // Nothing cached, said so ("the standard library is not cached and is rebuilt"), before what
  // the rest of the text reuses.
  if (NO_CACHE.test(t)) return 'cold';
  if (SERVED_FROM_CACHE.test(t) || DONE_ONCE.test(t)) return 'warm';
  if (REDONE_PER_OP.test(t)) return 'cold';
  // A cache switched on for the run: "async data cache enabled", "with the SSD cache".
  if (CACHE_ON_FOR_RUN.test(t)) return 'warm';
  if (CLEAN_BUILD.test(t)) return 'cold';
  if (/cold/.test(t)) return 'cold';
  if (/hot/.test(t)) return 'hot';
  if (/warm/.test(t)) return 'warm';
  return null;
}

/** A cache a side can switch on or off, by its kind: result, plan, prefix, proxy, metadata … */
const CACHE_KIND =
  /\b(?:result|query|plan|prefix|radix|proxy|response|metadata|statement|client(?: side)?|http|object|kv) ?(?:cache|caching)\b|\buse cached? result\b|\bproxy cache\b/;
const CACHE_OFF =
  /\b(off|disabled?|false|0|bypass\w*|flushed|cleared|none|inactive|not enabled)\b|=\s*(false|0)/;
const CACHE_ON = /\b(on|enabled?|true|1|cached|active)\b/;

/**
 * A tool's own cache switched by its command line: "--cache" on, "--no-cache" off, and "run
 * without --no-cache" on (the tool's cache of files it already processed stays in use).
 */
function cacheFlag(text: string): 'off' | 'on' | null {
  const lower = text.toLowerCase();
  const m = /(?:^|[\s`'"(])--(no-)?cache\b(?!-)/.exec(lower);
  if (!m) return null;
  const negated = /\b(without|no|not|minus)\W*$/.test(lower.slice(0, m.index + 1));
  return Boolean(m[1]) === negated ? 'on' : 'off';
}

/**
 * A switchable cache as printed: 'off', 'on', or 'default' when left as shipped ("not set",
 * "default"). Result caches ship switched on (Snowflake, Redshift, BigQuery, MySQL 5.x), and so
 * do prefix caches of inference servers, which is why a publisher switches one off: one side's
 * cache off and another's on or at its default differ. "no proxy cache", "could not be
 * disabled" read as their words say.
 */
export function normResultCache(value: unknown): 'off' | 'on' | 'default' | null {
  const text = String(value ?? '');
  const flag = cacheFlag(text);
  if (flag) return flag;
  const main = normText(text.replace(/\([^)]*\)/g, ' '));
  // Its own answers, as a reader that found one in prose passes them on.
  if (main === 'off' || main === 'on' || main === 'default') return main;
  // The main text first; an aside only when the main text names no such cache ("hot (response
  // cache on)", "not stated (no response cache)").
  const t = CACHE_KIND.test(main) ? main : normText(text.replace(/[()]/g, '; '));
  const kind = CACHE_KIND.exec(t);
  if (!kind) return null;
  if (/\b(no|without|disabled?)\s*$/.test(t.slice(0, kind.index))) return 'off';
  const said = t.slice(kind.index + kind[0].length).split(/[;.]/)[0] ?? '';
  if (CACHE_OFF.test(said) && !denied(said, CACHE_OFF)) return 'off';
  if (/\b(not set|default|unchanged|as shipped)\b/.test(said) && !CACHE_ON.test(said)) return 'default';
  if (CACHE_ON.test(said) || denied(said, CACHE_OFF)) return 'on';
  return null;
}

export type Aggregation =
  | 'merged-histograms'
  | 'averaged-percentiles'
  | 'averaged-runs'
  | 'single-run'
  | 'other';

/**
 * How a side combines its runs. Averaging percentiles says so ("mean of the runs' p99s", "medians
 * averaged"); "average of 10 repetitions" averages the runs' results, which is percentiles averaged
 * only where those results are percentiles (F-MEAS-6 asks the side's reported values).
 */
export function normAggregation(value: unknown): Aggregation | null {
  const t = normText(value);
  if (t === '') return null;
  if (
    /(averag\w*|\bmeans?) (of |over |across )?(the |their |each |all )?(\w+'?s? ){0,3}(percentiles?|p\d[\d.]*|medians?|tail latenc)|(percentiles?|p\d[\d.]*s?|medians?) (were |are |is |was )?(then )?averag/.test(
      t,
    )
  )
    return 'averaged-percentiles';
  if (/merg|hdr|histogram/.test(t)) return 'merged-histograms';
  if (/averag|\bmean\b/.test(t)) return 'averaged-runs';
  if (/single/.test(t)) return 'single-run';
  return 'other';
}

export type BuildType = 'release' | 'pre-release' | 'debug';

/**
 * release (a published, optimised build), pre-release (beta, preview, a branch head, a nightly,
 * an edge or canary channel, or a build patched or customised locally: none is what users run)
 * or debug. Pre-release is read first: "release candidate" and "unreleased" are not releases.
 */
export function normBuildType(value: unknown): BuildType | null {
  const t = normText(value);
  // Cargo's dev profile is its debug build: "cargo run (dev profile; no --release)"; so is a build
  // without its production profile ("lein run, no uberjar/production profile"), and Scala Native's
  // default mode when no nativeMode is set.
  if (
    /debug|unoptimi[sz]ed|\bo0\b|\bdev build|\bdevelopment (build|mode)\b|\bdev mode\b|\bdev(elopment)? profile\b|\b(no|without) -*release\b|\b(no|without) (\w+[ /]){0,2}(production|prod|optimi[sz]ed) (profile|mode|build)\b|\bno nativemode\b/.test(
      t,
    )
  )
    return 'debug';
  if (
    /\bbeta\b|\balpha\b|\bpre ?release\b|\bmilestone\b|preview|nightly|snapshot|unreleased|not yet released|release candidate|\brc\d*\b|master|main branch|\bhead\b|trunk|experimental|\bedge\b|canary|prototype|work in progress|\bwip\b|patched|(local|a|with) patch|patch applied|custom(ised|ized)? build|modified build|^modified\b|\bgit (commit|sha|revision)\b|\bnot an? (\w+ ){0,4}release\b|\bnot (yet )?ready\b|\btemporary (\w+ ){0,2}(image|build|binar(y|ies))s?\b|\bnot (meant|intended|suitable|recommended) for (a |use in )?production\b/.test(
      t,
    )
  )
    return 'pre-release';
  // Go has no debug build: `go run` and `go build` compile with optimisations on.
  if (
    /release|optimi[sz]ed|production|\bprod\b|\bo[23]\b|generally available|\bga\b|stable|lts|^go (run|build)\b/.test(
      t,
    )
  )
    return 'release';
  return null;
}

export type Compliance = 'audited' | 'unofficial' | 'estimate';

export function normCompliance(value: unknown): Compliance | null {
  const t = normText(value);
  if (/estimat/.test(t)) return 'estimate';
  if (/unofficial|not audited|unaudited|non audited/.test(t)) return 'unofficial';
  if (/audited|official|certified/.test(t)) return 'audited';
  return null;
}

export interface SelectionRule {
  /**
   * 'trimmed': the worst runs or outliers dropped, the rest aggregated (not one lucky run);
   * 'successful-only': the runs that failed dropped, the rest aggregated (a side whose runs fail
   * looks as good as one whose runs do not).
   */
  kind:
    | 'all'
    | 'best-of-n'
    | 'worst-of-n'
    | 'median-of-n'
    | 'mean-of-n'
    | 'trimmed'
    | 'successful-only'
    | 'single';
  n?: number;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

function countOf(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

/** What a count of repetitions counts: "3 runs", "one job run", "10 iterations", "5 forks". */
const REPETITION_UNIT =
  /^(runs?|repetitions?|reps?|repeats?|times|iterations?|trials?|passes|executions?|samples?|forks?|rounds?|measurements?|attempts?)$/;

/** A tool's flag for its run count: hyperfine's "-r 10", go test's "-count=5". */
const RUNS_FLAG = /(?:^|\s)(?:-r|--runs|--repeat|--repetitions|-count|--count)[ =]?(\d+)\b/;
/** Words that end a count's phrase: "-w 1 for appended runs" counts no runs. */
const PREPOSITION = /^(for|of|per|in|at|to|with|on|from|by)$/;

/**
 * How many repetitions a value states: a number ("3", "3 (TRIES=3)"), a tool's flag ("hyperfine
 * -r 10"), the rounds measured ("two rounds; one to warm-up, one to measure" is one), a count of
 * runs in figures or words ("one linked job run", "3 runs per case", "twice"), "once". Null when
 * it states none: the other figures of the text (a job id in its link, "~8.5 mins", "100 messages
 * per size") count something else.
 */
export function repetitionCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = normText(value);
  // Rounds measured, whatever else ran ("two rounds; one to warm up, one to measure" is one).
  const measured = countOf(/\b(\w+) (to measure|measured|timed)\b/.exec(text)?.[1]);
  if (measured !== undefined) return measured;
  // Clause by clause, each without its label ("Skynet: 3; Inproc: one run per setting" is 3).
  for (const clause of value.split(';')) {
    const n = clauseCount(clause.replace(/^\s*[\w .-]{1,30}:\s/, ''));
    if (n !== null) return n;
  }
  return null;
}

function clauseCount(value: string): number | null {
  const lead = /^\s*(\d+)\b(?![.,]\d)/.exec(value);
  if (lead) return Number(lead[1]);
  const flag = RUNS_FLAG.exec(value.toLowerCase());
  if (flag) return Number(flag[1]);
  const t = normText(withoutLinks(value));
  // A count set by name: "microbenchmark times = 5", "TRIES=3", "iterations: 10".
  const named = /\b(runs|repetitions|reps|times|iterations|trials|tries|repeats)\s*[=:]\s*(\d+)\b/.exec(
    value.toLowerCase(),
  );
  if (named) return Number(named[2]);
  const words = t.split(/[^a-z0-9]+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const n = words[i] === 'single' ? 1 : countOf(words[i]);
    if (n === undefined) continue;
    // The unit right after the count, or after up to two words ("one linked job run").
    for (const w of words.slice(i + 1, i + 4)) {
      if (REPETITION_UNIT.test(w)) return n;
      if (PREPOSITION.test(w) || countOf(w) !== undefined) break;
    }
  }
  if (/\b(once|one[- ]?shot)\b/.test(t)) return 1;
  if (/\btwice\b/.test(t)) return 2;
  return null;
}

/**
 * An amount a setting is set to, as printed: a size or a number first ("16 MiB (-b 16)", "900K"),
 * else a count in words at its head ("four providers configured", "one provider"). Null for
 * levels and switches ("-9", "on") and for prose without a leading amount.
 */
export function amountOf(value: unknown): number | null {
  const head = typeof value === 'string' ? value.replace(/\s*\(.*$/, '') : value;
  const bytes = toBytes(head);
  if (bytes !== null) return bytes;
  // Words only: a bare figure is read by toBytes above, and "-9" is a level, not 9.
  const word = normText(value).split(/[^a-z]+/)[0] ?? '';
  return NUMBER_WORDS[word] ?? null;
}

/** The N of "best of N" first; otherwise the first number in the text. */
function countIn(t: string): number | undefined {
  const of = countOf(t.match(/\bof (\w+)/)?.[1]);
  if (of !== undefined) return of;
  for (const token of t.split(/[^a-z0-9]+/)) {
    const n = countOf(token);
    if (n !== undefined) return n;
  }
  return undefined;
}

/** "best of three", "best of 3", "highest throughput of 3 runs", "all runs", "median of 5" … */
export function normSelectionRule(value: unknown): SelectionRule | null {
  const whole = normText(value);
  if (whole === '') return null;
  // The rule is its head: "mean of 3 rounds (min, max, stddev, median also printed)" reports the
  // mean; the aside lists what else is printed. The aside counts only when the head says nothing.
  const head = whole.replace(/\s*\(.*$/, '');
  const rule = ruleIn(head) ?? (head === whole ? null : ruleIn(whole));
  return rule?.kind === 'trimmed' && DROPS_FAILED.test(whole) ? { ...rule, kind: 'successful-only' } : rule;
}

/** Words of a rule that drops the runs that failed: "keep only successful runs". */
const DROPS_FAILED = /\b(failed|failing|unsuccessful|errored)\b|\bonly (the )?success\w*/;

/** Runs dropped as the worst, as outliers or as failed before the rest are aggregated. */
const TRIMMED =
  /\b(worst|slowest|outliers?|failed|failing|unsuccessful|errored)\b[^.;]*\b(discard|drop|remov|exclud|trimm|ignor)\w*|\b(discard|drop|remov|exclud|trimm|ignor)\w* (the )?(\w+ ){0,3}(worst|slowest|outliers?|failed|failing|unsuccessful|errored)\b|\bruns? (more|further) than \S+ (standard deviations?|sd|σ|sigma)|\bkeep(s|ing)? only (the )?success\w*/;

/**
 * A pick across the benchmark's own parts, not its repetitions: "the lowest of the five scenario
 * results" is a worst-case figure, whatever rule picks each scenario's value from its runs.
 */
const PICK_ACROSS_PARTS =
  /\b(lowest|highest|best|worst|fastest|slowest|min(imum)?|max(imum)?) of (the |all )?(\w+ )?(scenario|workload|quer(y|ie)|test case|case|benchmark|configuration|dataset)s?( results?)?\b/g;

function ruleIn(text: string): SelectionRule | null {
  if (text === '') return null;
  // "min/max", "min-max ranges" print a spread; they pick no run.
  const t = text
    .replace(/\bmin(imum)?\s*(\/|-|–|to|and)\s*max(imum)?\b/g, 'range')
    .replace(PICK_ACROSS_PARTS, ' ');
  const n = countIn(t);
  const withN = (kind: SelectionRule['kind']): SelectionRule => (n === undefined ? { kind } : { kind, n });
  if (TRIMMED.test(t)) return withN('trimmed');
  // Every run published ("all three runs published") shows the spread, whatever the headline picks.
  if (/\ball (\w+ )?runs\b|\bevery run\b/.test(t)) return withN('all');
  if (/best|highest|fastest|max|top|peak|observed maximum/.test(t)) return withN('best-of-n');
  // The shortest time is the best run: "minimum of the timed runs", "lowest latency of 5".
  if (
    /\b(min(imum)?|lowest|shortest|smallest)\b/.test(t) &&
    /tim(e|ed|ing)|duration|latenc|elapsed|runs?\b/.test(t)
  )
    return withN('best-of-n');
  if (/worst|lowest|slowest|min\b|minimum/.test(t)) return withN('worst-of-n');
  if (/median/.test(t)) return withN('median-of-n');
  if (/mean|average/.test(t)) return withN('mean-of-n');
  if (/\ball\b|every/.test(t)) return withN('all');
  if (/single|one run|only run/.test(t)) return { kind: 'single', n: 1 };
  return null;
}

// --- clients ---------------------------------------------------------------------------------

/**
 * TypeScript and JavaScript both run on a JS runtime; "Node.js" names the runtime, not a language.
 * A path through node_modules names a folder npm fills, not the language of what is in it (a
 * native binary "linked into node_modules/.bin").
 */
export function normLanguage(value: unknown): string | null {
  const t = normText(value)
    .replace(/\bnode[ _]modules\b/g, ' ')
    .trim();
  if (t === '') return null;
  if (/typescript|javascript|node|deno|bun|\bts\b|\bjs\b/.test(t)) return 'javascript';
  if (/rust/.test(t)) return 'rust';
  if (/golang|\bgo\b/.test(t)) return 'go';
  if (/kotlin|java|jvm|clojure|scala/.test(t)) return 'jvm';
  if (/python/.test(t)) return 'python';
  if (/c\+\+|cpp/.test(t)) return 'c++';
  if (/swift/.test(t)) return 'swift';
  return t;
}

export type ProtocolClass = 'binary' | 'text' | 'in-process' | 'userspace file system' | 'kernel file system';

/**
 * The encoding class of a wire protocol: binary (BSATN, pgwire, gRPC, …), text (HTTP + JSON, an
 * OpenAI-compatible API, …), or no wire at all (a library called in the client's own process).
 */
export function normProtocolClass(value: unknown): ProtocolClass | null {
  // The printed value is its head; an aside may name other protocols ("HTTP (the gRPC client
  // came later)"), so it is read only when the head is empty.
  const t = normText(value).replace(/\s*\(.*$/, '') || normText(value);
  if (t === '') return null;
  if (/in[- ]process|embedded|library calls?|direct (function )?calls?|no (wire|network)/.test(t))
    return 'in-process';
  // A file system reached through FUSE pays a trip to a userspace daemon on every call; a kernel
  // client does not.
  if (/\bfuse\b|\buserspace (file ?system|client|mount|driver)\b/.test(t)) return 'userspace file system';
  if (/\bkernel (client|mount|module|driver|file ?system)\b|\bin[- ]kernel\b/.test(t))
    return 'kernel file system';
  if (/openai[- ]compatible|rest(ful)? api|api server/.test(t)) return 'text';
  if (
    /binary|bsatn|protobuf|grpc|thrift|pgwire|postgres(ql)? wire|\w+ wire protocol|\bclient server protocol|mysql protocol|cql|native protocol|bolt|resp\b|redis protocol|memcached binary|avro|msgpack|capnp|flatbuffers|\bssh\b|\bs?ftp\b|\botlp\b|\bsql (query|queries|statements?) (to|against|on|in) (a |the )?(postgres|mysql|mariadb)/.test(
      t,
    )
  )
    return 'binary';
  // Memcached's own protocol, unqualified, is its text protocol; its binary one says so (above).
  if (/json|http|rest|text|xml|graphql|memcached (ascii )?protocol/.test(t)) return 'text';
  return null;
}

/** 'none' for no ORM (raw SQL, stored procedure, native SDK); otherwise the ORM's name. */
export function normOrm(value: unknown): string | null {
  if (value === false) return 'none';
  const t = normText(value);
  if (t === '') return null;
  if (/^(none|no|false|no orm|n\/a|raw sql|stored procedure)/.test(t)) return 'none';
  return t.split(' ')[0] ?? t;
}

/** Sequential (one operation in flight per connection) or pipelined/batched. */
export function concurrencyStyle(inFlightPerConnection: number): 'sequential' | 'pipelined' {
  return inFlightPerConnection <= 1 ? 'sequential' : 'pipelined';
}

// --- hardware --------------------------------------------------------------------------------

export interface AwsInstanceType {
  family: string;
  generation: number;
  attributes: string;
  size: string;
  /** Processor maker read from the attribute letters: g → AWS Graviton, a → AMD, else Intel. */
  processor: 'aws-graviton' | 'amd' | 'intel';
}

/** "c5d.9xlarge" → family c, generation 5, attributes d; "i8g.4xlarge" → Graviton, generation 8. */
export function parseAwsInstanceType(value: unknown): AwsInstanceType | null {
  const t = normText(value).replace(/^(db|cache)\./, '');
  const m = t.match(/^([a-z]+?)(\d+)([a-z-]*)\.(\w+)$/);
  if (!m) return null;
  const attributes = m[3] ?? '';
  const processor = attributes.includes('g') ? 'aws-graviton' : attributes.includes('a') ? 'amd' : 'intel';
  return { family: m[1] ?? '', generation: Number(m[2]), attributes, size: m[4] ?? '', processor };
}

/**
 * The vCPUs and hardware threads per core of an AWS instance type, from its name: a size of
 * "large" is 2 vCPUs, "xlarge" 4, "8xlarge" 32; Graviton has one thread per core, as have AMD's
 * seventh generation (c7a, m7a, r7a); other x86 types two. Null for sizes the name does not fix
 * (metal, the burstable nano…small).
 */
export function awsInstanceCpus(value: unknown): { vcpus: number; threadsPerCore: number } | null {
  const type = parseAwsInstanceType(value);
  const size = type ? /^(\d*)(xlarge|large)$/.exec(type.size) : null;
  if (!type || !size) return null;
  const vcpus = size[2] === 'large' ? 2 : 4 * Number(size[1] || 1);
  const oneThread = type.processor === 'aws-graviton' || (type.processor === 'amd' && type.generation >= 7);
  return { vcpus, threadsPerCore: oneThread ? 1 : 2 };
}

/** x86-64 / amd64 / x64 → x86_64; arm64 / aarch64 / Graviton → arm64. */
export function normArch(value: unknown): string | null {
  const t = normText(value);
  if (t === '') return null;
  if (/x86 ?64|amd64|x64|intel|\bamd\b/.test(t)) return 'x86_64';
  if (/arm ?64|aarch ?64|graviton|neoverse|apple m\d/.test(t)) return 'arm64';
  return t;
}

/** Storage class: nvme (local NVMe / instance store), ssd (network SSD: gp3, pd-ssd, io2), hdd. */
export function normStorage(value: unknown): string | null {
  const t = normText(value);
  if (t === '') return null;
  // "spill location not moved to the NVMe drive": local NVMe denied is another storage, though
  // which one is not said.
  if (LOCAL_NVME.test(t) && denied(t, LOCAL_NVME)) return 'not local nvme';
  // "unsure", "instead of": the sentence names two storages; a person reads which one was used.
  // Unless the value's head names a known storage and only its aside denies another
  // ("container filesystem (no tmpfs)").
  const denial = /\b(not|no|never|without|unsure|instead of|isn't|wasn't)\b/;
  if (denial.test(t)) {
    const head = t.split(/\s*[(:;]/)[0] ?? '';
    return denial.test(head) ? null : storageClass(head);
  }
  return storageClass(t) ?? t;
}

const LOCAL_NVME = /nvme|instance store|local ssd/;

/** The storage a description names, or null when it names none Levelfield knows. */
function storageClass(t: string): string | null {
  if (LOCAL_NVME.test(t)) return 'nvme';
  // A named volume type is compared by name: gp2 and gp3 at one size differ in baseline IOPS
  // and throughput, pd-balanced and pd-ssd likewise.
  const volume =
    /\b(gp[23]|io[12]|st1|sc1|pd[ -](ssd|balanced|standard|extreme)|premium ssd( v2)?|ultra disk)\b/.exec(
      t,
    )?.[0];
  if (volume) return `network-ssd (${volume.replace(' ', '-')})`;
  if (/\bebs\b|network|persistent ?(disk|volume)|\bpvc\b|storage ?class/.test(t)) return 'network-ssd';
  if (/ssd|flash/.test(t)) return 'ssd';
  if (/hdd|spinning|magnetic|st1|sc1/.test(t)) return 'hdd';
  if (/ram ?disk|tmpfs|in memory|\/dev\/shm|\bram backed/.test(t)) return 'memory';
  // A container's own file system lives on the host's disk (overlayfs), not in memory.
  if (/\bcontainer (file ?system|fs)\b|\boverlay ?fs\b|\bdocker volume\b/.test(t)) return 'container disk';
  return null;
}

export function normHostType(value: unknown): string | null {
  const t = normText(value);
  return t === '' ? null : t.replace(/\s*x\s*$/, '');
}

export function normCpuModel(value: unknown): string | null {
  const t = normText(value)
    .replace(/\((r|tm)\)/g, '')
    .replace(/\bcpu\b|@.*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t === '' ? null : t;
}

/** A date (ISO or "2025-01") as a day number; null when unparseable. */
export function toDay(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const ms = Date.parse(String(value));
  return Number.isFinite(ms) ? Math.floor(ms / 86_400_000) : null;
}

/** Feature classes, so "stored procedure (reducer)" and "stored procedure (do_transfer())" compare equal. */
const FEATURE_CLASSES: [RegExp, string][] = [
  [/stored proc|reducer|pl\/pgsql|server side function/, 'stored procedure'],
  [/\borm\b|drizzle|hibernate|prisma|sequelize|active ?record/, 'orm'],
  [/microbatch/, 'microbatching'],
  [/batch|pipelin/, 'batching'],
  [/foreign key/, 'foreign keys'],
  [/individual transaction|per transaction/, 'individual transactions'],
];

/**
 * Longer than this, a feature is a description: only its head before a colon or parenthesis
 * ("ORM (Drizzle): 5 round trips …") names it, and a class word further on ("because of the
 * foreign-key limitation") does not.
 */
const FEATURE_NAME_WORDS = 8;

export function normFeature(value: unknown): string {
  const t = normText(value);
  const words = (text: string) => text.split(' ').length;
  const name = words(t) > FEATURE_NAME_WORDS ? (t.split(/[:(]/)[0] ?? '').trim() : t;
  if (name === '' || words(name) > FEATURE_NAME_WORDS) return t;
  // "no draw-call batching" is the feature's absence, not the feature.
  for (const [pattern, cls] of FEATURE_CLASSES)
    if (pattern.test(name)) return denied(name, pattern) ? `no ${cls}` : cls;
  return t;
}

/** A feature list as its sorted classes. */
export function normFeatures(value: FieldValue): string {
  const list = Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object'
      ? Object.keys(value)
      : [value];
  return [...new Set(list.map((v) => normFeature(v)))].sort().join(' + ');
}

/** A compiler's family: "AMD Optimizing C/C++ Compiler (AOCC)" → aocc, "GCC 11.1" → gcc. */
export function normCompilerFamily(value: unknown): string | null {
  const t = normText(value);
  if (t === '') return null;
  if (/\baocc\b|amd optimi[sz]ing/.test(t)) return 'aocc';
  if (/\bicx\b|\bicc\b|intel (c|oneapi)/.test(t)) return 'intel';
  if (/clang|llvm/.test(t)) return 'clang';
  if (/\bgcc\b|g\+\+|gnu/.test(t)) return 'gcc';
  if (/msvc|visual (c|studio)/.test(t)) return 'msvc';
  return null;
}

/** Configuration prose that says a side was optimised ("Hopper kernel optimizations", "tuned"). */
export function saysOptimised(value: unknown): boolean {
  const t = normText(value);
  if (/\b(no|not|without|un)[- ]?(tun|optimi[sz]|tweak)/.test(t)) return false;
  return /optimi[sz](ed|ations?)|\btuned\b|hand[- ]tuned|accelerated|custom kernels?|tweak(ed|s)?\b|tuning script/.test(
    t,
  );
}
