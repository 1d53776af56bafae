// Checks of a frame batch that a schema cannot express: cross-references between series and
// frames, duplicates, per-kind requirements and the clock. Runs before any database work, so
// a rejected batch never touches the database.
import { AppError } from '@levelfield/contracts/errors';
import { type FrameBatch, INGEST_LIMITS } from '@levelfield/contracts/ingest';

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

/** "k=v,k=v" sorted by key; keys and values are URI-encoded so no two label sets collide. */
export function labelsKey(labels: Record<string, string>): string {
  return Object.keys(labels)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(labels[key]!)}`)
    .join(',');
}

export function checkBatch(batch: FrameBatch, now = Date.now()): CheckedBatch {
  const byKey = new Map<string, number>();
  const series = batch.series.map((declaration, index): CheckedSeries => {
    if (byKey.has(declaration.key)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `series key "${declaration.key}" is declared twice: give each series its own key`,
        `series.${index}.key`,
      );
    }
    byKey.set(declaration.key, index);
    const key = labelsKey(declaration.labels);
    return { ...declaration, labelsKey: key, identity: `${declaration.name}\u0000${key}` };
  });

  const latest = now + INGEST_LIMITS.futureSkewMs;
  const seen = new Set<string>();
  const frameSeries = batch.frames.map((frame, index) => {
    const seriesIndex = byKey.get(frame.series);
    if (seriesIndex === undefined) {
      throw new AppError(
        'SERIES_UNKNOWN',
        `frame refers to series "${frame.series}", which is not in this batch's series list`,
        `frames.${index}.series`,
      );
    }
    const declared = series[seriesIndex]!;
    const identity = `${declared.identity}\u0000${frame.seq}`;
    if (seen.has(identity)) {
      throw new AppError(
        'FRAME_DUPLICATE',
        `seq ${frame.seq} of series "${declared.name}" appears twice in this batch: send each interval once`,
        `frames.${index}.seq`,
      );
    }
    seen.add(identity);
    if (frame.endMs > latest) {
      throw new AppError(
        'TIMESTAMP_OUT_OF_RANGE',
        'endMs is more than a day ahead of the server clock: send unix epoch milliseconds (UTC)',
        `frames.${index}.endMs`,
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
    return seriesIndex;
  });
  return { series, frameSeries, frames: batch.frames };
}
