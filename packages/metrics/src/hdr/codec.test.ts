import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { prng, randomInt } from '../../test/prng.ts';
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import {
  checkEncoded,
  decodeHistogram,
  encodeBase64,
  encodeCompressed,
  encodeUncompressed,
} from './codec.ts';
import { HdrDecodeError } from './errors.ts';
import { Histogram } from './histogram.ts';
import { readZigZag, writeZigZag } from './zigzag.ts';

function sample(seed: number, options: ConstructorParameters<typeof Histogram>[0] = {}, n = 1000): Histogram {
  const rand = prng(seed);
  const h = new Histogram(options);
  for (let i = 0; i < n; i++) h.recordValue(Math.floor(10 ** (rand() * 7)), randomInt(rand, 1, 3));
  return h;
}

/** A V2 uncompressed encoding with the given header fields and payload bytes. */
function rawV2(
  fields: { payloadLength?: number; digits?: number; lowest?: bigint; highest?: bigint },
  payload: number[],
): Uint8Array {
  const out = new Uint8Array(40 + payload.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, 0x1c849313);
  view.setInt32(4, fields.payloadLength ?? payload.length);
  view.setInt32(12, fields.digits ?? 3);
  view.setBigInt64(16, fields.lowest ?? 1n);
  view.setBigInt64(24, fields.highest ?? 3_600_000_000n);
  view.setFloat64(32, 1);
  out.set(payload, 40);
  return out;
}

/** Wraps bytes in the compressed V2 envelope. */
function compressed(inner: Uint8Array, declaredLength?: number): Uint8Array {
  const z = zlibSync(inner, { level: 9 });
  const out = new Uint8Array(8 + z.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, 0x1c849314);
  view.setInt32(4, declaredLength ?? z.length);
  out.set(z, 8);
  return out;
}

function decodeError(input: Uint8Array | string, options = {}): HdrDecodeError {
  try {
    decodeHistogram(input, options);
  } catch (e) {
    if (e instanceof HdrDecodeError) return e;
    throw new Error(`expected HdrDecodeError, got ${String(e)}`);
  }
  throw new Error('expected decoding to fail');
}

describe('base64', () => {
  it('matches Node for random bytes of every length mod 3', () => {
    const rand = prng(3);
    for (let len = 0; len < 200; len++) {
      const bytes = Uint8Array.from({ length: len }, () => randomInt(rand, 0, 255));
      const text = bytesToBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(base64ToBytes(text)).toEqual(bytes);
      expect(base64ToBytes(text.replace(/=+$/, ''))).toEqual(bytes);
    }
  });

  it('rejects what is not standard base64', () => {
    for (const bad of ['A', 'AB=', 'A===', 'AB C', 'ab-_', 'AB==AB==', 'QQ=a', 'ÀÁÂÃ', 'QR==']) {
      expect(() => base64ToBytes(bad), bad).toThrow(HdrDecodeError);
    }
  });
});

describe('ZigZag LEB128 varints', () => {
  it('round-trips edge values with HdrHistogram byte lengths', () => {
    const cases: [number, number][] = [
      [0, 1],
      [1, 1],
      [-1, 1],
      [63, 1],
      [-64, 1],
      [64, 2],
      [-65, 2],
      [8191, 2],
      [8192, 3],
      [2 ** 31, 5],
      [-(2 ** 31), 5],
      [2 ** 48, 8],
      [2 ** 52, 8],
      [Number.MAX_SAFE_INTEGER, 8],
      [-(2 ** 52), 8],
    ];
    for (const [value, length] of cases) {
      const out: number[] = [];
      writeZigZag(out, value);
      expect([value, out.length]).toEqual([value, length]);
      expect(readZigZag(Uint8Array.from(out), 0)).toEqual({ value, next: length });
    }
    expect(() => writeZigZag([], 0.5)).toThrow(RangeError);
    // The 9th byte carries 8 bits and ends the varint whatever its top bit.
    expect(readZigZag(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x7f), 0)).toEqual({
      value: 0,
      next: 9,
    });
  });

  it('rejects truncated and oversized varints', () => {
    expect(() => readZigZag(Uint8Array.of(0x80), 0)).toThrow(/truncated/);
    expect(() => readZigZag(Uint8Array.of(), 0)).toThrow(/truncated/);
    expect(() => readZigZag(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 0)).toThrow(
      /2\^53/,
    );
    expect(() => readZigZag(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01), 0)).toThrow(
      /2\^53/,
    );
  });
});

