// Request and response bodies of the ingest API (docs/ingest-contract.md). The ingest API
// validates with these schemas and generates /openapi.json from them.
import { z } from 'zod';
import { Disclosure, Provenance, RunLabels } from './provenance.ts';

/** Bounds on what one request may carry; every byte from the network is hostile. */
export const INGEST_LIMITS = {
  bodyBytes: 1024 * 1024,
  framesPerBatch: 5000,
  seriesPerBatch: 1000,
  histogramBase64Chars: 64 * 1024,
  /** Timestamps must fall between 2000-01-01 and 1 day after the server's clock. */
  minTimestampMs: Date.UTC(2000, 0, 1),
  futureSkewMs: 24 * 60 * 60 * 1000,
  maxValue: 1e15,
} as const;

// --- text that is safe to store and to print -------------------------------------------------
// PostgreSQL refuses NUL in text and lone surrogates in JSON (a 500 instead of a 400), and a line
// break in a unit or a name turns into a forged header line in the files that print it (.hlog,
// CSV). So every string from the network passes one of two rules: a *line* (names, units, keys,
// ids, labels) holds no control character and no line separator; *free text* (notes, captured
// configuration, prompt logs) may also hold tab, line feed and carriage return. Neither may
// hold an unpaired UTF-16 surrogate (a JSON "\ud800" escape not followed by its low half).
// The patterns land in /openapi.json, so clients see the rule; the web app can use the same types.

/** No C0 or C1 control character, no DEL, no U+2028/U+2029. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const LINE = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;
/** As LINE, but tab, line feed, carriage return and the Unicode line separators are allowed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FREE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
/** With the u flag, \p{Cs} matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /\p{Cs}/u;

export type TextRule = 'line' | 'text';

const CONTROL_NAMES: Record<number, string> = { 0: 'NUL', 9: 'tab', 10: 'line feed', 13: 'carriage return' };

/** What is wrong with `value` under `rule` (naming the character and where), or undefined. */
export function unsafeTextProblem(value: string, rule: TextRule): string | undefined {
  const pattern = rule === 'line' ? LINE : FREE_TEXT;
  if (pattern.test(value) && !LONE_SURROGATE.test(value)) return undefined;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    if (code >= 0xd800 && code <= 0xdfff) {
      const paired =
        code <= 0xdbff
          ? (value.charCodeAt(index + 1) & 0xfc00) === 0xdc00
          : (value.charCodeAt(index - 1) & 0xfc00) === 0xd800;
      if (paired) continue;
      return `holds an unpaired UTF-16 surrogate (${hex}) at character ${index}: send valid Unicode text`;
    }
    if (!pattern.test(value[index]!)) {
      const name = CONTROL_NAMES[code] ? ` (${CONTROL_NAMES[code]})` : '';
      return rule === 'line'
        ? `holds the control character ${hex}${name} at character ${index}: names, units, keys, ids and labels are one line of printable text, so remove it`
        : `holds the control character ${hex}${name} at character ${index}: text may hold tabs and line breaks but no other control characters, so remove it`;
    }
  }
  return undefined;
}

/** Whether `value` is safe under `rule`; the ingest API's direct check uses it (no allocation). */
export function isSafeText(value: string, rule: TextRule): boolean {
  return (rule === 'line' ? LINE : FREE_TEXT).test(value) && !LONE_SURROGATE.test(value);
}

function safeString(rule: TextRule) {
  const error = (issue: { input?: unknown }) => unsafeTextProblem(String(issue.input), rule);
  return z
    .string()
    .regex(rule === 'line' ? LINE : FREE_TEXT, { error })
    .refine((value) => !LONE_SURROGATE.test(value), { error });
}

/** A one-line string: names, units, keys, ids, labels. Chain .min()/.max() as on z.string(). */
export const SafeLine = safeString('line');
/** Free text (tab and line breaks allowed). */
export const SafeText = safeString('text');

