// The fairness engine's boundary types: what a comparison hands in (entries of runs with
// provenance, series and published values) and what every check hands back (state, evidence,
// message). Types come only from z.infer so the web app, the REST API and the tests share them.
import { Disclosure, FieldValue, Origin, Provenance, WebUrl } from '@levelfield/contracts/provenance';
import { z } from 'zod';

export const ValueQuality = z.enum(['measured', 'estimated', 'quoted']);
export type ValueQuality = z.infer<typeof ValueQuality>;

/**
 * One number as a publication printed it (or as a run measured it): tpmC, a latency percentile
 * of one transaction, a cost. `text` keeps the figure exactly as printed ("1,100*", "N/A").
 */
export const PublishedValue = z.strictObject({
  /** What it measures: 'tpmC', 'efficiency', 'latency', 'throughput', 'clusterCostPerHour', ... */
  metric: z.string().min(1).max(100),
  /** null when the publication printed no number (e.g. "N/A") or only a range. */
  value: z.number().finite().nullable(),
  /** A range as printed ("+18–40 %", "2×–5×"): its ends; `value` is then null or a point inside it. */
  low: z.number().finite().optional(),
  high: z.number().finite().optional(),
  unit: z.string().max(32),
  /** e.g. { transaction: 'New Order', endPoint: 'complete', percentile: 'p99' }. */
  labels: z.record(z.string().min(1).max(64), z.string().max(256)).default({}),
  origin: Origin,
  quality: ValueQuality.default('measured'),
  /** The document section or URL the value was taken from. */
  source: z.string().max(2048).optional(),
  /** The figure exactly as printed, when it differs from `value` ("95.5%", "1,100*"). */
  text: z.string().max(200).optional(),
  /** For computed figures: the id of the formula (see @levelfield/metrics formulas). */
  formulaId: z.string().max(100).optional(),
  /** False when the publication does not state the formula and `formulaId` was reconstructed. */
  formulaStated: z.boolean().optional(),
});
export type PublishedValue = z.infer<typeof PublishedValue>;

export const SeriesSummary = z.strictObject({
  count: z.number().min(0),
  durationSeconds: z.number().min(0),
  throughput: z.number().min(0),
  p50: z.number().min(0),
  p90: z.number().min(0),
  p95: z.number().min(0),
  p99: z.number().min(0),
  p999: z.number().min(0),
  max: z.number().min(0),
});
export type SeriesSummary = z.infer<typeof SeriesSummary>;

export const SeriesInput = z.strictObject({
  name: z.string().min(1).max(200),
  kind: z.enum(['latency', 'counter', 'gauge']),
  unit: z.string().max(16),
  labels: z.record(z.string().min(1).max(64), z.string().max(256)).default({}),
  summary: SeriesSummary.optional(),
  /** Throughput per interval, warm-up excluded, for the steady-state test. */
  throughputSeries: z.array(z.number().finite()).max(100_000).optional(),
});
export type SeriesInput = z.infer<typeof SeriesInput>;

export const RunInput = z.strictObject({
  // A published run's key is `<publication id>/<result name>`: up to 100 + 1 + 300 characters.
  id: z.string().min(1).max(512),
  name: z.string().min(1).max(300),
  source: z.enum(['agent', 'import', 'published']),
  provenance: Provenance.default(Provenance.parse({})),
  disclosure: Disclosure.default(Disclosure.parse({})),
  series: z.array(SeriesInput).max(1000).default([]),
  values: z.array(PublishedValue).max(2000).default([]),
  /** For published runs: where the numbers were quoted from. */
  sourceUrl: WebUrl('must be a full http(s) URL').optional(),
});
export type RunInput = z.infer<typeof RunInput>;

/** One side of a comparison: a label and one run or a group of repeated runs. */
export const Entry = z.strictObject({
  label: z.string().min(1).max(200),
  /** The system under test, e.g. "CockroachDB"; the vendor check looks for it in affiliations. */
  system: z.string().min(1).max(200).optional(),
  /** The organisation that makes the system ("Cockroach Labs"), when known. */
  vendor: z.string().min(1).max(200).optional(),
  runs: z.array(RunInput).min(1).max(100),
});
export type Entry = z.infer<typeof Entry>;

