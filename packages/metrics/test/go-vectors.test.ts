// Compatibility with real hdrhistogram-go v1.4.0 output: test/vectors.json is written by
// test/go-vectors (`go run .`) and kept in the repository, so this test needs no Go.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeHistogram,
  encodeBase64,
  encodeUncompressed,
  Histogram,
  parseIntervalLogLine,
} from '../src/hdr/index.ts';

interface Vector {
  name: string;
  lowestDiscernibleValue: number;
  highestTrackableValue: number;
  significantFigures: number;
  recorded?: [number, number][];
  encoded?: string;
  uncompressedHex?: string;
  logLine?: string;
  expected: {
    totalCount: number;
    min: number;
    max: number;
    mean: number;
    stdDev: number;
    percentiles: Record<string, number>;
    spectrum?: { percentile: number; count: number; value: number }[];
  };
}

const file = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8')) as {
  library: string;
  vectors: Vector[];
};

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function expectSummary(h: Histogram, e: Vector['expected']): void {
  expect(h.totalCount).toBe(e.totalCount);
  expect(h.min).toBe(e.min);
  expect(h.max).toBe(e.max);
  expect(h.mean).toBe(e.mean);
  expect(h.stdDev).toBe(e.stdDev);
  for (const [p, v] of Object.entries(e.percentiles)) {
    expect([p, h.valueAtPercentile(Number(p))]).toEqual([p, v]);
  }
  if (e.spectrum) {
    const ours = h
      .percentileSpectrum(5)
      .map((s) => ({ percentile: s.percentile, count: s.countAtOrBelow, value: s.value }));
    expect(ours).toEqual(e.spectrum);
  }
}

describe(`vectors from ${file.library}`, () => {
  it('has the expected vectors', () => {
    expect(file.vectors.length).toBeGreaterThanOrEqual(10);
  });

  for (const v of file.vectors) {
    describe(v.name, () => {
      const encoded = v.encoded ?? (v.logLine ? parseIntervalLogLine(v.logLine)?.histogram : undefined);

      it('decodes to the figures Go computed', () => {
        expect(encoded).toBeDefined();
        const h = decodeHistogram(encoded ?? '');
        expect(h.lowestDiscernibleValue).toBe(v.lowestDiscernibleValue);
        expect(h.highestTrackableValue).toBe(v.highestTrackableValue);
        expect(h.significantFigures).toBe(v.significantFigures);
        expectSummary(h, v.expected);
      });

      if (v.recorded) {
        const recorded = v.recorded;
        it('records the same values to the same figures and the same V2 payload bytes', () => {
          const h = new Histogram({
            lowestDiscernibleValue: v.lowestDiscernibleValue,
            highestTrackableValue: v.highestTrackableValue,
            significantFigures: v.significantFigures,
          });
          for (const [value, count] of recorded) h.recordValue(value, count);
          expectSummary(h, v.expected);
          expect(toHex(encodeUncompressed(h))).toBe(v.uncompressedHex);
          // Our compressed encoding decodes back to the same histogram.
          const again = decodeHistogram(encodeBase64(h));
          expectSummary(again, v.expected);
          expect(toHex(encodeUncompressed(again))).toBe(v.uncompressedHex);
        });
      }
    });
  }
});
