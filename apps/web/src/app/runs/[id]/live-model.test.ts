import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import { describe, expect, it } from 'vitest';
import type { SeriesTimeline } from '~/lib/timeline-model';
import {
  appendFrame,
  gapBefore,
  type LiveFrame,
  liveRanges,
  liveState,
  missedBefore,
  sameSamples,
  warmupKnown,
} from './live-model.ts';

function histogramOf(values: number[]): Histogram {
  const h = new Histogram();
  for (const v of values) h.recordValue(v);
  return h;
}

function frame(seq: number, values: number[], extra: Partial<LiveFrame> = {}): LiveFrame {
  return {
    series: 's1',
    seq,
    startMs: seq * 1000,
    endMs: (seq + 1) * 1000,
    count: values.length,
    max: Math.max(...values),
    p50: values[0]!,
    p90: values[0]!,
    p99: values[0]!,
    p999: values[0]!,
    warmup: false,
    histogram: encodeBase64(histogramOf(values)),
    acceptedAt: (seq + 1) * 1000 + 50,
    ...extra,
  };
}

/** A live 1-s latency series as the page reads it: one interval (seq 0) of two samples. */
function liveSeries(): SeriesTimeline {
  return {
    seriesId: 's1',
    name: 'latency',
    kind: 'latency',
    unit: 'us',
    labels: {},
    resolution: 'frames',
    points: [{ t: 0, end: 1000, count: 2, max: 200, p50: 100, p90: 200, p99: 200, p999: 200, warmup: false }],
    heatmap: { edges: [], per: 1, counts: [] },
    live: {
      bands: [{ offset: 53, counts: [1] }],
      merged: encodeBase64(histogramOf([100, 200])),
      lastSeq: 0,
    },
  };
}

const info = { id: 's1', name: 'latency', kind: 'latency' as const, unit: 'us', labels: {} };

