// Pure functions from run data to ECharts options (unit-tested in chart-options.test.ts).
// Latencies are stored in microseconds and drawn in milliseconds.
import type { EChartsCoreOption } from 'echarts/core';
import type { SeriesRange, SeriesTimeline, TimePoint } from '~/server/runs/timeline';

export interface TimeRange {
  fromMs: number;
  toMs: number;
}

const PERCENTILE_LINES = [
  { key: 'p50', label: 'p50', color: '#2f6feb' },
  { key: 'p90', label: 'p90', color: '#1a7f37' },
  { key: 'p99', label: 'p99', color: '#bf8700' },
  { key: 'p999', label: 'p99.9', color: '#cf222e' },
  { key: 'max', label: 'max', color: '#8250df' },
] as const satisfies readonly { key: keyof TimePoint; label: string; color: string }[];

export const SERIES_COLORS = [
  '#2f6feb',
  '#cf222e',
  '#1a7f37',
  '#bf8700',
  '#8250df',
  '#0a7ea4',
  '#d1242f',
  '#57606a',
];

export function toMillis(unit: string, value: number): number {
  return unit === 'us' ? value / 1000 : unit === 'ns' ? value / 1e6 : unit === 's' ? value * 1000 : value;
}

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(ms >= 10_000 ? 1 : 2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(ms >= 1 ? 2 : 3)} ms`;
}

export function seriesTitle(series: Pick<SeriesTimeline, 'name' | 'labels'>): string {
  const labels = Object.entries(series.labels).map(([k, v]) => `${k}=${v}`);
  return labels.length ? `${series.name} {${labels.join(', ')}}` : series.name;
}

/** The warm-up period as one shaded area: from the first to the last warm-up interval. */
export function warmupArea(points: readonly TimePoint[]): [number, number] | null {
  const warm = points.filter((p) => p.warmup);
  if (warm.length === 0) return null;
  return [warm[0]!.t, warm[warm.length - 1]!.end];
}

function timeAxisBase(range: TimeRange | null) {
  return {
    grid: { left: 64, right: 24, top: 36, bottom: 56 },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
    dataZoom: [
      {
        type: 'inside',
        xAxisIndex: 0,
        filterMode: 'none',
        ...(range ? { startValue: range.fromMs, endValue: range.toMs } : {}),
      },
      {
        type: 'slider',
        xAxisIndex: 0,
        filterMode: 'none',
        height: 18,
        bottom: 8,
        ...(range ? { startValue: range.fromMs, endValue: range.toMs } : {}),
      },
    ],
    tooltip: { trigger: 'axis' },
    animation: false,
  };
}

function warmupMarkArea(points: readonly TimePoint[]) {
  const area = warmupArea(points);
  return area
    ? {
        silent: true,
        itemStyle: { color: 'rgba(120,120,120,0.12)' },
        label: { show: true, position: 'insideTop', color: '#5d6673', formatter: 'warm-up' },
        data: [[{ xAxis: area[0] }, { xAxis: area[1] }]],
      }
    : undefined;
}

export function percentileLinesOption(series: SeriesTimeline, range: TimeRange | null): EChartsCoreOption {
  return {
    ...timeAxisBase(range),
    legend: { top: 4, data: PERCENTILE_LINES.map((l) => l.label) },
    yAxis: { type: 'value', name: 'ms', axisLabel: { formatter: (v: number) => formatMs(v) } },
    series: PERCENTILE_LINES.map((line, index) => ({
      name: line.label,
      type: 'line',
      showSymbol: false,
      sampling: 'lttb',
      lineStyle: { width: 1.5 },
      color: line.color,
      data: series.points.map((p) => [p.t, toMillis(series.unit, p[line.key])]),
      ...(index === 0 ? { markArea: warmupMarkArea(series.points) } : {}),
    })),
  };
}

export function throughputOption(
  timelines: readonly SeriesTimeline[],
  range: TimeRange | null,
): EChartsCoreOption {
  const counted = timelines.filter((s) => s.kind !== 'gauge');
  return {
    ...timeAxisBase(range),
    legend: { top: 4, type: 'scroll' },
    yAxis: { type: 'value', name: 'ops/s' },
    series: counted.map((s, i) => ({
      name: seriesTitle(s),
      type: 'line',
      showSymbol: false,
      // A day of minutes is ~3 points per pixel: draw the shape, not every point.
      sampling: 'lttb',
      color: SERIES_COLORS[i % SERIES_COLORS.length],
      data: s.points.map((p) => [p.t, p.end > p.t ? (p.count * 1000) / (p.end - p.t) : 0]),
      ...(i === 0 ? { markArea: warmupMarkArea(s.points) } : {}),
    })),
  };
}

/** Index range of the points inside a time range, for category axes. */
export function indexRange(
  points: readonly TimePoint[],
  range: TimeRange | null,
): { startValue: number; endValue: number } | null {
  if (!range || points.length === 0) return null;
  const first = points.findIndex((p) => p.end > range.fromMs);
  const after = points.findIndex((p) => p.t >= range.toMs);
  return {
    startValue: Math.max(0, first),
    endValue: after === -1 ? points.length - 1 : Math.max(0, after - 1),
  };
}

/**
 * Time × latency heatmap. ECharts heatmaps need category axes, so x is a column index; each
 * column holds `per` consecutive intervals (the server sums a long series' intervals).
 */
export function heatmapOption(series: SeriesTimeline, range: TimeRange | null): EChartsCoreOption {
  const { edges, per, counts: columns } = series.heatmap;
  const data: [number, number, number][] = [];
  let peak = 0;
  columns.forEach((column, x) => {
    column.forEach((count, y) => {
      if (count > 0) {
        data.push([x, y, count]);
        peak = Math.max(peak, count);
      }
    });
  });
  const rowLabels = edges.slice(0, -1).map((edge) => formatMs(toMillis(series.unit, edge)));
  const times = columns.map((_, x) => new Date(series.points[x * per]?.t ?? 0).toISOString().slice(11, 19));
  const byIndex = indexRange(series.points, range);
  const zoom = byIndex
    ? { startValue: Math.floor(byIndex.startValue / per), endValue: Math.floor(byIndex.endValue / per) }
    : {};
  return {
    grid: { left: 64, right: 72, top: 36, bottom: 56 },
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (p: { value: [number, number, number] }) =>
        `${times[p.value[0]]} UTC<br/>${rowLabels[p.value[1]]} – ${formatMs(toMillis(series.unit, edges[p.value[1] + 1] ?? 0))}: <b>${p.value[2]}</b>`,
    },
    xAxis: { type: 'category', data: times, axisLabel: { hideOverlap: true }, splitArea: { show: false } },
    yAxis: {
      type: 'category',
      data: rowLabels,
      name: 'latency',
      axisLabel: { interval: Math.ceil(rowLabels.length / 8) - 1 },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, ...zoom },
      { type: 'slider', xAxisIndex: 0, height: 18, bottom: 8, ...zoom },
    ],
    visualMap: {
      min: 0,
      max: Math.max(1, peak),
      calculable: false,
      orient: 'vertical',
      right: 4,
      top: 40,
      itemHeight: 120,
      inRange: { color: ['#f0f6ff', '#6ea8fe', '#1f4fb0', '#0b1f4f'] },
    },
    series: [{ name: 'count', type: 'heatmap', data, progressive: 0 }],
  };
}

/** x = 1 / (1 − p): 1 → 0 %, 10 → 90 %, 100 → 99 %, 1000 → 99.9 % … */
export function ninesLabel(inverseTail: number): string {
  if (inverseTail <= 1) return '0%';
  const percentile = 100 * (1 - 1 / inverseTail);
  const digits = Math.max(0, Math.round(Math.log10(inverseTail)) - 2);
  return `${percentile.toFixed(digits)}%`;
}

export function spectrumOption(
  entries: readonly { title: string; unit: string; range: SeriesRange }[],
): EChartsCoreOption {
  return {
    grid: { left: 64, right: 24, top: 36, bottom: 40 },
    legend: { top: 4, type: 'scroll' },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatMs(v) },
    xAxis: {
      type: 'log',
      logBase: 10,
      min: 1,
      name: 'percentile',
      nameLocation: 'middle',
      nameGap: 26,
      axisLabel: { formatter: ninesLabel },
    },
    yAxis: { type: 'value', name: 'ms', axisLabel: { formatter: (v: number) => formatMs(v) } },
    animation: false,
    series: entries.map((entry, i) => ({
      name: entry.title,
      type: 'line',
      step: 'end',
      showSymbol: false,
      color: SERIES_COLORS[i % SERIES_COLORS.length],
      data: entry.range.spectrum
        .filter((p) => p.percentile < 100)
        .map((p) => [1 / (1 - p.percentile / 100), toMillis(entry.unit, p.value)]),
    })),
  };
}
