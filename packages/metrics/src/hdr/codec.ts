/**
 * HdrHistogram V2 encoding, as written by HdrHistogram (Java, C) and hdrhistogram-go:
 *
 * uncompressed: int32 cookie 0x1c849303 (| 0x10: word-size bits, ignored), int32 payload length,
 *   int32 normalizing index offset (ignored, as in Go), int32 significant figures,
 *   int64 lowest discernible value, int64 highest trackable value, float64 integer-to-double
 *   ratio (ignored), then the counts from index 0 to the highest non-zero one as ZigZag LEB128
 *   varints, a run of n ≥ 2 zero counts written as −n. All big-endian.
 * compressed: int32 cookie 0x1c849304 (| 0x10), int32 length of what follows, then the
 *   uncompressed form as a zlib stream. Interval logs and Levelfield frames carry it in base64.
 *
 * Decoding treats its input as hostile: every length is checked before use, inflation is
 * bounded, the counts array is capped, and every failure is an HdrDecodeError with a code.
 */

import { mergeHistograms } from '../stats.ts';
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { HdrDecodeError } from './errors.ts';
import { Histogram } from './histogram.ts';
import { readZigZag, writeZigZag } from './zigzag.ts';
import { boundedUnzlib, zlibCompress } from './zlib.ts';

export const V2_ENCODING_COOKIE = 0x1c849303;
export const V2_COMPRESSED_ENCODING_COOKIE = 0x1c849304;
/** Cookies as written (the 0x10 bit is HdrHistogram's word-size marker). */
const WRITTEN_COOKIE = V2_ENCODING_COOKIE | 0x10;
const WRITTEN_COMPRESSED_COOKIE = V2_COMPRESSED_ENCODING_COOKIE | 0x10;
const HEADER_BYTES = 40;
const MAX_VARINT_BYTES = 9;

export interface DecodeOptions {
  /** Largest inflated (uncompressed) size accepted, in bytes. Default 4 MiB. */
  maxInflatedBytes?: number;
  /**
   * Largest counts array a decoded histogram may allocate (8 bytes each). Default 2^21, enough
   * for 5 significant figures over 1 µs..1 h; 3 figures over 1 µs..1 h needs 23,552.
   */
  maxCountsLength?: number;
}

const DEFAULT_MAX_INFLATED = 4 * 1024 * 1024;
const DEFAULT_MAX_COUNTS = 2 ** 21;

function cookieBase(cookie: number): number {
  return (cookie & ~0xf0) >>> 0;
}

function hex(n: number): string {
  return `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
}

// --- encoding ---------------------------------------------------------------------------------

/** The uncompressed V2 form (header and ZigZag counts). */
export function encodeUncompressed(h: Histogram): Uint8Array {
  const payload: number[] = [];
  // As hdrhistogram-go: counts up to the highest non-zero index (index 0 for an empty histogram).
  const limit = Math.max(h.maxIndex, 0) + 1;
  for (let i = 0; i < limit; ) {
    const count = h.countAtIndex(i++);
    if (count === 0) {
      let zeros = 1;
      while (i < limit && h.countAtIndex(i) === 0) {
        zeros++;
        i++;
      }
      writeZigZag(payload, zeros > 1 ? -zeros : 0);
    } else {
      writeZigZag(payload, count);
    }
  }
  const out = new Uint8Array(HEADER_BYTES + payload.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, WRITTEN_COOKIE);
  view.setInt32(4, payload.length);
  view.setInt32(8, 0);
  view.setInt32(12, h.significantFigures);
  view.setBigInt64(16, BigInt(h.lowestDiscernibleValue));
  view.setBigInt64(24, BigInt(h.highestTrackableValue));
  view.setFloat64(32, 1);
  out.set(payload, HEADER_BYTES);
  return out;
}

/** The compressed V2 form (cookie, length, zlib of the uncompressed form). */
export function encodeCompressed(h: Histogram): Uint8Array {
  const deflated = zlibCompress(encodeUncompressed(h));
  const out = new Uint8Array(8 + deflated.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, WRITTEN_COMPRESSED_COOKIE);
  view.setInt32(4, deflated.length);
  out.set(deflated, 8);
  return out;
}

/** Base64 of the compressed V2 form: what Levelfield frames and interval logs carry ("HISTFAAA…"). */
export function encodeBase64(h: Histogram): string {
  return bytesToBase64(encodeCompressed(h));
}

// --- decoding ---------------------------------------------------------------------------------

interface Header {
  payloadLength: number;
  significantFigures: number;
  lowest: number;
  highest: number;
}

function readHeader(bytes: Uint8Array, maxCountsLength: number): Header & { countsLength: number } {
  if (bytes.length < HEADER_BYTES) {
    throw new HdrDecodeError(
      'TRUNCATED',
      `histogram header needs ${HEADER_BYTES} bytes, got ${bytes.length}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cookie = view.getInt32(0);
  if (cookieBase(cookie) !== V2_ENCODING_COOKIE) {
    throw new HdrDecodeError(
      'BAD_COOKIE',
      `not an HdrHistogram V2 encoding: cookie ${hex(cookie)}, expected ${hex(V2_ENCODING_COOKIE)}`,
    );
  }
  const payloadLength = view.getInt32(4);
  const significantFigures = view.getInt32(12);
  const lowestRaw = view.getBigInt64(16);
  const highestRaw = view.getBigInt64(24);
  if (payloadLength < 0) throw new HdrDecodeError('BAD_LENGTH', `negative payload length ${payloadLength}`);
  if (significantFigures < 0 || significantFigures > 5) {
    throw new HdrDecodeError('BAD_HEADER', `significant figures must be 0-5, got ${significantFigures}`);
  }
  const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);
  // As hdrhistogram-go: a lowest value below 1 (written by old versions) reads as 1.
  const lowest = lowestRaw < 1n ? 1 : lowestRaw > maxSafe ? Number.POSITIVE_INFINITY : Number(lowestRaw);
  if (lowest > 2 ** 40)
    throw new HdrDecodeError('BAD_HEADER', `lowest discernible value ${lowestRaw} is too large`);
  // The highest trackable value only sets how many buckets exist; clamping it keeps the meaning
  // of every counts index. Values beyond 2^53 cannot be represented here and are rejected below.
  const highestNumber = highestRaw > maxSafe ? Number.MAX_SAFE_INTEGER : Number(highestRaw);
  const highest = Math.min(Math.max(highestNumber, 2 * lowest), Number.MAX_SAFE_INTEGER);
  const countsLength = countsLengthOf(lowest, highest, significantFigures);
  if (countsLength > maxCountsLength) {
    throw new HdrDecodeError(
      'TOO_LARGE',
      `histogram needs a counts array of ${countsLength} entries, more than the allowed ${maxCountsLength}`,
    );
  }
  if (payloadLength > countsLength * MAX_VARINT_BYTES) {
    throw new HdrDecodeError(
      'BAD_LENGTH',
      `payload length ${payloadLength} exceeds the ${countsLength * MAX_VARINT_BYTES} bytes ${countsLength} counts can take`,
    );
  }
  return { payloadLength, significantFigures, lowest, highest, countsLength };
}

