import { describe, expect, it } from 'vitest';
import { prng, randomInt } from '../test/prng.ts';
import { Histogram } from './hdr/histogram.ts';
import {
  mean,
  meanConfidenceInterval,
  mergeHistograms,
  percentilesOfMerged,
  ratioOfMeansConfidenceInterval,
  sampleStdDev,
  steadyStateTest,
  studentTCdf,
  studentTQuantile,
  summarizeHistogram,
  welchTTest,
} from './stats.ts';

describe('merging histograms', () => {
  it('merges mixed geometries exactly into the coarsest one', () => {
    const rand = prng(5);
    const geometries = [
      { lowestDiscernibleValue: 1, highestTrackableValue: 1e7, significantFigures: 3 },
      { lowestDiscernibleValue: 1, highestTrackableValue: 1e9, significantFigures: 2 },
      { lowestDiscernibleValue: 8, highestTrackableValue: 1e6, significantFigures: 4 },
    ];
    const parts = geometries.map((g) => new Histogram(g));
    const direct = new Histogram({
      lowestDiscernibleValue: 8,
      highestTrackableValue: 1e9,
      significantFigures: 2,
    });
    const values: number[] = [];
    parts.forEach((h, i) => {
      for (let k = 0; k < 3000; k++) {
        const v = Math.floor(10 ** (rand() * (i === 2 ? 5.9 : 6.9)));
        h.recordValue(v);
        direct.recordValue(v);
        values.push(v);
      }
    });
    const merged = mergeHistograms(parts);
    expect(merged.significantFigures).toBe(2);
    expect(merged.lowestDiscernibleValue).toBe(8);
    expect([...merged.recordedRanges()]).toEqual([...direct.recordedRanges()]);
    const ps = [50, 90, 99, 99.9];
    expect(percentilesOfMerged(parts, ps)).toEqual(direct.valuesAtPercentiles(ps));
    expect(mergeHistograms([]).totalCount).toBe(0);
  });

  it('differs from averaging percentiles, which is wrong', () => {
    const fast = new Histogram();
    const slow = new Histogram();
    fast.recordValue(100, 990);
    fast.recordValue(200, 10);
    slow.recordValue(10_000, 10);
    const merged = mergeHistograms([fast, slow]);
    // 1,010 values: p99 falls in the slow tail, not halfway between the two p99s.
    expect(merged.valueAtPercentile(99)).toBe(200);
    expect(merged.valueAtPercentile(99.5)).toBe(10_007);
    expect((fast.valueAtPercentile(99.5) + slow.valueAtPercentile(99.5)) / 2).not.toBe(
      merged.valueAtPercentile(99.5),
    );
  });

  it('summarizes a histogram as the read API does', () => {
    const h = new Histogram();
    for (let v = 1; v <= 1000; v++) h.recordValue(v);
    expect(summarizeHistogram(h)).toEqual({
      count: 1000,
      min: 1,
      max: 1000,
      mean: h.mean,
      stdDev: h.stdDev,
      p50: 500,
      p90: 900,
      p95: 950,
      p99: 990,
      p999: 999,
    });
  });
});

describe('samples', () => {
  it('computes mean and sample standard deviation', () => {
    const xs = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(xs)).toBe(5);
    expect(sampleStdDev(xs)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(() => mean([])).toThrow(RangeError);
    expect(() => sampleStdDev([1])).toThrow(RangeError);
    expect(() => mean([1, Number.NaN])).toThrow(RangeError);
  });
});

describe('Student t', () => {
  // Two-sided 95 % critical values t(0.975, df), from standard tables.
  const table: [number, number][] = [
    [1, 12.7062047362],
    [2, 4.30265272975],
    [3, 3.18244630528],
    [4, 2.7764451052],
    [5, 2.57058183661],
    [9, 2.2621571628],
    [10, 2.22813885196],
    [29, 2.04522964213],
    [30, 2.0422724563],
    [100, 1.98397151852],
    [1000, 1.96233908082],
  ];
  for (const [df, t] of table) {
    it(`t(0.975, ${df}) = ${t}`, () => {
      expect(studentTQuantile(0.975, df)).toBeCloseTo(t, 8);
      expect(studentTCdf(t, df)).toBeCloseTo(0.975, 10);
    });
  }

  it('is symmetric and handles the edges', () => {
    expect(studentTQuantile(0.95, 10)).toBeCloseTo(1.81246112281, 8);
    expect(studentTQuantile(0.025, 4)).toBeCloseTo(-2.7764451052, 8);
    expect(studentTQuantile(0.5, 3)).toBe(0);
    expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 14);
    expect(studentTCdf(Number.POSITIVE_INFINITY, 3)).toBe(1);
    expect(studentTCdf(-1.5, 2.5) + studentTCdf(1.5, 2.5)).toBeCloseTo(1, 14);
    expect(() => studentTQuantile(1, 3)).toThrow(RangeError);
    expect(() => studentTQuantile(0.9, 0)).toThrow(RangeError);
  });
});

