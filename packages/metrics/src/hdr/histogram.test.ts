import { describe, expect, it } from 'vitest';
import { prng, randomInt } from '../../test/prng.ts';
import { Histogram } from './histogram.ts';

const US_HOUR = { lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, significantFigures: 3 };

/** The value at a rank (1-based) of the sorted values, with the rank rules of valueAtPercentile. */
function exactPercentile(sorted: number[], p: number, rank: 'nearest' | 'ceil'): number {
  const exact = (p / 100) * sorted.length;
  const r = rank === 'ceil' ? Math.ceil(exact) : Math.floor(exact + 0.5);
  return sorted[Math.min(Math.max(r, 1), sorted.length) - 1] ?? Number.NaN;
}

describe('Histogram geometry', () => {
  it('allocates the HdrHistogram counts layout', () => {
    expect(new Histogram(US_HOUR).countsLength).toBe(23_552);
    expect(new Histogram({ ...US_HOUR, significantFigures: 2 }).countsLength).toBe(
      Histogram.countsLengthFor({ ...US_HOUR, significantFigures: 2 }),
    );
    expect(Histogram.countsLengthFor({ ...US_HOUR, significantFigures: 5 })).toBe(2 ** 21);
  });

  it('has the equivalent value ranges of HdrHistogram', () => {
    const h = new Histogram(US_HOUR);
    expect(h.sizeOfEquivalentValueRange(1)).toBe(1);
    expect(h.sizeOfEquivalentValueRange(2500)).toBe(2);
    expect(h.sizeOfEquivalentValueRange(8191)).toBe(4);
    expect(h.sizeOfEquivalentValueRange(8192)).toBe(8);
    expect(h.sizeOfEquivalentValueRange(10000)).toBe(8);
    expect(h.lowestEquivalentValue(10007)).toBe(10000);
    expect(h.lowestEquivalentValue(10009)).toBe(10008);
    expect(h.highestEquivalentValue(8180 * 1024)).toBe(8183 * 1024 + 1023);
    expect(h.highestEquivalentValue(10007)).toBe(10007);
    expect(h.medianEquivalentValue(10007)).toBe(10004);
    expect(h.valuesAreEquivalent(10000, 10007)).toBe(true);
    expect(h.valuesAreEquivalent(10007, 10008)).toBe(false);
    // Values above 2^32 (beyond 32-bit integer arithmetic).
    const big = 3_000_000_000;
    expect(h.lowestEquivalentValue(big)).toBeLessThanOrEqual(big);
    expect(h.highestEquivalentValue(big)).toBeGreaterThanOrEqual(big);
    expect(h.sizeOfEquivalentValueRange(big)).toBe(2 ** 21);
  });

  it('uses the unit magnitude of the lowest discernible value', () => {
    const h = new Histogram({
      lowestDiscernibleValue: 1000,
      highestTrackableValue: 3_600_000_000_000,
      significantFigures: 3,
    });
    expect(h.sizeOfEquivalentValueRange(0)).toBe(512);
    expect(h.lowestEquivalentValue(1500)).toBe(1024);
    expect(h.highestEquivalentValue(1500)).toBe(1535);
  });

  it('rejects invalid options and values', () => {
    expect(() => new Histogram({ significantFigures: 6 })).toThrow(RangeError);
    expect(() => new Histogram({ lowestDiscernibleValue: 0 })).toThrow(RangeError);
    expect(() => new Histogram({ lowestDiscernibleValue: 100, highestTrackableValue: 150 })).toThrow(
      RangeError,
    );
    expect(() => new Histogram({ highestTrackableValue: 2 ** 60 })).toThrow(RangeError);
    const h = new Histogram({ highestTrackableValue: 1000, significantFigures: 2 });
    expect(() => h.recordValue(-1)).toThrow(RangeError);
    expect(() => h.recordValue(1.5)).toThrow(RangeError);
    expect(() => h.recordValue(Number.NaN)).toThrow(RangeError);
    expect(() => h.recordValue(10, -1)).toThrow(RangeError);
    expect(() => h.recordValue(100_000)).toThrow(/above highestTrackableValue/);
    expect(() => h.valueAtPercentile(Number.NaN)).toThrow(RangeError);
    expect(h.totalCount).toBe(0);
  });
});

