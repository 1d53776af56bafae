// What a thread may anchor to, read from a snapshot: chart extents from the time lines and
// spectra the report draws, and the reviewer-facing reasons an anchor is refused.
import { describe, expect, it } from 'vitest';
import { anchorProblem, anchorsOf } from './anchors-of.ts';
import type { ReportSnapshot } from './snapshot.ts';

const point = (t: number, end: number) => ({ t, end });
const run = (id: string, points: { t: number; end: number }[], percentiles: number[]) => ({
  id,
  name: `run ${id}`,
  timelines: [{ kind: 'latency', points }],
  spectra: [{ seriesId: 's', spectrum: percentiles.map((percentile) => ({ percentile, value: 1 })) }],
});

// Only the parts anchorsOf reads.
const snapshot = {
  checks: [{ id: 'F-HW-1', title: 'Same hardware', state: 'flag' }],
  headline: [{ key: 'throughput', label: 'Throughput' }],
  entries: [
    { label: 'A', runs: [run('a1', [point(1_000, 2_000), point(2_000, 61_000)], [0, 50, 99.9])] },
    { label: 'B', runs: [run('b1', [point(5_000, 95_000)], [0, 99.99])] },
  ],
  provenanceDiff: [{ fields: [{ path: 'nodes.sut.hardware.cpuModel' }, { path: 'settings.isolation' }] }],
} as unknown as ReportSnapshot;

describe('anchorsOf', () => {
  const anchors = anchorsOf(snapshot);

  it('lists checks, cells per entry, runs and the comparison’s field paths', () => {
    expect(anchors.checks.map((c) => c.checkId)).toEqual(['F-HW-1']);
    expect(anchors.cells.map((c) => `${c.metric}|${c.entry}`)).toEqual(['throughput|A', 'throughput|B']);
    expect(anchors.runs.map((r) => r.run)).toEqual(['a1', 'b1']);
    expect(anchors.fields).toEqual(['nodes.sut.hardware.cpuModel', 'settings.isolation']);
  });

  it('spans the throughput chart over the longest run (elapsed seconds) and the spectrum over its percentiles', () => {
    expect(anchors.charts).toEqual([
      { chart: 'throughput', unit: 's elapsed', from: 0, to: 90 },
      { chart: 'spectrum', unit: 'percentile', from: 0, to: 99.99 },
    ]);
  });

  it('accepts a range inside a chart and explains one outside it', () => {
    expect(anchorProblem(anchors, { kind: 'range', chart: 'throughput', from: 10, to: 90 }, 2)).toBeNull();
    expect(anchorProblem(anchors, { kind: 'range', chart: 'throughput', from: 10, to: 120 }, 2)).toBe(
      'The range 10–120 lies outside the throughput chart, which spans 0–90 (s elapsed).',
    );
    expect(anchorProblem(anchors, { kind: 'range', chart: 'spectrum', from: 99, to: 99.99 }, 2)).toBeNull();
  });

  it('offers no chart where the snapshot has no data for it', () => {
    const published = anchorsOf({ ...snapshot, entries: [{ label: 'A', position: 0, runs: [] }] });
    expect(published.charts).toEqual([]);
    expect(anchorProblem(published, { kind: 'range', chart: 'spectrum', from: 50, to: 99 }, 1)).toMatch(
      /^Version 1 has no spectrum chart/,
    );
  });
});
