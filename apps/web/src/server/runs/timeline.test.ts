import { describe, expect, it } from 'vitest';
import { heatmapEdges, uncoveredWindows } from './timeline.ts';

describe('range reads', () => {
  const minute = 60_000;
  it('needs frames only where no minute rollup covers the range', () => {
    expect(
      uncoveredWindows({ fromMs: 30_000, toMs: 5 * minute + 10_000 }, [minute, 2 * minute, 4 * minute]),
    ).toEqual([
      [30_000, minute],
      [3 * minute, 4 * minute],
      [5 * minute, 5 * minute + 10_000],
    ]);
    expect(uncoveredWindows({ fromMs: minute, toMs: 2 * minute }, [minute])).toEqual([]);
    expect(uncoveredWindows({}, [])).toEqual([[0, Number.POSITIVE_INFINITY]]);
  });

  it('spans heatmap rows geometrically from the smallest to past the largest value', () => {
    const edges = heatmapEdges(100, 100_000, 30);
    expect(edges).toHaveLength(31);
    expect(edges[0]).toBe(100);
    expect(edges[30]).toBeGreaterThan(100_000);
    for (let i = 1; i < edges.length; i++) expect(edges[i]!).toBeGreaterThan(edges[i - 1]!);
  });
});
