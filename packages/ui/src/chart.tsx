'use client';
// The one ECharts wrapper: registers only the modules Levelfield draws with, initialises once,
// applies option changes, follows its container's size and disposes on unmount. Turning data
// into options is done by pure functions elsewhere (and unit-tested there).
import { HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  BrushComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

use([
  LineChart,
  HeatmapChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  BrushComponent,
  ToolboxComponent,
  VisualMapComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  CanvasRenderer,
]);

export interface ChartProps {
  option: EChartsCoreOption;
  /** ECharts event name → handler, e.g. { datazoom: onZoom }. */
  events?: Record<string, (params: unknown, chart: ECharts) => void>;
  /** Called after each render has finished drawing (used to measure time-to-chart). */
  onRendered?: (chart: ECharts) => void;
  ariaLabel: string;
  className?: string;
  style?: CSSProperties;
}

export function Chart({ option, events, onRendered, ariaLabel, className, style }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = init(container.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { lazyUpdate: false });
  }, [option]);

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
