import { describe, expect, it } from 'vitest';
import { mergeHistograms } from '../stats.ts';
import { decodeHistogram, encodeBase64, encodeCompressed, mergeEncoded } from './codec.ts';
import { HdrDecodeError } from './errors.ts';
import { Histogram } from './histogram.ts';

function histogram(seed: number, options = {}) {
  const h = new Histogram(options);
  for (let i = 0; i < 200; i++) h.recordValue(1 + ((seed * 7919 + i * 104_729) % 250_000));
  return h;
}

const same = (a: Histogram, b: Histogram) => {
  expect(a.totalCount).toBe(b.totalCount);
  expect([a.min, a.max, a.mean]).toEqual([b.min, b.max, b.mean]);
  expect(a.valuesAtPercentiles([50, 90, 99, 99.9])).toEqual(b.valuesAtPercentiles([50, 90, 99, 99.9]));
};

describe('mergeEncoded', () => {
  it('equals merging full decodes, for one geometry (bytes and base64 alike)', () => {
    const parts = Array.from({ length: 60 }, (_, i) => histogram(i));
    const encoded = parts.map((h, i) => (i % 2 ? encodeCompressed(h) : encodeBase64(h)));
    same(mergeEncoded(encoded), mergeHistograms(encoded.map((e) => decodeHistogram(e))));
  });

  it('falls back to an exact merge when geometries differ', () => {
    const encoded = [
      encodeCompressed(histogram(1)),
      encodeCompressed(histogram(2, { significantFigures: 2 })),
    ];
    const merged = mergeEncoded(encoded);
    same(merged, mergeHistograms(encoded.map((e) => decodeHistogram(e))));
    expect(merged.significantFigures).toBe(2);
  });

  it('is empty for no input and refuses hostile input like decodeHistogram', () => {
    expect(mergeEncoded([]).totalCount).toBe(0);
    const good = encodeCompressed(histogram(3));
    expect(() => mergeEncoded([good, good.subarray(0, 20)])).toThrow(HdrDecodeError);
  });
});