/**
 * What a comparison varies on purpose: 'system', a shorthand ('hardware', 'version',
 * 'configuration', 'orm', 'instance type', 'scale') or a provenance path ('client.orm', 'settings.durability').
 */
export const SubjectPath = z
  .string()
  .trim()
  .regex(
    /^(system|hardware|version|configuration|orm|instance type|scale|(run|nodes|software|topology|workload|settings|client|measurement|cost)(\.[A-Za-z][\w-]*)+)$/,
    'a subject is "system", "hardware", "version", "configuration", "orm", "instance type", "scale" or a provenance path such as client.orm',
  );

export const ComparisonSubject = z.array(SubjectPath).min(1).max(20).default(['system']);

export const ComparisonInput = z.strictObject({
  entries: z.array(Entry).min(1).max(16),
  /**
   * What the comparison varies on purpose: 'system' (the default), or provenance paths such as
   * 'client.orm', 'software.components', 'nodes.sut.hardware.hostType', 'settings.durability'.
   * Checks treat these as intended and flag every other difference (see subject.ts).
   */
  subject: ComparisonSubject,
});
export type ComparisonInput = z.infer<typeof ComparisonInput>;
export type ComparisonInputRaw = z.input<typeof ComparisonInput>;

// --- results --------------------------------------------------------------------------------

export const CheckMode = z.enum(['AUTO', 'REV', 'AUTO+REV']);
export type CheckMode = z.infer<typeof CheckMode>;

export const CheckState = z.enum(['pass', 'flag', 'unknown', 'needs_review']);
export type CheckState = z.infer<typeof CheckState>;

/** Evidence shows recorded values as they are: the contract's field value. */
const EvidenceValue = FieldValue;

/** One recorded (or derived) value a check looked at. */
export const CheckEvidence = z.strictObject({
  /** The entry's label. */
  entry: z.string(),
  /** Path of the field, e.g. 'nodes.sut.hardware.hostType', 'settings.isolationLevel', 'values.latency[...]'. */
  field: z.string(),
  value: EvidenceValue,
  /** 'derived' when Levelfield computed it from recorded fields (a sum, a test, a count). */
  origin: z.union([Origin, z.literal('derived')]),
  source: z.string().optional(),
  quality: ValueQuality.optional(),
});
export type CheckEvidence = z.infer<typeof CheckEvidence>;

export const CheckDecision = z.strictObject({
  checkId: z.string().regex(/^F-[A-Z]+-\d+$/),
  decision: z.enum(['confirmed', 'waived']),
  justification: z
    .string()
    .trim()
    .min(1, 'Write a justification: a decision without one is not recorded.')
    .max(4000),
  by: z.string().min(1).max(200),
  /** ISO 8601 timestamp. */
  at: z.iso.datetime({ offset: true }),
});
export type CheckDecision = z.infer<typeof CheckDecision>;

export const CheckResult = z.strictObject({
  id: z.string(),
  title: z.string(),
  mode: CheckMode,
  state: CheckState,
  evidence: z.array(CheckEvidence),
  /** One sentence: what differs and why it matters (or what is missing). */
  message: z.string(),
  /** For reviewer checks: what a person should look at. */
  hint: z.string().optional(),
  /** Fields the check needed and did not find, per entry. */
  missing: z.array(z.strictObject({ entry: z.string(), field: z.string() })).optional(),
  /** Set by applyDecisions: the reviewer's decision (a waived check keeps its evidence). */
  decision: CheckDecision.optional(),
  /** The state the engine computed, kept when a decision changes `state`. */
  computedState: CheckState.optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** What a check function returns; the catalogue adds id, title and mode. */
export type CheckOutcome = Pick<CheckResult, 'state' | 'evidence' | 'message' | 'hint' | 'missing'>;
