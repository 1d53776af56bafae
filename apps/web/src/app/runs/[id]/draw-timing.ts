'use client';
// What each chart's draw reports: to the chart schedule (chart-schedule.ts, which marks when the
// charts in view, and then all, have drawn) and, while live, the wall-clock time each new
// interval was first drawn (npm run bench:web's live and freshness figures).
import type { ECharts } from 'echarts/core';
import { useCallback, useRef } from 'react';

declare global {
  interface Window {
    /** interval start (unix ms) → Date.now() when a chart first drew it */
    __levelfieldLiveDrawn?: Record<number, number>;
  }
}

/**
 * Returns, per chart key, a stable onRendered callback (stable so the chart does not rebind
 * its listener on every render). `lastIntervalStart` is remembered at render time and read when
 * ECharts reports the draw finished, so it always names the newest interval drawn.
 */
export function useDrawTiming(drawn: (chartKey: string) => void) {
  const latest = useRef(new Map<string, number | undefined>());
  const callbacks = useRef(new Map<string, (chart: ECharts) => void>());
  const report = useRef(drawn);
  report.current = drawn;
  return useCallback((chartKey: string, lastIntervalStart?: number) => {
    latest.current.set(chartKey, lastIntervalStart);
    let callback = callbacks.current.get(chartKey);
    if (!callback) {
      callback = () => {
        report.current(chartKey);
        const last = latest.current.get(chartKey);
        if (last !== undefined) {
          window.__levelfieldLiveDrawn ??= {};
          window.__levelfieldLiveDrawn[last] ??= Date.now();
        }
      };
      callbacks.current.set(chartKey, callback);
    }
    return callback;
  }, []);
}
