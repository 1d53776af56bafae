'use client';
import { useEffect, useState } from 'react';
import { formatDuration } from '~/lib/format';

/** Elapsed time of a running run, ticking every second. */
export function ElapsedClock({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span suppressHydrationWarning>running for {formatDuration(now - since)}</span>;
}
