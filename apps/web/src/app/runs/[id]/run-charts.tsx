'use client';
// The run page's charts and summary table. Zooming or brushing any time chart selects that
// range for every chart and for the summary table and spectrum (recomputed on the server from
// merged histograms). While the run is live, new intervals extend every chart and the summary
// table as they arrive (use-live.ts).
import { useQuery } from '@tanstack/react-query';
import type { ECharts } from 'echarts/core';
import { useCallback, useMemo, useState } from 'react';
import type { LatencyScale, TimeRange } from '~/components/charts/chart-options';
import { TableScroll } from '~/components/table/table-scroll';
import { formatCount, formatLatency, formatRate, formatUtcClock, toMillis } from '~/lib/format';
import { type PackedTimeline, unpackTimeline } from '~/lib/packed-timeline';
import { repeatedSeries, seriesNamer, type TagValueNames } from '~/lib/series-name';
import type { SeriesRange, SeriesTimeline } from '~/lib/timeline-model';
import { useTRPC } from '~/trpc/react';
import {
  CHART_KEYS,
  type ChartContext,
  HeatmapPanel,
  LinesPanel,
  SpectrumPanel,
  ThroughputPanel,
} from './chart-panels';
import { useChartSchedule } from './chart-schedule';
import { useDrawTiming } from './draw-timing';
import { FreshnessBadge } from './freshness-badge';
import { liveRanges, sameSamples, warmupKnown } from './live-model';
import { useLiveTimelines } from './use-live';

interface Props {
  runId: string;
  timelines: PackedTimeline[];
  initialRange: SeriesRange[];
  live: { url: string; token: string | null } | null;
  /** The run's status as the page read it. */
  status: string;
  /** False for a suite of micro-benchmarks, whose samples per second are no throughput (lib/throughput.ts). */
  throughput: boolean;
  /** What the series' tag values stand for (pgbench's scripts by name: lib/series-name.ts). */
  tagValueNames: TagValueNames;
}

/** A latency series with a heatmap to draw, or one still to come (heatmapDeferred). */
const hasHeatmap = (s: SeriesTimeline) => s.heatmap.edges.length > 0 || s.heatmapDeferred === true;

/**
 * Whether the throughput chart has a line to draw: gauges (figures a tool printed, such as wrk's
 * summary) count no operations, and a run of only those drew an empty chart.
 */
const drawsThroughput = (timelines: readonly SeriesTimeline[], throughput: boolean) =>
  throughput && timelines.some((s) => s.kind !== 'gauge');

/** Every chart of the page, in page order (the order RunCharts draws them). */
function chartKeysOf(timelines: readonly SeriesTimeline[], throughput: boolean): string[] {
  const latency = timelines.filter((s) => s.kind === 'latency');
  return [
    ...latency.map(CHART_KEYS.lines),
    ...(drawsThroughput(timelines, throughput) ? [CHART_KEYS.throughput] : []),
    ...latency.filter(hasHeatmap).map(CHART_KEYS.heatmap),
    ...(latency.length > 0 ? [CHART_KEYS.spectrum] : []),
  ];
}

function zoomRange(chart: ECharts): TimeRange | null {
  const zoom = (
    chart.getOption() as {
      dataZoom?: { startValue?: number; endValue?: number; start?: number; end?: number }[];
    }
  ).dataZoom?.[0];
  if (!zoom) return null;
  if (zoom.start === 0 && zoom.end === 100) return null;
  return zoom.startValue !== undefined && zoom.endValue !== undefined
    ? { fromMs: zoom.startValue, toMs: zoom.endValue }
    : null;
}

