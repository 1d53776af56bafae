'use client';
// Marks for measuring the run page (npm run bench:web, and anyone with the browser's
// performance tools): `levelfield:charts-drawn` when every chart in the first viewport has
// finished its first draw (charts below it draw as the reader scrolls near them),
// `levelfield:all-charts-drawn` when every chart has, and, while live, the wall-clock time each
// new interval was first drawn.
import type { ECharts } from 'echarts/core';
import { useCallback, useEffect, useRef } from 'react';

declare global {
  interface Window {
    /** interval start (unix ms) → Date.now() when a chart first drew it */
    __levelfieldLiveDrawn?: Record<number, number>;
  }
}

export const CHARTS_DRAWN_MARK = 'levelfield:charts-drawn';
export const ALL_CHARTS_DRAWN_MARK = 'levelfield:all-charts-drawn';
/** The attribute naming each chart's panel, so the first viewport's charts can be found. */
export const CHART_KEY_ATTRIBUTE = 'data-chart-key';

function markOnce(name: string): void {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

/**
 * Returns, per chart key, a stable onRendered callback (stable so the chart does not rebind
 * its listener on every render). `lastIntervalStart` is remembered at render time and read when
 * ECharts reports the draw finished, so it always names the newest interval drawn.
 */
export function useDrawTiming(expected: number) {
  const drawn = useRef(new Set<string>());
  const firstView = useRef<string[] | null>(null);
  const latest = useRef(new Map<string, number | undefined>());
  const callbacks = useRef(new Map<string, (chart: ECharts) => void>());

  const check = useCallback(() => {
    if (firstView.current?.every((key) => drawn.current.has(key))) markOnce(CHARTS_DRAWN_MARK);
    if (drawn.current.size >= expected) markOnce(ALL_CHARTS_DRAWN_MARK);
  }, [expected]);

  // Which charts the reader sees without scrolling, measured once the page is laid out.
  useEffect(() => {
    firstView.current = [...document.querySelectorAll<HTMLElement>(`[${CHART_KEY_ATTRIBUTE}]`)]
      .filter((panel) => panel.getBoundingClientRect().top < window.innerHeight)
      .map((panel) => panel.getAttribute(CHART_KEY_ATTRIBUTE) as string);
    check();
  }, [check]);

  return useCallback(
    (chartKey: string, lastIntervalStart?: number) => {
      latest.current.set(chartKey, lastIntervalStart);
      let callback = callbacks.current.get(chartKey);
      if (!callback) {
        callback = () => {
          drawn.current.add(chartKey);
          check();
          const last = latest.current.get(chartKey);
          if (last !== undefined) {
            window.__levelfieldLiveDrawn ??= {};
            window.__levelfieldLiveDrawn[last] ??= Date.now();
          }
        };
        callbacks.current.set(chartKey, callback);
      }
      return callback;
    },
    [check],
  );
}