/** Issues one walk reports at most: a client fixes these and sends again. */
const MAX_TEXT_ISSUES = 100;

/** A value met by the walk below: its key in its parent, and the parent, from which its path is built. */
interface WalkNode {
  value: unknown;
  key?: string | number;
  parent?: WalkNode;
}

function pathOf(node: WalkNode): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: WalkNode | undefined = node; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}

/**
 * Checks every string of a document whose schema is not ours to tighten (provenance,
 * disclosure, labels): object keys are names (one line), values follow `valueRule`. Adds one
 * issue per offending string, at its path, up to MAX_TEXT_ISSUES. The web app runs it on any
 * JSON a client sends, which may nest as deep as its body allows: so the walk keeps its own
 * stack instead of recursing (a deep document overflowed the call stack, a 500), and a path is
 * built only for a string it refuses (copying it at every level made a wide document at depth
 * cost depth × values: seconds of CPU per 400 KB).
 */
export function refuseUnsafeText(valueRule: TextRule) {
  return (document: unknown, ctx: z.RefinementCtx) => {
    let issues = 0;
    const report = (message: string, at: WalkNode) => {
      issues += 1;
      ctx.addIssue({
        code: 'custom',
        message:
          issues < MAX_TEXT_ISSUES ? message : `${message} (checking stopped here: fix these and send again)`,
        path: pathOf(at),
      });
    };
    // Children are pushed last first, so they are met in document order.
    const stack: WalkNode[] = [{ value: document }];
    while (stack.length > 0 && issues < MAX_TEXT_ISSUES) {
      const node = stack.pop()!;
      const { value, key, parent } = node;
      if (typeof key === 'string') {
        const problem = unsafeTextProblem(key, 'line');
        // The path stops at the object: the key itself is what cannot be printed.
        if (problem) report(`key ${JSON.stringify(key)} ${problem}`, parent!);
      }
      if (typeof value === 'string') {
        const problem = unsafeTextProblem(value, valueRule);
        if (problem) report(problem, node);
      } else if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index -= 1) {
          stack.push({ value: value[index], key: index, parent: node });
        }
      } else if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value);
        for (let index = entries.length - 1; index >= 0; index -= 1) {
          const [name, item] = entries[index]!;
          stack.push({ value: item, key: name, parent: node });
        }
      }
    }
  };
}

const EpochMs = z
  .number()
  .int()
  .min(INGEST_LIMITS.minTimestampMs, 'must be unix epoch milliseconds after 2000-01-01');

/**
 * A run's start or end: at most a day ahead of the server's clock, as a frame's end is
 * (TIMESTAMP_OUT_OF_RANGE). Unbounded, a start of 9007199254740991 was stored (PostgreSQL reads
 * it as year 287396) and every page listing the run failed with a 500: JavaScript's Date ends
 * in year 275760.
 */
const RunTimeMs = EpochMs.refine(
  (ms) => ms <= Date.now() + INGEST_LIMITS.futureSkewMs,
  'is more than a day ahead of the server clock: send unix epoch milliseconds (UTC)',
);

const Name = SafeLine.min(1).max(200);

export const CreateRunRequest = z.strictObject({
  project: SafeLine.min(1).max(100),
  system: z.strictObject({ name: Name, version: SafeLine.max(100).optional() }),
  benchmark: z.strictObject({ name: Name, version: SafeLine.max(100).optional() }),
  name: SafeLine.max(200).optional(),
  labels: RunLabels.default({}).superRefine(refuseUnsafeText('line')),
  startedAt: RunTimeMs,
  warmupMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000)
    .default(0),
  provenance: Provenance.default(Provenance.parse({})).superRefine(refuseUnsafeText('text')),
  disclosure: Disclosure.superRefine(refuseUnsafeText('text')).optional(),
});
export type CreateRunRequest = z.infer<typeof CreateRunRequest>;

export const CreateRunResponse = z.strictObject({ id: z.string(), url: z.string(), liveUrl: z.string() });

