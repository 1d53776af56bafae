import { describe, expect, it } from 'vitest';
import { bestSplit, detectChangePoints } from './edivisive.ts';
import { normalRandom, seededRandom } from './random.ts';

/** A history of `length` runs around `level`, with relative noise `noise`, stepping by `steps`. */
function history(seed: number, length: number, noise: number, steps: [index: number, level: number][] = []) {
  const gauss = normalRandom(seededRandom(seed));
  return Array.from({ length }, (_, i) => {
    let level = 100;
    for (const [at, to] of steps) if (i >= at) level = to;
    return level * (1 + noise * gauss());
  });
}

/** Q̂ straight from its definition, for every (τ, κ). */
function bruteForce(xs: number[], start: number, end: number) {
  let best = { index: -1, qHat: Number.NEGATIVE_INFINITY };
  for (let tau = start + 1; tau < end; tau++) {
    for (let kappa = tau + 1; kappa <= end; kappa++) {
      const x = xs.slice(start, tau);
      const y = xs.slice(tau, kappa);
      const n = x.length;
      const m = y.length;
      let cross = 0;
      for (const a of x) for (const b of y) cross += Math.abs(a - b);
      let wx = 0;
      for (let i = 0; i < n; i++) for (let k = i + 1; k < n; k++) wx += Math.abs(x[i]! - x[k]!);
      let wy = 0;
      for (let i = 0; i < m; i++) for (let k = i + 1; k < m; k++) wy += Math.abs(y[i]! - y[k]!);
      const q =
        (2 / (n + m)) * cross -
        (n > 1 ? ((2 * m) / ((n + m) * (n - 1))) * wx : 0) -
        (m > 1 ? ((2 * n) / ((n + m) * (m - 1))) * wy : 0);
      if (q > best.qHat + 1e-9) best = { index: tau, qHat: q };
    }
  }
  return best;
}

describe('the energy statistic', () => {
  it('finds the same best split as the definition', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const xs = history(seed, 30, 0.05, [[seed + 8, 108]]);
      for (const [start, end] of [
        [0, 30],
        [3, 21],
        [10, 12],
      ] as const) {
        const fast = bestSplit(xs, start, end)!;
        const slow = bruteForce(xs, start, end);
        expect(fast.index).toBe(slow.index);
        expect(fast.qHat).toBeCloseTo(slow.qHat, 8);
      }
    }
  });

  it('has no split for fewer than two runs', () => {
    expect(bestSplit([1, 2, 3], 1, 2)).toBeNull();
  });
});

describe('detectChangePoints (Otava defaults)', () => {
  it('finds a 10 % step at its run, with its size, direction and verdict', () => {
    const xs = history(7, 100, 0.02, [[60, 110]]);
    const [change, ...rest] = detectChangePoints(xs);
    expect(rest).toEqual([]);
    expect(change!.index).toBe(60);
    expect(change!.direction).toBe('increase');
    expect(change!.regression).toBe(true);
    expect(change!.meanBefore).toBeCloseTo(100, 0);
    expect(change!.meanAfter).toBeCloseTo(110, 0);
    expect(change!.relativeChange).toBeGreaterThan(0.08);
    expect(change!.relativeChange).toBeLessThan(0.12);
    expect(change!.pValue).toBeLessThan(1e-6);
    expect(change!.confidence).toBeCloseTo(1 - change!.pValue, 12);
    expect(detectChangePoints(xs, { higherIsBetter: true })[0]!.regression).toBe(false);
  });

  it('finds several steps across windows of a long history', () => {
    const xs = history(3, 300, 0.01, [
      [70, 95],
      [160, 103],
      [240, 98],
    ]);
    expect(detectChangePoints(xs).map((c) => c.index)).toEqual([70, 160, 240]);
  });

  it('finds almost nothing in flat noise', () => {
    // 4,000 runs of 5 % noise: at most 2 changes (the bench's rate is ~0.2 per 100 runs).
    let changes = 0;
    for (let seed = 1; seed <= 20; seed++) changes += detectChangePoints(history(seed, 200, 0.05)).length;
    expect(changes).toBeLessThanOrEqual(2);
    // …and a short noisy tail does look like a change: seed 9 ends with 5 runs 8 % low.
    expect(detectChangePoints(history(9, 200, 0.05)).map((c) => c.index)).toEqual([195]);
  });

  it("gives Otava's Student t p-value (scipy ttest_ind_from_stats with population deviations)", () => {
    const xs = [10, 11, 10, 12, 11, 10, 11.5, 14, 15, 14, 16, 15, 14, 15, 16.5];
    const [change, ...rest] = detectChangePoints(xs);
    expect(rest).toEqual([]);
    expect(change!.index).toBe(7);
    expect(change!.pValue).toBeCloseTo(2.42495708216751e-7, 15);
  });

  it("re-tests both neighbours of a dropped point, unlike Otava 0.8.0's merge", () => {
    // Flat noise where Otava keeps a change on the stale p-value of its left neighbour.
    const xs = history(10, 200, 0.05);
    expect(detectChangePoints(xs)).toEqual([]);
    expect(detectChangePoints(xs, { otavaCompatibleMerge: true }).map((c) => c.index)).toEqual([111]);
  });

  it('drops changes below minMagnitude', () => {
    const xs = history(11, 120, 0.005, [[50, 102]]);
    expect(detectChangePoints(xs).map((c) => c.index)).toEqual([50]);
    expect(detectChangePoints(xs, { minMagnitude: 0.05 })).toEqual([]);
  });

  it('returns the same answer every time', () => {
    const xs = history(5, 150, 0.03, [[40, 90]]);
    expect(detectChangePoints(xs)).toEqual(detectChangePoints([...xs]));
  });

  it('rejects bad input', () => {
    expect(() => detectChangePoints([1, Number.NaN, 2])).toThrow(RangeError);
    expect(() => detectChangePoints([1, 2], { windowLength: 1 })).toThrow(RangeError);
    expect(() => detectChangePoints([1, 2], { maxPValue: 0 })).toThrow(RangeError);
    expect(detectChangePoints([5])).toEqual([]);
    expect(detectChangePoints([5, 5, 5, 5, 5, 5])).toEqual([]);
  });
});

describe('detectChangePoints (original E-Divisive, permutation test)', () => {
  const options = { method: 'e-divisive', maxPValue: 0.01, permutations: 199, seed: 42 } as const;

  it('finds a step and is deterministic for a seed', () => {
    const xs = history(9, 80, 0.02, [[30, 93]]);
    const first = detectChangePoints(xs, options);
    expect(first.map((c) => c.index)).toEqual([30]);
    expect(first[0]!.pValue).toBeCloseTo(1 / 200, 12);
    expect(first[0]!.direction).toBe('decrease');
    expect(detectChangePoints(xs, options)).toEqual(first);
  });

  it('finds nothing in flat noise, with p-values that depend on the seed only', () => {
    const xs = history(2, 60, 0.05);
    expect(detectChangePoints(xs, options)).toEqual([]);
    expect(detectChangePoints(xs, { ...options, maxPValue: 0.9 })).toEqual(
      detectChangePoints(xs, { ...options, maxPValue: 0.9 }),
    );
  });

  it('refuses a significance level the permutations cannot reach', () => {
    expect(() => detectChangePoints([1, 2, 3], { method: 'e-divisive', permutations: 99 })).toThrow(
      RangeError,
    );
  });
});
