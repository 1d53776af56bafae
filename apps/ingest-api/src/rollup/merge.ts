// How the rollup worker merges interval histograms: with the HdrHistogram V2 codec of
// @levelfield/metrics (the ingest API has no codec of its own). The worker takes the merger
// through this interface, so tests can observe it.
import { inflateSync } from 'node:zlib';
import {
  decodeHistogram,
  encodeCompressed,
  type Histogram,
  V2_COMPRESSED_ENCODING_COOKIE,
} from '@levelfield/metrics/hdr';
import { mergeHistograms, summarizeHistogram } from '@levelfield/metrics/stats';

export interface MergedHistogram {
  /** Compressed V2 encoding, as frames store theirs. */
  encoded: Uint8Array;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
}

export interface HistogramMerger {
  /** Decodes each V2 encoding, adds them up and re-encodes the sum; throws for an undecodable one. */
  merge(encoded: Uint8Array[]): MergedHistogram;
}

/** The stored histograms come from agents: bound what one may inflate to (as the codec's default). */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;
/** As the agent's own decoder (agents/internal/histogram MaxCounts): 8 MiB of counts at most. */
const MAX_COUNTS_LENGTH = 2 ** 20;

/**
 * decodeHistogram of @levelfield/metrics, with the zlib layer of the compressed form inflated by
 * Node's native zlib (bounded, checksum verified) instead of the codec's portable JavaScript
 * inflater: a third to half of the decoding cost here (README, "Storage and rollups"). The
 * V2 format itself is read by the codec; anything unusual goes to decodeHistogram unchanged.
 */
export function decodeStoredHistogram(bytes: Uint8Array): Histogram {
  const options = { maxInflatedBytes: MAX_INFLATED_BYTES, maxCountsLength: MAX_COUNTS_LENGTH };
  if (bytes.length > 8) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const compressed = (view.getInt32(0) & ~0xf0) >>> 0 === V2_COMPRESSED_ENCODING_COOKIE;
    if (compressed && view.getInt32(4) === bytes.length - 8) {
      const inflated = inflateSync(bytes.subarray(8), { maxOutputLength: MAX_INFLATED_BYTES });
      return decodeHistogram(inflated, options);
    }
  }
  return decodeHistogram(bytes, options);
}

/**
 * Adds `next` to `sum` in place when that is exact (same geometry, within range), otherwise
 * merges both into the coarser geometry (mergeHistograms). Pairwise merging ends in the same
 * geometry whatever the order, so a bucket's encoding is the same on every instance, and at most
 * two decoded histograms are held at a time however many are merged.
 */
function addInto(sum: Histogram | undefined, next: Histogram): Histogram {
  if (!sum) return next;
  if (
    sum.significantFigures === next.significantFigures &&
    sum.lowestDiscernibleValue === next.lowestDiscernibleValue &&
    next.highestTrackableValue <= sum.highestTrackableValue
  ) {
    return sum.add(next);
  }
  return mergeHistograms([sum, next]);
}

export const hdrMerger: HistogramMerger = {
  merge(encoded) {
    let sum: Histogram | undefined;
    for (const bytes of encoded) sum = addInto(sum, decodeStoredHistogram(bytes));
    if (!sum) throw new Error('nothing to merge');
    // Go's rank rule, as the agent computes each frame's percentiles.
    const { p50, p90, p95, p99, p999 } = summarizeHistogram(sum);
    return { encoded: encodeCompressed(sum), p50, p90, p95, p99, p999 };
  },
};
