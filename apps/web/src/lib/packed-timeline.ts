// The run page's time lines as the page sends them to the browser: one array per field instead
// of one object per point. A day is 1,440 points per series, and as objects their repeated keys
// were most of the page's HTML; starts are sent as differences (one minute is "60000", not a
// 13-digit time) and warm-up as the indexes of its points.
import type { SeriesTimeline, TimePoint } from '~/lib/timeline-model';

/** The fields of a point sent as they are, one array each. */
const VALUES = ['count', 'max', 'p50', 'p90', 'p99', 'p999'] as const;

export type PackedTimeline = Omit<SeriesTimeline, 'points'> & {
  [K in (typeof VALUES)[number]]: TimePoint[K][];
} & {
  /** Each point's start minus the previous point's (the first's minus 0), ms. */
  dt: number[];
  /** Each point's end minus its start, ms. */
  width: number[];
  /** Indexes of the warm-up points. */
  warmup: number[];
};

export function packTimeline({ points, ...series }: SeriesTimeline): PackedTimeline {
  const packed: PackedTimeline = {
    ...series,
    dt: points.map((p, i) => p.t - (points[i - 1]?.t ?? 0)),
    width: points.map((p) => p.end - p.t),
    count: [],
    max: [],
    p50: [],
    p90: [],
    p99: [],
    p999: [],
    warmup: points.flatMap((p, i) => (p.warmup ? [i] : [])),
  };
  for (const key of VALUES) packed[key] = points.map((p) => p[key]);
  return packed;
}

export function unpackTimeline(packed: PackedTimeline): SeriesTimeline {
  const { dt, width, count, max, p50, p90, p99, p999, warmup, ...series } = packed;
  const warm = new Set(warmup);
  const points: TimePoint[] = [];
  let t = 0;
  for (let i = 0; i < dt.length; i += 1) {
    t += dt[i]!;
    points.push({
      t,
      end: t + width[i]!,
      count: count[i]!,
      max: max[i]!,
      p50: p50[i]!,
      p90: p90[i]!,
      p99: p99[i]!,
      p999: p999[i]!,
      warmup: warm.has(i),
    });
  }
  return { ...series, points };
}
