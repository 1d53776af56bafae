import { describe, expect, it } from 'vitest';
import { clipToRun } from '~/lib/timeline-model';
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

describe('intervals cut to the run', () => {
  const minute = 60_000;
  const run = { startMs: 20_000, endMs: 3 * minute + 5_000 };

  it('starts the first minute when the run began and ends the last when it ended', () => {
    expect(clipToRun({ t: 0, end: minute }, run)).toEqual({ t: 20_000, end: minute });
    expect(clipToRun({ t: 3 * minute, end: 4 * minute }, run)).toEqual({
      t: 3 * minute,
      end: 3 * minute + 5_000,
    });
  });

  it('leaves whole intervals, a running run’s last one, and intervals outside the span as stored', () => {
    const middle = { t: minute, end: 2 * minute, count: 7 };
    expect(clipToRun(middle, run)).toBe(middle);
    expect(clipToRun({ t: 3 * minute, end: 4 * minute }, { startMs: 0, endMs: null })).toEqual({
      t: 3 * minute,
      end: 4 * minute,
    });
    expect(clipToRun({ t: 5 * minute, end: 6 * minute }, run)).toEqual({ t: 5 * minute, end: 6 * minute });
  });
});
