import { describe, expect, it } from 'vitest';
import type { SeriesTimeline, TimePoint } from '~/server/runs/timeline';
import {
  formatMs,
  heatmapOption,
  ninesLabel,
  percentileLinesOption,
  spectrumOption,
  throughputOption,
  toMillis,
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
      series: { name: string; data: number[][]; markArea?: { data: number[][] } }[];
    };
    expect(option.series.map((s) => s.name)).toEqual(['p50', 'p90', 'p99', 'p99.9', 'max']);
    expect(option.series[0]!.data[2]).toEqual([2000, 0.7]);
    expect(option.series[3]!.data[2]).toEqual([2000, 8]);
    expect(option.series[0]!.markArea?.data).toEqual([[{ xAxis: 0 }, { xAxis: 2000 }]]);
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
    ) as { series: { data: number[][] }[] };
    expect(option.series[0]!.data).toEqual([[0, 500]]);
  });

  it('places only non-empty heatmap cells, at their interval and row, and zooms by interval index', () => {
    const option = heatmapOption(timeline, null) as {
      series: { data: number[][] }[];
      visualMap: { max: number };
    };
    expect(option.series[0]!.data).toEqual([
      [0, 0, 3],
      [0, 1, 1],
      [1, 1, 2],
      [3, 0, 5],
    ]);
    expect(option.visualMap.max).toBe(5);
    const zoomed = heatmapOption(timeline, { fromMs: 1000, toMs: 3000 }) as {
      dataZoom: { startValue: number; endValue: number }[];
    };
    expect(zoomed.dataZoom[0]).toMatchObject({ startValue: 1, endValue: 2 });
  });

  it('labels and zooms columns that hold several intervals by their first interval', () => {
    const grouped = {
      ...timeline,
      heatmap: {
        edges: [100, 1000, 10_000],
        per: 2,
        counts: [
          [3, 3],
          [5, 0],
        ],
      },
    };
    const option = heatmapOption(grouped, { fromMs: 2000, toMs: 4000 }) as {
      xAxis: { data: string[] };
      dataZoom: { startValue: number; endValue: number }[];
    };
    expect(option.xAxis.data).toEqual(['00:00:00', '00:00:02']);
    expect(option.dataZoom[0]).toMatchObject({ startValue: 1, endValue: 1 });
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
    expect([1, 10, 100, 1000, 100_000].map(ninesLabel)).toEqual(['0%', '90%', '99%', '99.9%', '99.999%']);
  });

  it('formats latencies with units a reader expects', () => {
    expect(toMillis('us', 1500)).toBe(1.5);
    expect(toMillis('ms', 3)).toBe(3);
    expect([0.25, 1.5, 22.4, 1107.9, 45_097.2].map(formatMs)).toEqual([
      '0.250 ms',
      '1.50 ms',
      '22.4 ms',
      '1.11 s',
      '45.1 s',
    ]);
    expect(warmupArea([point(0)])).toBeNull();
  });
});
