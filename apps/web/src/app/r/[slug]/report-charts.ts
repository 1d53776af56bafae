// What a report draws (pure, unit-tested), read from its snapshot only: the sweep, the overlaid
// latency spectra and throughput by elapsed time — each only when the snapshot has the data.
// Pages compute this on the server and hand it as plain JSON to the client chart, which turns it
// into ECharts options (those hold formatter functions, so they cannot cross to the client).
//
// Reports of published results have no measured spectra; their latency percentiles as printed
// (p50 … p99 per transaction) are drawn on the same percentile axis instead, one transaction at a
// time, chosen with ?latency= so the choice survives in links, embeds and print.
import type { EChartsCoreOption } from 'echarts/core';
import {
  type ChartEntry,
  elapsedThroughputOption,
  overlaidSpectrumLines,
  type SpectrumLine,
  type SweepChart,
  spectrumLinesOption,
  sweepOption,
  sweepSeries,
} from '~/components/comparisons/comparison-charts';
import type { ReportSnapshot } from '~/server/reports/snapshot';

export const REPORT_CHARTS = ['sweep', 'spectrum', 'throughput'] as const;
export type ReportChartKind = (typeof REPORT_CHARTS)[number];

export function isReportChart(kind: string): kind is ReportChartKind {
  return (REPORT_CHARTS as readonly string[]).includes(kind);
}

/** One set of published latency percentiles a reader can choose (a transaction and end point). */
export interface LatencyChoice {
  /** For ?latency=, e.g. "new-order-complete". */
  id: string;
  title: string;
}

interface Common {
  title: string;
  /** What the chart shows, in a sentence: read without JavaScript and in print. */
  caption: string;
}

export type ReportChartData =
  | (Common & { kind: 'sweep'; chart: SweepChart })
  | (Common & {
      kind: 'spectrum';
      /** Measured spectra (many points from histograms), or a few published percentiles. */
      source: 'measured' | 'published';
      lines: SpectrumLine[];
      choices: LatencyChoice[];
      chosen: string | null;
    })
  | (Common & { kind: 'throughput'; entries: ChartEntry[] });

type Row = ReportSnapshot['headline'][number];

/** "p50" → 50, "p999" → 99.9, "p995" → 99.5, "p99.9" → 99.9; max, mean, p100 have no place on the axis. */
export function percentileOf(text: string): number | null {
  const m = /^p(\d+(?:\.\d+)?)$/.exec(text);
  if (!m) return null;
  const digits = m[1]!;
  // Written without a point, digits past "99" are decimals (p999 is the 99.9th percentile).
  const value = /^99\d+$/.test(digits) ? Number(`99.${digits.slice(2)}`) : Number(digits);
  return value > 0 && value < 100 ? value : null;
}

