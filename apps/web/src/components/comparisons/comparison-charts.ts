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
  sweep: {
    parameter: string;
    values: readonly string[];
    series?: readonly string[] | undefined;
    also?: readonly { parameter: string; values: readonly string[] }[] | undefined;
    optimum?:
      | {
          rule: 'highest' | 'lowest';
          label: string;
          quantity?: string | undefined;
          within?: { quantity: string; max: number } | undefined;
        }
      | undefined;
  } | null;
}

/**
 * The headline row of a quantity as a publication or a user names it: its key ("tpmC",
 * "dollarsPerTpmC3y"), the key of a published quantity ("value:" + it), or its label.
 */
function rowOf(
  headline: SweepSource['headline'],
  quantity: string,
): SweepSource['headline'][number] | undefined {
  const q = quantity.trim();
  return (
    headline.find((r) => r.key === q || r.key === `value:${q}`) ??
    headline.find((r) => r.label.toLowerCase() === q.toLowerCase())
  );
}

/** A sweep as the field draws it: the parameter along x, one line per configuration. */
export interface SweepChart {
  title: string;
  unit: string;
  /** The parameter's values, in the order first met. */
  categories: string[];
  lines: { name: string; values: (number | null)[] }[];
  /** The point the publication's declared rule picks; none without a rule. */
  optimum: { label: string; line: string; category: string; value: number } | null;
  /** Why no point is marked although a rule is declared: a quantity it names has no figures. */
  optimumNote?: string;
}

/**
 * The line an entry's point belongs to: its configuration and its values of the further swept
 * parameters ("Standard · 100 warehouses"); the drawn quantity's name when the sweep names neither.
 */
function lineOf(sweep: NonNullable<SweepSource['sweep']>, i: number, fallback: string): string {
  const parts = [
    sweep.series?.[i],
    ...(sweep.also ?? []).map((p) => (p.values[i] ? `${p.values[i]} ${p.parameter}` : undefined)),
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : fallback;
}

/**
 * What a sweep chart draws: tpmC (else throughput) of each entry against the swept parameter,
 * one line per configuration the sweep names (Standard and Multi-AZ are two lines, not one) and
 * per combination of the further parameters swept with it (warehouses × users: a line per
 * warehouse count). The optimal point is marked only by the rule the publication declares; null
 * without a sweep.
 */
export function sweepSeries({ entries, headline, sweep }: SweepSource): SweepChart | null {
  const row = headline.find((r) => r.key === 'tpmC') ?? headline.find((r) => r.key === 'throughput');
  if (!sweep || !row) return null;
  const categories: string[] = [];
  const lines = new Map<string, Map<string, number | null>>();
  const points: { line: string; category: string; entry: number }[] = [];
  entries.forEach((e, i) => {
    const x = sweep.values[i] ?? e.label;
    const line = lineOf(sweep, i, row.label);
    if (!categories.includes(x)) categories.push(x);
    if (!lines.has(line)) lines.set(line, new Map());
    lines.get(line)?.set(x, row.cells[i]?.value ?? null);
    points.push({ line, category: x, entry: i });
  });
  const { optimum, note } = sweep.optimum
    ? optimumOf(sweep.optimum, row, headline, points)
    : { optimum: null, note: undefined };
  return {
    ...(note ? { optimumNote: note } : {}),
    title: `Sweep: ${row.label} by ${[sweep.parameter, ...(sweep.also ?? []).map((p) => p.parameter)].join(' × ')}`,
    unit: row.unit,
    categories,
    lines: [...lines].map(([name, points]) => ({
      name,
      values: categories.map((c) => points.get(c) ?? null),
    })),
    optimum,
  };
}

/**
 * The point a declared rule picks: the highest or lowest of the ranked quantity (the drawn one,
 * or the one the rule names) among the points within its bound. A quantity with no headline
 * figures marks nothing and says so, rather than ranking by another.
 */
function optimumOf(
  rule: NonNullable<NonNullable<SweepSource['sweep']>['optimum']>,
  drawn: SweepSource['headline'][number],
  headline: SweepSource['headline'],
  points: readonly { line: string; category: string; entry: number }[],
): { optimum: SweepChart['optimum']; note: string | undefined } {
  const ranked = rule.quantity ? rowOf(headline, rule.quantity) : drawn;
  const bound = rule.within ? rowOf(headline, rule.within.quantity) : undefined;
  if (!ranked) return { optimum: null, note: `no figures of ${rule.quantity} to rank by` };
  if (rule.within && !bound)
    return { optimum: null, note: `no figures of ${rule.within.quantity} to bound by` };
  let best: { rank: number; point: (typeof points)[number] } | null = null;
  for (const point of points) {
    const rank = ranked.cells[point.entry]?.value ?? null;
    if (rank === null) continue;
    if (rule.within && bound) {
      const limit = bound.cells[point.entry]?.value ?? null;
      if (limit === null || limit > rule.within.max) continue;
    }
    if (!best || (rule.rule === 'highest' ? rank > best.rank : rank < best.rank)) best = { rank, point };
  }
  if (!best) return { optimum: null, note: 'no point meets the declared rule' };
  const value = drawn.cells[best.point.entry]?.value;
  return {
    optimum:
      value === null || value === undefined
        ? null
        : { label: rule.label, line: best.point.line, category: best.point.category, value },
    note: undefined,
  };
}

/** The swept quantity against the parameter, a line per configuration, the declared optimum marked. */
export function sweepOption(chart: SweepChart): EChartsCoreOption {
  return {
    grid: { left: 72, right: 24, top: 60, bottom: 96 },
    legend: chart.lines.length > 1 ? { top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? formatWithUnit(v, chart.unit) : '—'),
    },
    xAxis: { type: 'category', data: chart.categories, axisLabel: { rotate: 35 } },
    yAxis: {
      type: 'value',
      name: chart.unit,
      axisLabel: { formatter: (v: number) => formatCompact(v, 'tick') },
    },
    animation: false,
    series: chart.lines.map((line, i) => ({
      name: line.name,
      type: 'line',
      connectNulls: false,
      data: line.values,
      color: SERIES_COLORS[i % SERIES_COLORS.length],
      markPoint:
        chart.optimum && chart.optimum.line === line.name
          ? {
              data: [
                {
                  name: chart.optimum.label,
                  coord: [chart.optimum.category, chart.optimum.value],
                  value: chart.optimum.label,
                },
              ],
              symbolSize: 56,
            }
          : undefined,
    })),
  };
}
