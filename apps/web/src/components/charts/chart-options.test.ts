import { renderChartSvg } from '@levelfield/ui/chart-svg';
import { HEAT_CELLS } from '@levelfield/ui/heat-cells';
import { describe, expect, it } from 'vitest';
import type { SeriesTimeline, TimePoint } from '~/lib/timeline-model';
import {
  HEAT_SHADES,
  heatGrid,
  heatmapOption,
  heatmapTooltip,
  heatShade,
  intervalRates,
  ninesLabel,
  ninesTicks,
  partialIntervals,
  percentileLinesOption,
  spectrumOption,
  throughputOption,
  warmupArea,
} from './chart-options.ts';

function point(i: number, extra: Partial<TimePoint> = {}): TimePoint {
  return {
    t: i * 1000,
    end: (i + 1) * 1000,
    count: 500,
    max: 9000,
    p50: 700,
    p90: 1500,
    p99: 4000,
    p999: 8000,
    warmup: false,
    ...extra,
  };
}

const byName = (s: Pick<SeriesTimeline, 'name'>) => s.name;

/** ECharts option fields the tests read (options are loosely typed). */
type Formatter = (v: unknown) => string;
interface LineOption {
  tooltip: { valueFormatter: Formatter };
  yAxis: { type: string; name?: string; axisLabel: { formatter: Formatter } };
  dataZoom: { filterMode: string }[];
  dataset: { source: Record<string, (number | null)[]> } | { source: Record<string, number[]> }[];
  series: { name: string; markArea?: { data: { xAxis: number; name?: string }[][] } }[];
}

const timeline: SeriesTimeline = {
  seriesId: 's',
  name: 'latency',
  kind: 'latency',
  unit: 'us',
  labels: { txn: 'new_order' },
  resolution: 'frames',
  points: [point(0, { warmup: true }), point(1, { warmup: true }), point(2), point(3)],
  heatmap: { edges: [100, 1000, 10_000], per: 1, counts: [[3, 1], [0, 2], [], [5, 0]] },
};

