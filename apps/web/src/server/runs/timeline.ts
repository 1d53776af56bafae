// What the run page draws, computed on the server: per series a time line of interval
// summaries (≤ MAX_POINTS per line: raw 1-s frames when few, per-minute rollups when many),
// a latency heatmap in fixed bands (stored with each rollup; counted from frames' histograms
// for short series), and — for the whole run or a brushed range — the
// merged histogram's summary and percentile spectrum. Percentiles over a range always come from
// merged histograms, never from averaging interval percentiles.
import 'server-only';
import { Prisma, type PrismaClient } from '@levelfield/db/client';
import {
  type BandCounts,
  type BandHeatmap,
  bandHeatmap,
  countBands,
  decodeBands,
  decodeHistogram,
  encodeBase64,
  type Histogram,
  mergeEncoded,
} from '@levelfield/metrics/hdr';
import { measuresThroughput } from '~/lib/throughput';
import {
  clipToRun,
  HEATMAP_ROWS,
  histogramStats,
  type LiveBase,
  MAX_HEATMAP_COLUMNS,
  MAX_POINTS,
  NO_HEATMAP,
  ROLLUP_WIDTH_SECONDS,
  type SeriesRange,
  type SeriesTimeline,
  type TimePoint,
} from '~/lib/timeline-model';

/** A rollup as the time line reads it (timeline's SQL). */
interface RollupRow extends Omit<TimePoint, 'end'> {
  /** The stored band counts (rollups.bands), base64: see loadBuckets. */
  bands: string | null;
}

interface Bucket extends TimePoint {
  /** The interval's counts in the fixed heatmap bands (null: no histogram; undefined: it does not decode). */
  bands: BandCounts | null | undefined;
}

