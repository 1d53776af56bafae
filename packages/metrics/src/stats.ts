/**
 * Statistics for benchmark results: percentiles from merged histograms (never by averaging
 * percentiles), confidence intervals across repetitions, and a steady-state test for interval
 * throughput series.
 */
import { Histogram, type PercentileRank } from './hdr/histogram.ts';

// --- histograms -------------------------------------------------------------------------------

/**
 * Merges histograms into a new one. Its geometry is the coarsest of the inputs (fewest
 * significant figures, largest lowest discernible value, largest highest trackable value), so
 * every input's equivalent value ranges nest inside the result's and the merge is exact:
 * percentiles of the result are those of the pooled values, to the coarsest input's precision.
 */
export function mergeHistograms(histograms: Iterable<Histogram>): Histogram {
  const list = [...histograms];
  if (list.length === 0) return new Histogram();
  let digits = 5;
  let lowest = 1;
  let highest = 2;
  for (const h of list) {
    digits = Math.min(digits, h.significantFigures);
    lowest = Math.max(lowest, h.lowestDiscernibleValue);
    highest = Math.max(highest, h.highestTrackableValue);
  }
  const merged = new Histogram({
    lowestDiscernibleValue: lowest,
    highestTrackableValue: Math.max(highest, 2 * lowest),
    significantFigures: digits,
  });
  for (const h of list) merged.add(h);
  return merged;
}

/**
 * The percentiles every latency summary carries, p50 to p99.9, one field each: frames on the wire
 * and in the database, rollups, live messages and the read API all name them so. Types that carry
 * them extend this one (or pick from it) rather than spell the five fields again.
 */
export interface LatencyQuantiles {
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
}

/** The per-series summary of the read API and of frames. */
export interface LatencySummary extends LatencyQuantiles {
  count: number;
  min: number;
  max: number;
  mean: number;
  stdDev: number;
}

export function summarizeHistogram(h: Histogram, rank: PercentileRank = 'nearest'): LatencySummary {
  const [p50 = 0, p90 = 0, p95 = 0, p99 = 0, p999 = 0] = h.valuesAtPercentiles([50, 90, 95, 99, 99.9], rank);
  return {
    count: h.totalCount,
    min: h.min,
    max: h.max,
    mean: h.mean,
    stdDev: h.stdDev,
    p50,
    p90,
    p95,
    p99,
    p999,
  };
}

/** Percentiles over a window: merge the interval histograms, then read the percentiles. */
export function percentilesOfMerged(
  histograms: Iterable<Histogram>,
  percentiles: readonly number[],
): number[] {
  return mergeHistograms(histograms).valuesAtPercentiles(percentiles);
}

// --- plain samples ----------------------------------------------------------------------------

function checkSample(xs: readonly number[], min: number, what: string): void {
  if (xs.length < min) throw new RangeError(`${what} needs at least ${min} values, got ${xs.length}`);
  for (const x of xs) if (!Number.isFinite(x)) throw new RangeError(`${what}: ${x} is not a finite number`);
}

export function mean(xs: readonly number[]): number {
  checkSample(xs, 1, 'mean');
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Sample variance (n − 1 in the denominator). */
export function sampleVariance(xs: readonly number[]): number {
  checkSample(xs, 2, 'sample variance');
  const m = mean(xs);
  let sum = 0;
  for (const x of xs) sum += (x - m) * (x - m);
  return sum / (xs.length - 1);
}

/** Sample standard deviation (n − 1 in the denominator). */
export function sampleStdDev(xs: readonly number[]): number {
  return Math.sqrt(sampleVariance(xs));
}

// --- Student t distribution ---------------------------------------------------------------------

// Lanczos approximation (g = 7, 9 terms) of ln Γ(x), x > 0.
const LANCZOS = [
  0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
  12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
];

function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0] ?? 0;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (LANCZOS[i] ?? 0) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction for the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return f;
}

/** Regularized incomplete beta function I_x(a, b). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom (df > 0, may be fractional). */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t such that P(T ≤ t) = p, by bisection on the CDF (|error| < 1e-12 relative). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`probability must be in (0, 1), got ${p}`);
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) {
    lo = hi;
    hi *= 2;
    if (hi > 1e12) return Number.POSITIVE_INFINITY;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function checkLevel(level: number): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
}

// --- confidence intervals -----------------------------------------------------------------------

export interface MeanConfidenceInterval {
  method: 'student-t';
  level: number;
  n: number;
  mean: number;
  /** Sample standard deviation of the repetitions. */
  stdDev: number;
  standardError: number;
  degreesOfFreedom: number;
  tCritical: number;
  halfWidth: number;
  lower: number;
  upper: number;
}

/**
 * Confidence interval for the mean of repeated measurements (e.g. one throughput per run):
 * mean ± t(1 − α/2, n − 1) · s/√n. Assumes independent repetitions of a roughly normal
 * quantity; with n < 2 there is no interval and it throws RangeError.
 */
