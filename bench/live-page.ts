// What a viewer of a live run page experiences, read from the page itself (bench:web, bench:scale):
// an init script records each live `frame` event as it reaches the page, and the run page records
// when each interval was first drawn (apps/web's runs/[id]/draw-timing.ts). Per interval that gives
// the hops end → stored by the API (acceptedAt) → received by the page → drawn.
import type { Page } from '@playwright/test';

interface Arrival {
  startMs: number;
  endMs: number;
  acceptedAt: number;
  arrivedAt: number;
}

/** Init script: records each live `frame` event as it reaches the page, before the page handles it. */
export const FRAME_ARRIVALS_SCRIPT = () => {
  const arrivals: Arrival[] = [];
  (window as unknown as { __frameArrivals: typeof arrivals }).__frameArrivals = arrivals;
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('frame', (event) => {
        const frame = JSON.parse((event as MessageEvent<string>).data);
        arrivals.push({ ...frame, arrivedAt: Date.now() });
      });
    }
  };
};

/** Per interval drawn live, in ms: each hop and the whole (interval end → drawn). */
export interface LiveHops {
  stored: number[];
  received: number[];
  drawn: number[];
  total: number[];
}

/**
 * The hops of every interval the pages have drawn live whose end is at or after `fromEndMs`
 * (an interval's series all arrive in one batch: its first arrival stands for it).
 */
export async function liveHops(pages: readonly Page[], fromEndMs = 0): Promise<LiveHops> {
  const hops: LiveHops = { stored: [], received: [], drawn: [], total: [] };
  for (const page of pages) {
    const { arrivals, drawn } = await page.evaluate(() => ({
      arrivals: (window as unknown as { __frameArrivals?: Arrival[] }).__frameArrivals ?? [],
      drawn:
        (window as unknown as { __levelfieldLiveDrawn?: Record<number, number> }).__levelfieldLiveDrawn ?? {},
    }));
    const intervals = new Map<number, Arrival>();
    for (const a of arrivals)
      if (a.endMs >= fromEndMs && !intervals.has(a.startMs)) intervals.set(a.startMs, a);
    for (const [startMs, a] of intervals) {
      const at = drawn[startMs];
      if (at === undefined) continue;
      hops.stored.push(a.acceptedAt - a.endMs);
      hops.received.push(a.arrivedAt - a.acceptedAt);
      hops.drawn.push(at - a.arrivedAt);
      hops.total.push(at - a.endMs);
    }
  }
  return hops;
}

/** The three hops as progress lines, each summarised by the bench's own `show`. */
export function hopLines(hops: LiveHops, show: (xs: number[]) => string): string[] {
  return [
    `  interval end → stored by the API: ${show(hops.stored)}`,
    `  stored → received by the page:    ${show(hops.received)}`,
    `  received → drawn:                 ${show(hops.drawn)}`,
  ];
}
