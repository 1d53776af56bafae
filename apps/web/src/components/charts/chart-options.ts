// Pure functions from run data to ECharts options (unit-tested in chart-options.test.ts).
// Latencies are stored in their series' unit and drawn in milliseconds; every tick and tooltip
// prints its figures through ~/lib/format, with their unit.
import { HEAT_CELLS } from '@levelfield/ui/heat-cells';
import type { EChartsCoreOption } from 'echarts/core';
import {
  formatCompact,
  formatCount,
  formatDecimal,
  formatLatency,
  formatRate,
  formatUtcClock,
  toMillis,
} from '~/lib/format';
import type { SeriesRange, SeriesTimeline, TimePoint } from '~/lib/timeline-model';

export interface TimeRange {
  fromMs: number;
  toMs: number;
}

/**
 * How latency is drawn against time. Log by default: one stall's maximum would otherwise
 * flatten p50 and p90 onto the floor of a linear axis.
 */
export type LatencyScale = 'log' | 'linear';

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

/** A tooltip's value (ECharts passes null or '-' for a gap) with its unit. */
const tooltipValue = (format: (v: number) => string) => (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? format(v) : '—';

const clock = formatUtcClock;

/**
 * A latency value axis. Its ticks carry their unit, which changes along the axis (800 µs, 1 ms,
 * 10 s), so the axis has no name that could contradict them.
 */
function latencyAxis(scale: LatencyScale) {
  const axisLabel = { formatter: (ms: number) => formatLatency(ms, 'tick') };
  return scale === 'log' ? { type: 'log', logBase: 10, axisLabel } : { type: 'value', axisLabel };
}

/** The warm-up period as one shaded area: from the first to the last warm-up interval. */
export function warmupArea(points: readonly TimePoint[]): [number, number] | null {
  const warm = points.filter((p) => p.warmup);
  if (warm.length === 0) return null;
  return [warm[0]!.t, warm[warm.length - 1]!.end];
}

/**
 * A time axis with its zoom controls, in UTC like the rest of the page. Zooming filters the
 * lines' points to the window ('filter'), so the value axis rescales to what is in view; the
 * heatmap ('none') draws its cells from one item and keeps its fixed bands.
 */
function timeAxisBase(range: TimeRange | null, filterMode: 'filter' | 'none' = 'filter') {
  const shown = range ? { startValue: range.fromMs, endValue: range.toMs } : {};
  return {
    useUTC: true,
    grid: { left: 64, right: 24, top: 36, bottom: 56 },
    xAxis: {
      type: 'time',
      axisLabel: { hideOverlap: true },
      axisPointer: { label: { formatter: ({ value }: { value: number }) => `${clock(value)} UTC` } },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode, ...shown },
      { type: 'slider', xAxisIndex: 0, filterMode, height: 18, bottom: 8, ...shown },
    ],
    tooltip: { trigger: 'axis' },
    animation: false,
  };
}

/** Shaded, labelled spans of the time axis (the warm-up, partial intervals). */
function markAreas(areas: readonly { from: number; to: number; label: string }[]) {
  return areas.length > 0
    ? {
        silent: true,
        itemStyle: { color: 'rgba(120,120,120,0.12)' },
        label: { show: true, position: 'insideTop', color: '#5d6673' },
        data: areas.map((a) => [{ xAxis: a.from, name: a.label }, { xAxis: a.to }]),
      }
    : undefined;
}

function warmupMarks(points: readonly TimePoint[]) {
  const area = warmupArea(points);
  return area ? [{ from: area[0], to: area[1], label: 'warm-up' }] : [];
}

/**
 * Intervals shorter than their series' usual one (its median): the run began or ended inside
 * them (the server cuts intervals to the run's span), so their few operations over a full
 * interval's time would read as a collapse of throughput.
 */
export function partialIntervals(points: readonly Pick<TimePoint, 't' | 'end'>[]): boolean[] {
  const widths = points.map((p) => p.end - p.t);
  const usual = [...widths].sort((a, b) => a - b)[Math.floor(widths.length / 2)] ?? 0;
  // Some slack: agents close intervals on a timer that may fire a few milliseconds late.
  return widths.map((w) => w < usual * 0.9);
}

