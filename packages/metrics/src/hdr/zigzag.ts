import { HdrDecodeError } from './errors.ts';

/**
 * ZigZag LEB128 varints as HdrHistogram's V2 payload writes them ("LEB128-64b9B"): 7 bits per
 * byte with a continuation bit, except the 9th byte, which carries 8 bits. Values are limited
 * to JavaScript's exact integers (|v| ≤ 2^53 − 1); larger ones are rejected when read.
 */

/** Appends the ZigZag LEB128 encoding of a safe integer to `out`. */
export function writeZigZag(out: number[], value: number): void {
  if (!Number.isSafeInteger(value) || value < -(2 ** 52))
    throw new RangeError(`cannot encode ${value} as a varint`);
  // zigzag(v) = 2v for v ≥ 0, −2v − 1 for v < 0; computed in floating point to stay exact past 2^31.
  let u = value >= 0 ? value * 2 : -value * 2 - 1;
  for (let i = 0; i < 8; i++) {
    if (u < 128) {
      out.push(u);
      return;
    }
    out.push((u % 128) | 0x80);
    u = Math.floor(u / 128);
  }
  out.push(u);
}

/** Decoded value and the offset just past it. */
export interface ZigZagRead {
  value: number;
  next: number;
}

/** Reads one ZigZag LEB128 varint at `offset`; throws HdrDecodeError for truncated or oversized input. */
export function readZigZag(bytes: Uint8Array, offset: number): ZigZagRead {
  // Accumulate zigzag(v) / 2 (each term exact), keeping the low bit apart as the sign, so any
  // |v| up to 2^53 − 1 decodes exactly.
  const first = bytes[offset];
  if (first === undefined) throw new HdrDecodeError('BAD_PAYLOAD', `varint at offset ${offset} is truncated`);
  const negative = (first & 1) === 1;
  let magnitude = (first & 0x7f) >>> 1;
  let more = (first & 0x80) !== 0;
  let i = offset + 1;
  for (let n = 1; more; n++) {
    const b = bytes[i++];
    if (b === undefined) {
      throw new HdrDecodeError('BAD_PAYLOAD', `varint at offset ${offset} is truncated after ${n} bytes`);
    }
    // Bytes 2–8 carry 7 bits each, the 9th all 8.
    magnitude += (n === 8 ? b : b & 0x7f) * 2 ** (7 * n - 1);
    if (magnitude > Number.MAX_SAFE_INTEGER) {
      throw new HdrDecodeError('BAD_PAYLOAD', `varint at offset ${offset} exceeds 2^53 - 1`);
    }
    more = n < 8 && (b & 0x80) !== 0;
  }
  return { value: negative ? -(magnitude + 1) : magnitude, next: i };
}