/** Whether stored histogram bytes decode. */
function decodes(bytes: Uint8Array): boolean {
  try {
    decodeHistogram(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Merges stored histograms. One that does not decode (written by an older ingest that did not
 * check, or altered in the database) is left out and counted, so one bad row never takes a page,
 * a download or a comparison down. Checking each one costs a second decode, so it is done only
 * when the merge fails.
 */
function mergeStored(encoded: readonly Uint8Array[]): { merged: Histogram; damaged: number } {
  try {
    return { merged: mergeEncoded(encoded), damaged: 0 };
  } catch {
    const sound = encoded.filter(decodes);
    return { merged: mergeEncoded(sound), damaged: encoded.length - sound.length };
  }
}

/** Summary and spectrum of the merged histograms, decoding each once; throughput over the covered duration. */
export function rangeStats(
  encoded: readonly (Uint8Array | null)[],
  durationSeconds: number,
  withHistogram = false,
): Omit<SeriesRange, 'seriesId'> {
  const { merged, damaged } = mergeStored(encoded.filter((bytes): bytes is Uint8Array => bytes !== null));
  const marked = damaged > 0 ? { damaged } : {};
  return { ...marked, ...histogramStats(merged, durationSeconds, withHistogram) };
}

/** The figures a stored frame, rollup or bucket carries for its point (count as stored). */
type Figures = Omit<TimePoint, 't' | 'end' | 'count'> & { count: number | bigint };

/**
 * A point of a time line over [t, end) from a row's figures, named one by one rather than copied
 * by rest or spread: a day is 7,200 points, and a rest copy of each row cost ~40 ms.
 */
function point(t: number, end: number, r: Figures): TimePoint {
  return {
    t,
    end,
    count: Number(r.count),
    max: r.max,
    p50: r.p50,
    p90: r.p90,
    p99: r.p99,
    p999: r.p999,
    warmup: r.warmup,
  };
}

const toPoint = (b: Bucket): TimePoint => point(b.t, b.end, b);

/**
 * Frames carry only their histogram: count it into bands here (short series, ≤ MAX_POINTS).
 * `undefined`: the histogram does not decode (the interval is drawn from its stored figures).
 */
function bandsOfHistogram(histogram: Uint8Array | null): BandCounts | null | undefined {
  if (!histogram) return null;
  try {
    return countBands(decodeHistogram(histogram));
  } catch {
    return undefined;
  }
}

/** What a live page needs of the frames read for its points (LiveBase). */
interface LiveFrames {
  steady: (Uint8Array | null)[];
  warmup: (Uint8Array | null)[];
  lastSeq: number;
}

async function liveBase(
  db: PrismaClient,
  series: { id: string; kind: SeriesTimeline['kind'] },
  frameCount: number,
  buckets: Bucket[],
  frames: LiveFrames | undefined,
): Promise<LiveBase | undefined> {
  if (series.kind !== 'latency') return undefined;
  const bands = buckets.map((b) => b.bands ?? null);
  // Drawn from minute rollups: the whole run's steady intervals merged and the newest seq among
  // them, read in one snapshot, so the page adds exactly the frames after it to the summary.
  if (!frames) return { bands, ...(await coveredMerge(db, series.id, frameCount)) };
  const encoded = (histograms: (Uint8Array | null)[]) => {
    const { merged } = mergeStored(histograms.filter((bytes): bytes is Uint8Array => bytes !== null));
    return merged.totalCount > 0 ? encodeBase64(merged) : null;
  };
  return { bands, merged: encoded(frames.steady), lastSeq: frames.lastSeq, warmup: encoded(frames.warmup) };
}

/**
 * A long series' steady intervals merged (minute rollups, frames where none covers) and the
 * newest stored seq, in one repeatable-read snapshot: every frame up to that seq is in the merge
 * and none after it, whatever the ingest API stores meanwhile.
 */
async function coveredMerge(
  db: PrismaClient,
  seriesId: string,
  frameCount: number,
): Promise<Pick<LiveBase, 'merged' | 'lastSeq'>> {
  return db.$transaction(
    async (tx) => {
      const { histograms } = await rangeHistograms(tx, seriesId, frameCount, {});
      const newest = await tx.frame.aggregate({ where: { seriesId }, _max: { seq: true } });
      const { merged } = mergeStored(histograms.flatMap((bytes) => (bytes ? [bytes] : [])));
      return {
        merged: merged.totalCount > 0 ? encodeBase64(merged) : null,
        lastSeq: newest._max.seq ?? -1,
      };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}

/** A stored frame as a point of its time line (the live stream's figures too: missed-frames.ts). */
export function pointOfFrame(f: Figures & { startAt: Date; endAt: Date }): TimePoint {
  return point(f.startAt.getTime(), f.endAt.getTime(), f);
}

/** `withBands`: false leaves the rollups' heatmap bands unread (the page defers them). */
async function loadBuckets(
  db: PrismaClient,
  seriesId: string,
  frameCount: number,
  withBands: boolean,
): Promise<{ resolution: SeriesTimeline['resolution']; buckets: Bucket[]; frames?: LiveFrames }> {
  // Retention deletes raw frames and keeps the minute rollups: a series whose stored frames are
  // fewer than it counted (some or all expired) is drawn from those, whatever its length.
  const frames =
    frameCount <= MAX_POINTS
      ? await db.frame.findMany({ where: { seriesId }, orderBy: { seq: 'asc' } })
      : null;
  if (frames && frames.length >= frameCount) {
    return {
      resolution: 'frames',
      frames: {
        steady: frames.flatMap((f) => (f.warmup ? [] : [f.histogram])),
        warmup: frames.flatMap((f) => (f.warmup ? [f.histogram] : [])),
        lastSeq: frames.at(-1)?.seq ?? -1,
      },
      buckets: frames.map((f) => Object.assign(pointOfFrame(f), { bands: bandsOfHistogram(f.histogram) })),
    };
  }
  // Not the histograms: a day of them is tens of megabytes, and the stored bands draw the heatmap.
  // Raw SQL with only the columns drawn: for a day (1,440 rows) Prisma's row mapping took 2–3×
  // the query's time, and the run page waits for it. The bands come as base64 text: as bytea
  // (hex text, then the driver's and Prisma's conversions) they took as long as the rest of the
  // query, ~30 ms more for a day's five series.
  const rollups = await db.$queryRaw<RollupRow[]>`
    SELECT (extract(epoch FROM bucket_start) * 1000)::float8 AS t, count::float8 AS count, max, p50, p90, p99, p999,
           warmup_frames >= frame_count AS warmup,
           ${withBands ? Prisma.sql`encode(bands, 'base64')` : Prisma.sql`NULL::text`} AS bands
      FROM rollups
     WHERE series_id = ${seriesId} AND width_seconds = ${ROLLUP_WIDTH_SECONDS}
     ORDER BY bucket_start`;
  // Rollups written before bands existed: count their histograms here (asked only when some are).
  const unbanded =
    withBands && rollups.some((r) => r.bands === null)
      ? await db.rollup.findMany({
          where: { seriesId, widthSeconds: ROLLUP_WIDTH_SECONDS, bands: null, histogram: { not: null } },
          select: { bucketStart: true, histogram: true },
        })
      : [];
  const legacy = new Map(unbanded.map((r) => [r.bucketStart.getTime(), bandsOfHistogram(r.histogram)]));
  return {
    resolution: 'rollups',
    buckets: rollups.map((r) =>
      Object.assign(point(r.t, r.t + ROLLUP_WIDTH_SECONDS * 1000, r), {
        bands:
          r.bands !== null
            ? decodeBands(Buffer.from(r.bands, 'base64'))
            : legacy.has(r.t)
              ? legacy.get(r.t)
              : null,
      }),
    ),
  };
}

/** A run's series in the order the page shows them, with their stored summaries. */
function seriesOfRun(db: PrismaClient, runId: string) {
  return db.series.findMany({
    where: { runId },
    orderBy: [{ name: 'asc' }, { labelsKey: 'asc' }],
    include: { summary: true },
  });
}

/** How many frames a series stored: its summary's count, counted when it has no summary yet. */
async function frameCountOf(
  db: PrismaClient,
  series: { id: string; summary: { frameCount: number } | null },
): Promise<number> {
  return series.summary?.frameCount ?? db.frame.count({ where: { seriesId: series.id } });
}

/** A latency series' heatmap: its buckets' bands in the page's rows and columns. */
function heatmapOf(buckets: readonly Bucket[]): BandHeatmap {
  return bandHeatmap(
    buckets.map((b) => b.bands ?? null),
    HEATMAP_ROWS,
    MAX_HEATMAP_COLUMNS,
  );
}

/**
 * `live`: the run is running, so 1-s series carry what the page extends live (LiveBase).
 * `deferHeatmaps`: a series drawn from minute rollups comes without its heatmap (marked
 * heatmapDeferred), which the page fetches after the charts in view have drawn (loadHeatmaps): a
 * day's heatmaps were a third of the run page's HTML, for charts below the fold.
 */
export async function loadTimelines(
  db: PrismaClient,
  runId: string,
  { live = false, deferHeatmaps = false }: { live?: boolean; deferHeatmaps?: boolean } = {},
): Promise<SeriesTimeline[]> {
  const [series, run] = await Promise.all([
    seriesOfRun(db, runId),
    db.run.findUnique({ where: { id: runId }, select: { startedAt: true, endedAt: true } }),
  ]);
  // No run, no series: the span is then never used.
  const span = { startMs: run?.startedAt.getTime() ?? 0, endMs: run?.endedAt?.getTime() ?? null };
  return Promise.all(
    series.map(async (s) => {
      const frameCount = await frameCountOf(db, s);
      const deferBands = deferHeatmaps && s.kind === 'latency';
      const { resolution, buckets: stored, frames } = await loadBuckets(db, s.id, frameCount, !deferBands);
      // Frames carry their bands anyway (a short series, a small heatmap): only rollups' wait.
      const defer = deferBands && resolution === 'rollups';
      const buckets = stored.map((b) => clipToRun(b, span));
      const damaged = buckets.filter((b) => b.bands === undefined).length;
      const base = live ? await liveBase(db, s, frameCount, buckets, frames) : undefined;
      return {
        seriesId: s.id,
        name: s.name,
        kind: s.kind,
        unit: s.unit,
        labels: (s.labels ?? {}) as Record<string, string>,
        resolution,
        points: buckets.map(toPoint),
        heatmap: s.kind === 'latency' && !defer ? heatmapOf(buckets) : NO_HEATMAP,
        ...(defer ? { heatmapDeferred: true as const } : {}),
        ...(damaged > 0 ? { damaged } : {}),
        ...(base ? { live: base } : {}),
      };
    }),
  );
}

/**
 * The latency series' heatmaps, for a page that deferred them (loadTimelines): only their
 * buckets' bands are needed, so counters, live state and the points' clipping are left out.
 */
export async function loadHeatmaps(
  db: PrismaClient,
  runId: string,
): Promise<{ seriesId: string; heatmap: BandHeatmap }[]> {
  const latency = (await seriesOfRun(db, runId)).filter((s) => s.kind === 'latency');
  return Promise.all(
    latency.map(async (s) => {
      const { buckets } = await loadBuckets(db, s.id, await frameCountOf(db, s), true);
      return { seriesId: s.id, heatmap: heatmapOf(buckets) };
    }),
  );
}

const BUCKET_MS = ROLLUP_WIDTH_SECONDS * 1000;

interface RangeQuery {
  fromMs?: number | undefined;
  toMs?: number | undefined;
  includeWarmup?: boolean | undefined;
  withHistogram?: boolean | undefined;
}

/** The parts of [fromMs, toMs) that no covered minute bucket spans: where frames are needed. */
export function uncoveredWindows(range: RangeQuery, coveredStarts: number[]): [number, number][] {
  const windows: [number, number][] = [];
  let cursor = range.fromMs ?? 0;
  for (const start of [...coveredStarts].sort((a, b) => a - b)) {
    if (start > cursor) windows.push([cursor, start]);
    cursor = Math.max(cursor, start + BUCKET_MS);
  }
  const end = range.toMs ?? Number.POSITIVE_INFINITY;
  if (end > cursor) windows.push([cursor, end]);
  return windows;
}

/**
 * The histograms covering [fromMs, toMs) of one series, and the duration they cover. Short
 * series merge their frames; long ones merge per-minute rollups for whole minutes inside the
 * range and frames only at its ragged edges (and in minutes whose warm-up must be left out),
 * so a 24-hour run merges about 1,440 histograms, not 86,400.
 */
async function rangeHistograms(
  db: Pick<PrismaClient, 'rollup' | 'frame'>,
  seriesId: string,
  frameCount: number,
  range: RangeQuery,
) {
  const steady = range.includeWarmup ? {} : { warmup: false };
  const rollups =
    frameCount > MAX_POINTS
      ? await db.rollup.findMany({
          where: {
            seriesId,
            widthSeconds: ROLLUP_WIDTH_SECONDS,
            histogram: { not: null },
            bucketStart: {
              ...(range.fromMs !== undefined
                ? { gte: new Date(Math.ceil(range.fromMs / BUCKET_MS) * BUCKET_MS) }
                : {}),
              ...(range.toMs !== undefined
                ? { lte: new Date(Math.floor(range.toMs / BUCKET_MS) * BUCKET_MS - BUCKET_MS) }
                : {}),
            },
            ...(range.includeWarmup ? {} : { warmupFrames: 0 }),
          },
          select: { bucketStart: true, histogram: true, durationMs: true },
        })
      : [];
  const windows = uncoveredWindows(
    range,
    rollups.map((r) => r.bucketStart.getTime()),
  );
  const frames =
    windows.length === 0
      ? []
      : await db.frame.findMany({
          where: {
            seriesId,
            ...steady,
            OR: windows.map(([from, to]) => ({
              startAt: { gte: new Date(from), ...(Number.isFinite(to) ? { lt: new Date(to) } : {}) },
            })),
          },
          select: { histogram: true, startAt: true, endAt: true },
        });
  const durationMs =
    rollups.reduce((sum, r) => sum + Number(r.durationMs), 0) +
    frames.reduce((sum, f) => sum + (f.endAt.getTime() - f.startAt.getTime()), 0);
  return { histograms: [...rollups.map((r) => r.histogram), ...frames.map((f) => f.histogram)], durationMs };
}

/**
 * Summary and spectrum per latency series over [fromMs, toMs) — the whole run when no range is
 * given, where the stored run summary (warm-up excluded) answers with one histogram.
 */
export async function loadRange(db: PrismaClient, runId: string, range: RangeQuery): Promise<SeriesRange[]> {
  const [series, run] = await Promise.all([
    db.series.findMany({ where: { runId, kind: 'latency' }, select: { id: true, summary: true } }),
    db.run.findUnique({ where: { id: runId }, select: { provenance: true } }),
  ]);
  const wholeRun = range.fromMs === undefined && range.toMs === undefined && !range.includeWarmup;
  const ranges = await Promise.all(
    series.map(async ({ id, summary }) => {
      if (wholeRun && summary?.histogram && summary.frameCount > MAX_POINTS) {
        return {
          seriesId: id,
          ...rangeStats([summary.histogram], Number(summary.durationMs) / 1000, range.withHistogram),
        };
      }
      const frameCount = summary?.frameCount ?? (await db.frame.count({ where: { seriesId: id } }));
      const { histograms, durationMs } = await rangeHistograms(db, id, frameCount, range);
      return { seriesId: id, ...rangeStats(histograms, durationMs / 1000, range.withHistogram) };
    }),
  );
  if (measuresThroughput(run?.provenance)) return ranges;
  return ranges.map((r) => (r.summary ? { ...r, summary: { ...r.summary, throughput: null } } : r));
}
