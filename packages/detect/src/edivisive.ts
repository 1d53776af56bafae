/**
 * Change points in a benchmark history by E-Divisive means (Matteson & James, "A Nonparametric
 * Approach for Multiple Change Point Analysis of Multivariate Data", JASA 2014), run the way
 * Apache Otava (formerly Hunter; Fleming et al., "Hunter: Using Change Point Detection to Hunt
 * for Performance Regressions", ICPE 2023) runs it by default:
 *
 * 1. Split: windows of `windowLength` runs, each starting half a window after the previous one
 *    (or at the last change found in it, whichever is later). In each window, E-Divisive splits
 *    recursively at the point maximising the energy statistic Q̂ and keeps a split while a
 *    two-sided Student t-test between the two sides gives p ≤ 10 × `maxPValue` (the "weak"
 *    threshold; 2 × when maxPValue ≥ 0.05). The union over windows is the set of weak change points.
 * 2. Merge: each weak point is tested (same t-test) between its neighbours over the whole history;
 *    repeatedly the point with the largest p-value is dropped while that p-value is ≥ `maxPValue`,
 *    then the point with the smallest relative change while that change is ≤ `minMagnitude`; the
 *    neighbours of a dropped point are tested again.
 *
 * `method: 'e-divisive'` runs the original algorithm instead: the whole history at once, each
 * split kept while a permutation test (points shuffled within the current segments, seeded)
 * gives p = (1 + #{permuted Q̂ ≥ Q̂}) / (1 + permutations) ≤ `maxPValue`.
 */
import { studentTCdf } from '@levelfield/metrics/stats';
import { type Random, seededRandom, shuffleRange } from './random.ts';

export type DetectMethod = 'otava' | 'e-divisive';

export interface DetectOptions {
  /** 'otava' (default): windowed split with t-tests, then merge. 'e-divisive': whole series, permutation test. */
  method?: DetectMethod;
  /** Runs per window of the split step (Otava's default 50). */
  windowLength?: number;
  /** Significance level of a change (Otava's default 0.001). */
  maxPValue?: number;
  /** Smallest relative change kept by the merge step, as a fraction (0.05 = 5 %); default 0. */
  minMagnitude?: number;
  /** Permutations per test in 'e-divisive' (default 199). */
  permutations?: number;
  /** Seed of the permutation test (default 1): the same seed gives the same answer. */
  seed?: number;
  /** Exponent α ∈ (0, 2) of the distances in the energy statistic (default 1). */
  power?: number;
  /** Whether a higher value is better (throughput) or worse (latency, the default). */
  higherIsBetter?: boolean;
  /**
   * Reproduce Apache Otava 0.8.0's merge step exactly: after dropping a point it re-tests the
   * point to its right and the one after that, so the point to its left keeps the p-value it had
   * against a shorter neighbour (and may survive on it). Off by default: both neighbours of a
   * dropped point are re-tested. For comparing with Otava only.
   */
  otavaCompatibleMerge?: boolean;
}

export interface ChangePoint {
  /** Index of the first run after the change. */
  index: number;
  /** Mean and standard deviation (population) of the runs from the previous change to this one. */
  meanBefore: number;
  stdDevBefore: number;
  /** Same, from this change to the next. */
  meanAfter: number;
  stdDevAfter: number;
  runsBefore: number;
  runsAfter: number;
  /** meanAfter / meanBefore − 1 (0 when meanBefore is 0). */
  relativeChange: number;
  /** Otava's magnitude: the larger of |after/before − 1| and |before/after − 1|. */
  magnitude: number;
  /** p-value of the change: Student t between its neighbours ('otava') or the permutation test. */
  pValue: number;
  /** 1 − pValue. */
  confidence: number;
  /** The energy statistic Q̂ at which the point was found. */
  qHat: number;
  direction: 'increase' | 'decrease' | 'none';
  /** True when the change makes the measure worse (a decrease when higher is better, else an increase). */
  regression: boolean;
}

const DEFAULTS = {
  method: 'otava' as DetectMethod,
  windowLength: 50,
  maxPValue: 0.001,
  minMagnitude: 0,
  permutations: 199,
  seed: 1,
  power: 1,
  higherIsBetter: false,
  otavaCompatibleMerge: false,
};

interface Candidate {
  index: number;
  qHat: number;
}

/** A half-open range of runs [start, end). */
interface Segment {
  start: number;
  end: number;
}

