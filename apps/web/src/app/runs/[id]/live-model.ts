// What the run page holds while a run is live, and how each frame from the ingest API's stream
// extends it: the time lines gain a point, and latency series their heatmap column and the
// merged histogram behind the summary table and spectrum. Pure, so it is tested without a browser.
import { bandHeatmap, countBands, decodeHistogram, type Histogram } from '@levelfield/metrics/hdr';
import {
  HEATMAP_ROWS,
  histogramStats,
  MAX_HEATMAP_COLUMNS,
  ROLLUP_WIDTH_SECONDS,
  type SeriesRange,
  type SeriesTimeline,
  type TimePoint,
} from '~/lib/timeline-model';

export interface LiveSeriesInfo {
  id: string;
  name: string;
  kind: SeriesTimeline['kind'];
  unit: string;
  labels: Record<string, string>;
}

/** One `frame` event of the live stream (docs/ingest-contract.md). */
export interface LiveFrame extends Omit<TimePoint, 't' | 'end'> {
  series: string;
  seq: number;
  startMs: number;
  endMs: number;
  histogram?: string;
  acceptedAt: number;
}

/** A latency series' live extension: per point its heatmap bands, and the steady intervals merged. */
interface LiveExtension {
  bands: NonNullable<SeriesTimeline['live']>['bands'];
  merged: Histogram | null;
  /** The warm-up intervals merged; undefined when not known (drawn from minute rollups). */
  warmup?: Histogram | null;
  /** null until the first frame reaches a page drawn from minute rollups. */
  lastSeq: number | null;
  /**
   * A series drawn from minute rollups: the minutes built here from live frames (the stored
   * rollups end before them), and the first minute this page saw whole.
   */
  minutes?: {
    built: Map<number, Histogram>;
    from: number | null;
    /** The server read the merge with its newest seq (lastSeq at load): frames after it join it. */
    covered: boolean;
  };
}

export interface LiveState {
  timelines: SeriesTimeline[];
  /** By series id; only 1-s latency series of a running run have one. */
  extensions: Map<string, LiveExtension>;
}

export function liveState(timelines: SeriesTimeline[]): LiveState {
  const extensions = new Map<string, LiveExtension>();
  for (const s of timelines)
    if (s.live)
      extensions.set(s.seriesId, {
        bands: s.live.bands,
        merged: s.live.merged ? decodeHistogram(s.live.merged) : null,
        ...(s.live.warmup !== undefined
          ? { warmup: s.live.warmup ? decodeHistogram(s.live.warmup) : null }
          : {}),
        lastSeq: s.live.lastSeq,
        ...(s.resolution === 'rollups'
          ? { minutes: { built: new Map(), from: null, covered: s.live.lastSeq !== null } }
          : {}),
      });
  return { timelines, extensions };
}

/** Whether the frame comes after frames this page never received (a reconnect, a late subscription). */
export function missedBefore(state: LiveState, frame: LiveFrame): boolean {
  const extension = state.extensions.get(frame.series);
  return extension !== undefined && extension.lastSeq !== null && frame.seq > extension.lastSeq + 1;
}

/** The frames missed before this one, as seqs strictly between: the page reads just those. */
export interface Gap {
  seriesId: string;
  afterSeq: number;
  beforeSeq: number;
}

/**
 * The gap a frame reveals, when the missing frames can be inserted where they belong: a series
 * drawn from frames (one point each). A series drawn from minute rollups has merged later frames
 * into its minutes and summary already, so its gap is read again with the page (null).
 */
export function gapBefore(state: LiveState, frame: LiveFrame, limit: number): Gap | null {
  if (!missedBefore(state, frame)) return null;
  const extension = state.extensions.get(frame.series);
  const series = state.timelines.find((s) => s.seriesId === frame.series);
  const afterSeq = extension?.lastSeq ?? -1;
  if (series?.resolution !== 'frames' || frame.seq - afterSeq - 1 > limit) return null;
  return { seriesId: frame.series, afterSeq, beforeSeq: frame.seq };
}

function decoded(frame: LiveFrame): Histogram | null {
  if (!frame.histogram) return null;
  try {
    return decodeHistogram(frame.histogram);
  } catch {
    return null; // the API checked it; a damaged one is drawn from its figures only, as stored ones are
  }
}