describe('the live run page model', () => {
  it('grows the heatmap and the whole-run summary with each frame', () => {
    let state = liveState([liveSeries()]);
    expect(liveRanges(state)[0]!.summary!.count).toBe(2);
    state = appendFrame(state, frame(1, [300, 400, 5000]), info);
    state = appendFrame(state, frame(2, [600]), info);
    const [series] = state.timelines;
    expect(series!.points.map((p) => p.t)).toEqual([0, 1000, 2000]);
    // One heatmap column per interval, and the 5 ms sample widens its rows.
    expect(series!.heatmap.counts).toHaveLength(3);
    expect(series!.heatmap.edges.at(-1)).toBeGreaterThan(5000);
    const [range] = liveRanges(state);
    expect(range!.summary).toMatchObject({ count: 6, max: 5003, durationSeconds: 3, throughput: 2 });
    expect(range!.spectrum.length).toBeGreaterThan(0);
  });

  it('ignores a frame it already has (a replay) and leaves warm-up out of the summary', () => {
    let state = liveState([liveSeries()]);
    state = appendFrame(state, frame(1, [300], { warmup: true }), info);
    const again = appendFrame(state, frame(1, [300], { warmup: true }), info);
    expect(again).toBe(state);
    expect(state.timelines[0]!.points[1]!.warmup).toBe(true);
    expect(liveRanges(state)[0]!.summary).toMatchObject({ count: 2, durationSeconds: 1 });
  });

  it('adds the warm-up to the whole-run summary itself, frame by frame, when asked', () => {
    // Read with one warm-up interval (seq 0, 1 s of 50 µs) before the steady one (seq 1).
    const read = liveSeries();
    read.points = [
      { t: 0, end: 1000, count: 1, max: 50, p50: 50, p90: 50, p99: 50, p999: 50, warmup: true },
      { ...read.points[0]!, t: 1000, end: 2000 },
    ];
    read.live = { ...read.live!, lastSeq: 1, warmup: encodeBase64(histogramOf([50])) };
    let state = liveState([read]);
    expect(warmupKnown(state)).toBe(true);
    expect(liveRanges(state, true)[0]!.summary).toMatchObject({ count: 3, min: 50, durationSeconds: 2 });
    // A warm-up interval that arrives live joins the warm-up merge; a steady one the steady merge.
    state = appendFrame(state, frame(2, [60], { warmup: true }), info);
    state = appendFrame(state, frame(3, [300]), info);
    expect(liveRanges(state, true)[0]!.summary).toMatchObject({ count: 5, durationSeconds: 4 });
    expect(liveRanges(state)[0]!.summary).toMatchObject({ count: 3, durationSeconds: 2 });
    // A series drawn from minute rollups has no warm-up merge: the server is asked then.
    const rollups = liveState([{ ...liveSeries(), resolution: 'rollups' }]);
    expect(warmupKnown(rollups)).toBe(false);
    expect(liveRanges(rollups, true)).toEqual([]);
  });

  it('keeps points and heatmap columns in time order when a frame comes late', () => {
    let state = liveState([liveSeries()]);
    state = appendFrame(state, frame(2, [9000]), info);
    state = appendFrame(state, frame(1, [300]), info);
    const [series] = state.timelines;
    expect(series!.points.map((p) => p.t)).toEqual([0, 1000, 2000]);
    const top = (column: number[]) => column.findLastIndex((c) => c > 0);
    expect(top(series!.heatmap.counts[2]!)).toBeGreaterThan(top(series!.heatmap.counts[1]!));
  });

  it('tells a gap in seq (frames the page never received) from the next frame', () => {
    const state = liveState([liveSeries()]);
    expect(missedBefore(state, frame(1, [1]))).toBe(false);
    expect(missedBefore(state, frame(3, [1]))).toBe(true);
    expect(missedBefore(state, frame(3, [1], { series: 'counter' }))).toBe(false);
  });

  it('starts a series it meets first on the stream', () => {
    const state = appendFrame(liveState([]), frame(0, [100]), info);
    expect(state.timelines[0]!.points).toHaveLength(1);
    expect(liveRanges(state)[0]!.summary!.count).toBe(1);
    expect(appendFrame(liveState([]), frame(0, [100]), undefined).timelines).toEqual([]);
  });

  it('extends a run drawn from minute rollups minute by minute, from the first whole minute it sees', () => {
    const minute = (t: number) => ({
      t,
      end: t + 60_000,
      count: 60,
      max: 900,
      p50: 100,
      p90: 200,
      p99: 300,
      p999: 400,
      warmup: false,
    });
    const rollups: SeriesTimeline = {
      ...liveSeries(),
      resolution: 'rollups',
      points: [minute(0), minute(60_000)],
      live: { bands: [null, null], merged: null, lastSeq: null },
    };
    const at = (seq: number, startMs: number, values: number[]) =>
      frame(seq, values, { startMs, endMs: startMs + 1000 });
    let state = liveState([rollups]);
    // Joined in the middle of a minute: the page does not know its earlier frames.
    expect(missedBefore(state, at(150, 150_500, [100]))).toBe(false);
    state = appendFrame(state, at(150, 150_500, [100]), info);
    expect(state.timelines[0]!.points).toHaveLength(2);
    state = appendFrame(state, at(180, 180_000, [100, 300]), info);
    state = appendFrame(state, at(181, 181_000, [500]), info);
    // A repeated frame (a reconnect's replay) is counted once.
    state = appendFrame(state, at(181, 181_000, [500]), info);
    const [series] = state.timelines;
    expect(series!.points.map((p) => p.t)).toEqual([0, 60_000, 180_000]);
    const built = series!.points[2]!;
    expect([built.count, built.end, built.max]).toEqual([3, 182_000, 500]);
    expect(built.p50).toBe(histogramOf([100, 300, 500]).valueAtPercentile(50));
    // The heatmap gains the minute's column; the whole-run summary stays the stored one.
    expect(series!.heatmap.counts.length).toBeGreaterThan(0);
    expect(liveRanges(state)).toEqual([]);
    expect(missedBefore(state, at(183, 183_000, [1]))).toBe(true);
  });

  it("advances a rollup-drawn run's summary and spectrum with the frames after the server's merge", () => {
    const minute = (t: number) => ({
      t,
      end: t + 60_000,
      count: 2,
      max: 200,
      p50: 100,
      p90: 200,
      p99: 200,
      p999: 200,
      warmup: false,
    });
    // The server merged every steady interval through seq 119 (two samples) in one snapshot.
    const rollups: SeriesTimeline = {
      ...liveSeries(),
      resolution: 'rollups',
      points: [minute(0), minute(60_000)],
      live: { bands: [null, null], merged: encodeBase64(histogramOf([100, 200])), lastSeq: 119 },
    };
    const at = (seq: number, values: number[], extra: Partial<LiveFrame> = {}) =>
      frame(seq, values, { startMs: seq * 1000, endMs: seq * 1000 + 1000, ...extra });
    let state = liveState([rollups]);
    // Already in the merge: not counted again.
    state = appendFrame(state, at(119, [999]), info);
    state = appendFrame(state, at(120, [300, 5000]), info);
    state = appendFrame(state, at(121, [400]), info);
    state = appendFrame(state, at(121, [400]), info);
    // Warm-up stays out of the whole-run summary, as the server leaves it out.
    state = appendFrame(state, at(122, [7000], { warmup: true }), info);
    const [range] = liveRanges(state);
    expect(range!.summary!.count).toBe(5);
    expect(range!.summary!.max).toBe(histogramOf([100, 200, 300, 5000, 400]).valueAtPercentile(100));
    expect(range!.spectrum.length).toBeGreaterThan(0);
  });

  it('names the frames a gap missed so they can be read and inserted in place', () => {
    let state = liveState([liveSeries()]);
    state = appendFrame(state, frame(1, [100]), info);
    const late = frame(5, [900]);
    expect(gapBefore(state, late, 600)).toEqual({ seriesId: 's1', afterSeq: 1, beforeSeq: 5 });
    expect(gapBefore(state, late, 2)).toBeNull();
    expect(gapBefore(state, frame(2, [1]), 600)).toBeNull();
    state = appendFrame(state, late, info);
    for (const seq of [2, 3, 4]) state = appendFrame(state, frame(seq, [200 + seq]), undefined);
    expect(state.timelines[0]!.points.map((p) => p.t)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    // Two samples at load, then five intervals of one.
    expect(liveRanges(state)[0]!.summary!.count).toBe(7);
  });
});

describe('sameSamples', () => {
  const series = (...counts: number[]) => ({ points: counts.map((count, t) => ({ t, end: t + 1, count })) });
  it('holds while one series is an interval ahead of the other, or its newest interval has more', () => {
    expect(sameSamples(series(5, 7, 9), series(5, 7, 9))).toBe(true);
    // The tagged series' frames of the newest intervals have not come yet.
    expect(sameSamples(series(5, 7, 9), series(5, 7))).toBe(true);
    expect(sameSamples(series(5, 7, 9), series(5))).toBe(true);
    // The newest minute has taken one series' frames so far.
    expect(sameSamples(series(5, 7, 9), series(5, 7, 4))).toBe(true);
  });
  it('fails for counts that differ in an older interval, or three intervals apart', () => {
    expect(sameSamples(series(5, 6, 9), series(5, 7, 9))).toBe(false);
    expect(sameSamples(series(5, 7, 9, 8), series(5))).toBe(false);
  });
});
