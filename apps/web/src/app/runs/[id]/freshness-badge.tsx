'use client';
import { useEffect, useState } from 'react';
import { freshness } from './freshness';
import type { Newest } from './use-live';

/** The live page's freshness in words (freshness.ts), re-read four times a second. */
export function FreshnessBadge({
  finished,
  newest,
  intervalMs,
  listeningSinceMs,
}: {
  finished: boolean;
  newest: Newest | null;
  intervalMs: number;
  listeningSinceMs: number | null;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [finished]);
  const { state, text } = freshness({ finished, nowMs: now, newest, intervalMs, listeningSinceMs });
  return (
    <span
      className={`tag freshness ${state}`}
      data-testid="freshness"
      data-state={state}
      role="status"
      // The server and the browser read different clocks: the browser's text wins.
      suppressHydrationWarning
    >
      {text}
    </span>
  );
}