export function meanConfidenceInterval(xs: readonly number[], level = 0.95): MeanConfidenceInterval {
  checkLevel(level);
  checkSample(xs, 2, 'a confidence interval');
  const n = xs.length;
  const m = mean(xs);
  const s = sampleStdDev(xs);
  const se = s / Math.sqrt(n);
  const t = studentTQuantile(1 - (1 - level) / 2, n - 1);
  const halfWidth = t * se;
  return {
    method: 'student-t',
    level,
    n,
    mean: m,
    stdDev: s,
    standardError: se,
    degreesOfFreedom: n - 1,
    tCritical: t,
    halfWidth,
    lower: m - halfWidth,
    upper: m + halfWidth,
  };
}

export interface RatioConfidenceInterval {
  method: 'fieller';
  level: number;
  /** mean(numerator) / mean(denominator). */
  ratio: number;
  /** False when the denominator's mean is not significantly different from 0: the interval is unbounded. */
  bounded: boolean;
  lower: number;
  upper: number;
  /** Welch–Satterthwaite degrees of freedom, evaluated at the point estimate. */
  degreesOfFreedom: number;
  tCritical: number;
  numerator: { n: number; mean: number; stdDev: number };
  denominator: { n: number; mean: number; stdDev: number };
}

/**
 * Confidence interval for a ratio of means across repetitions (e.g. system A's mean throughput
 * over system B's), by Fieller's method for two independent samples: the set of R for which
 * (m_a − R·m_b)² ≤ t² (v_a + R² v_b), with v = s²/n the variances of the means and t Student's
 * quantile at Welch–Satterthwaite degrees of freedom. Unlike a delta-method interval it is
 * asymmetric where it should be; when the denominator is too noisy (t² v_b ≥ m_b²) the interval
 * is unbounded (`bounded: false`, lower −∞, upper +∞). Each sample needs ≥ 2 values.
 */
export function ratioOfMeansConfidenceInterval(
  numerator: readonly number[],
  denominator: readonly number[],
  level = 0.95,
): RatioConfidenceInterval {
  checkLevel(level);
  checkSample(numerator, 2, 'the numerator sample');
  checkSample(denominator, 2, 'the denominator sample');
  const na = numerator.length;
  const nb = denominator.length;
  const ma = mean(numerator);
  const mb = mean(denominator);
  const sa = sampleStdDev(numerator);
  const sb = sampleStdDev(denominator);
  if (mb === 0) throw new RangeError('the denominator sample has mean 0: the ratio is undefined');
  const va = (sa * sa) / na;
  const vb = (sb * sb) / nb;
  const ratio = ma / mb;
  const described = {
    numerator: { n: na, mean: ma, stdDev: sa },
    denominator: { n: nb, mean: mb, stdDev: sb },
  };
  const varianceAtRatio = va + ratio * ratio * vb;
  if (varianceAtRatio === 0) {
    return {
      method: 'fieller',
      level,
      ratio,
      bounded: true,
      lower: ratio,
      upper: ratio,
      degreesOfFreedom: Number.POSITIVE_INFINITY,
      tCritical: 0,
      ...described,
    };
  }
  const termA = (va * va) / (na - 1);
  const termB = (ratio * ratio * vb) ** 2 / (nb - 1);
  const df = (varianceAtRatio * varianceAtRatio) / (termA + termB);
  const t = studentTQuantile(1 - (1 - level) / 2, df);
  const t2 = t * t;
  // Roots of R²(m_b² − t²v_b) − 2R·m_a·m_b + (m_a² − t²v_a) = 0.
  const a = mb * mb - t2 * vb;
  if (a <= 0) {
    return {
      method: 'fieller',
      level,
      ratio,
      bounded: false,
      lower: Number.NEGATIVE_INFINITY,
      upper: Number.POSITIVE_INFINITY,
      degreesOfFreedom: df,
      tCritical: t,
      ...described,
    };
  }
  const b = ma * mb;
  const c = ma * ma - t2 * va;
  const root = Math.sqrt(Math.max(b * b - a * c, 0));
  const r1 = (b - root) / a;
  const r2 = (b + root) / a;
  return {
    method: 'fieller',
    level,
    ratio,
    bounded: true,
    lower: Math.min(r1, r2),
    upper: Math.max(r1, r2),
    degreesOfFreedom: df,
    tCritical: t,
    ...described,
  };
}

/** Two-sided Welch t-test p-value for a difference of means. */
export function welchTTest(
  a: readonly number[],
  b: readonly number[],
): { t: number; degreesOfFreedom: number; pValue: number } {
  checkSample(a, 2, 'the first sample');
  checkSample(b, 2, 'the second sample');
  const va = sampleVariance(a) / a.length;
  const vb = sampleVariance(b) / b.length;
  const diff = mean(a) - mean(b);
  if (va + vb === 0) {
    return {
      t: diff === 0 ? 0 : Math.sign(diff) * Number.POSITIVE_INFINITY,
      degreesOfFreedom: Number.POSITIVE_INFINITY,
      pValue: diff === 0 ? 1 : 0,
    };
  }
  const t = diff / Math.sqrt(va + vb);
  const df = (va + vb) ** 2 / ((va * va) / (a.length - 1) + (vb * vb) / (b.length - 1));
  const pValue = Math.min(1, 2 * studentTCdf(-Math.abs(t), df));
  return { t, degreesOfFreedom: df, pValue };
}

