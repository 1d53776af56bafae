'use client';
// The one ECharts wrapper: registers only the modules Levelfield draws with, initialises once
// (with `lazy`, once it first comes near the viewport), applies option changes, follows its
// container's size and disposes on unmount. Turning data into options is done by pure functions
// elsewhere (and unit-tested there).
import { type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { CHART_MODULES } from './chart-modules';

use([...CHART_MODULES, CanvasRenderer]);

export interface ChartProps {
  option: EChartsCoreOption;
  /** ECharts event name → handler, e.g. { datazoom: onZoom }. */
  events?: Record<string, (params: unknown, chart: ECharts) => void>;
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
  /**
   * Draw only once the chart comes within a screen of the viewport: a page of a dozen heavy
   * charts then draws the ones in view first, the rest as the reader scrolls. The container
   * keeps its height meanwhile, so nothing shifts.
   */
  lazy?: boolean;
}

/** How far outside the viewport a lazy chart starts drawing, so it is ready when scrolled to. */
const LAZY_MARGIN = '50% 0px';

export function Chart({
  option,
  events,
  onRendered,
  ariaLabel,
  className,
  style,
  printWidth,
  lazy = false,
}: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [near, setNear] = useState(!lazy);
  // The instance exists from this state on; the event bindings below re-run when it appears.
  const [ready, setReady] = useState(false);
  // The option to draw when the instance is created, and the one it last drew (never twice).
  const latest = useRef(option);
  latest.current = option;
  const applied = useRef<EChartsCoreOption | null>(null);

  useEffect(() => {
    const element = container.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const element = container.current;
    if (!near || !element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.setOption(latest.current, { lazyUpdate: false });
    applied.current = latest.current;
    setReady(true);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      applied.current = null;
      setReady(false);
    };
  }, [near]);

  useEffect(() => {
    if (!chart.current || applied.current === option) return;
    chart.current.setOption(option, { lazyUpdate: false });
    applied.current = option;
  }, [option]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` binds to a new instance
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
  }, [events, onRendered, ready]);

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
