'use client';
// The one ECharts wrapper: registers only the modules Levelfield draws with, initialises once,
// applies option changes, follows its container's size and disposes on unmount. Turning data
// into options is done by pure functions elsewhere (and unit-tested there).
import { type ECharts, type EChartsCoreOption, getInstanceByDom, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';
import { CHART_MODULES } from './chart-modules';

use([...CHART_MODULES, CanvasRenderer]);

declare global {
  interface Window {
    /** The ECharts instance drawing into a chart's element (see below). */
    __levelfieldChart?: (element: Element) => ECharts | undefined;
  }
}

// A canvas chart's axes, zoom and tooltips are not in the page's DOM: browser tests and the
// benchmark read them from the chart's own ECharts instance, which this hands out by element.
if (typeof window !== 'undefined')
  window.__levelfieldChart ??= (element) => getInstanceByDom(element as HTMLElement);

export interface ChartProps {
  /** null: nothing to draw (yet): server rendering, where a page may skip building options. */
  option: EChartsCoreOption | null;
  /** ECharts event name → handler, e.g. { datazoom: onZoom }. */
  events?: Record<string, (params: unknown, chart: ECharts) => void>;
  /**
   * A tooltip computed from the pointer's position in the first grid's axis values, for charts
   * whose drawing has no per-item elements to hover (heatmap cells); null hides it.
   */
  tooltipAt?: (x: number, y: number) => string | null;
  /** Called after each render has finished drawing (used to measure time-to-chart). */
  onRendered?: (chart: ECharts) => void;
  ariaLabel: string;
  className?: string;
  style?: CSSProperties;
  /**
   * Width (px) to redraw at while the page prints. Printing lays the page out at paper width
   * without running the resize observer, so a chart drawn for the screen would be cut or shrunk;
   * pages meant to be printed (reports) pass the width their print stylesheet gives the chart.
   */
  printWidth?: number;
}

export function Chart({
  option,
  events,
  tooltipAt,
  onRendered,
  ariaLabel,
  className,
  style,
  printWidth,
}: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = init(container.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const element = container.current;
    // A ResizeObserver reports every element once when observing starts: that first report
    // (the size init just used) would redraw each chart a second time on page load.
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== instance.getWidth() || element.clientHeight !== instance.getHeight())
        instance.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const bound = Object.entries(events ?? {}).map(([name, handler]) => {
      const listener = (params: unknown) => handler(params, instance);
      instance.on(name, listener);
      return () => instance.off(name, listener);
    });
    const rendered = onRendered ? () => onRendered(instance) : undefined;
    if (rendered) instance.on('finished', rendered);
    return () => {
      for (const unbind of bound) unbind();
      if (rendered) instance.off('finished', rendered);
    };
  }, [events, onRendered]);

  // After the listeners (effects run in order): setOption draws synchronously, and its
  // 'finished' must reach onRendered.
  useEffect(() => {
    if (option) chart.current?.setOption(option, { lazyUpdate: false });
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !tooltipAt) return;
    const zr = instance.getZr();
    const move = ({ offsetX, offsetY }: { offsetX: number; offsetY: number }) => {
      const pixel = [offsetX, offsetY];
      const inGrid = instance.containPixel({ gridIndex: 0 }, pixel);
      const [x, y] = inGrid ? (instance.convertFromPixel({ gridIndex: 0 }, pixel) as number[]) : [];
      const text = x !== undefined && y !== undefined ? tooltipAt(x, y) : null;
      instance.dispatchAction(
        text ? { type: 'showTip', x: offsetX, y: offsetY, tooltip: text } : { type: 'hideTip' },
      );
    };
    const out = () => instance.dispatchAction({ type: 'hideTip' });
    zr.on('mousemove', move);
    zr.on('globalout', out);
    return () => {
      zr.off('mousemove', move);
      zr.off('globalout', out);
    };
  }, [tooltipAt]);

  useEffect(() => {
    if (!printWidth) return;
    const media = window.matchMedia('print');
    const fit = (printing: boolean) =>
      chart.current?.resize(
        printing ? { width: printWidth, height: container.current?.clientHeight } : undefined,
      );
    const onChange = () => fit(media.matches);
    const before = () => fit(true);
    const after = () => fit(false);
    media.addEventListener('change', onChange);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      media.removeEventListener('change', onChange);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [printWidth]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={ariaLabel}
      className={className}
      style={{ width: '100%', height: 280, ...style }}
    />
  );
}