/**
 * Counts-array lengths by geometry: computing one builds a histogram, and every interval an
 * agent records shares one geometry. Bounded: cleared when it grows past a few hundred.
 */
const countsLengths = new Map<string, number>();

function countsLengthOf(lowest: number, highest: number, significantFigures: number): number {
  const key = `${lowest}/${highest}/${significantFigures}`;
  const known = countsLengths.get(key);
  if (known !== undefined) return known;
  let length: number;
  try {
    length = Histogram.countsLengthFor({
      lowestDiscernibleValue: lowest,
      highestTrackableValue: highest,
      significantFigures,
    });
  } catch (e) {
    throw new HdrDecodeError('BAD_HEADER', `unsupported histogram geometry: ${(e as Error).message}`, {
      cause: e,
    });
  }
  if (countsLengths.size >= 256) countsLengths.clear();
  countsLengths.set(key, length);
  return length;
}

/**
 * Walks the ZigZag LEB128 counts of an uncompressed V2 encoding (negative numbers are runs of
 * zeros), calling `onCount` for every non-zero count with its counts index; returns their total.
 */
function walkCounts(
  bytes: Uint8Array,
  header: Header & { countsLength: number },
  onCount: (index: number, count: number) => void,
): number {
  const available = bytes.length - HEADER_BYTES;
  if (header.payloadLength !== available) {
    throw new HdrDecodeError(
      header.payloadLength > available ? 'TRUNCATED' : 'BAD_LENGTH',
      `header declares a ${header.payloadLength}-byte payload but ${available} bytes follow`,
    );
  }
  const length = header.countsLength;
  let index = 0;
  let total = 0;
  for (let pos = HEADER_BYTES; pos < bytes.length; ) {
    // Most counts fit one byte (zigzag < 128): decoded inline, without readZigZag's result object.
    const first = bytes[pos]!;
    let value: number;
    let next: number;
    if (first < 0x80) {
      value = first & 1 ? -((first >>> 1) + 1) : first >>> 1;
      next = pos + 1;
    } else {
      ({ value, next } = readZigZag(bytes, pos));
    }
    if (value < 0) {
      const zeros = -value;
      if (zeros > length - index) {
        throw new HdrDecodeError(
          'BAD_PAYLOAD',
          `run of ${zeros} zero counts at index ${index} overflows the ${length}-entry counts array`,
        );
      }
      index += zeros;
    } else {
      if (index >= length) {
        throw new HdrDecodeError(
          'BAD_PAYLOAD',
          `count at index ${index} is beyond the ${length}-entry counts array`,
        );
      }
      total += value;
      if (total > Number.MAX_SAFE_INTEGER) {
        throw new HdrDecodeError('BAD_PAYLOAD', 'total count exceeds 2^53 - 1');
      }
      if (value !== 0) onCount(index, value);
      index++;
    }
    pos = next;
  }
  return total;
}