function insertAt<T>(items: readonly T[], position: number, item: T): T[] {
  return [...items.slice(0, position), item, ...items.slice(position)];
}

/** Appends a frame to its series, keeping points ordered and ignoring repeats (reconnects replay). */
export function appendFrame(state: LiveState, frame: LiveFrame, info: LiveSeriesInfo | undefined): LiveState {
  const point: TimePoint = {
    t: frame.startMs,
    end: frame.endMs,
    count: frame.count,
    max: frame.max,
    p50: frame.p50,
    p90: frame.p90,
    p99: frame.p99,
    p999: frame.p999,
    warmup: frame.warmup,
  };
  const { timelines } = state;
  const index = timelines.findIndex((s) => s.seriesId === frame.series);
  if (index === -1) {
    if (!info) return state;
    const created: SeriesTimeline = {
      seriesId: info.id,
      name: info.name,
      kind: info.kind,
      unit: info.unit,
      labels: info.labels,
      resolution: 'frames',
      points: [point],
      heatmap: { edges: [], per: 1, counts: [] },
    };
    const extensions = new Map(state.extensions);
    if (info.kind === 'latency') extensions.set(info.id, { bands: [], merged: null, lastSeq: -1 });
    return extend({ timelines: [...timelines, created], extensions }, timelines.length, 0, frame);
  }
  const series = timelines[index]!;
  if (series.resolution === 'rollups') return appendToMinute(state, index, frame);
  if (series.points.some((p) => p.t === point.t)) return state;
  const at = series.points.findIndex((p) => p.t > point.t);
  const position = at === -1 ? series.points.length : at;
  const points = insertAt(series.points, position, point);
  const updated = timelines.map((s, i) => (i === index ? { ...s, points } : s));
  return extend({ timelines: updated, extensions: state.extensions }, index, position, frame);
}

/** Adds the frame's histogram to its series' extension (bands at the point's position, merge). */
function extend(state: LiveState, index: number, position: number, frame: LiveFrame): LiveState {
  const extension = state.extensions.get(frame.series);
  if (!extension) return state;
  const histogram = decoded(frame);
  const bands = insertAt(extension.bands, position, histogram ? countBands(histogram) : null);
  // A copy, never the held histogram changed in place: React may run an update twice.
  let { merged, warmup } = extension;
  if (histogram && !frame.warmup) merged = merged ? merged.copy().add(histogram) : histogram;
  if (histogram && frame.warmup && warmup !== undefined)
    warmup = warmup ? warmup.copy().add(histogram) : histogram;
  const extensions = new Map(state.extensions);
  extensions.set(frame.series, {
    bands,
    merged,
    ...(warmup !== undefined ? { warmup } : {}),
    lastSeq: Math.max(extension.lastSeq ?? -1, frame.seq),
  });
  const timelines = state.timelines.map((s, i) =>
    i === index ? { ...s, heatmap: bandHeatmap(bands, HEATMAP_ROWS, MAX_HEATMAP_COLUMNS) } : s,
  );
  return { timelines, extensions };
}

const MINUTE_MS = ROLLUP_WIDTH_SECONDS * 1000;

/**
 * A run long enough to be drawn from minute rollups: each frame joins its minute, built here
 * from the frames' histograms (percentiles by the rollups' own rule) once the stored rollups end.
 * The minute a page joins in the middle of is left to the rollups (its earlier frames never
 * reached this page), as is a frame the stream repeats.
 */