describe('Histogram statistics', () => {
  it('reports zeros for an empty histogram', () => {
    const h = new Histogram();
    expect([h.totalCount, h.min, h.max, h.mean, h.stdDev, h.valueAtPercentile(99)]).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    expect(h.percentileSpectrum()).toEqual([]);
    expect(h.linearBands(10)).toEqual([]);
    expect([...h.recordedRanges()]).toEqual([]);
  });

  it('computes min, max, mean, stdDev and percentiles of known values', () => {
    const h = new Histogram(US_HOUR);
    for (let v = 1; v <= 100; v++) h.recordValue(v);
    expect(h.totalCount).toBe(100);
    expect(h.min).toBe(1);
    expect(h.max).toBe(100);
    expect(h.mean).toBeCloseTo(50.5, 12);
    expect(h.stdDev).toBeCloseTo(Math.sqrt((100 * 100 - 1) / 12), 12);
    expect(h.valueAtPercentile(0)).toBe(1);
    expect(h.valueAtPercentile(50)).toBe(50);
    expect(h.valueAtPercentile(99)).toBe(99);
    expect(h.valueAtPercentile(100)).toBe(100);
    expect(h.valueAtPercentile(150)).toBe(100);
    expect(h.valueAtPercentile(-5)).toBe(1);
    // The rank rules differ: 0.545 × 100 = 54.5 → nearest 55, ceil 55; 54.4 → 54 vs 55.
    expect(h.valueAtPercentile(54.4)).toBe(54);
    expect(h.valueAtPercentile(54.4, 'ceil')).toBe(55);
    expect(h.valuesAtPercentiles([90, 10])).toEqual([90, 10]);
  });

  it('reports a large value at the top of its equivalent range', () => {
    const h = new Histogram(US_HOUR);
    h.recordValue(100, 9999);
    h.recordValue(100_000_000);
    expect(h.valueAtPercentile(99.99)).toBe(100);
    expect(h.valueAtPercentile(100)).toBe(h.highestEquivalentValue(100_000_000));
    expect(h.max).toBe(100_007_935);
    expect(h.min).toBe(100);
  });

  it('keeps counts above 2^32', () => {
    const h = new Histogram(US_HOUR);
    h.recordValue(5, 2 ** 40);
    h.recordValue(7, 3);
    expect(h.totalCount).toBe(2 ** 40 + 3);
    expect(h.valueAtPercentile(100)).toBe(7);
    expect(() => h.recordValue(1, Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  for (const [name, options, draw] of [
    ['uniform µs, 3 figures', US_HOUR, (r: () => number) => randomInt(r, 0, 1_000_000)],
    [
      'log-uniform over 9 decades, 2 figures',
      { ...US_HOUR, significantFigures: 2 },
      (r: () => number) => Math.floor(10 ** (r() * 9)),
    ],
    [
      'ns with lowest 1000, 3 figures',
      { lowestDiscernibleValue: 1000, highestTrackableValue: 1e13, significantFigures: 3 },
      (r: () => number) => randomInt(r, 0, 5e12),
    ],
    [
      '5 figures',
      { lowestDiscernibleValue: 1, highestTrackableValue: 1e9, significantFigures: 5 },
      (r: () => number) => randomInt(r, 0, 1e9),
    ],
    [
      '1 figure',
      { lowestDiscernibleValue: 1, highestTrackableValue: 1e7, significantFigures: 1 },
      (r: () => number) => randomInt(r, 0, 1e7),
    ],
    [
      '0 figures',
      { lowestDiscernibleValue: 1, highestTrackableValue: 1e6, significantFigures: 0 },
      (r: () => number) => randomInt(r, 0, 1e6),
    ],
  ] as const) {
    it(`property: percentiles are the exact percentile's equivalent value (${name})`, () => {
      const rand = prng(name.length * 7919);
      for (let round = 0; round < (options.significantFigures === 5 ? 3 : 20); round++) {
        const h = new Histogram(options);
        const n = randomInt(rand, 1, 3000);
        const values: number[] = [];
        for (let i = 0; i < n; i++) {
          const v = draw(rand);
          values.push(v);
          h.recordValue(v);
        }
        values.sort((a, b) => a - b);
        const precision = 10 ** -options.significantFigures;
        for (const p of [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100, rand() * 100]) {
          for (const rank of ['nearest', 'ceil'] as const) {
            const exact = exactPercentile(values, p, rank);
            const got = h.valueAtPercentile(p, rank);
            const expected = p === 0 ? h.lowestEquivalentValue(exact) : h.highestEquivalentValue(exact);
            expect(got).toBe(expected);
            // Within the histogram's precision of the exact value.
            const slack = Math.max(exact * precision * 2, h.sizeOfEquivalentValueRange(0));
            expect(Math.abs(got - exact)).toBeLessThanOrEqual(slack);
          }
        }
        const exactMean = values.reduce((a, b) => a + b, 0) / n;
        expect(Math.abs(h.mean - exactMean)).toBeLessThanOrEqual(
          exactMean * precision * 2 + h.sizeOfEquivalentValueRange(0),
        );
        expect(h.min).toBe(h.lowestEquivalentValue(values[0] ?? 0));
        expect(h.max).toBe(h.highestEquivalentValue(values[n - 1] ?? 0));
      }
    });
  }
});

describe('Histogram merge', () => {
  it('adds histograms of the same geometry count by count', () => {
    const rand = prng(7);
    const a = new Histogram(US_HOUR);
    const b = new Histogram(US_HOUR);
    const all = new Histogram(US_HOUR);
    for (let i = 0; i < 5000; i++) {
      const v = randomInt(rand, 0, 10_000_000);
      (i % 3 === 0 ? a : b).recordValue(v);
      all.recordValue(v);
    }
    a.add(b);
    expect(a.totalCount).toBe(all.totalCount);
    for (const p of [0, 50, 90, 99, 99.9, 100]) expect(a.valueAtPercentile(p)).toBe(all.valueAtPercentile(p));
    expect(a.mean).toBeCloseTo(all.mean, 6);
  });

  it('grows when the other histogram holds larger values', () => {
    const small = new Histogram({ highestTrackableValue: 1000, significantFigures: 3 });
    small.recordValue(10);
    const large = new Histogram({ highestTrackableValue: 1e10, significantFigures: 3 });
    large.recordValue(5_000_000_000);
    small.add(large);
    expect(small.highestTrackableValue).toBeGreaterThanOrEqual(large.lowestEquivalentValue(5_000_000_000));
    expect(small.totalCount).toBe(2);
    expect(small.max).toBe(large.max);
    small.recordValue(5_000_000_000);
    expect(small.totalCount).toBe(3);
  });

  it('merges a finer histogram into a coarser one exactly', () => {
    const rand = prng(11);
    const fine = new Histogram({
      lowestDiscernibleValue: 1,
      highestTrackableValue: 1e9,
      significantFigures: 4,
    });
    const coarse = new Histogram({
      lowestDiscernibleValue: 64,
      highestTrackableValue: 1e6,
      significantFigures: 2,
    });
    const direct = new Histogram({
      lowestDiscernibleValue: 64,
      highestTrackableValue: 1e9,
      significantFigures: 2,
    });
    for (let i = 0; i < 4000; i++) {
      const v = Math.floor(10 ** (rand() * 8.9));
      fine.recordValue(v);
      direct.recordValue(v);
    }
    coarse.add(fine);
    expect(coarse.totalCount).toBe(direct.totalCount);
    expect([...coarse.recordedRanges()]).toEqual([...direct.recordedRanges()]);
  });

  it('records a coarser histogram at the lowest value of each range (HdrHistogram add)', () => {
    const coarse = new Histogram({ highestTrackableValue: 1e6, significantFigures: 1 });
    coarse.recordValue(1000, 3);
    const fine = new Histogram({ highestTrackableValue: 1e6, significantFigures: 3 });
    fine.add(coarse);
    expect(fine.totalCount).toBe(3);
    expect(fine.min).toBe(coarse.min);
  });

  it('copies and resets', () => {
    const h = new Histogram(US_HOUR);
    h.recordValue(42, 2);
    const c = h.copy();
    h.reset();
    expect(h.totalCount).toBe(0);
    expect(h.max).toBe(0);
    expect(c.totalCount).toBe(2);
    expect(c.max).toBe(42);
  });

  it('sets counts by index for decoders', () => {
    const h = new Histogram(US_HOUR);
    h.setCountAtIndex(h.indexOf(500), 4);
    h.setCountAtIndex(h.indexOf(90), 1);
    expect([h.totalCount, h.min, h.max]).toEqual([5, 90, 500]);
    h.setCountAtIndex(h.indexOf(500), 0);
    expect([h.totalCount, h.min, h.max]).toEqual([1, 90, 90]);
    expect(() => h.setCountAtIndex(h.countsLength, 1)).toThrow(RangeError);
    expect(() => h.setCountAtIndex(0, -1)).toThrow(RangeError);
  });
});

describe('Histogram iteration', () => {
  it('produces the percentile spectrum with ticks per half distance', () => {
    const h = new Histogram(US_HOUR);
    for (let v = 1; v <= 1000; v++) h.recordValue(v);
    const spectrum = h.percentileSpectrum(1);
    expect(spectrum.slice(0, 6).map((p) => p.percentile)).toEqual([0, 50, 75, 87.5, 93.75, 96.875]);
    expect(spectrum.slice(0, 4).map((p) => p.value)).toEqual([1, 500, 750, 875]);
    expect(spectrum[1]?.inverseTail).toBe(2);
    const last = spectrum[spectrum.length - 1];
    expect(last).toEqual({
      percentile: 100,
      value: 1000,
      countAtOrBelow: 1000,
      inverseTail: Number.POSITIVE_INFINITY,
    });
    for (let i = 1; i < spectrum.length; i++) {
      expect(spectrum[i]?.percentile).toBeGreaterThan(spectrum[i - 1]?.percentile ?? 0);
      expect(spectrum[i]?.value).toBeGreaterThanOrEqual(spectrum[i - 1]?.value ?? 0);
    }
    const five = h.percentileSpectrum(5).map((p) => p.percentile);
    expect(five.slice(0, 8)).toEqual([0, 10, 20, 30, 40, 50, 55, 60]);
    expect(() => h.percentileSpectrum(0)).toThrow(RangeError);
  });

  it('counts values in linear, logarithmic and fixed bands', () => {
    const h = new Histogram(US_HOUR);
    for (let v = 0; v < 100; v++) h.recordValue(v);
    const linear = h.linearBands(10);
    expect(linear).toHaveLength(10);
    expect(linear.every((b) => b.count === 10)).toBe(true);
    expect(linear[3]).toEqual({ lowest: 30, highest: 39, count: 10 });
    const log = h.logBands(1, 2);
    expect(log.slice(0, 4)).toEqual([
      { lowest: 0, highest: 0, count: 1 },
      { lowest: 1, highest: 1, count: 1 },
      { lowest: 2, highest: 3, count: 2 },
      { lowest: 4, highest: 7, count: 4 },
    ]);
    expect(log.reduce((s, b) => s + b.count, 0)).toBe(100);
    const fixed = h.countsInBands([10, 20, 50]);
    expect(fixed).toEqual({
      bands: [
        { lowest: 10, highest: 19, count: 10 },
        { lowest: 20, highest: 49, count: 30 },
      ],
      below: 10,
      above: 50,
    });
    expect(() => h.countsInBands([5])).toThrow(RangeError);
    expect(() => h.countsInBands([5, 5])).toThrow(RangeError);
    expect(() => h.linearBands(0)).toThrow(RangeError);
    expect(() => h.linearBands(1e-9)).toThrow(/at most/);
  });

  it('counts a wide equivalent range in the band of its middle value', () => {
    const h = new Histogram(US_HOUR);
    h.recordValue(100_000); // equivalent range 99,968..100,031 (width 64)
    const { bands } = h.countsInBands([0, 100_000, 200_000]);
    expect(bands.map((b) => b.count)).toEqual([0, 1]);
  });

  it('lists recorded ranges', () => {
    const h = new Histogram(US_HOUR);
    h.recordValue(3);
    h.recordValue(10_007, 2);
    expect([...h.recordedRanges()]).toEqual([
      { lowest: 3, highest: 3, count: 1 },
      { lowest: 10_000, highest: 10_007, count: 2 },
    ]);
  });
});