describe('V2 encoding round trip', () => {
  const geometries = [
    { lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, significantFigures: 3 },
    { lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, significantFigures: 2 },
    { lowestDiscernibleValue: 1000, highestTrackableValue: 1e13, significantFigures: 3 },
    { lowestDiscernibleValue: 1, highestTrackableValue: 1e8, significantFigures: 5 },
    { lowestDiscernibleValue: 1, highestTrackableValue: 1e7, significantFigures: 0 },
  ];
  geometries.forEach((g, i) => {
    it(`decodes its own encoding to the same histogram (${JSON.stringify(g)})`, () => {
      const h = sample(100 + i, g);
      const text = encodeBase64(h);
      expect(text.startsWith('HISTFAAA')).toBe(true);
      const back = decodeHistogram(text);
      expect([back.lowestDiscernibleValue, back.highestTrackableValue, back.significantFigures]).toEqual([
        g.lowestDiscernibleValue,
        g.highestTrackableValue,
        g.significantFigures,
      ]);
      expect([...back.recordedRanges()]).toEqual([...h.recordedRanges()]);
      expect(encodeUncompressed(back)).toEqual(encodeUncompressed(h));
      // The uncompressed form is accepted too.
      expect([...decodeHistogram(encodeUncompressed(h)).recordedRanges()]).toEqual([...h.recordedRanges()]);
    });
  });

  it('encodes an empty histogram as HdrHistogram does', () => {
    const h = new Histogram();
    const bytes = encodeUncompressed(h);
    expect(bytes.length).toBe(41);
    expect(decodeHistogram(encodeCompressed(h)).totalCount).toBe(0);
  });

  it('accepts the cookies without the word-size bits', () => {
    const bytes = encodeUncompressed(sample(5));
    new DataView(bytes.buffer).setInt32(0, 0x1c849303);
    expect(decodeHistogram(bytes).totalCount).toBe(sample(5).totalCount);
  });

  it('reads a header lowest value below 1 as 1 and clamps a highest value beyond 2^53', () => {
    const h = decodeHistogram(rawV2({ lowest: 0n, highest: 2n ** 62n, digits: 2 }, [0x04]));
    expect(h.lowestDiscernibleValue).toBe(1);
    expect(h.highestTrackableValue).toBe(Number.MAX_SAFE_INTEGER);
    expect(h.totalCount).toBe(2);
  });
});

