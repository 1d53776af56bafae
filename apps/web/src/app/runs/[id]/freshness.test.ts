import { describe, expect, it } from 'vitest';
import { freshness } from './freshness.ts';

describe('freshness of the live run page', () => {
  const newest = { endMs: 10_000, arrivedMs: 10_800 };
  const listening = { finished: false, intervalMs: 1000, listeningSinceMs: 5_000 };
  it('says how far behind the newest interval arrived', () => {
    expect(freshness({ ...listening, nowMs: 11_000, newest })).toEqual({
      state: 'live',
      text: 'live · 0.8 s behind',
    });
  });
  it('says stalled, counted from the newest interval end, when nothing comes for a few intervals', () => {
    expect(freshness({ ...listening, nowMs: 22_000, newest })).toEqual({
      state: 'stalled',
      text: 'stalled 12 s',
    });
  });
  it('says finished, and waits for the first interval', () => {
    expect(freshness({ ...listening, finished: true, nowMs: 0, newest }).text).toBe('finished');
    expect(freshness({ ...listening, nowMs: 0, newest: null }).state).toBe('waiting');
  });
  it('reads a clock that runs ahead of the agent as not behind', () => {
    const ahead = { endMs: 10_000, arrivedMs: 9_900 };
    expect(freshness({ ...listening, nowMs: 10_000, newest: ahead }).text).toBe('live · 0.0 s behind');
  });
  it('does not call a page stalled before its stream had the time to bring an interval', () => {
    // A page read on a busy machine: its newest interval 13 s old when it arrived.
    const read = { endMs: 10_000, arrivedMs: 23_400 };
    const before = { ...listening, listeningSinceMs: null };
    expect(freshness({ ...before, nowMs: 24_000, newest: read })).toMatchObject({ state: 'live' });
    expect(freshness({ ...before, nowMs: 30_000, newest: read })).toEqual({
      state: 'waiting',
      text: 'connecting to the live stream · newest interval 20 s old',
    });
    // The stream opened at 36 s: silence counts from then.
    const open = { ...listening, listeningSinceMs: 36_000 };
    expect(freshness({ ...open, nowMs: 37_000, newest: read }).state).toBe('live');
    expect(freshness({ ...open, nowMs: 39_500, newest: read })).toEqual({
      state: 'stalled',
      text: 'stalled 30 s',
    });
  });
});
