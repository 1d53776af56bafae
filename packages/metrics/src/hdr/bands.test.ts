import { describe, expect, it } from 'vitest';
import { BAND_COUNT, bandEdge, bandHeatmap, bandOf, countBands, decodeBands, encodeBands } from './bands.ts';
import { Histogram } from './histogram.ts';

function histogram(values: number[]): Histogram {
  const h = new Histogram();
  for (const v of values) h.recordValue(v);
  return h;
}

describe('fixed bands', () => {
  it('puts every integer in exactly the band whose edges hold it', () => {
    for (const v of [0, 1, 2, 3, 7, 100, 999, 1000, 1024, 65_535, 123_456_789]) {
      const k = bandOf(v);
      expect(bandEdge(k) <= Math.max(v, 1), `${v} ≥ edge of ${k}`).toBe(true);
      expect(v < bandEdge(k + 1), `${v} < edge of ${k + 1}`).toBe(true);
    }
    expect(bandOf(2 ** 60)).toBe(BAND_COUNT - 1);
  });

  it('counts a histogram into bands without losing a sample', () => {
    const values = Array.from({ length: 5000 }, (_, i) => 100 + ((i * 7919) % 90_000));
    const bands = countBands(histogram(values));
    expect(bands.counts.reduce((a, b) => a + b, 0)).toBe(5000);
    expect(bands.offset).toBe(bandOf(100));
    // About 8 bands per octave over 100…90,100: log2(901) ≈ 9.8 octaves.
    expect(bands.counts.length).toBeGreaterThan(70);
    expect(bands.counts.length).toBeLessThan(85);
    expect(countBands(new Histogram())).toEqual({ offset: 0, counts: [] });
  });

  it('round-trips the stored form and refuses malformed bytes', () => {
    const bands = { offset: 57, counts: [0, 3, 4_000_000_000, 1] };
    expect(decodeBands(encodeBands(bands))).toEqual(bands);
    expect(() => decodeBands(new Uint8Array(5))).toThrow(RangeError);
    const outside = encodeBands({ offset: BAND_COUNT - 1, counts: [1, 1] });
    expect(() => decodeBands(outside)).toThrow(/exceed/);
  });

  it('groups many intervals into at most maxRows geometric rows, totals kept', () => {
    const a = countBands(histogram([100, 200, 300]));
    const b = countBands(histogram([50_000, 60_000]));
    const map = bandHeatmap([a, null, b], 10);
    expect(map.edges.length).toBeLessThanOrEqual(11);
    expect(map.edges[0]).toBe(bandEdge(bandOf(100)));
    expect(map.edges.at(-1)).toBeGreaterThan(60_000);
    expect(map.counts[0]?.reduce((x, y) => x + y, 0)).toBe(3);
    expect(map.counts[1]).toEqual([]);
    expect(map.counts[2]?.reduce((x, y) => x + y, 0)).toBe(2);
    expect(bandHeatmap([null])).toEqual({ edges: [], per: 1, counts: [[]] });
  });

  it('sums consecutive intervals into at most maxColumns columns', () => {
    const one = countBands(histogram([1000]));
    const map = bandHeatmap([one, one, null, one, one], 48, 2);
    expect(map.per).toBe(3);
    expect(map.counts.map((c) => c.reduce((x, y) => x + y, 0))).toEqual([2, 2]);
  });
});
