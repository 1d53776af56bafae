// ECharts options of a history page (pure; history-chart.test.ts). Each metric is drawn as a
// line through its points' medians and a dot per run, so the repetitions' spread is visible; a
// vertical line marks where changes start, a grey dotted one where the tool's options changed.
// Every item carries its run's id: clicking a dot opens the run.
import type { EChartsCoreOption } from 'echarts/core';
import { formatChange, formatLatency, formatRate, toMillis } from './format';
import { type DetectedChange, type HistoryMetric, type HistoryPoint, METRIC_LABEL } from './history-points';

/** Along the x axis: when the runs started, or their commits in order (one step per commit). */
export type HistoryAxis = 'time' | 'commit';

const COLORS: Record<HistoryMetric, string> = { p50: '#2f6feb', p99: '#bf8700', throughput: '#1a7f37' };
const REGRESSION = '#cf222e';
const IMPROVEMENT = '#1a7f37';
const SETUP = '#6e7781';

/** A drawn item: its position and the run it opens. */
export interface HistoryItem {
  value: [number | string, number];
  runId: string;
  name: string;
}

/** What a change mark needs beyond the detection: whether someone dismissed it. */
/** A change as the charts mark it; `detected: false`: recorded earlier, no longer found (server/history/view.ts). */
export type MarkedChange = Pick<DetectedChange, 'metric' | 'pointIndex' | 'regression' | 'relativeChange'> & {
  decision: 'confirmed' | 'dismissed' | null;
  detected?: boolean;
};

/** The short name of a point on the commit axis: its commit's first 8 characters, or its number. */
export const pointLabel = (point: HistoryPoint) =>
  point.commit ? point.commit.slice(0, 8) : `#${point.index + 1}`;

const xOf = (point: HistoryPoint, axis: HistoryAxis) =>
  axis === 'time' ? Date.parse(point.at) : pointLabel(point);

/** An ECharts series as drawn here: a metric's line or its dots, the line with the change marks. */
interface DrawnSeries {
  name: string;
  type: 'line' | 'scatter';
  data: HistoryItem[];
  color: string;
  symbol?: 'none';
  silent?: boolean;
  symbolSize?: number;
  cursor?: string;
  z?: number;
  markLine?: ReturnType<typeof changeMarks>;
}

function metricSeries(
  points: readonly HistoryPoint[],
  metric: HistoryMetric,
  axis: HistoryAxis,
  scale: (v: number) => number,
): DrawnSeries[] {
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
  const label = METRIC_LABEL[metric];
  return [
    {
      name: label,
      type: 'line',
      data: line,
      color: COLORS[metric],
      symbol: 'none',
      // The line would take the pointer from the dots it passes through: the dots are what opens a run.
      silent: true,
    },
    {
      name: label,
      type: 'scatter',
      data: dots,
      color: COLORS[metric],
      symbolSize: 7,
      cursor: 'pointer',
      z: 3,
    },
  ];
}

/**
 * One vertical line per point where a change of the chart's metrics starts, labelled with each
 * ("p50 +30.0 %  p99 +29.7 %"): red when any is a regression, dotted when all were dismissed.
 */
function changeMarks(
  points: readonly HistoryPoint[],
  changes: readonly MarkedChange[],
  setupChanges: readonly { pointIndex: number }[],
  metrics: readonly HistoryMetric[],
  axis: HistoryAxis,
) {
  const byPoint = new Map<number, MarkedChange[]>();
  for (const change of changes.filter((c) => metrics.includes(c.metric)))
    byPoint.set(change.pointIndex, [...(byPoint.get(change.pointIndex) ?? []), change]);
  const data = [...byPoint.entries()].map(([index, here]) => {
    const color = here.some((c) => c.regression) ? REGRESSION : IMPROVEMENT;
    const dismissed = here.every((c) => c.decision === 'dismissed');
    return {
      xAxis: xOf(points[index]!, axis),
      label: {
        formatter: here
          .map(
            (c) =>
              `${c.metric} ${formatChange(c.relativeChange)}${c.decision === 'dismissed' ? ' (dismissed)' : c.detected === false ? ' (recorded)' : ''}`,
          )
          .join('  '),
        color,
      },
      lineStyle: { color, type: dismissed ? 'dotted' : 'dashed', width: 2 },
    };
  });
  // Where the tool's options changed: grey, so a change starting there reads as the options'.
  const setup = setupChanges.map((change) => ({
    xAxis: xOf(points[change.pointIndex]!, axis),
    label: { formatter: 'options changed', color: SETUP, position: 'insideEndBottom' },
    lineStyle: { color: SETUP, type: 'dotted', width: 1.5 },
  }));
  const all = [...data, ...setup];
  return all.length > 0 ? { symbol: 'none', silent: true, data: all } : undefined;
}

function xAxis(points: readonly HistoryPoint[], axis: HistoryAxis) {
  return axis === 'time'
    ? { type: 'time' }
    : { type: 'category', data: points.map(pointLabel), axisLabel: { rotate: 30 } };
}

function option(
  points: readonly HistoryPoint[],
  series: DrawnSeries[],
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
  setupChanges: readonly { pointIndex: number }[],
  unit: string,
  axis: HistoryAxis,
): EChartsCoreOption {
  const scale = (v: number) => toMillis(unit, v);
  const metrics = ['p50', 'p99'] as const;
  const series = metrics.flatMap((m) => metricSeries(points, m, axis, scale));
  series[0]!.markLine = changeMarks(points, changes, setupChanges, metrics, axis);
  return option(points, series, axis, (ms) => formatLatency(ms, 'tick'));
}

/** Throughput (per second) of the history's series. */
export function historyThroughputOption(
  points: readonly HistoryPoint[],
  changes: readonly MarkedChange[],
  setupChanges: readonly { pointIndex: number }[],
  axis: HistoryAxis,
): EChartsCoreOption {
  const series = metricSeries(points, 'throughput', axis, (v) => v);
  series[0]!.markLine = changeMarks(points, changes, setupChanges, ['throughput'], axis);
  return option(points, series, axis, (v) => formatRate(v));
}
