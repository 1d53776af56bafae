// Inputs of the comparison forms (save a comparison, decide on a check), shared by the forms and
// the comparison procedures (server/comparisons/schema.ts). No server-only imports: this ships to
// browsers, so the engine's shapes come from its schema module, not its index (the whole engine).
import { CheckDecision, ComparisonSubject } from '@levelfield/fairness/schema';
import { z } from 'zod';
import { MAX_ENTRIES, MIN_ENTRIES } from '~/lib/compare-groups';
import { ComparisonSlug } from './slug';

export const ComparisonEntryDraft = z.object({
  label: z.string().trim().min(1, 'every entry needs a label').max(200),
  /** One run, or a group of repeated runs of the same setup. */
  runIds: z.array(z.string().min(1).max(100)).min(1, 'every entry needs at least one run').max(100),
});

/** A sweep: the parameter that varies across the entries, one value per entry, in entry order. */
const SweepValue = z.string().trim().min(1, 'every entry needs its value of each swept parameter').max(200);
const SweepParameter = z.string().trim().min(1, 'name the swept parameter').max(200);

export const Sweep = z.strictObject({
  parameter: SweepParameter,
  /** The parameter's value of each entry, in entry order (the x axis). */
  values: z.array(SweepValue).min(1).max(500),
  /** The configuration (line) of each entry, in entry order: "Standard", "Multi-AZ". One line without. */
  series: z.array(z.string().max(100)).min(1).max(500).optional(),
  /**
   * Further parameters swept with the first (warehouses × users): each one's value per entry, in
   * entry order. The x axis stays the first parameter; each combination of these is its own line.
   */
  also: z
    .array(z.strictObject({ parameter: SweepParameter, values: z.array(SweepValue).min(1).max(500) }))
    .max(3)
    .optional(),
  /**
   * The publication's rule for its optimal point; none marked without one. It ranks the drawn
   * quantity, or another (`quantity`: "dollarsPerTpmC3y" for the best cost per unit), among the
   * points whose `within.quantity` is at most `within.max` ("highest throughput with p99 ≤ 100 ms").
   */
  optimum: z
    .strictObject({
      rule: z.enum(['highest', 'lowest']),
      quantity: z.string().trim().min(1).max(300).optional(),
      within: z
        .strictObject({ quantity: z.string().trim().min(1).max(300), max: z.number().finite() })
        .optional(),
      label: z.string().trim().min(1).max(60).default('optimal'),
    })
    .optional(),
});
export type Sweep = z.infer<typeof Sweep>;

/** A claim as the publication prints it: "SpacetimeDB is 2.3x faster than Postgres". */
export const Claim = z.strictObject({
  /** The sentence as printed. */
  text: z.string().trim().min(1).max(500),
  /** What is compared, written as a published value's quantity: "throughput", "tpmC", "latency[percentile=p99]". */
  quantity: z.string().trim().min(1).max(300),
  /** The entry the claim is about and the one it is measured against (labels). */
  entry: z.string().trim().min(1).max(200),
  versus: z.string().trim().min(1).max(200),
  /** The factor claimed: 2.3 for "2.3x faster". */
  factor: z.number().positive().finite(),
  source: z.string().max(2048).optional(),
});
export type Claim = z.infer<typeof Claim>;

export const CreateComparison = z
  .object({
    slug: ComparisonSlug,
    title: z.string().trim().min(1, 'a comparison needs a title').max(300),
    description: z.string().trim().max(4000).optional(),
    entries: z
      .array(ComparisonEntryDraft)
      .min(MIN_ENTRIES, `a comparison needs ${MIN_ENTRIES} to ${MAX_ENTRIES} entries`)
      .max(MAX_ENTRIES, `a comparison needs ${MIN_ENTRIES} to ${MAX_ENTRIES} entries`),
    /** Position (index into entries) the ratio column divides by. */
    baseline: z.number().int().min(0).default(0),
    /** Slug of the comparison this one levels. */
    leveledFrom: ComparisonSlug.optional(),
    /** What the comparison varies on purpose: "system" (default) or provenance paths ("client.orm"). */
    subject: ComparisonSubject,
    /** Drawn as a line over the parameter (one value per entry). */
    sweep: Sweep.optional(),
    /** The publication's own claims, shown beside Levelfield's recomputation. */
    claims: z.array(Claim).max(50).optional(),
  })
  .refine((c) => c.baseline < c.entries.length, {
    message: 'the baseline must be one of the entries',
    path: ['baseline'],
  })
  .refine((c) => new Set(c.entries.map((e) => e.label)).size === c.entries.length, {
    message: 'entry labels must differ',
    path: ['entries'],
  })
  .refine((c) => !c.sweep || c.sweep.values.length === c.entries.length, {
    message: 'a sweep has one value per entry',
    path: ['sweep', 'values'],
  })
  .refine((c) => !c.sweep?.series || c.sweep.series.length === c.entries.length, {
    message: 'a sweep names one configuration per entry',
    path: ['sweep', 'series'],
  })
  .refine((c) => (c.sweep?.also ?? []).every((p) => p.values.length === c.entries.length), {
    message: 'each further swept parameter has one value per entry',
    path: ['sweep', 'also'],
  })
  .refine(
    (c) =>
      (c.claims ?? []).every((claim) =>
        [claim.entry, claim.versus].every((label) => c.entries.some((e) => e.label === label)),
      ),
    { message: "a claim's entry and versus are labels of the comparison's entries", path: ['claims'] },
  );
export type CreateComparison = z.infer<typeof CreateComparison>;
export type CreateComparisonInput = z.input<typeof CreateComparison>;

/** A reviewer's decision on one check of a comparison: the engine's own fields for it. */
export const DecideCheck = z.object({
  slug: z.string().trim().min(1).max(100),
  checkId: CheckDecision.shape.checkId,
  decision: CheckDecision.shape.decision,
  justification: CheckDecision.shape.justification,
});
export type DecideCheck = z.infer<typeof DecideCheck>;