describe('confidence intervals', () => {
  it('gives the Student t interval for a mean', () => {
    const ci = meanConfidenceInterval([10, 12, 11, 13, 9]);
    expect(ci.method).toBe('student-t');
    expect(ci.mean).toBe(11);
    expect(ci.stdDev).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(ci.degreesOfFreedom).toBe(4);
    expect(ci.halfWidth).toBeCloseTo(2.7764451052 * Math.sqrt(2.5 / 5), 8);
    expect(ci.lower).toBeCloseTo(11 - ci.halfWidth, 12);
    expect(ci.upper).toBeCloseTo(11 + ci.halfWidth, 12);
    expect(meanConfidenceInterval([10, 12, 11, 13, 9], 0.9).halfWidth).toBeLessThan(ci.halfWidth);
    expect(() => meanConfidenceInterval([1])).toThrow(RangeError);
    expect(() => meanConfidenceInterval([1, 2], 1)).toThrow(RangeError);
  });

  it('covers the true mean about 95 % of the time', () => {
    const rand = prng(17);
    let covered = 0;
    const trials = 2000;
    for (let i = 0; i < trials; i++) {
      // Sums of uniforms: near normal, mean 6.
      const xs = Array.from({ length: 5 }, () => Array.from({ length: 12 }, rand).reduce((a, b) => a + b, 0));
      const ci = meanConfidenceInterval(xs);
      if (ci.lower <= 6 && 6 <= ci.upper) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.93);
    expect(covered / trials).toBeLessThan(0.97);
  });

  it("gives Fieller's interval for a ratio of means", () => {
    const a = [1_684_437, 1_650_000, 1_700_000, 1_672_000];
    const b = [1_676_800, 1_690_000, 1_660_000, 1_681_000];
    const ci = ratioOfMeansConfidenceInterval(a, b);
    expect(ci.method).toBe('fieller');
    expect(ci.bounded).toBe(true);
    expect(ci.ratio).toBeCloseTo(mean(a) / mean(b), 14);
    expect(ci.lower).toBeLessThan(ci.ratio);
    expect(ci.upper).toBeGreaterThan(ci.ratio);
    // The ends solve (m_a − R m_b)² = t² (v_a + R² v_b).
    const va = sampleStdDev(a) ** 2 / a.length;
    const vb = sampleStdDev(b) ** 2 / b.length;
    for (const r of [ci.lower, ci.upper]) {
      const lhs = (mean(a) - r * mean(b)) ** 2;
      const rhs = ci.tCritical ** 2 * (va + r * r * vb);
      expect(Math.abs(lhs - rhs) / rhs).toBeLessThan(1e-9);
    }
    // Close to the delta-method interval when the denominator is precise.
    const delta = ci.tCritical * ci.ratio * Math.sqrt(va / mean(a) ** 2 + vb / mean(b) ** 2);
    expect((ci.upper - ci.lower) / 2).toBeCloseTo(delta, 4);
  });

  it('reports an unbounded ratio interval when the denominator is too noisy', () => {
    const ci = ratioOfMeansConfidenceInterval([10, 11, 12], [0.1, 5, -4]);
    expect(ci.bounded).toBe(false);
    expect(ci.lower).toBe(Number.NEGATIVE_INFINITY);
    expect(ci.upper).toBe(Number.POSITIVE_INFINITY);
    const exact = ratioOfMeansConfidenceInterval([4, 4], [2, 2]);
    expect([exact.ratio, exact.lower, exact.upper]).toEqual([2, 2, 2]);
    expect(() => ratioOfMeansConfidenceInterval([1, 2], [0, 0])).toThrow(RangeError);
    expect(() => ratioOfMeansConfidenceInterval([1], [1, 2])).toThrow(RangeError);
  });

  it('runs a Welch t-test', () => {
    const r = welchTTest([1, 2, 3, 4, 5], [2, 4, 6, 8, 10]);
    expect(r.t).toBeCloseTo(-1.897367, 5);
    expect(r.degreesOfFreedom).toBeCloseTo(5.882353, 5);
    expect(r.pValue).toBeCloseTo(0.1075, 3);
    expect(welchTTest([1, 1], [1, 1]).pValue).toBe(1);
  });
});

describe('steady state', () => {
  const noisy = (seed: number, n: number, level: (i: number) => number, noise: number) => {
    const rand = prng(seed);
    return Array.from({ length: n }, (_, i) => level(i) * (1 + noise * (rand() * 2 - 1)));
  };

  it('calls a flat noisy series steady', () => {
    const r = steadyStateTest(noisy(1, 120, () => 10_000, 0.03));
    expect(r.method).toBe('thirds-welch');
    expect(r.verdict).toBe('steady');
    expect(r.direction).toBe('flat');
    expect(Math.abs(r.relativeChange)).toBeLessThan(0.05);
    expect(r.coefficientOfVariation).toBeGreaterThan(0.01);
    expect(Math.abs(r.trend.relativeChangeOverSeries)).toBeLessThan(0.05);
  });

  it('detects a ramp up and a decline', () => {
    const up = steadyStateTest(noisy(2, 90, (i) => 1000 + 5 * i, 0.02));
    expect(up.verdict).toBe('drifting');
    expect(up.direction).toBe('up');
    expect(up.pValue).toBeLessThan(0.001);
    expect(up.trend.slopePerInterval).toBeGreaterThan(4);
    const down = steadyStateTest(noisy(3, 90, (i) => 2000 - 8 * i, 0.02));
    expect(down.verdict).toBe('drifting');
    expect(down.direction).toBe('down');
  });

  it('is inconclusive when noise hides a change', () => {
    const r = steadyStateTest([100, 40, 160, 100, 30, 170, 120, 60, 180]);
    expect(Math.abs(r.relativeChange)).toBeGreaterThan(0.05);
    expect(r.verdict).toBe('inconclusive');
  });

  it('needs at least 6 intervals', () => {
    expect(steadyStateTest([1, 2, 3]).verdict).toBe('insufficient-data');
    expect(steadyStateTest([]).verdict).toBe('insufficient-data');
    expect(() => steadyStateTest([1, Number.NaN, 3])).toThrow(RangeError);
    expect(steadyStateTest(Array.from({ length: 12 }, (_, i) => randomInt(prng(i), 100, 100))).verdict).toBe(
      'steady',
    );
  });
});
