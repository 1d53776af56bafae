// How fresh the live run page is, in words: "live · 0.8 s behind" (how long the newest interval
// took from its end at the agent to this page), "stalled 12 s" (nothing new for a while the page
// listened, counted from the newest interval's end), "finished". Interval ends are the agent's
// clock and "now" is the browser's: on one machine they agree; across machines the figure
// includes their offset.
import { formatDuration, formatFixed } from '~/lib/format';

export interface Freshness {
  state: 'waiting' | 'live' | 'stalled' | 'finished';
  text: string;
}

/** Nothing new for this many intervals (past the usual delay) reads as stalled. */
const STALL_INTERVALS = 3;

export function freshness(input: {
  finished: boolean;
  nowMs: number;
  /** End of the newest interval drawn, and when it arrived; null before the first. */
  newest: { endMs: number; arrivedMs: number } | null;
  intervalMs: number;
  /** When the live stream last opened; null while it is not open (yet). */
  listeningSinceMs: number | null;
}): Freshness {
  const { finished, nowMs, newest, intervalMs, listeningSinceMs } = input;
  if (finished) return { state: 'finished', text: 'finished' };
  if (!newest) return { state: 'waiting', text: 'live · waiting for the first interval' };
  const behind = Math.max(0, newest.arrivedMs - newest.endMs);
  const silent = nowMs - newest.endMs;
  const patience = STALL_INTERVALS * intervalMs;
  // Silence means something only while the page listens: the newest interval of a page read on a
  // busy machine may arrive long before the stream opens, and the agent was streaming all along.
  if (listeningSinceMs === null && nowMs - newest.arrivedMs > patience)
    return {
      state: 'waiting',
      text: `connecting to the live stream · newest interval ${formatDuration(silent)} old`,
    };
  if (
    listeningSinceMs !== null &&
    silent > behind + patience &&
    nowMs - Math.max(listeningSinceMs, newest.arrivedMs) > patience
  )
    return { state: 'stalled', text: `stalled ${formatDuration(silent)}` };
  return { state: 'live', text: `live · ${formatFixed(behind / 1000, 1)} s behind` };
}