/** Operations per second of each whole interval; partial ones are left out (see partialIntervals). */
export function intervalRates(
  points: readonly Pick<TimePoint, 't' | 'end' | 'count'>[],
): { t: number; rate: number }[] {
  const partial = partialIntervals(points);
  return points.flatMap((p, i) => (partial[i] ? [] : [{ t: p.t, rate: (p.count * 1000) / (p.end - p.t) }]));
}

/**
 * One dataset per chart, as columns, that every line of the chart reads (`encode`): ECharts
 * copies and indexes the option's data, and five lines of a day as [time, value] pairs were
 * 7,200 small arrays per chart.
 */
export function percentileLinesOption(
  series: SeriesTimeline,
  range: TimeRange | null,
  scale: LatencyScale = 'log',
): EChartsCoreOption {
  const source: Record<string, (number | null)[]> = { t: series.points.map((p) => p.t) };
  // A log axis has no place for zero (an interval without operations): a gap in the line.
  const drawn = (ms: number) => (scale === 'log' && ms <= 0 ? null : ms);
  for (const line of PERCENTILE_LINES)
    source[line.key] = series.points.map((p) => drawn(toMillis(series.unit, p[line.key])));
  const base = timeAxisBase(range);
  return {
    ...base,
    tooltip: { ...base.tooltip, valueFormatter: tooltipValue((ms) => formatLatency(ms)) },
    legend: { top: 4, data: PERCENTILE_LINES.map((l) => l.label) },
    yAxis: latencyAxis(scale),
    dataset: { source },
    series: PERCENTILE_LINES.map((line, index) => ({
      name: line.label,
      type: 'line',
      showSymbol: false,
      sampling: 'lttb',
      lineStyle: { width: 1.5 },
      color: line.color,
      encode: { x: 't', y: line.key },
      ...(index === 0 ? { markArea: markAreas(warmupMarks(series.points)) } : {}),
    })),
  };
}

export function throughputOption(
  timelines: readonly SeriesTimeline[],
  range: TimeRange | null,
  name: (series: SeriesTimeline) => string,
): EChartsCoreOption {
  const counted = timelines.filter((s) => s.kind !== 'gauge');
  // Partial intervals are shaded once, on the first line, whichever series they belong to.
  const partial = new Map<number, { from: number; to: number; label: string }>();
  const times = counted.flatMap((s) => [s.points[0]?.t, s.points.at(-1)?.end]).filter((t) => t !== undefined);
  const span = times.length > 0 ? Math.max(...times) - Math.min(...times) : 0;
  for (const s of counted)
    partialIntervals(s.points).forEach((isPartial, i) => {
      const p = s.points[i]!;
      const to = Math.max(p.end, p.t + 1);
      // Named only where the word fits: a sliver at the axis's edge would print it over the
      // axis labels; the shading still marks it.
      if (isPartial) partial.set(p.t, { from: p.t, to, label: to - p.t >= span * 0.05 ? 'partial' : '' });
    });
  const base = timeAxisBase(range);
  return {
    ...base,
    tooltip: { ...base.tooltip, valueFormatter: tooltipValue((v) => formatRate(v)) },
    legend: { top: 4, type: 'scroll' },
    yAxis: {
      type: 'value',
      name: 'ops/s',
      axisLabel: { formatter: (v: number) => formatCompact(v, 'tick') },
    },
    // A dataset per line, as columns (see percentileLinesOption).
    dataset: counted.map((s) => {
      const rates = intervalRates(s.points);
      return { source: { t: rates.map((r) => r.t), rate: rates.map((r) => r.rate) } };
    }),
    series: counted.map((s, i) => ({
      name: name(s),
      type: 'line',
      showSymbol: false,
      // A day of minutes is ~3 points per pixel: draw the shape, not every point.
      sampling: 'lttb',
      color: SERIES_COLORS[i % SERIES_COLORS.length],
      datasetIndex: i,
      encode: { x: 't', y: 'rate' },
      ...(i === 0 ? { markArea: markAreas([...warmupMarks(s.points), ...partial.values()]) } : {}),
    })),
  };
}

/** Heatmap shades, lightest to darkest, blended from these stops. */
const HEAT_STOPS = ['#d6e6ff', '#6ea8fe', '#1f4fb0', '#0b1f4f'];
const SHADE_COUNT = 12;

