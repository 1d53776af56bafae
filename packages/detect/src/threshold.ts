/**
 * Per-run threshold tests: is a new run (or its repetitions) different from a baseline window of
 * earlier runs? Two tests:
 *
 * - on one number per run (throughput, a percentile): Welch's t-test when the new run has
 *   repetitions, else a Student prediction test (is one new value inside the baseline's spread);
 * - on whole latency distributions: a two-sample Kolmogorov–Smirnov test between the merged
 *   HdrHistograms of the baseline and of the new run.
 */
import { Histogram } from '@levelfield/metrics/hdr';
import { mean, mergeHistograms, sampleStdDev, studentTCdf, welchTTest } from '@levelfield/metrics/stats';

export interface ThresholdOptions {
  /** Significance level (default 0.001). */
  maxPValue?: number;
  /** Smallest relative change of the mean that counts, as a fraction (default 0). */
  minMagnitude?: number;
  /** Whether a higher value is better (throughput) or worse (latency, the default). */
  higherIsBetter?: boolean;
}

export interface ThresholdResult {
  test: 'welch-t' | 'student-prediction';
  baselineMean: number;
  candidateMean: number;
  /** candidateMean / baselineMean − 1 (0 when baselineMean is 0). */
  relativeChange: number;
  t: number;
  degreesOfFreedom: number;
  pValue: number;
  confidence: number;
  direction: 'increase' | 'decrease' | 'none';
  /** p ≤ maxPValue and |relativeChange| ≥ minMagnitude. */
  significant: boolean;
  /** Significant and in the worse direction. */
  regression: boolean;
}

function directionOf(change: number): 'increase' | 'decrease' | 'none' {
  return change > 0 ? 'increase' : change < 0 ? 'decrease' : 'none';
}

/**
 * Tests a new run's value(s) against a baseline window (≥ 2 runs). With ≥ 2 candidate values:
 * Welch's t-test. With one: t = (x − mean) / (s·√(1 + 1/n)), n − 1 degrees of freedom — the
 * probability that a further run of the baseline lies as far from its mean.
 */
export function thresholdTest(
  baseline: readonly number[],
  candidate: number | readonly number[],
  options: ThresholdOptions = {},
): ThresholdResult {
  const { maxPValue = 0.001, minMagnitude = 0, higherIsBetter = false } = options;
  const values = typeof candidate === 'number' ? [candidate] : candidate;
  if (baseline.length < 2) throw new RangeError(`the baseline needs at least 2 runs, got ${baseline.length}`);
  if (values.length < 1) throw new RangeError('no candidate value');
  const baselineMean = mean(baseline);
  const candidateMean = mean(values);
  let test: ThresholdResult['test'];
  let t: number;
  let df: number;
  let pValue: number;
  if (values.length >= 2) {
    test = 'welch-t';
    const welch = welchTTest(values, baseline);
    t = welch.t;
    df = welch.degreesOfFreedom;
    pValue = welch.pValue;
  } else {
    test = 'student-prediction';
    const s = sampleStdDev(baseline);
    const diff = candidateMean - baselineMean;
    df = baseline.length - 1;
    const scale = s * Math.sqrt(1 + 1 / baseline.length);
    if (scale === 0) {
      t = diff === 0 ? 0 : Math.sign(diff) * Number.POSITIVE_INFINITY;
      pValue = diff === 0 ? 1 : 0;
    } else {
      t = diff / scale;
      pValue = Math.min(1, 2 * studentTCdf(-Math.abs(t), df));
    }
  }
  const relativeChange = baselineMean === 0 ? 0 : candidateMean / baselineMean - 1;
  const direction = directionOf(relativeChange);
  const significant = pValue <= maxPValue && Math.abs(relativeChange) >= minMagnitude;
  return {
    test,
    baselineMean,
    candidateMean,
    relativeChange,
    t,
    degreesOfFreedom: df,
    pValue,
    confidence: 1 - pValue,
    direction,
    significant,
    regression: significant && (higherIsBetter ? direction === 'decrease' : direction === 'increase'),
  };
}

// --- Kolmogorov–Smirnov on histograms ------------------------------------------------------------

/**
 * P(K > λ) for the Kolmogorov distribution K = sup|B(t)| of a Brownian bridge: the alternating
 * series 2 Σ (−1)^(k−1) e^(−2k²λ²) for λ ≥ 1, else 1 − (√(2π)/λ) Σ e^(−(2k−1)²π²/(8λ²)), which
 * converges fast there.
 */