describe('run chart options', () => {
  it('draws five percentile lines in milliseconds with the warm-up shaded', () => {
    const option = percentileLinesOption(timeline, null) as {
      dataset: { source: Record<string, number[]> };
      series: { name: string; encode: { x: string; y: string }; markArea?: { data: number[][] } }[];
    };
    expect(option.series.map((s) => s.name)).toEqual(['p50', 'p90', 'p99', 'p99.9', 'max']);
    // Each line reads its column of the chart's one dataset.
    const at = (index: number, i: number) => {
      const { x, y } = option.series[index]!.encode;
      return [option.dataset.source[x]![i], option.dataset.source[y]![i]];
    };
    expect(at(0, 2)).toEqual([2000, 0.7]);
    expect(at(3, 2)).toEqual([2000, 8]);
    expect(at(4, 2)).toEqual([2000, 9]);
    expect(option.series[0]!.markArea?.data).toEqual([[{ xAxis: 0, name: 'warm-up' }, { xAxis: 2000 }]]);
  });

  it('applies a brushed range to both zoom controls', () => {
    const option = percentileLinesOption(timeline, { fromMs: 1000, toMs: 3000 }) as {
      dataZoom: { startValue: number; endValue: number }[];
    };
    expect(option.dataZoom.map((z) => [z.startValue, z.endValue])).toEqual([
      [1000, 3000],
      [1000, 3000],
    ]);
  });

  it('turns interval counts into operations per second', () => {
    const option = throughputOption(
      [{ ...timeline, points: [point(0, { count: 250, end: 500 })] }],
      null,
      byName,
    ) as {
      dataset: { source: Record<string, number[]> }[];
      series: { datasetIndex: number }[];
    };
    expect(option.dataset[option.series[0]!.datasetIndex]!.source).toEqual({ t: [0], rate: [500] });
  });

  it('leaves a partial interval out of the throughput line and shades it, so the line does not dive', () => {
    // The run ended 200 ms into its last interval (the server cut it to the run's end).
    const points = [point(0), point(1), point(2), point(3, { count: 80, end: 3200 })];
    expect(partialIntervals(points)).toEqual([false, false, false, true]);
    expect(intervalRates(points).map((r) => r.rate)).toEqual([500, 500, 500]);
    const option = throughputOption([{ ...timeline, points }], null, byName) as unknown as LineOption & {
      dataset: { source: Record<string, number[]> }[];
    };
    expect(option.dataset[0]!.source.rate).toEqual([500, 500, 500]);
    expect(option.series[0]!.markArea?.data).toEqual([[{ xAxis: 3000, name: 'partial' }, { xAxis: 3200 }]]);
    // A sliver of a long run is shaded without its word, which would print over the axis labels.
    const long = [
      ...Array.from({ length: 100 }, (_, i) => point(i)),
      point(100, { count: 80, end: 100_200 }),
    ];
    const sliver = throughputOption([{ ...timeline, points: long }], null, byName) as unknown as LineOption;
    expect(sliver.series[0]!.markArea?.data).toEqual([[{ xAxis: 100_000, name: '' }, { xAxis: 100_200 }]]);
  });

  it('names throughput lines as it is told and prints rates with their unit', () => {
    const option = throughputOption([timeline], null, () => 'latency (script 0)') as unknown as LineOption;
    expect(option.series[0]!.name).toBe('latency (script 0)');
    expect(option.tooltip.valueFormatter(3259.3)).toBe('3.26k ops/s');
    expect(option.tooltip.valueFormatter(null)).toBe('—');
    expect(option.yAxis.axisLabel.formatter(3000)).toBe('3k');
  });

  it('draws latency on a log axis by default, linear when asked, ticks and tooltips with units', () => {
    const log = percentileLinesOption(
      { ...timeline, points: [point(0, { p50: 0 }), point(1)] },
      null,
    ) as unknown as LineOption & { dataset: { source: Record<string, (number | null)[]> } };
    expect(log.yAxis.type).toBe('log');
    // No unit in an axis name that the ticks (800 µs … 10 s) would contradict.
    expect(log.yAxis.name).toBeUndefined();
    expect([0.1, 1, 10_000].map(log.yAxis.axisLabel.formatter)).toEqual(['100 µs', '1 ms', '10 s']);
    expect(log.tooltip.valueFormatter(2.54)).toBe('2.54 ms');
    // Zero has no place on a log axis: a gap, not a line to minus infinity.
    expect(log.dataset.source.p50).toEqual([null, 0.7]);
    const linear = percentileLinesOption(timeline, null, 'linear') as unknown as LineOption & {
      dataset: { source: Record<string, number[]> };
    };
    expect(linear.yAxis.type).toBe('value');
    expect(linear.yAxis.axisLabel.formatter(0)).toBe('0');
  });

  it('rescales the value axis to a zoomed range: zoom filters the lines, not the heatmap', () => {
    const lines = percentileLinesOption(timeline, null) as unknown as LineOption;
    expect(lines.dataZoom.map((z) => z.filterMode)).toEqual(['filter', 'filter']);
    const rates = throughputOption([timeline], null, byName) as unknown as LineOption;
    expect(rates.dataZoom.map((z) => z.filterMode)).toEqual(['filter', 'filter']);
    const heat = heatmapOption(timeline, heatGrid(timeline), null) as unknown as LineOption;
    expect(heat.dataZoom.map((z) => z.filterMode)).toEqual(['none', 'none']);
  });

  it('groups heatmap cells by shade on a log scale, each column spanning its intervals', () => {
    const grid = heatGrid(timeline);
    expect(grid.peak).toBe(5);
    expect(grid.rows).toBe(2);
    expect(grid.starts).toEqual([0, 1000, 2000, 3000]);
    expect(grid.ends).toEqual([1000, 2000, 3000, 4000]);
    // Shade = round(ln(count) / ln(peak) × 11): 1 → 0, 2 → 5, 3 → 8, 5 → 11.
    const cells = grid.shades.flatMap((flat, shade) =>
      Array.from({ length: flat.length / 2 }, (_, k) => [flat[2 * k], flat[2 * k + 1], shade]),
    );
    expect(cells).toEqual([
      [0, 1, 0],
      [1, 1, 5],
      [0, 0, 8],
      [3, 0, 11],
    ]);
    expect(HEAT_SHADES).toHaveLength(12);
    expect([1, 5, 1000].map((n) => heatShade(n, 1000))).toEqual([0, 3, 11]);
  });

  it('spans a column holding several intervals from its first start to its last end', () => {
    const grouped = {
      ...timeline,
      heatmap: {
        edges: [100, 1000, 10_000],
        per: 3,
        counts: [
          [3, 3],
          [5, 0],
        ],
      },
    };
    const grid = heatGrid(grouped);
    expect(grid.starts).toEqual([0, 3000]);
    expect(grid.ends).toEqual([3000, 4000]);
    const tip = heatmapTooltip(grouped, grid);
    expect(tip(3500, 0.5)).toBe('00:00:03–00:00:04 UTC<br/>100 µs – 1.00 ms: <b>5</b>');
    expect(tip(1000, 1.2)).toBe('00:00:00–00:00:03 UTC<br/>1.00 ms – 10.0 ms: <b>3</b>');
    expect(tip(4000, 0.5)).toBeNull();
    expect(tip(-1, 0.5)).toBeNull();
    expect(tip(500, 2)).toBeNull();
  });

  it('draws the heatmap as one path per shade, placed through the axes, on the shared time axis', () => {
    const grid = heatGrid(timeline);
    const option = heatmapOption(timeline, grid, { fromMs: 1000, toMs: 3000 }) as {
      xAxis: { type: string; min: number; max: number };
      yAxis: { axisLabel: { formatter: (row: number) => string } };
      dataZoom: { startValue: number; endValue: number }[];
      series: { renderItem: (params: unknown, api: { coord(v: number[]): number[] }) => unknown }[];
    };
    expect(option.xAxis).toMatchObject({ type: 'time', min: 0, max: 4000 });
    expect(option.dataZoom[0]).toMatchObject({ startValue: 1000, endValue: 3000 });
    expect([0, 1, 2].map(option.yAxis.axisLabel.formatter)).toEqual(['100 µs', '1 ms', '10 ms']);
    // A linear scale: 10 px per second from x = 50, 20 px per row upwards from y = 200.
    const api = { coord: ([t, row]: number[]) => [50 + t! / 100, 200 - 20 * row!] };
    const drawn = option.series[0]!.renderItem(null, api) as {
      children: {
        type: string;
        shape: { cells: number[]; lefts: number[]; rights: number[]; bottom: number; rowHeight: number };
        style: { fill: string };
      }[];
    };
    expect(drawn.children.map((c) => [c.type, c.style.fill])).toEqual(
      [0, 5, 8, 11].map((shade) => [HEAT_CELLS, HEAT_SHADES[shade]]),
    );
    expect(drawn.children[0]!.shape).toMatchObject({
      cells: [0, 1],
      lefts: [50, 60, 70, 80],
      rights: [60, 70, 80, 90],
      bottom: 200,
      rowHeight: 20,
    });
  });

  it('draws with the modules the charts register (lines from the datasets, heatmap cells per shade)', () => {
    // Drawn by ECharts itself (its SVG renderer, same modules as the browser's canvas): an option
    // that needs an unregistered component draws nothing and would pass the tests above.
    const size = { width: 600, height: 280 };
    const segments = (svg: string) =>
      Math.max(...[...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]!.split('L').length - 1));
    const day = {
      ...timeline,
      points: Array.from({ length: 50 }, (_, i) => point(i, { p50: 700 + 10 * i })),
    };
    expect(segments(renderChartSvg(percentileLinesOption(day, null), size))).toBeGreaterThanOrEqual(49);
    expect(segments(renderChartSvg(throughputOption([day], null, byName), size))).toBeGreaterThanOrEqual(49);
    const heat = renderChartSvg(heatmapOption(timeline, heatGrid(timeline), null), size);
    for (const shade of [0, 5, 8, 11]) expect(heat).toContain(`fill="${HEAT_SHADES[shade]}"`);
  });

  it('puts the spectrum on a nines axis and leaves out the infinite 100 % point', () => {
    const option = spectrumOption([
      {
        title: 'latency',
        unit: 'us',
        range: {
          seriesId: 's',
          summary: null,
          spectrum: [
            { percentile: 0, value: 100 },
            { percentile: 90, value: 1500 },
            { percentile: 100, value: 9000 },
          ],
        },
      },
    ]) as { series: { data: number[][] }[] };
    expect(option.series[0]!.data).toEqual(
      [
        [1, 0.1],
        [10.000000000000002, 1.5],
      ].map(([x, y]) => [expect.closeTo(x!, 9), y]),
    );
    expect([1, 2, 10, 100, 1000, 100_000].map(ninesLabel)).toEqual([
      '0%',
      '50%',
      '90%',
      '99%',
      '99.9%',
      '99.999%',
    ]);
    // Between ticks (a tooltip), the tail keeps its digits.
    expect([3.76, 12_345].map(ninesLabel)).toEqual(['73.4%', '99.9919%']);
    expect(warmupArea([point(0)])).toBeNull();
  });

  it('labels the nines axis at the median and each added nine, drawn by ECharts, with units on the latency axis', () => {
    expect(ninesTicks(150)).toEqual([2, 10, 100, 1000]);
    const option = spectrumOption([
      {
        title: 'latency',
        unit: 'us',
        range: {
          seriesId: 's',
          summary: null,
          spectrum: [0, 50, 90, 99, 99.9].map((percentile, i) => ({ percentile, value: 300 * 2 ** i })),
        },
      },
    ]);
    const svg = renderChartSvg(option, { width: 600, height: 280 });
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual(expect.arrayContaining(['50%', '90%', '99%', '99.9%']));
    expect(texts).not.toContain('ms');
    expect(texts.some((t) => /^[\d.]+ (µs|ms|s)$/.test(t!))).toBe(true);
    const axis = (option as unknown as { xAxis: { axisPointer: { label: { formatter: Formatter } } } }).xAxis;
    expect(axis.axisPointer.label.formatter({ value: 1000 })).toBe('99.9%');
  });
});