// --- steady state --------------------------------------------------------------------------------

export interface SteadyStateOptions {
  /** Largest relative change between the first and last thirds still called steady. Default 0.05 (5 %). */
  tolerance?: number;
  /** Significance level of the drift test. Default 0.05. */
  alpha?: number;
}

export interface SteadyStateResult {
  method: 'thirds-welch';
  /**
   * - `steady`: the last third's mean is within ±tolerance of the first third's.
   * - `drifting`: it moved by more than the tolerance and the Welch t-test says the move is real.
   * - `inconclusive`: it moved by more than the tolerance but the series is too noisy to tell.
   * - `insufficient-data`: fewer than 6 intervals.
   */
  verdict: 'steady' | 'drifting' | 'inconclusive' | 'insufficient-data';
  direction: 'up' | 'down' | 'flat';
  n: number;
  tolerance: number;
  alpha: number;
  firstThirdMean: number;
  lastThirdMean: number;
  /** (last third mean − first third mean) / first third mean. */
  relativeChange: number;
  pValue: number;
  /** Least-squares slope per interval, and that slope over the whole series relative to its mean. */
  trend: { slopePerInterval: number; relativeChangeOverSeries: number };
  /** Standard deviation / mean of the whole series (the "jitter" of an instantaneous throughput plot). */
  coefficientOfVariation: number;
}

/**
 * Steady-state test for an interval throughput series (one value per interval, warm-up
 * excluded). It compares the mean of the first third of the intervals with the mean of the last
 * third: the run is `steady` when they differ by at most `tolerance` (relative), `drifting` when
 * they differ by more and a two-sided Welch t-test rejects equal means at `alpha`, and
 * `inconclusive` otherwise. The least-squares trend and the coefficient of variation are
 * reported alongside for display. Intervals of a run are autocorrelated, which makes the
 * p-value optimistic; the tolerance, not the p-value alone, decides `steady`.
 */
export function steadyStateTest(
  series: readonly number[],
  options: SteadyStateOptions = {},
): SteadyStateResult {
  const tolerance = options.tolerance ?? 0.05;
  const alpha = options.alpha ?? 0.05;
  if (!(tolerance >= 0)) throw new RangeError('tolerance must be ≥ 0');
  checkLevel(1 - alpha);
  for (const x of series)
    if (!Number.isFinite(x)) throw new RangeError(`series value ${x} is not a finite number`);
  const n = series.length;
  const third = Math.floor(n / 3);
  const seriesMean = n > 0 ? mean(series) : Number.NaN;
  const base = {
    method: 'thirds-welch' as const,
    n,
    tolerance,
    alpha,
    trend: linearTrend(series, seriesMean),
    coefficientOfVariation: n >= 2 && seriesMean !== 0 ? sampleStdDev(series) / seriesMean : Number.NaN,
  };
  if (n < 6) {
    return {
      ...base,
      verdict: 'insufficient-data',
      direction: 'flat',
      firstThirdMean: Number.NaN,
      lastThirdMean: Number.NaN,
      relativeChange: Number.NaN,
      pValue: Number.NaN,
    };
  }
  const first = series.slice(0, third);
  const last = series.slice(n - third);
  const firstThirdMean = mean(first);
  const lastThirdMean = mean(last);
  const relativeChange =
    firstThirdMean === 0
      ? lastThirdMean === 0
        ? 0
        : Math.sign(lastThirdMean) * Number.POSITIVE_INFINITY
      : (lastThirdMean - firstThirdMean) / Math.abs(firstThirdMean);
  const { pValue } = welchTTest(last, first);
  const moved = Math.abs(relativeChange) > tolerance;
  const verdict = !moved ? 'steady' : pValue < alpha ? 'drifting' : 'inconclusive';
  const direction = !moved ? 'flat' : relativeChange > 0 ? 'up' : 'down';
  return { ...base, verdict, direction, firstThirdMean, lastThirdMean, relativeChange, pValue };
}

function linearTrend(series: readonly number[], seriesMean: number): SteadyStateResult['trend'] {
  const n = series.length;
  if (n < 2) return { slopePerInterval: Number.NaN, relativeChangeOverSeries: Number.NaN };
  const xMean = (n - 1) / 2;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - xMean) * ((series[i] ?? 0) - seriesMean);
    sxx += (i - xMean) * (i - xMean);
  }
  const slope = sxy / sxx;
  return {
    slopePerInterval: slope,
    relativeChangeOverSeries: seriesMean === 0 ? Number.NaN : (slope * (n - 1)) / seriesMean,
  };
}