function geometryOf(header: Header) {
  return {
    lowestDiscernibleValue: header.lowest,
    highestTrackableValue: header.highest,
    significantFigures: header.significantFigures,
  };
}

function decodeUncompressedBytes(bytes: Uint8Array, maxCountsLength: number): Histogram {
  const header = readHeader(bytes, maxCountsLength);
  const h = new Histogram(geometryOf(header));
  walkCounts(bytes, header, (index, count) => h.setCountAtIndex(index, count));
  return h;
}

/** The uncompressed V2 bytes of an encoding given as bytes or base64, compressed or not. */
function uncompressedBytes(input: Uint8Array | string, options: DecodeOptions): Uint8Array {
  const maxInflated = options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED;
  const maxCounts = options.maxCountsLength ?? DEFAULT_MAX_COUNTS;
  const bytes = typeof input === 'string' ? base64ToBytes(input) : input;
  if (bytes.length < 8) {
    throw new HdrDecodeError('TRUNCATED', `encoded histogram needs at least 8 bytes, got ${bytes.length}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cookie = view.getInt32(0);
  const base = cookieBase(cookie);
  if (base === V2_ENCODING_COOKIE) {
    if (bytes.length > maxInflated) {
      throw new HdrDecodeError(
        'TOO_LARGE',
        `encoded histogram of ${bytes.length} bytes exceeds ${maxInflated}`,
      );
    }
    return bytes;
  }
  if (base !== V2_COMPRESSED_ENCODING_COOKIE) {
    throw new HdrDecodeError(
      'BAD_COOKIE',
      `not an HdrHistogram V2 compressed encoding: cookie ${hex(cookie)}, expected ${hex(V2_COMPRESSED_ENCODING_COOKIE)}`,
    );
  }
  const declared = view.getInt32(4);
  const available = bytes.length - 8;
  if (declared < 0 || declared !== available) {
    throw new HdrDecodeError(
      declared > available ? 'TRUNCATED' : 'BAD_LENGTH',
      `header declares ${declared} compressed bytes but ${available} follow`,
    );
  }
  return boundedUnzlib(bytes.subarray(8), maxInflated, HEADER_BYTES, (header) => {
    const { payloadLength } = readHeader(header, maxCounts);
    return HEADER_BYTES + payloadLength;
  });
}

/**
 * Decodes an HdrHistogram V2 encoding: the compressed form (as in frames and interval logs) or
 * the uncompressed one, given as bytes or as base64 text.
 */
export function decodeHistogram(input: Uint8Array | string, options: DecodeOptions = {}): Histogram {
  return decodeUncompressedBytes(
    uncompressedBytes(input, options),
    options.maxCountsLength ?? DEFAULT_MAX_COUNTS,
  );
}

/**
 * Checks that an encoding decodes, refusing with the same HdrDecodeError whatever
 * decodeHistogram would refuse, without building the histogram (no counts array is allocated):
 * cheap enough to run on every frame an ingest API accepts. Returns the samples it holds.
 */
export function checkEncoded(input: Uint8Array | string, options: DecodeOptions = {}): number {
  const maxCounts = options.maxCountsLength ?? DEFAULT_MAX_COUNTS;
  const bytes = uncompressedBytes(input, options);
  return walkCounts(bytes, readHeader(bytes, maxCounts), () => {});
}

/**
 * Decodes and merges many encodings into one histogram. When they share one geometry (as every
 * interval histogram of an agent does) their counts are added straight into one counts array,
 * without a histogram per input — the per-input allocation is most of a decode's cost. Mixed
 * geometries fall back to an exact merge of full decodes.
 */
export function mergeEncoded(
  inputs: readonly (Uint8Array | string)[],
  options: DecodeOptions = {},
): Histogram {
  const maxCounts = options.maxCountsLength ?? DEFAULT_MAX_COUNTS;
  const decoded = inputs.map((input) => {
    const bytes = uncompressedBytes(input, options);
    return { bytes, header: readHeader(bytes, maxCounts) };
  });
  const first = decoded[0];
  if (!first) return new Histogram();
  const same = decoded.every(
    ({ header }) =>
      header.lowest === first.header.lowest &&
      header.highest === first.header.highest &&
      header.significantFigures === first.header.significantFigures,
  );
  if (!same) return mergeHistograms(decoded.map(({ bytes }) => decodeUncompressedBytes(bytes, maxCounts)));
  const merged = new Histogram(geometryOf(first.header));
  for (const { bytes, header } of decoded)
    walkCounts(bytes, header, (index, count) => merged.addCountAtIndex(index, count));
  return merged;
}
