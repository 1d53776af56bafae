// What the run page draws, computed on the server: per series a time line of interval
// summaries (≤ MAX_POINTS per line: raw 1-s frames when few, per-minute rollups when many),
// a latency heatmap from the histograms, and — for the whole run or a brushed range — the
// merged histogram's summary and percentile spectrum. Percentiles over a range always come from
// merged histograms, never from averaging interval percentiles.
import type { PrismaClient } from '@levelfield/db/client';
import { decodeHistogram } from '@levelfield/metrics/hdr';
import { mergeHistograms, summarizeHistogram } from '@levelfield/metrics/stats';

export const MAX_POINTS = 2000;
export const ROLLUP_WIDTH_SECONDS = 60;
const HEATMAP_ROWS = 48;

export interface TimePoint {
  /** Interval start and end, unix ms. */
  t: number;
  end: number;
  count: number;
  min: number;
  max: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  warmup: boolean;
}

interface Bucket extends TimePoint {
  histogram: Uint8Array | null;
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
  heatmap: { edges: number[]; counts: number[][] };
}

export interface RangeSummary {
  count: number;
  durationSeconds: number;
  throughput: number | null;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
}

export interface SeriesRange {
  seriesId: string;
  summary: RangeSummary | null;
  spectrum: { percentile: number; value: number }[];
}

/** Geometric row edges from just below the smallest to past the largest value. */
export function heatmapEdges(min: number, max: number, rows = HEATMAP_ROWS): number[] {
  const low = Math.max(1, Math.floor(min));
  const high = Math.max(low + 1, Math.ceil(max) + 1);
  const ratio = (high / low) ** (1 / rows);
  const edges = [low];
  for (let k = 1; k <= rows; k++) {
    const next = Math.max((edges[k - 1] ?? low) + 1, Math.round(low * ratio ** k));
    edges.push(next);
  }
  return edges;
}

export function heatmapCounts(
  buckets: readonly { histogram: Uint8Array | null }[],
  edges: number[],
): number[][] {
  return buckets.map((bucket) => {
    if (!bucket.histogram) return [];
    const { bands } = decodeHistogram(bucket.histogram).countsInBands(edges);
    return bands.map((band) => band.count);
  });
}

/** Summary and spectrum of the merged histograms, decoding each once; throughput over the covered duration. */
export function rangeStats(
  encoded: readonly (Uint8Array | null)[],
  durationSeconds: number,
): Omit<SeriesRange, 'seriesId'> {
  const present = encoded.filter((bytes): bytes is Uint8Array => bytes !== null);
  const merged = mergeHistograms(present.map((bytes) => decodeHistogram(bytes)));
  if (merged.totalCount === 0) return { summary: null, spectrum: [] };
  const { stdDev: _stdDev, ...summary } = summarizeHistogram(merged);
  return {
    summary: {
      ...summary,
      durationSeconds,
      throughput: durationSeconds > 0 ? summary.count / durationSeconds : null,
    },
    spectrum: merged.percentileSpectrum(5).map(({ percentile, value }) => ({ percentile, value })),
  };
}

function toPoint(bucket: Bucket): TimePoint {
  const { histogram: _histogram, ...point } = bucket;
  return point;
}

async function loadBuckets(
  db: PrismaClient,
  seriesId: string,
  frameCount: number,
): Promise<{ resolution: SeriesTimeline['resolution']; buckets: Bucket[] }> {
  if (frameCount <= MAX_POINTS) {
    const frames = await db.frame.findMany({ where: { seriesId }, orderBy: { seq: 'asc' } });
    return {
      resolution: 'frames',
      buckets: frames.map((f) => ({
        t: f.startAt.getTime(),
        end: f.endAt.getTime(),
        count: Number(f.count),
        min: f.min,
        max: f.max,
        mean: f.mean,
        p50: f.p50,
        p90: f.p90,
        p95: f.p95,
        p99: f.p99,
        p999: f.p999,
        warmup: f.warmup,
        histogram: f.histogram,
      })),
    };
  }
  const rollups = await db.rollup.findMany({
    where: { seriesId, widthSeconds: ROLLUP_WIDTH_SECONDS },
    orderBy: { bucketStart: 'asc' },
  });
  return {
    resolution: 'rollups',
    buckets: rollups.map((r) => ({
      t: r.bucketStart.getTime(),
      end: r.bucketStart.getTime() + ROLLUP_WIDTH_SECONDS * 1000,
      count: Number(r.count),
      min: r.min,
      max: r.max,
      mean: r.mean,
      p50: r.p50,
      p90: r.p90,
      p95: r.p95,
      p99: r.p99,
      p999: r.p999,
      warmup: r.warmupFrames >= r.frameCount,
      histogram: r.histogram,
    })),
  };
}

export async function loadTimelines(db: PrismaClient, runId: string): Promise<SeriesTimeline[]> {
  const series = await db.series.findMany({
    where: { runId },
    orderBy: [{ name: 'asc' }, { labelsKey: 'asc' }],
    include: { summary: true },
  });
  return Promise.all(
    series.map(async (s) => {
      const frameCount = s.summary?.frameCount ?? (await db.frame.count({ where: { seriesId: s.id } }));
      const { resolution, buckets } = await loadBuckets(db, s.id, frameCount);
      const latency = s.kind === 'latency' && buckets.some((b) => b.histogram);
      const edges = latency
        ? heatmapEdges(Math.min(...buckets.map((b) => b.min)), Math.max(...buckets.map((b) => b.max)))
        : [];
      return {
        seriesId: s.id,
        name: s.name,
        kind: s.kind,
        unit: s.unit,
        labels: (s.labels ?? {}) as Record<string, string>,
        resolution,
        points: buckets.map(toPoint),
        heatmap: { edges, counts: latency ? heatmapCounts(buckets, edges) : [] },
      };
    }),
  );
}

/**
 * Summary and spectrum per series over [fromMs, toMs) — the whole run when no range is given.
 * Warm-up intervals are left out unless includeWarmup.
 */
export async function loadRange(
  db: PrismaClient,
  runId: string,
  range: { fromMs?: number | undefined; toMs?: number | undefined; includeWarmup?: boolean | undefined },
): Promise<SeriesRange[]> {
  const series = await db.series.findMany({ where: { runId, kind: 'latency' }, select: { id: true } });
  const time = {
    ...(range.fromMs !== undefined ? { gte: new Date(range.fromMs) } : {}),
    ...(range.toMs !== undefined ? { lt: new Date(range.toMs) } : {}),
  };
  return Promise.all(
    series.map(async ({ id }) => {
      const frames = await db.frame.findMany({
        where: { seriesId: id, startAt: time, ...(range.includeWarmup ? {} : { warmup: false }) },
        select: { histogram: true, startAt: true, endAt: true },
      });
      const durationMs = frames.reduce((sum, f) => sum + (f.endAt.getTime() - f.startAt.getTime()), 0);
      return {
        seriesId: id,
        ...rangeStats(
          frames.map((f) => f.histogram),
          durationMs / 1000,
        ),
      };
    }),
  );
}
