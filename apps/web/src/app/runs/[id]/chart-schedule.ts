'use client';
// When each of the run page's charts is drawn, and the marks that say so (npm run bench:web, and
// anyone with the browser's performance tools).
//
// A chart of a day's run costs 20–80 ms of main thread on its first draw, and the page has up to
// twelve, of which two are in view when it opens. Drawn all at once, in one task, they kept the
// charts in view waiting for the ones below them. Now the charts in view are drawn first, as soon
// as the page has rendered, and `levelfield:charts-drawn` is marked when every one of them has
// drawn: what the viewer sees is then complete. The charts out of view follow one per task, in
// page order (the page answers input between them), or at once when scrolled within NEAR of the
// viewport; `levelfield:all-charts-drawn` is marked when every chart of the page has drawn.
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

export const CHARTS_DRAWN_MARK = 'levelfield:charts-drawn';
export const ALL_CHARTS_DRAWN_MARK = 'levelfield:all-charts-drawn';

/** Charts this close above or below the viewport are drawn as it scrolls towards them. */
const NEAR = '200px 0px';

function inView(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
}

function markOnce(name: string) {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

export interface ChartSchedule {
  /** Whether the chart is to be drawn now; until then the page shows an empty box of its size. */
  isDue(key: string): boolean;
  /** The ref of a chart's empty box: the schedule watches it come into view. */
  slotRef(key: string): (element: Element | null) => void;
  /** Reports a chart's draw (each draw; the first counts). */
  drawn(key: string): void;
  /** Every chart in view when the page opened has drawn: what the page fetches after it may start. */
  viewDrawn: boolean;
}

/** `keys`: every chart of the page, in page order. */
export function useChartSchedule(keys: readonly string[]): ChartSchedule {
  const [due, setDue] = useState<ReadonlySet<string>>(() => new Set());
  const [viewDrawn, setViewDrawn] = useState(false);
  const order = useRef(keys);
  order.current = keys;
  /** The charts made due, at once (`due` follows with the next render). */
  const dueKeys = useRef(new Set<string>());
  const slots = useRef(new Map<Element, string>());
  const slotRefs = useRef(new Map<string, (element: Element | null) => void>());
  const drawnKeys = useRef(new Set<string>());
  /** The charts in view when the page first looked; null until it has. */
  const firstView = useRef<ReadonlySet<string> | null>(null);
  const queued = useRef(false);

  const makeDue = useCallback((more: readonly string[]) => {
    const added = more.filter((key) => !dueKeys.current.has(key));
    if (added.length === 0) return;
    for (const key of added) dueKeys.current.add(key);
    setDue(new Set(dueKeys.current));
  }, []);

  /** Marks what is complete; once the first view is, draws the next chart out of view. */
  const settle = useCallback(() => {
    const view = firstView.current;
    if (!view || ![...view].every((key) => drawnKeys.current.has(key))) return;
    markOnce(CHARTS_DRAWN_MARK);
    setViewDrawn(true);
    if (order.current.every((key) => drawnKeys.current.has(key))) markOnce(ALL_CHARTS_DRAWN_MARK);
    if (queued.current) return;
    queued.current = true;
    // A task of its own: input and painting go first. The next chart is picked when it runs,
    // as scrolling may have made charts due meanwhile.
    setTimeout(() => {
      queued.current = false;
      const next = order.current.find((key) => !dueKeys.current.has(key));
      if (next !== undefined) makeDue([next]);
    }, 0);
  }, [makeDue]);

  const keyList = keys.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: look again when the charts change (a series appears live)
  useLayoutEffect(() => {
    // The first look, before the page is painted: the charts in view are drawn right away.
    if (!firstView.current) {
      const view = [...slots.current].flatMap(([element, key]) => (inView(element) ? [key] : []));
      firstView.current = new Set(view);
      makeDue(view);
      settle();
    }
    const observer = new IntersectionObserver(
      (entries) =>
        makeDue(
          entries.flatMap((entry) => {
            const key = slots.current.get(entry.target);
            return entry.isIntersecting && key !== undefined ? [key] : [];
          }),
        ),
      { rootMargin: NEAR },
    );
    for (const element of slots.current.keys()) observer.observe(element);
    return () => observer.disconnect();
  }, [keyList, makeDue, settle]);

  return useMemo(
    () => ({
      isDue: (key) => due.has(key),
      slotRef: (key) => {
        let ref = slotRefs.current.get(key);
        if (!ref) {
          ref = (element) => {
            for (const [slot, k] of slots.current) if (k === key) slots.current.delete(slot);
            if (element) slots.current.set(element, key);
          };
          slotRefs.current.set(key, ref);
        }
        return ref;
      },
      drawn: (key) => {
        if (drawnKeys.current.has(key)) return;
        drawnKeys.current.add(key);
        settle();
      },
      viewDrawn,
    }),
    [due, settle, viewDrawn],
  );
}
