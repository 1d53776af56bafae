// What a review thread may anchor to in one report version, read from its snapshot: its checks,
// the cells of its headline table, its provenance fields per run, and its charts with their
// extents. The open-thread form offers exactly these and openThread accepts only these, so the
// two cannot disagree. Pure, and free of server imports: the report page passes the result to
// the client form as it is.
import 'server-only';
import type { ReviewAnchor } from '~/lib/schemas/review';
import type { ReportSnapshot } from './snapshot.ts';

export interface ReportAnchors {
  checks: { checkId: string; title: string; state: string }[];
  /** One per headline row × entry (an empty cell is worth a question too). */
  cells: { metric: string; label: string; entry: string }[];
  runs: { entry: string; run: string; name: string }[];
  /**
   * Provenance and disclosure paths of the comparison (its provenance diff), offered for every
   * run: a field one side lacks is exactly what a reviewer may want to ask about.
   */
  fields: string[];
  /** Only the charts the version has data for; `from`–`to` is what the chart's axis spans. */
  charts: { chart: 'throughput' | 'spectrum'; unit: string; from: number; to: number }[];
}

type SnapshotEntry = ReportSnapshot['entries'][number];

/** Seconds from the first interval's start to the last one's end, over each entry's first run (as drawn). */
function elapsedSeconds(entries: readonly SnapshotEntry[]): number | null {
  const spans = entries.flatMap((entry) => {
    const points = (entry.runs[0]?.timelines ?? [])
      .filter((t) => t.kind === 'latency')
      .flatMap((t) => t.points);
    if (points.length === 0) return [];
    return [(Math.max(...points.map((p) => p.end)) - Math.min(...points.map((p) => p.t))) / 1000];
  });
  return spans.length > 0 ? Math.max(...spans) : null;
}

function percentileExtent(entries: readonly SnapshotEntry[]): [number, number] | null {
  const percentiles = entries
    .flatMap((e) => e.runs.flatMap((r) => r.spectra.flatMap((s) => s.spectrum)))
    .map((p) => p.percentile);
  return percentiles.length > 0 ? [Math.min(...percentiles), Math.max(...percentiles)] : null;
}

export function anchorsOf(snapshot: ReportSnapshot): ReportAnchors {
  const elapsed = elapsedSeconds(snapshot.entries);
  const spectrum = percentileExtent(snapshot.entries);
  return {
    checks: snapshot.checks.map((c) => ({ checkId: c.id, title: c.title, state: c.state })),
    cells: snapshot.headline.flatMap((row) =>
      snapshot.entries.map((e) => ({ metric: row.key, label: row.label, entry: e.label })),
    ),
    runs: snapshot.entries.flatMap((e) => e.runs.map((r) => ({ entry: e.label, run: r.id, name: r.name }))),
    fields: [...new Set(snapshot.provenanceDiff.flatMap((g) => g.fields.map((f) => f.path)))],
    charts: [
      ...(elapsed !== null
        ? [{ chart: 'throughput' as const, unit: 's elapsed', from: 0, to: elapsed }]
        : []),
      ...(spectrum
        ? [{ chart: 'spectrum' as const, unit: 'percentile', from: spectrum[0], to: spectrum[1] }]
        : []),
    ],
  };
}

const few = (items: readonly string[]) =>
  items.length > 4 ? `${items.slice(0, 4).join(', ')}, …` : items.join(', ');

/** Why the anchor is not part of this version, in a sentence for the reviewer; null when it is. */
export function anchorProblem(anchors: ReportAnchors, anchor: ReviewAnchor, version: number): string | null {
  switch (anchor.kind) {
    case 'check':
      return anchors.checks.some((c) => c.checkId === anchor.checkId)
        ? null
        : `Version ${version} has no check ${anchor.checkId}; anchor to one of its checks (${few(anchors.checks.map((c) => c.checkId)) || 'none'}).`;
    case 'cell':
      return anchors.cells.some((c) => c.metric === anchor.metric && c.entry === anchor.entry)
        ? null
        : `Version ${version}'s headline table has no cell for ${anchor.metric} of "${anchor.entry}"; pick a cell from the table.`;
    case 'field': {
      if (!anchors.runs.some((r) => r.run === anchor.run && r.entry === anchor.entry))
        return `Version ${version} has no run ${anchor.run} in the entry "${anchor.entry}"; pick a run from the report.`;
      return anchors.fields.includes(anchor.path)
        ? null
        : `Version ${version} records no provenance field ${anchor.path}; pick a field shown in the report's provenance.`;
    }
    case 'range': {
      const chart = anchors.charts.find((c) => c.chart === anchor.chart);
      if (!chart)
        return `Version ${version} has no ${anchor.chart} chart; anchor to a check, a table cell or a field instead.`;
      return anchor.from >= chart.from && anchor.to <= chart.to
        ? null
        : `The range ${anchor.from}–${anchor.to} lies outside the ${anchor.chart} chart, which spans ${chart.from}–${chart.to} (${chart.unit}).`;
    }
  }
}
