'use client';
// The run page's charts, a component each. A chart builds what it draws only when the page's
// schedule has it drawn (chart-schedule.ts): until then it is an empty box of its size, and a
// chart out of view costs nothing while the ones in view are drawn.
import { Chart } from '@levelfield/ui/chart';
import type { ECharts } from 'echarts/core';
import { type ReactNode, useMemo } from 'react';
import {
  heatGrid,
  heatmapOption,
  heatmapTooltip,
  type LatencyScale,
  percentileLinesOption,
  spectrumOption,
  type TimeRange,
  throughputOption,
} from '~/components/charts/chart-options';
import type { SeriesRange, SeriesTimeline } from '~/lib/timeline-model';
import type { ChartSchedule } from './chart-schedule';

/** What the page's charts share. */
export interface ChartContext {
  schedule: ChartSchedule;
  range: TimeRange | null;
  scale: LatencyScale;
  /** ECharts event name → handler (zooming selects a range). */
  events: Record<string, (params: unknown, chart: ECharts) => void>;
  /** The chart's onRendered (draw-timing.ts). */
  onDrawn: (chartKey: string, lastIntervalStart?: number) => (chart: ECharts) => void;
  title: (series: SeriesTimeline) => string;
}

/** Each chart's key for the schedule and the draw timing. */
export const CHART_KEYS = {
  lines: (series: SeriesTimeline) => `lines-${series.seriesId}`,
  throughput: 'throughput',
  heatmap: (series: SeriesTimeline) => `heat-${series.seriesId}`,
  spectrum: 'spectrum',
};

/** The size of a chart, and of the empty box it is drawn into. */
const CHART_STYLE = { height: 280 };

function Panel({
  heading,
  chartKey,
  schedule,
  children,
}: {
  heading: ReactNode;
  chartKey: string;
  schedule: ChartSchedule;
  children: ReactNode;
}) {
  return (
    <section className="panel">
      <h2>{heading}</h2>
      {schedule.isDue(chartKey) ? children : <div ref={schedule.slotRef(chartKey)} style={CHART_STYLE} />}
    </section>
  );
}

export function LinesPanel({
  series,
  lastIntervalStart,
  ctx,
}: {
  series: SeriesTimeline;
  /** While live: the newest interval, reported when drawn. */
  lastIntervalStart?: number;
  ctx: ChartContext;
}) {
  const key = CHART_KEYS.lines(series);
  return (
    <Panel heading={`Latency percentiles — ${ctx.title(series)}`} chartKey={key} schedule={ctx.schedule}>
      <LinesChart series={series} ctx={ctx} onRendered={ctx.onDrawn(key, lastIntervalStart)} />
    </Panel>
  );
}

function LinesChart({
  series,
  ctx: { range, scale, events, title },
  onRendered,
}: {
  series: SeriesTimeline;
  ctx: ChartContext;
  onRendered: (chart: ECharts) => void;
}) {
  const option = useMemo(() => percentileLinesOption(series, range, scale), [series, range, scale]);
  return (
    <Chart
      ariaLabel={`Latency percentiles over time for ${title(series)}`}
      option={option}
      events={events}
      onRendered={onRendered}
      style={CHART_STYLE}
    />
  );
}

export function ThroughputPanel({ timelines, ctx }: { timelines: SeriesTimeline[]; ctx: ChartContext }) {
  return (
    <Panel heading="Throughput" chartKey={CHART_KEYS.throughput} schedule={ctx.schedule}>
      <ThroughputChart timelines={timelines} ctx={ctx} />
    </Panel>
  );
}

function ThroughputChart({
  timelines,
  ctx: { range, events, title, onDrawn },
}: {
  timelines: SeriesTimeline[];
  ctx: ChartContext;
}) {
  const option = useMemo(() => throughputOption(timelines, range, title), [timelines, range, title]);
  return (
    <Chart
      ariaLabel="Throughput over time"
      option={option}
      events={events}
      onRendered={onDrawn(CHART_KEYS.throughput)}
      style={CHART_STYLE}
    />
  );
}

export function HeatmapPanel({ series, ctx }: { series: SeriesTimeline; ctx: ChartContext }) {
  return (
    <Panel
      heading={`Latency heatmap — ${ctx.title(series)}`}
      chartKey={CHART_KEYS.heatmap(series)}
      schedule={ctx.schedule}
    >
      {series.heatmapDeferred ? (
        <div style={CHART_STYLE} className="chart-pending muted" aria-busy="true">
          Loading the heatmap…
        </div>
      ) : (
        <HeatmapChart series={series} ctx={ctx} />
      )}
    </Panel>
  );
}

function HeatmapChart({
  series,
  ctx: { range, events, title, onDrawn },
}: {
  series: SeriesTimeline;
  ctx: ChartContext;
}) {
  const grid = useMemo(() => heatGrid(series), [series]);
  const tooltipAt = useMemo(() => heatmapTooltip(series, grid), [series, grid]);
  const option = useMemo(() => heatmapOption(series, grid, range), [series, grid, range]);
  return (
    <Chart
      ariaLabel={`Latency heatmap for ${title(series)}`}
      option={option}
      events={events}
      tooltipAt={tooltipAt}
      onRendered={onDrawn(CHART_KEYS.heatmap(series))}
      style={CHART_STYLE}
    />
  );
}

export function SpectrumPanel({
  ranges,
  byId,
  ctx,
}: {
  ranges: SeriesRange[];
  byId: Map<string, SeriesTimeline>;
  ctx: ChartContext;
}) {
  return (
    <Panel
      heading={`Percentile spectrum${ctx.range ? ' (selected range)' : ''}`}
      chartKey={CHART_KEYS.spectrum}
      schedule={ctx.schedule}
    >
      <SpectrumChart ranges={ranges} byId={byId} ctx={ctx} />
    </Panel>
  );
}

function SpectrumChart({
  ranges,
  byId,
  ctx: { scale, title, onDrawn },
}: {
  ranges: SeriesRange[];
  byId: Map<string, SeriesTimeline>;
  ctx: ChartContext;
}) {
  const option = useMemo(
    () =>
      spectrumOption(
        ranges.flatMap((r) => {
          const series = byId.get(r.seriesId);
          return series ? [{ title: title(series), unit: series.unit, range: r }] : [];
        }),
        scale,
      ),
    [ranges, byId, title, scale],
  );
  return (
    <Chart
      onRendered={onDrawn(CHART_KEYS.spectrum)}
      ariaLabel="Percentile spectrum"
      option={option}
      style={CHART_STYLE}
    />
  );
}
