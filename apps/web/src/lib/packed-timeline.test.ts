import { describe, expect, it } from 'vitest';
import type { SeriesTimeline } from '~/lib/timeline-model';
import { expandRuns, packTimeline, runLengths, unpackTimeline } from './packed-timeline.ts';

const start = Date.UTC(2026, 10, 22, 6, 0, 0);
const timeline: SeriesTimeline = {
  seriesId: 's1',
  name: 'latency',
  kind: 'latency',
  unit: 'us',
  labels: { txn: 'payment' },
  resolution: 'rollups',
  points: [0, 1, 3].map((minute, i) => ({
    t: start + minute * 60_000,
    end: start + minute * 60_000 + (i === 2 ? 30_000 : 60_000),
    count: 1000 + i,
    max: 9000.5,
    p50: 700,
    p90: 1500,
    p99: 4000 + i,
    p999: 8000,
    warmup: i === 0,
  })),
  heatmap: { edges: [100, 1000], per: 1, counts: [[1], [2], [0]] },
};

describe('packed time lines', () => {
  it('round-trips every point, gaps and a short last interval included', () => {
    const packed = packTimeline(timeline);
    expect(packed.dt).toEqual([start, 1, 60_000, 1, 120_000, 1]);
    expect(packed.width).toEqual([60_000, 2, 30_000, 1]);
    expect(packed.warmup).toEqual([0]);
    expect(unpackTimeline(packed)).toEqual(timeline);
  });

  it('is much smaller than the points as objects for a day of minutes', () => {
    const day: SeriesTimeline = {
      ...timeline,
      points: Array.from({ length: 1440 }, (_, i) => ({
        ...timeline.points[1]!,
        t: start + i * 60_000,
        end: start + (i + 1) * 60_000,
      })),
    };
    const packed = JSON.stringify(packTimeline(day)).length;
    expect(packed).toBeLessThan(JSON.stringify(day).length / 2);
    // A day of whole minutes: its starts and widths are a run each, not 1,440 numbers each.
    expect(packTimeline(day).dt).toEqual([start, 1, 60_000, 1439]);
    expect(packTimeline(day).width).toEqual([60_000, 1440]);
    expect(unpackTimeline(JSON.parse(JSON.stringify(packTimeline(day))))).toEqual(day);
  });

  it('run-length encodes and expands any list, empty included', () => {
    for (const xs of [[], [5], [5, 5, 7, 5], [0, 0, 0, -1, -1]])
      expect(expandRuns(runLengths(xs))).toEqual(xs);
    expect(runLengths([5, 5, 7, 5])).toEqual([5, 2, 7, 1, 5, 1]);
  });
});
