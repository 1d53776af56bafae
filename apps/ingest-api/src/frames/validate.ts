// Validation of a frame batch. parseFrameBatch accepts a valid batch with a direct check of the
// contract (no allocation per frame) and leaves anything it is unsure of to the zod schema of
// @levelfield/contracts, which decides and words the error; the two agree (validate.test.ts).
// checkBatch then checks what a schema cannot express: cross-references between series and
// frames, duplicates, per-kind requirements and the clock. All of it runs before any database
// work, so a rejected batch never touches the database.
import { AppError, validationError } from '@levelfield/contracts/errors';
import { FrameBatch, INGEST_LIMITS, isSafeText } from '@levelfield/contracts/ingest';
import { redactPair } from '@levelfield/contracts/redact';

export type SeriesDeclaration = FrameBatch['series'][number];
export type FrameInput = FrameBatch['frames'][number];

export interface CheckedSeries extends SeriesDeclaration {
  /** Canonical form of labels, unique together with run and name (series.labels_key). */
  labelsKey: string;
  /** run-independent identity: name + labelsKey. */
  identity: string;
}

export interface CheckedBatch {
  series: CheckedSeries[];
  /** frames[i] belongs to series[frameSeries[i]]. */
  frameSeries: number[];
  frames: FrameInput[];
}

// --- the direct check (mirrors FrameBatch in @levelfield/contracts/ingest) -------------------

const FRAME_BATCH_KEYS = new Set(['series', 'frames']);
const SERIES_KEYS = new Set(['key', 'name', 'kind', 'unit', 'labels']);
const FRAME_KEYS = new Set([
  'series',
  'seq',
  'startMs',
  'endMs',
  'warmup',
  'count',
  'min',
  'max',
  'mean',
  'p50',
  'p90',
  'p95',
  'p99',
  'p999',
  'histogram',
]);
const NAME = /^[A-Za-z0-9_.:/ -]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;
/** A one-line string (SafeLine of the contract): no control character, no lone surrogate. */
const isLine = (value: unknown, min: number, max: number): value is string =>
  isText(value, min, max) && isSafeText(value, 'line');
const isInt = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
const isValue = (value: unknown): boolean =>
  typeof value === 'number' && Math.abs(value) <= INGEST_LIMITS.maxValue;
const isEpochMs = (value: unknown): value is number =>
  isInt(value, INGEST_LIMITS.minTimestampMs, Number.MAX_SAFE_INTEGER);

