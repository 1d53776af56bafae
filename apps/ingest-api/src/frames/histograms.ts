// Every histogram of a batch must decode, and hold as many samples as its frame's count, before
// anything of the batch is stored: one that does not would otherwise surface later, as a rollup
// without a histogram or a run page, CSV or comparison that cannot read it or that shows a count
// beside percentiles of other samples. The check is the rollups' own decoding (same bounds), minus
// the counts array: Node's native zlib inflates, then the codec walks the counts. It costs
// ~17 µs for a 1,000-sample interval here, the only decoding on the hot path.
import { AppError } from '@levelfield/contracts/errors';
import { checkEncoded, HdrDecodeError } from '@levelfield/metrics/hdr';
import { inflateStored, MAX_COUNTS_LENGTH, MAX_INFLATED_BYTES } from '../rollup/merge.ts';
import type { CheckedBatch } from './validate.ts';

/** Bounds one request's inflating work: real batches inflate to a few hundred KiB. */
export const MAX_BATCH_INFLATED_BYTES = 32 * 1024 * 1024;
/** Offending frames listed in an error's details (the message says how many there are). */
const LISTED_FRAMES = 100;

/** The uncompressed V2 form, or why the zlib layer does not inflate. */
function inflate(base64: string): Uint8Array | string {
  try {
    return inflateStored(Buffer.from(base64, 'base64'));
  } catch (error) {
    // Node's zlib: corrupt or truncated data, or more than MAX_INFLATED_BYTES of output.
    return `its zlib data does not inflate (${(error as Error).message})`;
  }
}

/**
 * Why the uncompressed form does not decode or disagrees with the frame's count (the run page
 * would show that count beside percentiles of other samples), or undefined when it is sound.
 */
function decodeProblem(raw: Uint8Array, count: number): string | undefined {
  let samples: number;
  try {
    samples = checkEncoded(raw, { maxInflatedBytes: MAX_INFLATED_BYTES, maxCountsLength: MAX_COUNTS_LENGTH });
  } catch (error) {
    if (error instanceof HdrDecodeError) return error.message;
    throw error;
  }
  if (samples === count) return undefined;
  return `its count is ${count} but its histogram holds ${samples} sample${samples === 1 ? '' : 's'}: a frame's count is the number of values recorded in its histogram`;
}

function seriesLabel(series: CheckedBatch['series'][number]): string {
  const labels = Object.entries(series.labels).map(([key, value]) => `${key}=${value}`);
  return labels.length > 0 ? `"${series.name}" {${labels.join(', ')}}` : `"${series.name}"`;
}

/**
 * Throws VALIDATION_FAILED naming every frame whose histogram does not decode (path: the first
 * one; details: each, with its series and seq), so a sender can drop or quarantine exactly those.
 */
export function checkHistograms(batch: CheckedBatch): void {
  let inflated = 0;
  const bad: { field: string; message: string }[] = [];
  let count = 0;
  for (const [index, frame] of batch.frames.entries()) {
    if (!frame.histogram) continue;
    const raw = inflate(frame.histogram);
    if (typeof raw !== 'string') {
      inflated += raw.length;
      if (inflated > MAX_BATCH_INFLATED_BYTES) {
        throw new AppError(
          'VALIDATION_FAILED',
          `the histograms of this batch inflate to more than ${MAX_BATCH_INFLATED_BYTES} bytes: send fewer frames per batch`,
          `frames.${index}.histogram`,
        );
      }
    }
    const problem = typeof raw === 'string' ? raw : decodeProblem(raw, frame.count);
    if (!problem) continue;
    count += 1;
    if (bad.length < LISTED_FRAMES) {
      const series = batch.series[batch.frameSeries[index]!]!;
      bad.push({
        field: `frames.${index}.histogram`,
        message: `series ${seriesLabel(series)}, seq ${frame.seq}: ${problem}`,
      });
    }
  }
  if (count === 0) return;
  const listed = bad.map((entry) => `${entry.field} (${entry.message})`).join('; ');
  throw new AppError(
    'VALIDATION_FAILED',
    `${count === 1 ? 'a histogram is' : `${count} histograms are`} unusable, so nothing of this batch was stored: ` +
      `${listed}${count > bad.length ? `; and ${count - bad.length} more` : ''}. ` +
      "Send each interval as the HdrHistogram V2 compressed encoding in base64, holding the frame's count of samples, or leave those frames out.",
    bad[0]!.field,
    bad,
  );
}
