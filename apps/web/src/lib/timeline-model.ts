// The run page's time lines as data (pure, so the browser extends them live and tests need no
// database): one interval per point, the heatmap bands, and the summary and spectrum of a merged
// histogram. server/runs/timeline.ts loads them from the database.
import { type BandCounts, type BandHeatmap, encodeBase64, type Histogram } from '@levelfield/metrics/hdr';
import { type LatencyQuantiles, type LatencySummary, summarizeHistogram } from '@levelfield/metrics/stats';

export const MAX_POINTS = 2000;
/** A live page's seq gap up to this many frames (ten minutes at 1 s) is filled by reading just them. */
export const MAX_MISSED_FRAMES = 600;
export const ROLLUP_WIDTH_SECONDS = 60;
export const HEATMAP_ROWS = 48;
/**
 * Heatmap columns at most: a heatmap panel is ~600 px wide, so 240 columns of 2–3 px show all
 * there is to see; more only cost transfer and drawing (a day of minutes is summed six at a time).
 */
export const MAX_HEATMAP_COLUMNS = 240;
/** The heatmap of a series that has none (counters, gauges, live series not yet reloaded). */
export const NO_HEATMAP: BandHeatmap = { edges: [], per: 1, counts: [] };

/**
 * One interval as the charts draw it. Only what they draw (the percentile lines, max, throughput,
 * warm-up): a day is 1,440 of these per series, sent with the page.
 */
export interface TimePoint extends Pick<LatencyQuantiles, 'p50' | 'p90' | 'p99' | 'p999'> {
  /** Interval start and end, unix ms. */
  t: number;
  end: number;
  count: number;
  max: number;
  warmup: boolean;
}

export interface SeriesTimeline {
  seriesId: string;
  name: string;
  kind: 'latency' | 'counter' | 'gauge';
  unit: string;
  labels: Record<string, string>;
  resolution: 'frames' | 'rollups';
  points: TimePoint[];
  /** Heatmap: row edges (values) and, per point, counts per row. Empty for non-latency series. */
  heatmap: BandHeatmap;
  /** The heatmap is not sent with the page: it comes from runs.heatmaps once the page has drawn. */
  heatmapDeferred?: true;
  /** Stored intervals whose histogram does not decode: drawn from their stored figures, no heatmap. */
  damaged?: number;
  /** While the run is live: what the browser extends with each new frame. */
  live?: LiveBase;
}

/**
 * The state the run page carries forward while a run is live: each interval's heatmap bands
 * (aligned with `points`) and the steady (non-warm-up) intervals merged, read in one pass over
 * the same frames as the points, so a frame is either in all three or in none; `lastSeq` lets
 * the page tell a gap in what it then receives and which frames the merge already holds. A run
 * long enough to be drawn from minute rollups has its merge read in one snapshot with its newest
 * seq (timeline.ts, coveredMerge).
 */
export interface LiveBase {
  bands: (BandCounts | null)[];
  /** V2 compressed, base64; null when no steady interval has a histogram yet. */
  merged: string | null;
  /** The newest seq in `merged`'s snapshot; null when not known (the first frame received sets it). */
  lastSeq: number | null;
  /**
   * The warm-up intervals merged, so the page adds the warm-up to its summary itself when asked
   * (null: none has a histogram yet). Absent for a series drawn from minute rollups, whose minutes
   * may mix warm-up and steady intervals: the page asks the server then.
   */
  warmup?: string | null;
}

/** A merged histogram's summary (as @levelfield/metrics gives it) over the time it covers. */
export interface RangeSummary extends Omit<LatencySummary, 'stdDev'> {
  durationSeconds: number;
  throughput: number | null;
}

export interface SeriesRange {
  seriesId: string;
  summary: RangeSummary | null;
  spectrum: { percentile: number; value: number }[];
  /** The merged histogram (V2 compressed, base64), only when asked for: reports keep it for download. */
  histogram?: string;
  /** Stored histograms left out of the merge because they do not decode. */
  damaged?: number;
}

/** Summary and spectrum of one merged histogram over durationSeconds (the run page's live table too). */
export function histogramStats(
  merged: Histogram,
  durationSeconds: number,
  withHistogram = false,
): Omit<SeriesRange, 'seriesId' | 'damaged'> {
  if (merged.totalCount === 0) return { summary: null, spectrum: [] };
  const { stdDev: _stdDev, ...summary } = summarizeHistogram(merged);
  return {
    ...(withHistogram ? { histogram: encodeBase64(merged) } : {}),
    summary: {
      ...summary,
      durationSeconds,
      throughput: durationSeconds > 0 ? summary.count / durationSeconds : null,
    },
    spectrum: merged.percentileSpectrum(5).map(({ percentile, value }) => ({ percentile, value })),
  };
}

/**
 * An interval cut to the run's span where the run began or ended inside it. The agent's last
 * interval runs on past the tool's exit, and a minute rollup may start before the run began or
 * end after it finished: cut, a point says the time it covers, so a rate over it is right and
 * charts can tell it is partial. An interval wholly outside the span (a clock that disagrees)
 * is left as stored rather than shrunk to nothing.
 */
export function clipToRun<P extends Pick<TimePoint, 't' | 'end'>>(
  point: P,
  run: { startMs: number; endMs: number | null },
): P {
  const t = point.t < run.startMs && run.startMs < point.end ? run.startMs : point.t;
  const end = run.endMs !== null && t < run.endMs && run.endMs < point.end ? run.endMs : point.end;
  return t === point.t && end === point.end ? point : { ...point, t, end };
}