/**
 * The split of xs[start, end) that maximises Q̂ over τ (first index of the right part) and κ
 * (end of the right part), start < τ < κ ≤ end:
 *
 *   Q̂(X, Y) = 2/(n+m) Σ|Xᵢ−Yⱼ|^α − 2m/((n+m)(n−1)) Σᵢ<ₖ|Xᵢ−Xₖ|^α − 2n/((n+m)(m−1)) Σⱼ<ₗ|Yⱼ−Yₗ|^α
 *
 * with X = xs[start, τ) (n runs) and Y = xs[τ, κ) (m runs), i.e. (nm/(n+m)) times the energy
 * distance estimate. O((end − start)²) time, O(end − start) memory: within-part sums are carried
 * forward, the cross sum is the whole range's within sum minus both parts'. Ties go to the
 * smallest τ, then the smallest κ. Null for fewer than 2 runs.
 */
export function bestSplit(xs: readonly number[], start: number, end: number, power = 1): Candidate | null {
  const length = end - start;
  if (length < 2) return null;
  const distance =
    power === 1
      ? (i: number, j: number) => Math.abs(xs[i]! - xs[j]!)
      : (i: number, j: number) => Math.abs(xs[i]! - xs[j]!) ** power;
  // fromStart[k] = Σ over pairs inside xs[start, start + k).
  const fromStart = new Float64Array(length + 1);
  for (let k = 1; k < length; k++) {
    let sum = 0;
    for (let i = start; i < start + k; i++) sum += distance(i, start + k);
    fromStart[k + 1] = fromStart[k]! + sum;
  }
  // column[c − start] = Σ_{i=τ}^{c−1} d(i, c) for the current τ.
  const column = new Float64Array(length);
  let best: Candidate | null = null;
  for (let tau = end - 1; tau > start; tau--) {
    for (let c = tau + 1; c < end; c++) column[c - start]! += distance(tau, c);
    const n = tau - start;
    const withinX = fromStart[n]!;
    let withinY = 0;
    let rowBest = Number.NEGATIVE_INFINITY;
    for (let kappa = tau + 1; kappa <= end; kappa++) {
      if (kappa > tau + 1) withinY += column[kappa - 1 - start]!;
      const m = kappa - tau;
      const total = kappa - start;
      const cross = fromStart[total]! - withinX - withinY;
      let q = (2 / total) * cross;
      if (n > 1) q -= ((2 * m) / (total * (n - 1))) * withinX;
      if (m > 1) q -= ((2 * n) / (total * (m - 1))) * withinY;
      if (q > rowBest) rowBest = q;
    }
    // Rows are visited from the largest τ down: ≥ keeps the smallest τ among equal maxima.
    if (best === null || rowBest >= best.qHat) best = { index: tau, qHat: rowBest };
  }
  return best;
}

/** The segments between sorted change indexes inside [from, to). */
function segmentsOf(from: number, to: number, indexes: readonly number[]): Segment[] {
  const segments: Segment[] = [];
  let start = from;
  for (const index of indexes) {
    if (index > start) segments.push({ start, end: index });
    start = index;
  }
  if (to > start) segments.push({ start, end: to });
  return segments;
}

function bestOverSegments(
  xs: readonly number[],
  segments: readonly Segment[],
  power: number,
): Candidate | null {
  let best: Candidate | null = null;
  for (const s of segments) {
    const candidate = bestSplit(xs, s.start, s.end, power);
    if (candidate && (best === null || candidate.qHat > best.qHat)) best = candidate;
  }
  return best;
}

// --- the t-test Otava applies ------------------------------------------------------------------

interface SplitStats {
  meanBefore: number;
  stdDevBefore: number;
  meanAfter: number;
  stdDevAfter: number;
  runsBefore: number;
  runsAfter: number;
  pValue: number;
}

function meanAndStdDev(xs: readonly number[], start: number, end: number): [number, number] {
  const n = end - start;
  let sum = 0;
  for (let i = start; i < end; i++) sum += xs[i]!;
  const mean = sum / n;
  if (n < 2) return [mean, 0];
  let squares = 0;
  for (let i = start; i < end; i++) squares += (xs[i]! - mean) ** 2;
  return [mean, Math.sqrt(squares / n)];
}

/**
 * Two-sided Student t-test (pooled variance) of xs[left) against xs[right), as Otava computes it:
 * population standard deviations fed to the pooled formula, p = 1 with only two runs in all, and
 * p = 0 when both sides are constant and differ (NaN, read as 1, when they are equal).
 */
