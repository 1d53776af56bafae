import { describe, expect, it } from 'vitest';
import { freshness } from './freshness.ts';

describe('freshness of the live run page', () => {
  const newest = { endMs: 10_000, arrivedMs: 10_800 };
  it('says how far behind the newest interval arrived', () => {
    expect(freshness({ finished: false, nowMs: 11_000, newest, intervalMs: 1000 })).toEqual({
      state: 'live',
      text: 'live · 0.8 s behind',
    });
  });
  it('says stalled, counted from the newest interval end, when nothing comes for a few intervals', () => {
    expect(freshness({ finished: false, nowMs: 22_000, newest, intervalMs: 1000 })).toEqual({
      state: 'stalled',
      text: 'stalled 12 s',
    });
  });
  it('says finished, and waits for the first interval', () => {
    expect(freshness({ finished: true, nowMs: 0, newest, intervalMs: 1000 }).text).toBe('finished');
    expect(freshness({ finished: false, nowMs: 0, newest: null, intervalMs: 1000 }).state).toBe('waiting');
  });
  it('reads a clock that runs ahead of the agent as not behind', () => {
    const ahead = { endMs: 10_000, arrivedMs: 9_900 };
    expect(freshness({ finished: false, nowMs: 10_000, newest: ahead, intervalMs: 1000 }).text).toBe(
      'live · 0.0 s behind',
    );
  });
});
