import { Inflate, inflateSync, zlibSync } from 'fflate';
import { HdrDecodeError } from './errors.ts';

/** zlib (RFC 1950) at the best compression level, as hdrhistogram-go and Java write it. */
export function zlibCompress(data: Uint8Array): Uint8Array {
  return zlibSync(data, { level: 9 });
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 is the largest run for which the sums cannot overflow before the modulo.
  for (let i = 0; i < data.length; ) {
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) {
      a += data[i] ?? 0;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return (b * 65536 + a) >>> 0;
}

/** Deflate's largest expansion: a 258-byte match coded in 2 bits. */
const MAX_DEFLATE_RATIO = 1032;
/** Compressed bytes handed to the streaming inflater at a time; bounds the output of one step. */
const INPUT_STEP = 1024;

function tooLarge(max: number): HdrDecodeError {
  return new HdrDecodeError('TOO_LARGE', `inflated data exceeds ${max} bytes (declared or allowed size)`);
}

function corrupt(e: unknown): HdrDecodeError {
  if (e instanceof HdrDecodeError) return e;
  return new HdrDecodeError('BAD_ZLIB', `corrupt deflate data: ${(e as Error).message}`, { cause: e });
}

/**
 * Inflates a zlib stream without ever holding much more than `limit` output bytes. `onHeader`
 * may lower the limit once the first `headerBytes` bytes are out (to the declared payload size).
 * Verifies the zlib header and the Adler-32 checksum.
 */
export function boundedUnzlib(
  data: Uint8Array,
  limit: number,
  headerBytes: number,
  onHeader: (header: Uint8Array) => number,
): Uint8Array {
  if (data.length < 6)
    throw new HdrDecodeError('BAD_ZLIB', `zlib stream of ${data.length} bytes is too short`);
  const cmf = data[0] ?? 0;
  const flg = data[1] ?? 0;
  if ((cmf & 0x0f) !== 8 || cmf >> 4 > 7 || (cmf * 256 + flg) % 31 !== 0) {
    throw new HdrDecodeError('BAD_ZLIB', 'not a zlib stream (bad header bytes)');
  }
  if (flg & 0x20) throw new HdrDecodeError('BAD_ZLIB', 'zlib preset dictionaries are not supported');
  const body = data.subarray(2, data.length - 4);

  let out: Uint8Array;
  if (body.length * MAX_DEFLATE_RATIO <= limit) {
    // Small input (every real interval histogram): its output cannot pass the limit.
    try {
      out = inflateSync(body);
    } catch (e) {
      throw corrupt(e);
    }
    if (out.length >= headerBytes) {
      const max = Math.min(limit, onHeader(out.subarray(0, headerBytes)));
      if (out.length > max) throw tooLarge(max);
    }
  } else {
    out = streamInflate(body, limit, headerBytes, onHeader);
  }
  const t = data.length - 4;
  const view = new DataView(data.buffer, data.byteOffset + t, 4);
  if (adler32(out) !== view.getUint32(0)) {
    throw new HdrDecodeError('BAD_ZLIB', 'zlib checksum mismatch (corrupt or truncated data)');
  }
  return out;
}

/** Feeds the inflater small input steps and stops as soon as the output passes the limit. */
function streamInflate(
  body: Uint8Array,
  limit: number,
  headerBytes: number,
  onHeader: (header: Uint8Array) => number,
): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let max = limit;
  let headerSeen = false;
  const inflater = new Inflate((chunk) => {
    if (chunk.length === 0) return;
    chunks.push(chunk);
    size += chunk.length;
    if (!headerSeen && size >= headerBytes) {
      headerSeen = true;
      max = Math.min(max, onHeader(concat(chunks, size).subarray(0, headerBytes)));
    }
  });
  try {
    for (let i = 0; i < body.length; i += INPUT_STEP) {
      const end = Math.min(i + INPUT_STEP, body.length);
      inflater.push(body.subarray(i, end), end === body.length);
      if (size > max) break;
    }
  } catch (e) {
    throw corrupt(e);
  }
  if (size > max) throw tooLarge(max);
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  chunks.length = 0;
  chunks.push(out);
  return out;
}