function studentSplit(xs: readonly number[], left: Segment, right: Segment): SplitStats {
  const n1 = left.end - left.start;
  const n2 = right.end - right.start;
  const [m1, s1] = meanAndStdDev(xs, left.start, left.end);
  const [m2, s2] = meanAndStdDev(xs, right.start, right.end);
  let pValue = 1;
  if (n1 + n2 > 2) {
    const df = n1 + n2 - 2;
    const pooled = ((n1 - 1) * s1 * s1 + (n2 - 1) * s2 * s2) / df;
    const denominator = Math.sqrt(pooled * (1 / n1 + 1 / n2));
    const diff = m1 - m2;
    if (denominator === 0) pValue = diff === 0 ? 1 : 0;
    else pValue = Math.min(1, 2 * studentTCdf(-Math.abs(diff / denominator), df));
  }
  return {
    meanBefore: m1,
    stdDevBefore: s1,
    meanAfter: m2,
    stdDevAfter: s2,
    runsBefore: n1,
    runsAfter: n2,
    pValue,
  };
}

/** The t-test of a new split candidate inside the segment that holds it. */
function testCandidate(xs: readonly number[], candidate: Candidate, segments: readonly Segment[]): number {
  const s = segments.find((seg) => seg.start < candidate.index && candidate.index < seg.end);
  if (!s) throw new Error(`candidate ${candidate.index} lies in no segment`);
  return studentSplit(xs, { start: s.start, end: candidate.index }, { start: candidate.index, end: s.end })
    .pValue;
}

// --- the divisive loop ----------------------------------------------------------------------------

interface Found extends Candidate {
  pValue: number;
}

/**
 * Divisive E-Divisive over xs[from, to): split at the best candidate of all current segments while
 * its significance test passes.
 */
function divide(
  xs: readonly number[],
  from: number,
  to: number,
  power: number,
  maxPValue: number,
  test: (candidate: Candidate, segments: Segment[]) => number,
): Found[] {
  const found: Found[] = [];
  for (;;) {
    const segments = segmentsOf(
      from,
      to,
      found.map((f) => f.index),
    );
    const candidate = bestOverSegments(xs, segments, power);
    if (!candidate) break;
    const pValue = test(candidate, segments);
    if (!(pValue <= maxPValue)) break;
    found.push({ ...candidate, pValue });
    found.sort((a, b) => a.index - b.index);
  }
  return found;
}

function permutationTester(xs: readonly number[], power: number, permutations: number, random: Random) {
  return (candidate: Candidate, segments: Segment[]): number => {
    const shuffled = [...xs];
    let asExtreme = 0;
    for (let r = 0; r < permutations; r++) {
      for (const s of segments) shuffleRange(shuffled, s.start, s.end, random);
      const permuted = bestOverSegments(shuffled, segments, power);
      if (permuted && permuted.qHat >= candidate.qHat) asExtreme++;
    }
    return (1 + asExtreme) / (1 + permutations);
  };
}

// --- Otava's split and merge ------------------------------------------------------------------------

function weakChangePoints(
  xs: readonly number[],
  windowLength: number,
  firstPassPValue: number,
  power: number,
): Found[] {
  const step = Math.floor(windowLength / 2);
  const all = new Map<number, Found>();
  let start = 0;
  while (start < xs.length) {
    const end = Math.min(start + windowLength, xs.length);
    const found = divide(xs, start, end, power, firstPassPValue, (candidate, segments) =>
      testCandidate(xs, candidate, segments),
    );
    const last = found.length > 0 ? found[found.length - 1]!.index : 0;
    start = Math.max(last, start + step);
    for (const f of found) if (!all.has(f.index)) all.set(f.index, f);
  }
  return [...all.values()].sort((a, b) => a.index - b.index);
}

interface Tested {
  found: Found;
  stats: SplitStats;
}

function neighbourStats(xs: readonly number[], points: readonly Tested[], k: number): SplitStats {
  const index = points[k]!.found.index;
  const before = k > 0 ? points[k - 1]!.found.index : 0;
  const after = k + 1 < points.length ? points[k + 1]!.found.index : xs.length;
  return studentSplit(xs, { start: before, end: index }, { start: index, end: after });
}

function magnitudeOf(stats: { meanBefore: number; meanAfter: number }): number {
  const forward = stats.meanBefore === 0 ? 0 : stats.meanAfter / stats.meanBefore - 1;
  const backward = stats.meanAfter === 0 ? 0 : stats.meanBefore / stats.meanAfter - 1;
  return Math.max(Math.abs(forward), Math.abs(backward));
}