function appendToMinute(state: LiveState, index: number, frame: LiveFrame): LiveState {
  const series = state.timelines[index]!;
  const extension = state.extensions.get(frame.series);
  const histogram = decoded(frame);
  if (!extension?.minutes || !histogram) return state;
  if (extension.lastSeq !== null && frame.seq <= extension.lastSeq) return state;
  const t = Math.floor(frame.startMs / MINUTE_MS) * MINUTE_MS;
  const from = extension.minutes.from ?? (frame.startMs === t ? t : t + MINUTE_MS);
  const built = new Map(extension.minutes.built);
  const at = series.points.findIndex((p) => p.t >= t);
  const position = at === -1 ? series.points.length : at;
  const existing = series.points[position]?.t === t ? series.points[position] : undefined;
  // The whole-run merge holds every frame up to the seq the server read it at (lastSeq at load):
  // each steady frame after it joins, so the summary and spectrum advance with the minutes.
  const { covered } = extension.minutes;
  const merged =
    frame.warmup || !covered ? extension.merged : (extension.merged?.copy().add(histogram) ?? histogram);
  const seen = { ...extension, merged, lastSeq: frame.seq, minutes: { built, from, covered } };
  if (t < from || (existing && !built.has(t))) {
    const extensions = new Map(state.extensions);
    extensions.set(frame.series, seen);
    return { timelines: state.timelines, extensions };
  }
  const prior = built.get(t);
  const sum = prior?.copy().add(histogram) ?? histogram;
  built.set(t, sum);
  const [p50 = 0, p90 = 0, p99 = 0, p999 = 0] = sum.valuesAtPercentiles([50, 90, 99, 99.9]);
  const point: TimePoint = {
    t,
    // Through the newest frame: a minute still filling is drawn as partial (chart-options.ts).
    end: Math.max(existing?.end ?? t, frame.endMs),
    count: sum.totalCount,
    max: Math.max(prior ? (existing?.max ?? 0) : 0, frame.max),
    p50,
    p90,
    p99,
    p999,
    warmup: (existing?.warmup ?? true) && frame.warmup,
  };
  const replace = existing ? 1 : 0;
  const points = [...series.points.slice(0, position), point, ...series.points.slice(position + replace)];
  const bands = [...seen.bands.slice(0, position), countBands(sum), ...seen.bands.slice(position + replace)];
  const extensions = new Map(state.extensions);
  extensions.set(frame.series, { ...seen, bands });
  const timelines = state.timelines.map((s, i) =>
    i === index ? { ...s, points, heatmap: bandHeatmap(bands, HEATMAP_ROWS, MAX_HEATMAP_COLUMNS) } : s,
  );
  return { timelines, extensions };
}

/**
 * Whether every live latency series knows its warm-up merge, so the page can show the whole run
 * with the warm-up from what it holds, advancing with each frame, instead of asking the server.
 */
export function warmupKnown(state: LiveState): boolean {
  return [...state.extensions.values()].every((e) => e.warmup !== undefined);
}

/**
 * The whole-run summary and spectrum per live latency series, warm-up left out (as the server's),
 * or with it when `includeWarmup` (for series whose warm-up merge is known: warmupKnown).
 */
export function liveRanges(state: LiveState, includeWarmup = false): SeriesRange[] {
  return state.timelines.flatMap((s) => {
    const extension = state.extensions.get(s.seriesId);
    // Drawn from rollups without a known coverage (an older page state): the stored summary stays.
    if (!extension || (extension.minutes && !extension.minutes.covered)) return [];
    if (includeWarmup && extension.warmup === undefined) return [];
    const counted = (p: TimePoint) => includeWarmup || !p.warmup;
    const seconds = s.points.reduce((sum, p) => sum + (counted(p) ? (p.end - p.t) / 1000 : 0), 0);
    const warmup = includeWarmup ? (extension.warmup ?? null) : null;
    const merged =
      extension.merged && warmup ? extension.merged.copy().add(warmup) : (extension.merged ?? warmup);
    const stats = merged ? histogramStats(merged, seconds) : { summary: null, spectrum: [] };
    return [{ seriesId: s.seriesId, ...stats }];
  });
}

/**
 * Two series hold the same samples: as many in every interval they share, but for the newest —
 * while a run is live, one series' frame of an interval (or its share of the newest minute) may
 * arrive before the other's, and the page reads each series' stored frames in its own query while
 * the agent goes on storing (a couple of intervals apart on a busy machine): the two must not
 * split into two rows and join again.
 */
type Counted = { points: readonly Pick<TimePoint, 'count'>[] };

export function sameSamples(a: Counted, b: Counted): boolean {
  const shared = Math.min(a.points.length, b.points.length);
  if (Math.abs(a.points.length - b.points.length) > 2) return false;
  for (let i = 0; i < shared - 1; i += 1) if (a.points[i]?.count !== b.points[i]?.count) return false;
  return true;
}