/** "latency:endPoint=complete,percentile=p50,transaction=New Order" → its labels. */
function latencyLabels(key: string): Record<string, string> | null {
  if (!key.startsWith('latency:')) return null;
  const labels: Record<string, string> = {};
  for (const part of key.slice('latency:'.length).split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    labels[part.slice(0, at)] = part.slice(at + 1);
  }
  return labels;
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface LatencyGroup extends LatencyChoice {
  lines: SpectrumLine[];
  /** Every entry has a line. */
  complete: boolean;
}

/** Published latency rows grouped by everything but the percentile, in the order printed. */
export function publishedLatencyGroups(
  headline: readonly Row[],
  entries: readonly { label: string }[],
): LatencyGroup[] {
  const groups = new Map<string, { title: string; rows: { percentile: number; row: Row }[] }>();
  for (const row of headline) {
    if (row.group !== 'latency') continue;
    const labels = latencyLabels(row.key);
    const percentile = labels?.percentile ? percentileOf(labels.percentile) : null;
    if (!labels || percentile === null) continue;
    const { percentile: _p, transaction, ...rest } = labels;
    const title = [transaction, ...Object.values(rest)].filter(Boolean).join(' · ');
    const group = groups.get(title) ?? { title, rows: [] };
    group.rows.push({ percentile, row });
    groups.set(title, group);
  }
  return [...groups.values()].flatMap(({ title, rows }) => {
    const sorted = [...rows].sort((a, b) => a.percentile - b.percentile);
    const lines = entries.flatMap((entry, i) => {
      const spectrum = sorted.flatMap(({ percentile, row }) => {
        const value = row.cells[i]?.value;
        return typeof value === 'number' ? [{ percentile, value }] : [];
      });
      return spectrum.length >= 2 ? [{ title: entry.label, unit: sorted[0]!.row.unit, spectrum }] : [];
    });
    if (lines.length === 0) return [];
    return [
      {
        id: slugOf(title) || 'all',
        title: title || 'all requests',
        lines,
        complete: lines.length === entries.length,
      },
    ];
  });
}

function spectrumData(snapshot: ReportSnapshot, latency: string | undefined): ReportChartData | null {
  const measured = overlaidSpectrumLines(snapshot.entries);
  if (measured.length > 0)
    return {
      kind: 'spectrum',
      source: 'measured',
      title: 'Latency percentile spectra',
      caption:
        "Latency at each percentile of the whole run (warm-up excluded), from the merged histogram of each entry's first run.",
      lines: measured,
      choices: [],
      chosen: null,
    };
  const groups = publishedLatencyGroups(snapshot.headline, snapshot.entries);
  const chosen = groups.find((g) => g.id === latency) ?? groups.find((g) => g.complete) ?? groups[0];
  if (!chosen) return null;
  return {
    kind: 'spectrum',
    source: 'published',
    title:
      groups.length > 1 ? `Published latency percentiles: ${chosen.title}` : 'Published latency percentiles',
    caption: `Latency percentiles as published (${chosen.title}), drawn on a percentile axis; maxima are in the table, not on the axis.`,
    lines: chosen.lines,
    choices: groups.map(({ id, title }) => ({ id, title })),
    chosen: chosen.id,
  };
}

function throughputData(snapshot: ReportSnapshot): ReportChartData | null {
  const entries: ChartEntry[] = snapshot.entries.map((e) => ({
    label: e.label,
    runs: e.runs.slice(0, 1).map((run) => ({
      timelines: run.timelines
        .filter((t) => t.kind === 'latency')
        .map(({ seriesId, name, kind, unit, labels, points }) => ({
          seriesId,
          name,
          kind,
          unit,
          labels,
          points: points.map(({ t, end, count, warmup }) => ({ t, end, count, warmup })),
        })),
      spectra: [],
    })),
  }));
  if (!entries.some((e) => e.runs[0]?.timelines.some((t) => t.points.length > 0))) return null;
  return {
    kind: 'throughput',
    title: 'Throughput by elapsed time',
    caption:
      "Operations per second in each interval against seconds since each entry's first run started (warm-up included), so runs started at different times line up.",
    entries,
  };
}

function sweepData(snapshot: ReportSnapshot): ReportChartData | null {
  const sweep = sweepSeries(snapshot);
  if (!sweep) return null;
  return {
    kind: 'sweep',
    title: sweep.title,
    caption: `${sweep.unit} against ${snapshot.sweep?.parameter ?? 'the swept parameter'}, a line per configuration${sweep.optimum ? `; the ${sweep.optimum.label} point is marked by the publication's rule (${snapshot.sweep?.optimum?.rule} ${sweep.unit})` : ''}.`,
    chart: sweep,
  };
}

/** The charts the snapshot has data for, in page order. */
export function reportCharts(
  snapshot: ReportSnapshot,
  options: { latency?: string } = {},
): ReportChartData[] {
  return [sweepData(snapshot), spectrumData(snapshot, options.latency), throughputData(snapshot)].filter(
    (c): c is ReportChartData => c !== null,
  );
}

/** The ECharts option of one chart (client side: it holds formatter functions). */
export function reportChartOption(data: ReportChartData): EChartsCoreOption | null {
  switch (data.kind) {
    case 'sweep':
      return sweepOption(data.chart);
    case 'spectrum': {
      const option = spectrumLinesOption(data.lines);
      // A few published points: marked and joined straight, not drawn as a histogram's steps.
      if (!option || data.source === 'measured') return option;
      const series = option.series as Record<string, unknown>[];
      return {
        ...option,
        series: series.map((s) => ({ ...s, step: false, showSymbol: true, symbolSize: 7 })),
      };
    }
    case 'throughput':
      return elapsedThroughputOption(data.entries);
  }
}
