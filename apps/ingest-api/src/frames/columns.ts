// A batch's frames as PostgreSQL arrays in the binary wire format (what array_recv reads), one
// array per column, all in one buffer. node-postgres sends Buffer parameters as binary, so no
// number becomes text on the way and PostgreSQL parses no text: cheaper on both sides than
// pg's text array literals (a third of the hot path's CPU went into them), and histograms
// travel as their raw bytes, decoded from base64 straight into place (not hex, as pg would send
// bytea[]). Nothing here decodes a histogram.
import type { FrameInput } from './validate.ts';

const OID = { bool: 16, bytea: 17, int8: 20, int4: 23, text: 25, float8: 701, timestamptz: 1184 } as const;
/** ndim, has-null flag, element type, length, lower bound. */
const HEADER_BYTES = 20;
const EPOCH_2000_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 4_294_967_296;

/** Bytes of the base64 text once decoded (the text is validated, padded base64). */
export function base64Bytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

class Writer {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  header(oid: number, length: number, hasNull: boolean): number {
    const start = this.pos;
    const buf = this.buf;
    buf.writeInt32BE(1, start);
    buf.writeInt32BE(hasNull ? 1 : 0, start + 4);
    buf.writeInt32BE(oid, start + 8);
    buf.writeInt32BE(length, start + 12);
    buf.writeInt32BE(1, start + 16);
    this.pos = start + HEADER_BYTES;
    return start;
  }

  /** A non-negative safe integer as int8 (no BigInt). */
  int8(value: number): void {
    const buf = this.buf;
    buf.writeInt32BE(8, this.pos);
    buf.writeUInt32BE(Math.floor(value / TWO_32), this.pos + 4);
    buf.writeUInt32BE(value % TWO_32, this.pos + 8);
    this.pos += 12;
  }

  float8(value: number): void {
    this.buf.writeInt32BE(8, this.pos);
    this.buf.writeDoubleBE(value, this.pos + 4);
    this.pos += 12;
  }
}

const FLOAT_FIELDS = ['min', 'max', 'mean', 'p50', 'p90', 'p95', 'p99', 'p999'] as const;

/**
 * frames[i] is stored under seriesIds[frameSeries[i]]. Timestamps are epoch ms from 2000 on
 * (validated), so their microseconds since 2000 are non-negative safe integers.
 */
export function frameColumns(frames: FrameInput[], frameSeries: number[], seriesIds: string[]): Buffer[] {
  const n = frames.length;
  const idBytes = seriesIds.map((id) => Buffer.byteLength(id));
  let idTotal = 0;
  let histogramTotal = 0;
  let histogramNulls = false;
  for (let i = 0; i < n; i += 1) {
    idTotal += 4 + idBytes[frameSeries[i]!]!;
    const histogram = frames[i]!.histogram;
    if (histogram) histogramTotal += 4 + base64Bytes(histogram);
    else {
      histogramTotal += 4;
      histogramNulls = true;
    }
  }
  const sizes = [
    HEADER_BYTES + idTotal,
    HEADER_BYTES + n * 8, // seq
    HEADER_BYTES + n * 12, // start_at
    HEADER_BYTES + n * 12, // end_at
    HEADER_BYTES + n * 5, // warmup
    HEADER_BYTES + n * 12, // count
    ...FLOAT_FIELDS.map(() => HEADER_BYTES + n * 12),
    HEADER_BYTES + histogramTotal,
  ];
  const w = new Writer(Buffer.allocUnsafe(sizes.reduce((a, b) => a + b, 0)));
  const buf = w.buf;
  const values: Buffer[] = [];
  const done = (start: number) => values.push(buf.subarray(start, w.pos));

  let start = w.header(OID.text, n, false);
  for (let i = 0; i < n; i += 1) {
    const s = frameSeries[i]!;
    buf.writeInt32BE(idBytes[s]!, w.pos);
    w.pos += 4 + buf.write(seriesIds[s]!, w.pos + 4, 'utf8');
  }
  done(start);

  start = w.header(OID.int4, n, false);
  for (let i = 0; i < n; i += 1) {
    buf.writeInt32BE(4, w.pos);
    buf.writeInt32BE(frames[i]!.seq, w.pos + 4);
    w.pos += 8;
  }
  done(start);

  for (const field of ['startMs', 'endMs'] as const) {
    start = w.header(OID.timestamptz, n, false);
    for (let i = 0; i < n; i += 1) w.int8((frames[i]![field] - EPOCH_2000_MS) * 1000);
    done(start);
  }

  start = w.header(OID.bool, n, false);
  for (let i = 0; i < n; i += 1) {
    buf.writeInt32BE(1, w.pos);
    buf[w.pos + 4] = frames[i]!.warmup ? 1 : 0;
    w.pos += 5;
  }
  done(start);

  start = w.header(OID.int8, n, false);
  for (let i = 0; i < n; i += 1) w.int8(frames[i]!.count);
  done(start);

  for (const field of FLOAT_FIELDS) {
    start = w.header(OID.float8, n, false);
    for (let i = 0; i < n; i += 1) w.float8(frames[i]![field]);
    done(start);
  }

  start = w.header(OID.bytea, n, histogramNulls);
  for (let i = 0; i < n; i += 1) {
    const histogram = frames[i]!.histogram;
    if (!histogram) {
      buf.writeInt32BE(-1, w.pos);
      w.pos += 4;
      continue;
    }
    const length = base64Bytes(histogram);
    const written = buf.write(histogram, w.pos + 4, length, 'base64');
    if (written !== length)
      throw new Error(`histogram of frame ${i} decoded to ${written} bytes, not ${length}`);
    buf.writeInt32BE(length, w.pos);
    w.pos += 4 + length;
  }
  done(start);
  return values;
}

/** A bytea[] parameter in the binary format: the bytes as they are (pg would send hex text). */
export function byteaArray(values: Array<Uint8Array | null>): Buffer {
  let size = HEADER_BYTES;
  for (const value of values) size += 4 + (value ? value.length : 0);
  const w = new Writer(Buffer.allocUnsafe(size));
  w.header(
    OID.bytea,
    values.length,
    values.some((value) => value === null),
  );
  for (const value of values) {
    if (!value) {
      w.buf.writeInt32BE(-1, w.pos);
      w.pos += 4;
      continue;
    }
    w.buf.writeInt32BE(value.length, w.pos);
    w.buf.set(value, w.pos + 4);
    w.pos += 4 + value.length;
  }
  return w.buf;
}