export function kolmogorovSurvival(lambda: number): number {
  if (!(lambda > 0)) return 1;
  if (lambda < 1) {
    let sum = 0;
    for (let k = 1; k <= 50; k++) {
      const term = Math.exp((-((2 * k - 1) ** 2) * Math.PI * Math.PI) / (8 * lambda * lambda));
      sum += term;
      if (term < 1e-17 * sum) break;
    }
    return Math.min(1, Math.max(0, 1 - (Math.sqrt(2 * Math.PI) / lambda) * sum));
  }
  let sum = 0;
  for (let k = 1; k <= 100; k++) {
    const term = Math.exp(-2 * k * k * lambda * lambda);
    sum += k % 2 === 1 ? term : -term;
    if (term < 1e-17) break;
  }
  return Math.min(1, Math.max(0, 2 * sum));
}

export interface KsOptions {
  /** Significance level (default 0.001). */
  maxPValue?: number;
  /** Smallest distance D between the two CDFs that counts (default 0). */
  minDistance?: number;
  /** Whether higher values are better (default false: latencies). */
  higherIsBetter?: boolean;
}

export interface KsResult {
  test: 'kolmogorov-smirnov';
  /** sup |F_baseline − F_candidate| over the bucket boundaries. */
  statistic: number;
  /** Upper end of the bucket where the largest gap is. */
  at: number;
  baselineCount: number;
  candidateCount: number;
  /** nm / (n + m). */
  effectiveCount: number;
  /** Asymptotic p-value P(K > (√nₑ + 0.12 + 0.11/√nₑ)·D) (Stephens' small-sample correction). */
  pValue: number;
  confidence: number;
  /** 'increase' when the candidate's CDF lies below the baseline's at the largest gap (values moved up). */
  direction: 'increase' | 'decrease' | 'none';
  significant: boolean;
  regression: boolean;
}

/**
 * Two-sample Kolmogorov–Smirnov test between two histograms. Both are brought to one geometry
 * (the coarser, as in mergeHistograms) and their CDFs compared at every bucket's upper end, so D is
 * that of the values as recorded: values equal within the histogram's precision count as ties.
 * The p-value treats every recorded value as an independent draw; latencies within a run are not,
 * so over millions of requests tiny shifts are "significant": use `minDistance` for the size that
 * matters.
 */
export function ksTestHistograms(
  baseline: Histogram,
  candidate: Histogram,
  options: KsOptions = {},
): KsResult {
  const { maxPValue = 0.001, minDistance = 0, higherIsBetter = false } = options;
  const n = baseline.totalCount;
  const m = candidate.totalCount;
  if (n === 0 || m === 0) throw new RangeError('both histograms need recorded values');
  const shape = mergeHistograms([baseline, candidate]);
  const geometry = {
    lowestDiscernibleValue: shape.lowestDiscernibleValue,
    highestTrackableValue: shape.highestTrackableValue,
    significantFigures: shape.significantFigures,
  };
  const a = new Histogram(geometry).add(baseline);
  const b = new Histogram(geometry).add(candidate);
  let cumulativeA = 0;
  let cumulativeB = 0;
  let statistic = 0;
  let at = 0;
  let signed = 0;
  for (const range of shape.recordedRanges()) {
    cumulativeA += a.countAtIndex(a.indexOf(range.lowest));
    cumulativeB += b.countAtIndex(b.indexOf(range.lowest));
    const gap = cumulativeA / n - cumulativeB / m;
    if (Math.abs(gap) > statistic) {
      statistic = Math.abs(gap);
      signed = gap;
      at = range.highest;
    }
  }
  const effectiveCount = (n * m) / (n + m);
  const root = Math.sqrt(effectiveCount);
  const pValue = statistic === 0 ? 1 : kolmogorovSurvival((root + 0.12 + 0.11 / root) * statistic);
  const direction = signed > 0 ? 'increase' : signed < 0 ? 'decrease' : 'none';
  const significant = pValue <= maxPValue && statistic >= minDistance && statistic > 0;
  return {
    test: 'kolmogorov-smirnov',
    statistic,
    at,
    baselineCount: n,
    candidateCount: m,
    effectiveCount,
    pValue,
    confidence: 1 - pValue,
    direction,
    significant,
    regression: significant && (higherIsBetter ? direction === 'decrease' : direction === 'increase'),
  };
}

/** KS test of a new run's interval histograms against a baseline window's, each merged first. */
export function ksTestWindows(
  baseline: Iterable<Histogram>,
  candidate: Iterable<Histogram>,
  options: KsOptions = {},
): KsResult {
  return ksTestHistograms(mergeHistograms(baseline), mergeHistograms(candidate), options);
}
