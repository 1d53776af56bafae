// Chart options of a comparison page (pure): percentile spectra overlaid per entry (reusing the
// run page's spectrumOption), throughput over elapsed time so runs that started at different
// moments line up, and the sweep (throughput against the varied parameter, optimum marked).
import type { EChartsCoreOption } from 'echarts/core';
import { intervalRates, SERIES_COLORS, spectrumOption } from '~/components/charts/chart-options';
import { formatCompact, formatCount, formatRate, formatWithUnit } from '~/lib/format';
import { seriesNamer } from '~/lib/series-name';

export interface ChartRun {
  timelines: {
    seriesId: string;
    name: string;
    kind: string;
    unit: string;
    labels: Record<string, string>;
    points: { t: number; end: number; count: number; warmup: boolean }[];
  }[];
  spectra: { seriesId: string; spectrum: { percentile: number; value: number }[] }[];
}
export interface ChartEntry {
  label: string;
  runs: ChartRun[];
}

/** One line of an overlaid spectrum chart. */
export interface SpectrumLine {
  title: string;
  unit: string;
  spectrum: { percentile: number; value: number }[];
}

/** The first latency series of each entry's first run: one spectrum line per entry. */
export function overlaidSpectrumLines(entries: readonly ChartEntry[]): SpectrumLine[] {
  return entries.flatMap((e) => {
    const run = e.runs[0];
    const series = run?.timelines.find((t) => t.kind === 'latency');
    const spectrum = series && run?.spectra.find((s) => s.seriesId === series.seriesId)?.spectrum;
    if (!series || !spectrum || spectrum.length === 0) return [];
    return [{ title: `${e.label} — ${seriesNamer(run.timelines)(series)}`, unit: series.unit, spectrum }];
  });
}

/** Spectrum lines overlaid on the run page's percentile axis; null when there are none. */
export function spectrumLinesOption(lines: readonly SpectrumLine[]): EChartsCoreOption | null {
  return lines.length > 0
    ? spectrumOption(
        lines.map((l) => ({
          title: l.title,
          unit: l.unit,
          range: { seriesId: '', summary: null, spectrum: l.spectrum },
        })),
      )
    : null;
}

export function overlaidSpectrumOption(entries: readonly ChartEntry[]): EChartsCoreOption | null {
  return spectrumLinesOption(overlaidSpectrumLines(entries));
}

/**
 * Throughput per interval against seconds since each run's start (warm-up included, shaded by
 * nothing; partial intervals left out, as on the run page).
 */
export function elapsedThroughputOption(entries: readonly ChartEntry[]): EChartsCoreOption | null {
  const series = entries.flatMap((e, i) => {
    const run = e.runs[0];
    const counted = run?.timelines.filter((t) => t.kind === 'latency') ?? [];
    const first = counted[0];
    if (!first || first.points.length === 0) return [];
    const start = Math.min(...counted.flatMap((t) => t.points.map((p) => p.t)));
    const byT = new Map<number, number>();
    for (const t of counted)
      for (const { t: at, rate } of intervalRates(t.points)) byT.set(at, (byT.get(at) ?? 0) + rate);
    const data = [...byT.entries()].sort(([a], [b]) => a - b).map(([t, v]) => [(t - start) / 1000, v]);
    return [
      {
        name: e.label,
        type: 'line',
        showSymbol: false,
        color: SERIES_COLORS[i % SERIES_COLORS.length],
        data,
      },
    ];
  });
  if (series.length === 0) return null;
  const seconds = (v: number) => `${formatCount(v)} s`;
  return {
    grid: { left: 64, right: 24, top: 36, bottom: 40 },
    legend: { top: 4, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? formatRate(v) : '—'),
    },
    xAxis: {
      type: 'value',
      name: 'elapsed',
      nameLocation: 'middle',
      nameGap: 26,
      axisLabel: { formatter: seconds },
      axisPointer: { label: { formatter: ({ value }: { value: number }) => `${seconds(value)} elapsed` } },
    },
    yAxis: {
      type: 'value',
      name: 'ops/s',
      axisLabel: { formatter: (v: number) => formatCompact(v, 'tick') },
    },
    animation: false,
    series,
  };
}

interface SweepSource {
  entries: readonly { label: string }[];
  headline: readonly {
    key: string;
    label: string;
    unit: string;
    cells: readonly { value: number | null }[];
  }[];
  sweep: { parameter: string } | null;
}

/** What a sweep chart draws: tpmC (else throughput) of each entry, in entry order; null without a sweep. */
export function sweepSeries({ entries, headline, sweep }: SweepSource) {
  const row = headline.find((r) => r.key === 'tpmC') ?? headline.find((r) => r.key === 'throughput');
  if (!sweep || !row) return null;
  return {
    title: `Sweep: ${row.label} by ${sweep.parameter}`,
    unit: row.unit,
    points: entries.map((e, i) => ({ label: e.label, value: row.cells[i]?.value ?? null })),
  };
}

/** Throughput against the swept parameter; the best point is marked (seed 003's optimal load point). */
export function sweepOption(
  points: readonly { label: string; value: number | null }[],
  unit: string,
): EChartsCoreOption {
  const best = points.reduce<{ label: string; value: number } | null>(
    (b, p) => (p.value !== null && (!b || p.value > b.value) ? { label: p.label, value: p.value } : b),
    null,
  );
  return {
    grid: { left: 72, right: 24, top: 60, bottom: 96 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? formatWithUnit(v, unit) : '—'),
    },
    xAxis: { type: 'category', data: points.map((p) => p.label), axisLabel: { rotate: 35 } },
    yAxis: { type: 'value', name: unit, axisLabel: { formatter: (v: number) => formatCompact(v, 'tick') } },
    animation: false,
    series: [
      {
        name: unit,
        type: 'line',
        data: points.map((p) => p.value),
        color: SERIES_COLORS[0],
        markPoint: best
          ? { data: [{ name: 'optimal', coord: [best.label, best.value], value: 'optimal' }], symbolSize: 56 }
          : undefined,
      },
    ],
  };
}
