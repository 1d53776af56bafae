// The run page's time lines as the page sends them to the browser: one array per field instead
// of one object per point. A day is 1,440 points per series, and as objects their repeated keys
// were most of the page's HTML; starts are sent as differences (one minute is "60000", not a
// 13-digit time), run-length encoded with the widths (a day's minutes are one run, not 1,440
// copies of "60000"), and warm-up as the indexes of its points.
import type { SeriesTimeline, TimePoint } from '~/lib/timeline-model';

/** The fields of a point sent as they are, one array each. */
const VALUES = ['count', 'max', 'p50', 'p90', 'p99', 'p999'] as const;

export type PackedTimeline = Omit<SeriesTimeline, 'points'> & {
  [K in (typeof VALUES)[number]]: TimePoint[K][];
} & {
  /** Each point's start minus the previous point's (the first's minus 0), ms, as runs (runLengths). */
  dt: number[];
  /** Each point's end minus its start, ms, as runs (runLengths). */
  width: number[];
  /** Indexes of the warm-up points. */
  warmup: number[];
};

/** [value, repeats, value, repeats, …]: [60000, 3] for 60000, 60000, 60000. */
export function runLengths(xs: readonly number[]): number[] {
  const runs: number[] = [];
  for (const x of xs) {
    if (runs.length > 0 && runs[runs.length - 2] === x) runs[runs.length - 1]! += 1;
    else runs.push(x, 1);
  }
  return runs;
}

export function expandRuns(runs: readonly number[]): number[] {
  const xs: number[] = [];
  for (let i = 0; i < runs.length; i += 2) for (let n = 0; n < runs[i + 1]!; n += 1) xs.push(runs[i]!);
  return xs;
}

export function packTimeline({ points, ...series }: SeriesTimeline): PackedTimeline {
  const packed: PackedTimeline = {
    ...series,
    dt: runLengths(points.map((p, i) => p.t - (points[i - 1]?.t ?? 0))),
    width: runLengths(points.map((p) => p.end - p.t)),
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
  const { dt: dtRuns, width: widthRuns, count, max, p50, p90, p99, p999, warmup, ...series } = packed;
  const dt = expandRuns(dtRuns);
  const width = expandRuns(widthRuns);
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