function merge(
  xs: readonly number[],
  weak: readonly Found[],
  maxPValue: number,
  minMagnitude: number,
  otavaCompatible: boolean,
): Tested[] {
  const points: Tested[] = weak.map((found) => ({ found, stats: undefined as unknown as SplitStats }));
  for (let k = 0; k < points.length; k++) points[k]!.stats = neighbourStats(xs, points, k);
  const p = (t: Tested) => (Number.isNaN(t.stats.pValue) ? 1 : t.stats.pValue);
  while (points.length > 0) {
    let weakest = 0;
    for (let k = 1; k < points.length; k++) if (p(points[k]!) > p(points[weakest]!)) weakest = k;
    if (p(points[weakest]!) < maxPValue) {
      weakest = 0;
      for (let k = 1; k < points.length; k++) {
        if (magnitudeOf(points[k]!.stats) < magnitudeOf(points[weakest]!.stats)) weakest = k;
      }
      if (magnitudeOf(points[weakest]!.stats) > minMagnitude) break;
    }
    points.splice(weakest, 1);
    // Both neighbours of the dropped point now span more runs. Otava 0.8.0 re-tests the point to
    // the right and the one after it (its authors suspect a bug there: apache/otava#96, Nov 2025).
    for (const k of otavaCompatible ? [weakest, weakest + 1] : [weakest - 1, weakest]) {
      if (k >= 0 && k < points.length) points[k]!.stats = neighbourStats(xs, points, k);
    }
  }
  return points;
}

// --- the public entry ---------------------------------------------------------------------------------

function checkOptions(o: Required<DetectOptions>): void {
  if (o.method !== 'otava' && o.method !== 'e-divisive') throw new RangeError(`unknown method ${o.method}`);
  if (!Number.isInteger(o.windowLength) || o.windowLength < 2) {
    throw new RangeError(`windowLength must be an integer ≥ 2, got ${o.windowLength}`);
  }
  if (!(o.maxPValue > 0 && o.maxPValue < 1))
    throw new RangeError(`maxPValue must be in (0, 1), got ${o.maxPValue}`);
  if (!(o.minMagnitude >= 0)) throw new RangeError(`minMagnitude must be ≥ 0, got ${o.minMagnitude}`);
  if (!(o.power > 0 && o.power < 2)) throw new RangeError(`power must be in (0, 2), got ${o.power}`);
  if (o.method === 'e-divisive') {
    if (!Number.isInteger(o.permutations) || o.permutations < 1) {
      throw new RangeError(`permutations must be a positive integer, got ${o.permutations}`);
    }
    if (o.maxPValue < 1 / (1 + o.permutations)) {
      throw new RangeError(
        `maxPValue ${o.maxPValue} is below the smallest p-value ${o.permutations} permutations can give`,
      );
    }
  }
}

/** Change points of a history (one value per run, in run order). */
export function detectChangePoints(series: readonly number[], options: DetectOptions = {}): ChangePoint[] {
  const o: Required<DetectOptions> = { ...DEFAULTS, ...options };
  checkOptions(o);
  for (const x of series) if (!Number.isFinite(x)) throw new RangeError(`${x} is not a finite number`);
  if (series.length < 2) return [];

  let tested: Tested[];
  if (o.method === 'otava') {
    const firstPass =
      o.maxPValue < 0.05 ? o.maxPValue * 10 : o.maxPValue < 0.5 ? o.maxPValue * 2 : o.maxPValue;
    const weak = weakChangePoints(series, o.windowLength, firstPass, o.power);
    tested = merge(series, weak, o.maxPValue, o.minMagnitude, o.otavaCompatibleMerge);
  } else {
    const tester = permutationTester(series, o.power, o.permutations, seededRandom(o.seed));
    const found = divide(series, 0, series.length, o.power, o.maxPValue, tester);
    const points: Tested[] = found.map((f) => ({ found: f, stats: undefined as unknown as SplitStats }));
    for (let k = 0; k < points.length; k++) {
      const stats = neighbourStats(series, points, k);
      points[k]!.stats = { ...stats, pValue: points[k]!.found.pValue };
    }
    tested = o.minMagnitude > 0 ? points.filter((t) => magnitudeOf(t.stats) > o.minMagnitude) : points;
  }
  return tested.map(({ found, stats }) => {
    const relativeChange = stats.meanBefore === 0 ? 0 : stats.meanAfter / stats.meanBefore - 1;
    const pValue = Number.isNaN(stats.pValue) ? 1 : stats.pValue;
    const direction = relativeChange > 0 ? 'increase' : relativeChange < 0 ? 'decrease' : 'none';
    return {
      index: found.index,
      meanBefore: stats.meanBefore,
      stdDevBefore: stats.stdDevBefore,
      meanAfter: stats.meanAfter,
      stdDevAfter: stats.stdDevAfter,
      runsBefore: stats.runsBefore,
      runsAfter: stats.runsAfter,
      relativeChange,
      magnitude: magnitudeOf(stats),
      pValue,
      confidence: 1 - pValue,
      qHat: found.qHat,
      direction,
      regression: o.higherIsBetter ? direction === 'decrease' : direction === 'increase',
    };
  });
}
