// What a review thread points at: a provenance field of one run, a fairness check, a time range
// of a chart, or a cell of the headline table. Stored as JSON on the thread (ReviewThread.anchor)
// and shown next to what it anchors and in the report's annotated methodology section.
import 'server-only';
import { z } from 'zod';

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
      from: z.number().finite(),
      to: z.number().finite(),
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

/** Where the anchor points, in words: "F-HW-1", "tpmC › CockroachDB", "hardware.cpu of run 1". */
export function anchorLabel(anchor: ReviewAnchor): string {
  switch (anchor.kind) {
    case 'field':
      return `${anchor.path} (${anchor.entry})`;
    case 'check':
      return anchor.checkId;
    case 'range':
      return anchor.chart === 'throughput'
        ? `throughput, ${anchor.from}–${anchor.to} s elapsed`
        : `spectrum, p${anchor.from}–p${anchor.to}`;
    case 'cell':
      return `${anchor.metric} › ${anchor.entry}`;
  }
}

/**
 * One string per anchored item, equal for every thread on it: threads are grouped by it, and the
 * report page finds where to show them by it. It is the anchor's kind, a colon, and the value of
 * the page's matching data attribute — data-anchor-check="F-HW-1", data-anchor-cell="tpmC|Rama",
 * data-anchor-field="{runId}|nodes.sut.hardware.hostType" — so "check:F-HW-1", "cell:tpmC|Rama";
 * a range is "range:throughput|0|60", and "range:throughput" names its whole chart.
 */
export function anchorKey(anchor: ReviewAnchor): string {
  switch (anchor.kind) {
    case 'field':
      return `field:${anchor.run}|${anchor.path}`;
    case 'check':
      return `check:${anchor.checkId}`;
    case 'range':
      return `range:${anchor.chart}|${anchor.from}|${anchor.to}`;
    case 'cell':
      return `cell:${anchor.metric}|${anchor.entry}`;
  }
}
