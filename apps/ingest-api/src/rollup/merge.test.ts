import { deflateSync } from 'node:zlib';
import {
  decodeBands,
  decodeHistogram,
  encodeCompressed,
  encodeUncompressed,
  Histogram,
} from '@levelfield/metrics/hdr';
import { mergeHistograms, summarizeHistogram } from '@levelfield/metrics/stats';
import { describe, expect, it } from 'vitest';
import { hdrMerger, inflateStored } from './merge.ts';

function histogram(values: number[], options: ConstructorParameters<typeof Histogram>[0] = {}): Histogram {
  const h = new Histogram(options);
  for (const value of values) h.recordValue(value);
  return h;
}

const spread = (n: number, scale: number) =>
  Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 1000) * scale);

describe('inflateStored', () => {
  it('gives the codec what it reads from the compressed form', () => {
    const h = histogram(spread(500, 13));
    expect(Buffer.from(inflateStored(encodeCompressed(h)))).toEqual(Buffer.from(encodeUncompressed(h)));
    for (const encoded of [encodeCompressed(h), encodeUncompressed(h)]) {
      const ours = decodeHistogram(inflateStored(encoded));
      const codec = decodeHistogram(encoded);
      expect(ours.totalCount).toBe(500);
      expect(summarizeHistogram(ours)).toEqual(summarizeHistogram(codec));
    }
  });

  it('refuses inflation bombs and leaves anything else to the codec', () => {
    const garbage = Buffer.from('not a histogram');
    expect(inflateStored(garbage)).toBe(garbage);
    const bomb = deflateSync(Buffer.alloc(8 * 1024 * 1024));
    const framed = Buffer.alloc(8 + bomb.length);
    framed.writeUInt32BE(0x1c849314, 0);
    framed.writeInt32BE(bomb.length, 4);
    bomb.copy(framed, 8);
    expect(() => inflateStored(framed)).toThrow();
  });
});

describe('hdrMerger', () => {
  it('gives the percentiles of the pooled values, as mergeHistograms does', () => {
    const parts = [histogram(spread(100, 1)), histogram(spread(300, 50)), histogram([5_000_000, 7])];
    const merged = hdrMerger.merge(parts.map(encodeCompressed));
    const expected = summarizeHistogram(mergeHistograms(parts));
    expect(merged).toMatchObject({
      p50: expected.p50,
      p90: expected.p90,
      p95: expected.p95,
      p99: expected.p99,
      p999: expected.p999,
    });
    expect(decodeHistogram(merged.encoded).totalCount).toBe(402);
    expect(merged.bands).toBeUndefined();
    const banded = hdrMerger.merge(parts.map(encodeCompressed), { bands: true });
    expect(decodeBands(banded.bands as Uint8Array).counts.reduce((a, b) => a + b, 0)).toBe(402);
  });

  it('merges mixed geometries into the coarsest, whatever the order', () => {
    const fine = histogram(spread(200, 3), { significantFigures: 3 });
    const coarse = histogram(spread(200, 5), { significantFigures: 2, highestTrackableValue: 10_000_000 });
    const one = hdrMerger.merge([encodeCompressed(fine), encodeCompressed(coarse)]);
    const other = hdrMerger.merge([encodeCompressed(coarse), encodeCompressed(fine)]);
    expect(Buffer.from(one.encoded)).toEqual(Buffer.from(other.encoded));
    expect(one.p99).toBe(summarizeHistogram(mergeHistograms([fine, coarse])).p99);
    expect(decodeHistogram(one.encoded).significantFigures).toBe(2);
  });

  it('throws for an undecodable input', () => {
    expect(() => hdrMerger.merge([encodeCompressed(histogram([1])), Buffer.from('garbage!')])).toThrow();
  });
});
