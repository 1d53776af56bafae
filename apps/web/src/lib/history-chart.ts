// ECharts options of a history page (pure; history-chart.test.ts). Each metric is drawn as a
// line through its points' medians and a dot per run, so the repetitions' spread is visible; a
// vertical line marks each detected change where it starts. Every item carries its run's id:
// clicking a dot opens the run.
import type { EChartsCoreOption } from 'echarts/core';
import { formatLatency, formatRate, toMillis } from './format';
import {
  type DetectedChange,
  formatChange,
  type HistoryMetric,
  type HistoryPoint,
  METRIC_LABEL,
} from './history-points';

/** Along the x axis: when the runs started, or their commits in order (one step per commit). */
export type HistoryAxis = 'time' | 'commit';

const COLORS: Record<HistoryMetric, string> = { p50: '#2f6feb', p99: '#bf8700', throughput: '#1a7f37' };
const REGRESSION = '#cf222e';
const IMPROVEMENT = '#1a7f37';

/** A drawn item: its position and the run it opens. */
export interface HistoryItem {
  value: [number | string, number];
  runId: string;
  name: string;
}

/** What a change mark needs beyond the detection: whether someone dismissed it. */
export type MarkedChange = DetectedChange & { decision: 'confirmed' | 'dismissed' | null };

/** The short name of a point on the commit axis: its commit's first 8 characters, or its number. */
export const pointLabel = (point: HistoryPoint) =>
  point.commit ? point.commit.slice(0, 8) : `#${point.index + 1}`;

const xOf = (point: HistoryPoint, axis: HistoryAxis) =>
  axis === 'time' ? Date.parse(point.at) : pointLabel(point);

function metricSeries(
  points: readonly HistoryPoint[],
  changes: readonly MarkedChange[],
  metric: HistoryMetric,
  axis: HistoryAxis,
  scale: (v: number) => number,
) {
  const measured = points.filter((p) => p.values[metric] !== null);
  const line: HistoryItem[] = measured.map((p) => ({
    value: [xOf(p, axis), scale(p.values[metric]!.median)],
    runId: p.runs[0]!.id,
    name: pointLabel(p),
  }));
  const dots: HistoryItem[] = measured.flatMap((p) =>
    p.runs
      .filter((run) => run.values[metric] !== null)
      .map((run) => ({ value: [xOf(p, axis), scale(run.values[metric]!)], runId: run.id, name: run.name })),
  );
  const marks = changes
    .filter((c) => c.metric === metric)
    .map((c) => {
      const color = c.regression ? REGRESSION : IMPROVEMENT;
      const dismissed = c.decision === 'dismissed';
      return {
        xAxis: xOf(points[c.pointIndex]!, axis),
        label: {
          formatter: `${metric} ${formatChange(c.relativeChange)}${dismissed ? ' (dismissed)' : ''}`,
          color,
        },
        lineStyle: { color, type: dismissed ? 'dotted' : 'dashed', width: 2 },
      };
    });
  const label = METRIC_LABEL[metric];
  return [
    {
      name: label,
      type: 'line',
      data: line,
      color: COLORS[metric],
      symbol: 'none',
      markLine: marks.length > 0 ? { symbol: 'none', silent: true, data: marks } : undefined,
    },
    {
      name: label,
      type: 'scatter',
      data: dots,
      color: COLORS[metric],
      symbolSize: 7,
      cursor: 'pointer',
    },
  ];
}

function xAxis(points: readonly HistoryPoint[], axis: HistoryAxis) {
  return axis === 'time'
    ? { type: 'time' }
    : { type: 'category', data: points.map(pointLabel), axisLabel: { rotate: 30 } };
}

function option(
  points: readonly HistoryPoint[],
  series: object[],
  axis: HistoryAxis,
  format: (v: number) => string,
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 70, right: 24, top: 36, bottom: 56 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'item',
      formatter: (p: { data: HistoryItem; seriesName: string }) =>
        `${p.data.name}<br/>${p.seriesName}: ${format(p.data.value[1])}`,
    },
    xAxis: xAxis(points, axis),
    // From zero, so a line's height is its size: a 3 % wobble does not look like a cliff.
    yAxis: { type: 'value', axisLabel: { formatter: format } },
    series,
  };
}

/** p50 and p99 of the history's series, drawn in milliseconds. */
export function historyLatencyOption(
  points: readonly HistoryPoint[],
  changes: readonly MarkedChange[],
  unit: string,
  axis: HistoryAxis,
): EChartsCoreOption {
  const scale = (v: number) => toMillis(unit, v);
  const series = (['p50', 'p99'] as const).flatMap((m) => metricSeries(points, changes, m, axis, scale));
  return option(points, series, axis, (ms) => formatLatency(ms, 'tick'));
}

/** Throughput (per second) of the history's series. */
export function historyThroughputOption(
  points: readonly HistoryPoint[],
  changes: readonly MarkedChange[],
  axis: HistoryAxis,
): EChartsCoreOption {
  const series = metricSeries(points, changes, 'throughput', axis, (v) => v);
  return option(points, series, axis, (v) => formatRate(v));
}
