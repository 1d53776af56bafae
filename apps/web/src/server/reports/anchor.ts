// What a review thread points at: a provenance field of one run, a fairness check, a time range
// of a chart, or a cell of the headline table. Stored as JSON on the thread (ReviewThread.anchor)
// and shown next to what it anchors and in the report's annotated methodology section. The
// schema is with the review forms' (lib/schemas/review.ts).
import 'server-only';
import type { ReviewAnchor } from '~/lib/schemas/review';

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
