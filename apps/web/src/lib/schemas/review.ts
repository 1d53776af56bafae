// What a review thread points at — a provenance field of one run, a fairness check, a time range
// of a chart, or a cell of the headline table — and the review forms' inputs, shared by the forms
// and the procedures (server/reports/schema.ts adds which report and thread). No server-only
// imports: this ships to browsers.
import { z } from 'zod';
import { ReviewBody } from '~/lib/review-rules';

const Label = z.string().trim().min(1).max(200);

export const ReviewAnchor = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('field'),
    /** The entry's label and the run's id in the snapshot. */
    entry: Label,
    run: z.string().min(1).max(100),
    /** Dotted path in the run's provenance or disclosure, e.g. "hardware.cpu", "disclosure.ai.declared". */
    path: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_.-]+$/, 'a field path such as hardware.cpu'),
  }),
  z.strictObject({
    kind: z.literal('check'),
    checkId: z.string().regex(/^F-[A-Z]+-\d+$/, 'a check ID such as F-HW-1'),
  }),
  z
    .strictObject({
      kind: z.literal('range'),
      /** Which chart: "throughput" (by elapsed time) or "spectrum". */
      chart: z.enum(['throughput', 'spectrum']),
      /** Seconds of elapsed time (throughput) or percentiles (spectrum). */
      from: z.number({ error: 'give the range as two numbers' }).finite(),
      to: z.number({ error: 'give the range as two numbers' }).finite(),
    })
    .refine((a) => a.to > a.from, { message: 'a range ends after it starts' }),
  z.strictObject({
    kind: z.literal('cell'),
    /** The headline row's key, e.g. "tpmC", and the entry's label. */
    metric: z.string().trim().min(1).max(100),
    entry: Label,
  }),
]);
export type ReviewAnchor = z.infer<typeof ReviewAnchor>;

/** Opening a thread: what it is about and the question. */
export const OpenThreadForm = z.object({ anchor: ReviewAnchor, body: ReviewBody });

/** A reply in a thread. */
export const CommentForm = z.object({ body: ReviewBody });
