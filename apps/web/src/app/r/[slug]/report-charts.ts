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
import {
  chosenLatencyGroup,
  type LatencyChoice,
  publishedLatencyGroups,
} from '~/components/comparisons/published-latency';
import type { ReportSnapshot } from '~/server/reports/snapshot';

export const REPORT_CHARTS = ['sweep', 'spectrum', 'throughput'] as const;
export type ReportChartKind = (typeof REPORT_CHARTS)[number];

export function isReportChart(kind: string): kind is ReportChartKind {
  return (REPORT_CHARTS as readonly string[]).includes(kind);
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
  const chosen = chosenLatencyGroup(groups, latency);
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