export function RunCharts({
  runId,
  timelines: packed,
  initialRange,
  live,
  status,
  throughput,
  tagValueNames,
}: Props) {
  const initial = useMemo(() => packed.map(unpackTimeline), [packed]);
  const { state, newest, finished, listeningSinceMs } = useLiveTimelines(initial, live, runId);
  const [range, setRange] = useState<TimeRange | null>(null);
  const [includeWarmup, setIncludeWarmup] = useState(false);
  const [latencyScale, setLatencyScale] = useState<LatencyScale>('log');
  const trpc = useTRPC();
  // The whole-run summary comes with the page (and with every refresh) and, while the run is
  // live, grows with each interval in the browser; the server is asked only for a chosen range
  // (every few seconds while the run is live).
  // With the warm-up included, a live page adds each frame to its own merges (warmupKnown), so the
  // figures advance every interval as without it; only a chosen range, or a series drawn from
  // minute rollups, asks the server (every 5 s while live).
  const warmupHere = live !== null && range === null && warmupKnown(state);
  const custom = range !== null || (includeWarmup && !warmupHere);
  const rangeQuery = useQuery({
    ...trpc.runs.range.queryOptions({ runId, fromMs: range?.fromMs, toMs: range?.toMs, includeWarmup }),
    enabled: custom,
    refetchInterval: live && custom ? 5000 : false,
    placeholderData: (previous) => previous,
  });
  const ranges = useMemo(() => {
    // Until the server first answers for a chosen range or for the warm-up included, there are no
    // figures for it: the page's load-time ones (of a live run, long stale, and without the
    // warm-up) would be shown as if they were.
    if (custom) return rangeQuery.data ?? null;
    if (!live) return initialRange;
    // Series read at per-minute resolution have no live extension: their row stays as read.
    const grown = new Map(liveRanges(state, includeWarmup).map((r) => [r.seriesId, r]));
    return initialRange
      .map((r) => grown.get(r.seriesId) ?? r)
      .concat([...grown.values()].filter((r) => !initialRange.some((i) => i.seriesId === r.seriesId)));
  }, [custom, rangeQuery.data, initialRange, live, state, includeWarmup]);

  // A metric with a single tag set is one series stored twice (with and without its tags): it is
  // drawn once, under the tagged one's name (repeatedSeries).
  const { shown, namedAs } = useMemo(() => {
    const repeats = repeatedSeries(state.timelines, sameSamples);
    const hidden = new Set([...repeats.values()]);
    return {
      shown: state.timelines.filter((s) => !hidden.has(s)),
      namedAs: new Map([...repeats].map(([bare, tagged]) => [bare.seriesId, tagged])),
    };
  }, [state.timelines]);
  const chartKeys = useMemo(() => chartKeysOf(shown, throughput), [shown, throughput]);
  const schedule = useChartSchedule(chartKeys);
  // A finished run's long heatmaps come after the charts in view have drawn (the page's HTML
  // leaves them out: loadTimelines' deferHeatmaps), or at once when a heatmap is itself due (in
  // view when the page opens, or scrolled to): the charts in view cannot all draw without it.
  const deferred = state.timelines.filter((s) => s.heatmapDeferred);
  const heatmapDue = deferred.some((s) => schedule.isDue(CHART_KEYS.heatmap(s)));
  const heatmapsQuery = useQuery({
    ...trpc.runs.heatmaps.queryOptions({ runId }),
    enabled: deferred.length > 0 && (schedule.viewDrawn || heatmapDue),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const timelines = useMemo(() => {
    const fetched = new Map(heatmapsQuery.data?.map((h) => [h.seriesId, h.heatmap]));
    if (fetched.size === 0) return shown;
    return shown.map((s) => {
      const heatmap = s.heatmapDeferred ? fetched.get(s.seriesId) : undefined;
      return heatmap ? { ...s, heatmap, heatmapDeferred: undefined } : s;
    });
  }, [shown, heatmapsQuery.data]);
  const newestPoint = timelines[0]?.points.at(-1);

  const named = useMemo(() => seriesNamer(state.timelines, tagValueNames), [state.timelines, tagValueNames]);
  const onZoom = useCallback((_: unknown, chart: ECharts) => setRange(zoomRange(chart)), []);
  const events = useMemo(() => ({ datazoom: onZoom }), [onZoom]);
  const { latency, byId, heatmapSeries, title } = useMemo(() => {
    const latency = timelines.filter((s) => s.kind === 'latency');
    return {
      latency,
      heatmapSeries: latency.filter(hasHeatmap),
      byId: new Map(timelines.map((s) => [s.seriesId, s])),
      title: (series: SeriesTimeline) => named(namedAs.get(series.seriesId) ?? series),
    };
  }, [timelines, named, namedAs]);
  const onDrawn = useDrawTiming(schedule.drawn);
  // Each chart builds its option when drawn, and again only when its data, the range or the
  // scale changes: setOption on a day of points costs tens of milliseconds per chart.
  const ctx: ChartContext = { schedule, range, scale: latencyScale, events, onDrawn, title };
  const liveMark = (series: SeriesTimeline) =>
    live ? series.points[series.points.length - 1]?.t : undefined;

  return (
    <div className="run-charts">
      <div className="range-bar">
        {live || status !== 'running' ? (
          <FreshnessBadge
            finished={live === null || finished}
            newest={newest}
            intervalMs={newestPoint ? newestPoint.end - newestPoint.t : 1000}
            listeningSinceMs={listeningSinceMs}
          />
        ) : null}
        <span>
          {range ? `Range ${formatUtcClock(range.fromMs)}–${formatUtcClock(range.toMs)} UTC` : 'Whole run'}
          {rangeQuery.isFetching ? <span className="muted"> · updating…</span> : null}
        </span>
        <label>
          <input
            type="checkbox"
            checked={includeWarmup}
            onChange={(e) => setIncludeWarmup(e.target.checked)}
          />{' '}
          include warm-up in summaries
        </label>
        <label>
          <input
            type="checkbox"
            checked={latencyScale === 'log'}
            onChange={(e) => setLatencyScale(e.target.checked ? 'log' : 'linear')}
          />{' '}
          log latency axis
        </label>
        {range ? (
          <button type="button" className="button" onClick={() => setRange(null)}>
            Reset range
          </button>
        ) : null}
      </div>

      <section className="panel">
        <h2>Summary</h2>
        {ranges ? (
          <SummaryTable ranges={ranges} byId={byId} title={title} live={live !== null && !finished} />
        ) : (
          <p className="empty" data-testid="summary-pending">
            Reading the summary {range ? 'for this range' : 'with the warm-up'}…
          </p>
        )}
      </section>

      <div className="chart-grid">
        {latency.map((series) => (
          <LinesPanel
            key={`lines-${series.seriesId}`}
            series={series}
            lastIntervalStart={liveMark(series)}
            ctx={ctx}
          />
        ))}
        {drawsThroughput(timelines, throughput) ? <ThroughputPanel timelines={timelines} ctx={ctx} /> : null}
        {heatmapSeries.map((series) => (
          <HeatmapPanel key={`heat-${series.seriesId}`} series={series} ctx={ctx} />
        ))}
        {latency.length > 0 ? <SpectrumPanel ranges={ranges ?? []} byId={byId} ctx={ctx} /> : null}
      </div>
    </div>
  );
}

function SummaryTable({
  ranges,
  byId,
  title,
  live,
}: {
  ranges: SeriesRange[];
  byId: Map<string, SeriesTimeline>;
  title: (series: SeriesTimeline) => string;
  /** Only a live run's intervals may still come: a finished run's "yet" promised figures that never would. */
  live: boolean;
}) {
  if (ranges.length === 0)
    return <p className="empty">No latency intervals in this range{live ? ' yet' : ''}.</p>;
  return (
    <TableScroll label="Summary per series, table">
      <table className="table summary" aria-label="Summary per series">
        <thead>
          <tr>
            <th>Series</th>
            <th className="num">Count</th>
            <th className="num">Throughput</th>
            <th className="num">Min</th>
            <th className="num">Mean</th>
            <th className="num">p50</th>
            <th className="num">p90</th>
            <th className="num">p95</th>
            <th className="num">p99</th>
            <th className="num">p99.9</th>
            <th className="num">Max</th>
          </tr>
        </thead>
        <tbody>
          {ranges.map(({ seriesId, summary }) => {
            const series = byId.get(seriesId);
            if (!series) return null;
            const ms = (v: number) => formatLatency(toMillis(series.unit, v));
            return (
              <tr key={seriesId} data-series={series.name}>
                <td>{title(series)}</td>
                {summary ? (
                  <>
                    <td className="num">{formatCount(summary.count)}</td>
                    <td className="num">
                      {summary.throughput === null ? '—' : formatRate(summary.throughput)}
                    </td>
                    <td className="num">{ms(summary.min)}</td>
                    <td className="num">{ms(summary.mean)}</td>
                    <td className="num">{ms(summary.p50)}</td>
                    <td className="num">{ms(summary.p90)}</td>
                    <td className="num">{ms(summary.p95)}</td>
                    <td className="num">{ms(summary.p99)}</td>
                    <td className="num">{ms(summary.p999)}</td>
                    <td className="num">{ms(summary.max)}</td>
                  </>
                ) : (
                  <td colSpan={10} className="muted">
                    no intervals in this range
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
