import { Histogram } from '@levelfield/metrics/hdr';
import { describe, expect, it } from 'vitest';
import { normalRandom, seededRandom } from './random.ts';
import { kolmogorovSurvival, ksTestHistograms, ksTestWindows, thresholdTest } from './threshold.ts';

function latencies(seed: number, count: number, median: number, options = {}) {
  const gauss = normalRandom(seededRandom(seed));
  const h = new Histogram(options);
  for (let i = 0; i < count; i++) h.recordValue(Math.max(1, Math.round(median * Math.exp(0.3 * gauss()))));
  return h;
}

describe('thresholdTest', () => {
  const gauss = normalRandom(seededRandom(4));
  const baseline = Array.from({ length: 20 }, () => 1000 * (1 + 0.02 * gauss()));

  it('passes a run inside the baseline spread and flags one far outside', () => {
    const inside = thresholdTest(baseline, 1010);
    expect(inside.test).toBe('student-prediction');
    expect(inside.degreesOfFreedom).toBe(19);
    expect(inside.pValue).toBeGreaterThan(0.1);
    expect(inside.significant).toBe(false);
    const slower = thresholdTest(baseline, 1150);
    expect(slower.pValue).toBeLessThan(1e-6);
    expect(slower.direction).toBe('increase');
    expect(slower.regression).toBe(true);
    expect(thresholdTest(baseline, 1150, { higherIsBetter: true }).regression).toBe(false);
    expect(thresholdTest(baseline, 1150, { minMagnitude: 0.2 }).significant).toBe(false);
  });

  it("uses Welch's t-test for repetitions", () => {
    const result = thresholdTest(baseline, [940, 950, 945]);
    expect(result.test).toBe('welch-t');
    expect(result.direction).toBe('decrease');
    expect(result.pValue).toBeLessThan(0.001);
    expect(result.regression).toBe(false);
    expect(result.relativeChange).toBeCloseTo(945 / result.baselineMean - 1, 12);
  });

  it('needs a baseline of two runs', () => {
    expect(() => thresholdTest([1], 2)).toThrow(RangeError);
  });
});

describe('Kolmogorov–Smirnov on histograms', () => {
  it('matches the Kolmogorov distribution (scipy kstwobign.sf)', () => {
    const reference: [number, number][] = [
      [0.3, 0.9999906941986655],
      [0.5, 0.9639452436648751],
      [0.8, 0.5441424115741981],
      [1.0, 0.26999967167735456],
      [1.2, 0.11224966667072497],
      [1.36, 0.049485876755377876],
      [2.0, 0.0006709252557796953],
    ];
    for (const [lambda, p] of reference) expect(kolmogorovSurvival(lambda)).toBeCloseTo(p, 10);
    expect(kolmogorovSurvival(0)).toBe(1);
  });

  it('finds no difference between identical histograms', () => {
    const a = latencies(1, 5000, 2000);
    const result = ksTestHistograms(a, a.copy());
    expect(result.statistic).toBe(0);
    expect(result.pValue).toBe(1);
    expect(result.significant).toBe(false);
  });

  it('does not flag two samples of one distribution', () => {
    const result = ksTestHistograms(latencies(1, 5000, 2000), latencies(2, 5000, 2000));
    expect(result.statistic).toBeLessThan(0.04);
    expect(result.pValue).toBeGreaterThan(0.01);
    expect(result.significant).toBe(false);
  });

  it('flags a 10 % shift, in its direction, across histogram geometries', () => {
    const baseline = latencies(1, 5000, 2000);
    const slower = latencies(2, 5000, 2200, { significantFigures: 2, highestTrackableValue: 1e9 });
    const result = ksTestHistograms(baseline, slower);
    expect(result.statistic).toBeGreaterThan(0.1);
    expect(result.pValue).toBeLessThan(1e-10);
    expect(result.direction).toBe('increase');
    expect(result.regression).toBe(true);
    expect(result.effectiveCount).toBe(2500);
    expect(ksTestHistograms(baseline, slower, { minDistance: 0.5 }).significant).toBe(false);
    expect(ksTestHistograms(slower, baseline).direction).toBe('decrease');
  });

  it('merges windows of interval histograms first', () => {
    const baseline = [1, 2, 3].map((seed) => latencies(seed, 1000, 2000));
    const candidate = [4, 5].map((seed) => latencies(seed, 1000, 2000));
    const result = ksTestWindows(baseline, candidate);
    expect(result.baselineCount).toBe(3000);
    expect(result.candidateCount).toBe(2000);
    expect(result.significant).toBe(false);
  });
});