function blend(stops: readonly string[], f: number): string {
  const at = f * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(at));
  const rgb = (hex: string) => [1, 3, 5].map((k) => Number.parseInt(hex.slice(k, k + 2), 16));
  const [a, b] = [rgb(stops[i]!), rgb(stops[i + 1]!)];
  return `#${a
    .map((v, k) =>
      Math.round(v + (b[k]! - v) * (at - i))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export const HEAT_SHADES = Array.from({ length: SHADE_COUNT }, (_, i) =>
  blend(HEAT_STOPS, i / (SHADE_COUNT - 1)),
);

/** A count's shade, on a log scale: a tail cell of one sample stays visible beside a peak of thousands. */
export function heatShade(count: number, peak: number): number {
  if (peak <= 1) return SHADE_COUNT - 1;
  return Math.min(SHADE_COUNT - 1, Math.round((Math.log(count) / Math.log(peak)) * (SHADE_COUNT - 1)));
}

/** A heatmap laid out for drawing: columns in time, cells grouped by shade. */
export interface HeatGrid {
  /** Per column: the start of its first interval and the end of its last (unix ms). */
  starts: number[];
  ends: number[];
  /** Per shade: flat [column, row, column, row, …] of its cells. */
  shades: number[][];
  rows: number;
  peak: number;
}

/** Each column holds `per` consecutive intervals (the server sums a long series' intervals). */
export function heatGrid(series: SeriesTimeline): HeatGrid {
  const { edges, per, counts } = series.heatmap;
  const peak = Math.max(0, ...counts.map((column) => Math.max(0, ...column)));
  const grid: HeatGrid = {
    starts: [],
    ends: [],
    shades: HEAT_SHADES.map(() => []),
    rows: edges.length - 1,
    peak,
  };
  for (const [x, column] of counts.entries()) {
    const first = series.points[x * per];
    const last = series.points[Math.min(series.points.length, (x + 1) * per) - 1];
    grid.starts.push(first?.t ?? Number.NaN);
    grid.ends.push(last?.end ?? Number.NaN);
    for (const [y, count] of column.entries()) if (count > 0) grid.shades[heatShade(count, peak)]!.push(x, y);
  }
  return grid;
}

/** The tooltip of the cell at (time, row) — in axis values — or null off the cells. */
export function heatmapTooltip(
  series: SeriesTimeline,
  grid: HeatGrid,
): (x: number, y: number) => string | null {
  const { edges, counts } = series.heatmap;
  return (x, y) => {
    let lo = 0;
    let hi = grid.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (grid.starts[mid]! <= x) lo = mid;
      else hi = mid - 1;
    }
    const row = Math.floor(y);
    if (!(grid.starts[lo]! <= x && x < grid.ends[lo]!) || row < 0 || row >= grid.rows) return null;
    const band = `${formatLatency(toMillis(series.unit, edges[row]!))} – ${formatLatency(toMillis(series.unit, edges[row + 1]!))}`;
    return `${clock(grid.starts[lo]!)}–${clock(grid.ends[lo]!)} UTC<br/>${band}: <b>${formatCount(counts[lo]?.[row] ?? 0)}</b>`;
  };
}

/** What a custom series' renderItem needs of ECharts' api. */
interface CoordApi {
  coord(value: number[]): number[];
}

/** One path per shade (HEAT_CELLS of @levelfield/ui), placed through the axes' current scale. */
function heatCells(grid: HeatGrid, api: CoordApi) {
  const t0 = grid.starts[0]!;
  const [left = 0, bottom = 0] = api.coord([t0, 0]);
  const [right = 0, top = 0] = api.coord([t0 + 1000, grid.rows]);
  const pixelOf = (t: number) => left + ((t - t0) * (right - left)) / 1000;
  const shape = {
    lefts: grid.starts.map(pixelOf),
    rights: grid.ends.map(pixelOf),
    bottom,
    rowHeight: (bottom - top) / grid.rows,
  };
  return {
    type: 'group',
    children: grid.shades.flatMap((cells, shade) =>
      cells.length === 0
        ? []
        : [{ type: HEAT_CELLS, shape: { ...shape, cells }, style: { fill: HEAT_SHADES[shade] } }],
    ),
  };
}

/**
 * Time × latency heatmap on the same time axis as the line charts (so a brushed range applies
 * as is); rows are the fixed latency bands, drawn evenly (they are log-spaced).
 */
export function heatmapOption(
  series: SeriesTimeline,
  grid: HeatGrid,
  range: TimeRange | null,
): EChartsCoreOption {
  const { edges } = series.heatmap;
  const base = timeAxisBase(range, 'none');
  const valid =
    grid.starts.length > 0 && Number.isFinite(grid.starts[0]) && Number.isFinite(grid.ends.at(-1));
  return {
    ...base,
    grid: { ...base.grid, right: 96 },
    // The cell under the pointer is shown by the chart's tooltipAt (heatmapTooltip).
    tooltip: { trigger: 'none' },
    xAxis: { ...base.xAxis, ...(valid ? { min: grid.starts[0], max: grid.ends.at(-1) } : {}) },
    yAxis: {
      type: 'value',
      min: 0,
      max: grid.rows,
      interval: Math.max(1, Math.ceil(grid.rows / 8)),
      name: 'latency',
      splitLine: { show: false },
      axisLabel: {
        showMaxLabel: false,
        formatter: (row: number) => formatLatency(toMillis(series.unit, edges[row] ?? 0), 'tick'),
      },
    },
    visualMap: {
      // A legend only (no series is mapped): the cells carry their shade.
      seriesIndex: [],
      min: 1,
      max: Math.max(1, grid.peak),
      text: [formatCount(grid.peak), '1 (log)'],
      calculable: false,
      orient: 'vertical',
      right: 8,
      top: 40,
      itemHeight: 120,
      inRange: { color: HEAT_STOPS },
    },
    series: valid
      ? [
          {
            name: 'count',
            type: 'custom',
            clip: true,
            silent: true,
            data: [[grid.starts[0], 0]],
            renderItem: (_: unknown, api: CoordApi) => heatCells(grid, api),
          },
        ]
      : [],
  };
}

/**
 * x = 1 / (1 − p): 1 → 0 %, 2 → 50 %, 10 → 90 %, 100 → 99 %, 1000 → 99.9 % … Between ticks
 * (tooltips) the tail 1 − p keeps three significant digits: 3.76 → 73.4 %, 12,345 → 99.9919 %.
 */
export function ninesLabel(inverseTail: number): string {
  if (inverseTail <= 1) return '0%';
  const percentile = 100 * (1 - 1 / inverseTail);
  const digits = 1 + Math.floor(Math.log10(inverseTail));
  // Rounded, then trailing zeros dropped: 99.90000000001 → "99.9".
  return `${formatDecimal(percentile, digits)}%`;
}

/**
 * The nines axis' ticks up to `max`: the median, then one more nine each (90 %, 99 %, 99.9 % …).
 * Not 0 % (the axis' start): on a run's six decades it would sit on top of the median's label.
 */
export function ninesTicks(max: number): number[] {
  const ticks = [2];
  for (let x = 10; x < max * 10 && ticks.length < 12; x *= 10) ticks.push(x);
  return ticks;
}

export function spectrumOption(
  entries: readonly { title: string; unit: string; range: SeriesRange }[],
  scale: LatencyScale = 'linear',
): EChartsCoreOption {
  const lines = entries.map((entry) =>
    entry.range.spectrum
      .filter((p) => p.percentile < 100)
      .map((p) => [1 / (1 - p.percentile / 100), toMillis(entry.unit, p.value)] as [number, number]),
  );
  const ticks = ninesTicks(Math.max(2, ...lines.flatMap((line) => line.map(([x]) => x))));
  return {
    grid: { left: 64, right: 24, top: 36, bottom: 40 },
    legend: { top: 4, type: 'scroll' },
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue((ms) => formatLatency(ms)) },
    xAxis: {
      type: 'log',
      logBase: 10,
      min: 1,
      max: ticks[ticks.length - 1],
      name: 'percentile',
      nameLocation: 'middle',
      nameGap: 26,
      axisTick: { customValues: ticks },
      axisLabel: { customValues: ticks, formatter: ninesLabel },
      // The tooltip's heading: the percentile under the pointer.
      axisPointer: { label: { formatter: ({ value }: { value: number }) => ninesLabel(value) } },
    },
    yAxis: latencyAxis(scale),
    animation: false,
    series: entries.map((entry, i) => ({
      name: entry.title,
      type: 'line',
      step: 'end',
      showSymbol: false,
      color: SERIES_COLORS[i % SERIES_COLORS.length],
      data: scale === 'log' ? lines[i]!.filter(([, ms]) => ms > 0) : lines[i],
    })),
  };
}
