'use client';
// Marks for measuring the run page (npm run bench:web, and anyone with the browser's
// performance tools): `levelfield:charts-drawn` when every chart has finished its first draw,
// and, while live, the wall-clock time each new interval was first drawn.
import type { ECharts } from 'echarts/core';
import { useCallback, useRef } from 'react';

declare global {
  interface Window {
    /** interval start (unix ms) → Date.now() when a chart first drew it */
    __levelfieldLiveDrawn?: Record<number, number>;
  }
}

export const CHARTS_DRAWN_MARK = 'levelfield:charts-drawn';

/**
 * Returns, per chart key, a stable onRendered callback (stable so the chart does not rebind
 * its listener on every render). `lastIntervalStart` is remembered at render time and read when
 * ECharts reports the draw finished, so it always names the newest interval drawn.
 */
export function useDrawTiming(expected: number) {
  const drawn = useRef(new Set<string>());
  const latest = useRef(new Map<string, number | undefined>());
  const callbacks = useRef(new Map<string, (chart: ECharts) => void>());
  return useCallback(
    (chartKey: string, lastIntervalStart?: number) => {
      latest.current.set(chartKey, lastIntervalStart);
      let callback = callbacks.current.get(chartKey);
      if (!callback) {
        callback = () => {
          drawn.current.add(chartKey);
          if (
            drawn.current.size >= expected &&
            performance.getEntriesByName(CHARTS_DRAWN_MARK).length === 0
          ) {
            performance.mark(CHARTS_DRAWN_MARK);
          }
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
    [expected],
  );
}