/** A frame's figure; below zero only for gauges (a temperature, a clock offset), which the API checks per series kind. */
const Value = z.number().finite().min(-INGEST_LIMITS.maxValue).max(INGEST_LIMITS.maxValue);

export const SeriesDeclaration = z.strictObject({
  key: SafeLine.min(1).max(64),
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.:/ -]+$/, 'letters, digits, space and _ . : / - only'),
  kind: z.enum(['latency', 'counter', 'gauge']),
  unit: SafeLine.min(1).max(16),
  // Keys and values are lines; checked by the walk, whose error names the key (a record's own
  // key check would only say "Invalid key in record").
  labels: z
    .record(z.string().min(1).max(64), z.string().max(256))
    .superRefine(refuseUnsafeText('line'))
    .default({}),
});

export const FrameInput = z
  .strictObject({
    series: SafeLine.min(1).max(64),
    seq: z.number().int().min(0).max(2_147_483_647),
    startMs: EpochMs,
    endMs: EpochMs,
    warmup: z.boolean().default(false),
    count: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    min: Value,
    max: Value,
    mean: Value,
    p50: Value,
    p90: Value,
    p95: Value,
    p99: Value,
    p999: Value,
    histogram: z
      .string()
      .max(INGEST_LIMITS.histogramBase64Chars)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64 (HdrHistogram V2 compressed encoding)')
      .optional(),
  })
  .refine((f) => f.endMs >= f.startMs, { message: 'endMs must not be before startMs', path: ['endMs'] })
  .refine((f) => f.max >= f.min, { message: 'max must not be below min', path: ['max'] });

export const FrameBatch = z.strictObject({
  series: z.array(SeriesDeclaration).min(1).max(INGEST_LIMITS.seriesPerBatch),
  frames: z.array(FrameInput).min(1).max(INGEST_LIMITS.framesPerBatch),
});
export type FrameBatch = z.infer<typeof FrameBatch>;

export const FrameBatchResponse = z.strictObject({
  accepted: z.number().int(),
  duplicates: z.number().int(),
});

/** Largest count the finish carries (the database's integer). */
const MAX_FINISH_COUNT = 2_147_483_647;
/** Metrics a finish may list in seriesFolded. */
const MAX_FOLDED_METRICS = 1000;

export const FinishRunRequest = z.strictObject({
  status: z.enum(['succeeded', 'failed', 'cancelled']),
  endedAt: RunTimeMs,
  exitCode: z.number().int().min(-1024).max(1024).optional(),
  /**
   * Frames of the run the ingest API refused and the agent keeps in its quarantine: the run lacks
   * them until they are sent again, so a run that lost data never reads as a plain success.
   */
  framesQuarantined: z.number().int().min(0).max(MAX_FINISH_COUNT).default(0),
  /**
   * Per metric (series name), the tag sets beyond the agent's bound whose samples went to one
   * "other" series; every sample stays in the metric's series without labels.
   */
  seriesFolded: z
    .record(SeriesDeclaration.shape.name, z.number().int().min(1).max(MAX_FINISH_COUNT))
    .refine((folded) => Object.keys(folded).length <= MAX_FOLDED_METRICS, {
      message: `at most ${MAX_FOLDED_METRICS} metrics`,
    })
    .default({}),
});
export type FinishRunRequest = z.infer<typeof FinishRunRequest>;

export const FinishRunResponse = z.strictObject({
  id: z.string(),
  status: FinishRunRequest.shape.status,
  endedAt: z.number().int(),
  exitCode: z.number().int().nullable(),
});

export const ErrorResponse = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string(),
    path: z.string().optional(),
    /** Every problem when there are several: refused frames are named here (field, series, seq). */
    details: z
      .array(
        z
          .object({ field: z.string(), message: z.string(), line: z.number().int().optional() })
          .catchall(z.unknown()),
      )
      .optional(),
  }),
});