function onlyKeys(value: Json, allowed: Set<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/** Checks one declaration and fills in its default labels. */
function acceptSeries(value: unknown): boolean {
  if (!isObject(value) || !onlyKeys(value, SERIES_KEYS)) return false;
  if (!isLine(value.key, 1, 64) || !isText(value.name, 1, 200) || !NAME.test(value.name)) return false;
  if (value.kind !== 'latency' && value.kind !== 'counter' && value.kind !== 'gauge') return false;
  if (!isLine(value.unit, 1, 16)) return false;
  if (value.labels === undefined) {
    value.labels = {};
    return true;
  }
  if (!isObject(value.labels)) return false;
  for (const key in value.labels) {
    if (!isLine(key, 1, 64) || !isLine(value.labels[key], 0, 256)) return false;
  }
  return true;
}

/** Checks one frame and fills in its default warm-up flag. */
function acceptFrame(value: unknown): boolean {
  if (!isObject(value) || !onlyKeys(value, FRAME_KEYS)) return false;
  if (!isLine(value.series, 1, 64) || !isInt(value.seq, 0, 2_147_483_647)) return false;
  if (!isEpochMs(value.startMs) || !isEpochMs(value.endMs) || value.endMs < value.startMs) return false;
  if (!isInt(value.count, 0, Number.MAX_SAFE_INTEGER)) return false;
  if (!isValue(value.min) || !isValue(value.max) || (value.max as number) < (value.min as number))
    return false;
  if (!isValue(value.mean) || !isValue(value.p50) || !isValue(value.p90) || !isValue(value.p95)) return false;
  if (!isValue(value.p99) || !isValue(value.p999)) return false;
  const histogram = value.histogram;
  if (histogram !== undefined) {
    if (!isText(histogram, 0, INGEST_LIMITS.histogramBase64Chars) || !BASE64.test(histogram)) return false;
  }
  if (value.warmup === undefined) value.warmup = false;
  else if (typeof value.warmup !== 'boolean') return false;
  return true;
}

/** The batch when it is certainly valid (with defaults filled in), else undefined. */
export function acceptFrameBatch(body: unknown): FrameBatch | undefined {
  if (!isObject(body) || !onlyKeys(body, FRAME_BATCH_KEYS)) return undefined;
  const { series, frames } = body;
  if (!Array.isArray(series) || series.length < 1 || series.length > INGEST_LIMITS.seriesPerBatch) {
    return undefined;
  }
  if (!Array.isArray(frames) || frames.length < 1 || frames.length > INGEST_LIMITS.framesPerBatch) {
    return undefined;
  }
  for (const declaration of series) if (!acceptSeries(declaration)) return undefined;
  for (const frame of frames) if (!acceptFrame(frame)) return undefined;
  return body as FrameBatch;
}
/** A valid batch, or a VALIDATION_FAILED error naming the first offending field. */
export function parseFrameBatch(body: unknown): FrameBatch {
  const accepted = acceptFrameBatch(body);
  if (accepted) return accepted;
  const parsed = FrameBatch.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

// --- checks beyond the schema --------------------------------------------------------------

/** "k=v,k=v" sorted by key; keys and values are URI-encoded so no two label sets collide. */
export function labelsKey(labels: Record<string, string>): string {
  let only: string | undefined;
  let many = false;
  for (const key in labels) {
    if (only === undefined) only = key;
    else many = true;
  }
  if (only === undefined) return '';
  // One label is the common case: no array, no sort.
  if (!many) return `${encodeURIComponent(only)}=${encodeURIComponent(labels[only]!)}`;
  return Object.keys(labels)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(labels[key]!)}`)
    .join(',');
}

/**
 * Labels as stored: redacted here too, since the agent redacts before sending but an older agent
 * or a client of one's own may not (a hyperfine command line with its Authorization header is a
 * label). Every batch declares its series again, so each distinct label is redacted once and
 * remembered; the memory is bounded and dropped whole when full, which costs only a recompute.
 */
const REDACTED_LABELS = new Map<string, string>();
const REDACTED_LABELS_LIMIT = 100_000;

function redactedLabels(labels: Record<string, string>): Record<string, string> {
  let out: Record<string, string> | undefined;
  for (const name in labels) {
    const value = labels[name]!;
    const memo = `${name}\u0000${value}`;
    let redacted = REDACTED_LABELS.get(memo);
    if (redacted === undefined) {
      if (REDACTED_LABELS.size >= REDACTED_LABELS_LIMIT) REDACTED_LABELS.clear();
      redacted = redactPair(name, value);
      REDACTED_LABELS.set(memo, redacted);
    }
    if (redacted !== value) {
      out ??= { ...labels };
      out[name] = redacted;
    }
  }
  return out ?? labels;
}

/** The figures of a frame that only a gauge may have below zero. */
const NEGATIVE_FIELDS = ['min', 'max', 'mean', 'p50', 'p90', 'p95', 'p99', 'p999'] as const;

export function checkBatch(batch: FrameBatch, now = Date.now()): CheckedBatch {
  const byKey = new Map<string, number>();
  const byIdentity = new Map<string, number>();
  /** Two keys for the same name and labels are one series: its first declaration's index. */
  const canonical: number[] = [];
  const series = batch.series.map((declaration, index): CheckedSeries => {
    if (byKey.has(declaration.key)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `series key "${declaration.key}" is declared twice: give each series its own key`,
        `series.${index}.key`,
      );
    }
    byKey.set(declaration.key, index);
    const labels = redactedLabels(declaration.labels);
    const key = labelsKey(labels);
    const identity = `${declaration.name}\u0000${key}`;
    const first = byIdentity.get(identity) ?? index;
    byIdentity.set(identity, first);
    canonical.push(first);
    return { ...declaration, labels, labelsKey: key, identity };
  });

  const latest = now + INGEST_LIMITS.futureSkewMs;
  const seen: Array<Set<number> | undefined> = [];
  const frames = batch.frames;
  const frameSeries = new Array<number>(frames.length);
  for (let index = 0; index < frames.length; index += 1) {
    const frame = frames[index]!;
    const seriesIndex = byKey.get(frame.series);
    if (seriesIndex === undefined) {
      throw new AppError(
        'SERIES_UNKNOWN',
        `frame refers to series "${frame.series}", which is not in this batch's series list`,
        `frames.${index}.series`,
      );
    }
    const declared = series[seriesIndex]!;
    const group = canonical[seriesIndex]!;
    let seqs = seen[group];
    if (!seqs) {
      seqs = new Set();
      seen[group] = seqs;
    }
    if (seqs.has(frame.seq)) {
      throw new AppError(
        'FRAME_DUPLICATE',
        `seq ${frame.seq} of series "${declared.name}" appears twice in this batch: send each interval once`,
        `frames.${index}.seq`,
      );
    }
    seqs.add(frame.seq);
    if (frame.endMs > latest) {
      throw new AppError(
        'TIMESTAMP_OUT_OF_RANGE',
        'endMs is more than a day ahead of the server clock: send unix epoch milliseconds (UTC)',
        `frames.${index}.endMs`,
      );
    }
    const field = declared.kind === 'gauge' ? undefined : NEGATIVE_FIELDS.find((f) => frame[f] < 0);
    if (field) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${field} of series "${declared.name}" is negative: only a gauge's values may be (a ${declared.kind} counts or times something); declare the series with kind "gauge" if it measures a level`,
        `frames.${index}.${field}`,
      );
    }
    if (declared.kind === 'latency' && !frame.histogram) {
      throw new AppError(
        'HISTOGRAM_MISSING',
        'latency frames need the HdrHistogram V2 encoding (base64) of the interval',
        `frames.${index}.histogram`,
      );
    }
    if (frame.histogram && frame.histogram.length % 4 !== 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        'histogram is not padded base64: its length must be a multiple of 4',
        `frames.${index}.histogram`,
      );
    }
    frameSeries[index] = seriesIndex;
  }
  return { series, frameSeries, frames };
}
