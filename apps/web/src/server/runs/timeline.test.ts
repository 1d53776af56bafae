import { describe, expect, it } from 'vitest';
import { uncoveredWindows } from './timeline.ts';

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
});