describe('hostile input', () => {
  const good = encodeCompressed(sample(42));

  it('rejects a wrong cookie', () => {
    const bytes = good.slice();
    new DataView(bytes.buffer).setInt32(0, 0x1c849301); // V1
    expect(decodeError(bytes).code).toBe('BAD_COOKIE');
    expect(decodeError(new Uint8Array(64)).message).toMatch(/cookie 0x00000000/);
    expect(decodeError(compressed(new Uint8Array(40))).code).toBe('BAD_COOKIE');
  });

  it('rejects every truncation of a valid encoding', () => {
    for (let len = 0; len < good.length; len++) {
      const code = decodeError(good.subarray(0, len)).code;
      expect(['TRUNCATED', 'BAD_LENGTH', 'BAD_ZLIB'], `length ${len}`).toContain(code);
    }
    const text = bytesToBase64(good);
    for (let len = 0; len < text.length; len += 3)
      expect(decodeError(text.slice(0, len))).toBeInstanceOf(HdrDecodeError);
  });

  it('rejects declared lengths that do not match', () => {
    const huge = good.slice();
    new DataView(huge.buffer).setInt32(4, 0x7fffffff);
    expect(decodeError(huge).code).toBe('TRUNCATED');
    const negative = good.slice();
    new DataView(negative.buffer).setInt32(4, -1);
    expect(decodeError(negative).code).toBe('BAD_LENGTH');
    const trailing = new Uint8Array(good.length + 3);
    trailing.set(good);
    expect(decodeError(trailing).code).toBe('BAD_LENGTH');
    expect(decodeError(rawV2({ payloadLength: 0x7fffffff }, [2])).code).toBe('BAD_LENGTH');
    expect(decodeError(rawV2({ payloadLength: -5 }, [2])).code).toBe('BAD_LENGTH');
    expect(decodeError(rawV2({ payloadLength: 5 }, [2])).code).toBe('TRUNCATED');
    expect(decodeError(rawV2({ payloadLength: 1 }, [2, 2])).code).toBe('BAD_LENGTH');
  });

  it('rejects bad header fields', () => {
    expect(decodeError(rawV2({ digits: 6 }, [2])).code).toBe('BAD_HEADER');
    expect(decodeError(rawV2({ digits: -1 }, [2])).code).toBe('BAD_HEADER');
    expect(decodeError(rawV2({ lowest: 2n ** 50n }, [2])).code).toBe('BAD_HEADER');
    expect(decodeError(rawV2({ lowest: 2n ** 63n - 1n }, [2])).code).toBe('BAD_HEADER');
  });

  it('caps the counts array a header can ask for', () => {
    const e = decodeError(rawV2({ digits: 5, highest: 2n ** 62n }, [2]));
    expect(e.code).toBe('TOO_LARGE');
    expect(e.message).toMatch(/counts array/);
    expect(decodeError(encodeCompressed(sample(1)), { maxCountsLength: 1000 }).code).toBe('TOO_LARGE');
  });

  it('rejects malformed payloads', () => {
    expect(decodeError(rawV2({}, [0x80])).code).toBe('BAD_PAYLOAD'); // truncated varint
    expect(decodeError(rawV2({}, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])).code).toBe(
      'BAD_PAYLOAD',
    );
    // A zero run (−n) past the end of the 23,552 counts.
    const run: number[] = [];
    writeZigZag(run, -30_000);
    expect(decodeError(rawV2({}, run)).message).toMatch(/zero counts/);
    // A count just past the end of the counts array.
    const past: number[] = [];
    writeZigZag(past, -23_552);
    writeZigZag(past, 1);
    expect(decodeError(rawV2({}, past)).message).toMatch(/beyond/);
    // Counts whose total exceeds 2^53 − 1.
    const big: number[] = [];
    writeZigZag(big, Number.MAX_SAFE_INTEGER);
    writeZigZag(big, 1);
    expect(decodeError(rawV2({}, big)).message).toMatch(/total count/);
  });

  it('bounds decompression of a zip bomb', () => {
    // A valid header declaring 1 payload byte, followed by 8 MiB of zeros (the default cap is 4 MiB).
    const bomb = new Uint8Array(8 * 1024 * 1024);
    bomb.set(rawV2({}, [2]));
    const e = decodeError(compressed(bomb));
    expect(e.code).toBe('TOO_LARGE');
    // The same without a plausible header, and with a generous declared payload.
    expect(decodeError(compressed(new Uint8Array(8 * 1024 * 1024))).code).toBe('BAD_COOKIE');
    const declared = bomb.slice();
    new DataView(declared.buffer).setInt32(4, 200_000);
    expect(decodeError(compressed(declared)).code).toBe('TOO_LARGE');
    expect(decodeError(compressed(rawV2({}, new Array(5000).fill(2))), { maxInflatedBytes: 1000 }).code).toBe(
      'TOO_LARGE',
    );
  });

  it('bounds small inputs inflated in one step by the declared payload length', () => {
    const padded = new Uint8Array(3000);
    padded.set(rawV2({}, [2]));
    expect(decodeError(compressed(padded)).code).toBe('TOO_LARGE');
  });

  it('decodes through the streaming inflater too', () => {
    const h = sample(8);
    const bytes = encodeCompressed(h);
    // A low cap sends even small inputs through the step-by-step inflater.
    const back = decodeHistogram(bytes, { maxInflatedBytes: 40_000 });
    expect([...back.recordedRanges()]).toEqual([...h.recordedRanges()]);
    const bad = bytes.slice();
    bad[bad.length - 2] = (bad[bad.length - 2] ?? 0) ^ 1;
    expect(decodeError(bad, { maxInflatedBytes: 40_000 }).code).toBe('BAD_ZLIB');
    expect(decodeError(bytes.subarray(0, bytes.length - 30), { maxInflatedBytes: 40_000 })).toBeInstanceOf(
      HdrDecodeError,
    );
  });

  it('rejects corrupt zlib data and checksums', () => {
    const bad = good.slice();
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 0xff;
    expect(decodeError(bad).code).toBe('BAD_ZLIB');
    const header = good.slice();
    header[8] = 0x00;
    expect(decodeError(header).code).toBe('BAD_ZLIB');
    const dict = good.slice();
    dict[9] = (dict[9] ?? 0) | 0x20;
    dict[9] = (dict[9] ?? 0) + (31 - (((dict[8] ?? 0) * 256 + (dict[9] ?? 0)) % 31));
    expect(decodeError(dict).code).toBe('BAD_ZLIB');
  });

  it('fuzz: random byte changes give a histogram or an HdrDecodeError, nothing else', () => {
    const rand = prng(99);
    let rejected = 0;
    for (let i = 0; i < 400; i++) {
      const bytes = good.slice();
      const edits = randomInt(rand, 1, 4);
      for (let k = 0; k < edits; k++) bytes[randomInt(rand, 0, bytes.length - 1)] = randomInt(rand, 0, 255);
      try {
        decodeHistogram(bytes);
      } catch (e) {
        expect(e).toBeInstanceOf(HdrDecodeError);
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(300);
    // Random bytes, uncompressed cookie in front.
    for (let i = 0; i < 200; i++) {
      const bytes = Uint8Array.from({ length: randomInt(rand, 40, 200) }, () => randomInt(rand, 0, 255));
      new DataView(bytes.buffer).setInt32(0, 0x1c849313);
      try {
        decodeHistogram(bytes);
      } catch (e) {
        expect(e).toBeInstanceOf(HdrDecodeError);
      }
    }
  });

  it('checkEncoded refuses exactly what decodeHistogram refuses, with the same code', () => {
    const outcome = (decode: () => unknown) => {
      try {
        decode();
        return 'ok';
      } catch (e) {
        return e instanceof HdrDecodeError ? e.code : `not an HdrDecodeError: ${String(e)}`;
      }
    };
    const rand = prng(7);
    const inputs: Array<Uint8Array | string> = [
      good,
      bytesToBase64(good),
      'not base64!',
      encodeUncompressed(sample(3)),
    ];
    for (let i = 0; i < 300; i++) {
      const bytes = good.slice();
      bytes[randomInt(rand, 0, bytes.length - 1)] = randomInt(rand, 0, 255);
      inputs.push(bytes, good.subarray(0, randomInt(rand, 0, good.length)));
    }
    const bomb = new Uint8Array(8 * 1024 * 1024);
    bomb.set(rawV2({}, [2]));
    inputs.push(compressed(bomb), rawV2({ digits: 5, highest: 2n ** 62n }, [2]));
    const codes = new Set<string>();
    for (const input of inputs) {
      const expected = outcome(() => decodeHistogram(input));
      expect(outcome(() => checkEncoded(input))).toBe(expected);
      // What it accepts, it counts as the decoded histogram does.
      if (expected === 'ok') expect(checkEncoded(input)).toBe(decodeHistogram(input).totalCount);
      codes.add(expected);
    }
    expect([...codes]).toEqual(
      expect.arrayContaining(['ok', 'BAD_BASE64', 'BAD_ZLIB', 'TRUNCATED', 'TOO_LARGE']),
    );
  });
});
