// How the rollup worker merges interval histograms: with the HdrHistogram V2 codec of
// @levelfield/metrics (the ingest API has no codec of its own), in a thread of its own
// (thread-merger.ts). The worker takes the merger through this interface, so tests can observe it.
import { inflateSync } from 'node:zlib';
import {
  countBands,
  encodeBands,
  encodeCompressed,
  mergeEncoded,
  V2_COMPRESSED_ENCODING_COOKIE,
} from '@levelfield/metrics/hdr';
import type { LatencyQuantiles } from '@levelfield/metrics/stats';

export interface MergedHistogram extends LatencyQuantiles {
  /** Compressed V2 encoding, as frames store theirs. */
  encoded: Uint8Array;
  /**
   * Counts in the fixed heatmap bands (stored form), so heatmaps never decode rollups; only
   * when asked (rollups are drawn as heatmaps, whole-run summaries are not).
   */
  bands?: Uint8Array;
}

export interface HistogramMerger {
  /** Decodes each V2 encoding, adds them up and re-encodes the sum; fails for an undecodable one. */
  merge(encoded: Uint8Array[], options?: { bands?: boolean }): MergedHistogram | Promise<MergedHistogram>;
  /** Merges off the event loop (a thread at the lowest priority): the worker need not rest after each merge. */
  readonly threaded?: boolean;
  /** Releases what the merger holds (a thread). */
  close?(): Promise<void>;
}

/** The stored histograms come from agents: bound what one may inflate to (as the codec's default). */
export const MAX_INFLATED_BYTES = 4 * 1024 * 1024;
/** As the agent's own decoder (agents/internal/histogram MaxCounts): 8 MiB of counts at most. */
export const MAX_COUNTS_LENGTH = 2 ** 20;
/**
 * All inputs of one merge are held inflated at once: bound their sum. A legitimate minute of
 * 3-digit histograms stays far below (at most 60 × ~210 KB); hostile inputs fail the merge.
 */
const MAX_MERGE_BYTES = 32 * 1024 * 1024;

/**
 * The uncompressed V2 form of a stored histogram: the compressed form's zlib layer is inflated
 * by Node's native zlib (bounded, checksum verified) rather than the codec's portable
 * JavaScript inflater, which is most of the decoding cost here (README, "Storage and
 * rollups"). Anything but a well-framed compressed form is returned as is, for the codec of
 * @levelfield/metrics to read or refuse.
 */
export function inflateStored(bytes: Uint8Array): Uint8Array {
  if (bytes.length > 8) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const compressed = (view.getInt32(0) & ~0xf0) >>> 0 === V2_COMPRESSED_ENCODING_COOKIE;
    if (compressed && view.getInt32(4) === bytes.length - 8) {
      return inflateSync(bytes.subarray(8), { maxOutputLength: MAX_INFLATED_BYTES });
    }
  }
  return bytes;
}

export const hdrMerger = {
  merge(encoded: Uint8Array[], options: { bands?: boolean } = {}): MergedHistogram {
    let total = 0;
    const inflated = encoded.map((bytes) => {
      const raw = inflateStored(bytes);
      total += raw.length;
      if (total > MAX_MERGE_BYTES)
        throw new RangeError(`histograms to merge exceed ${MAX_MERGE_BYTES} bytes`);
      return raw;
    });
    if (inflated.length === 0) throw new RangeError('nothing to merge');
    // Same-geometry inputs (an agent's) are added into one counts array without a histogram each.
    const sum = mergeEncoded(inflated, {
      maxInflatedBytes: MAX_INFLATED_BYTES,
      maxCountsLength: MAX_COUNTS_LENGTH,
    });
    // Go's rank rule, as the agent computes each frame's percentiles (as summarizeHistogram).
    const [p50 = 0, p90 = 0, p95 = 0, p99 = 0, p999 = 0] = sum.valuesAtPercentiles([50, 90, 95, 99, 99.9]);
    return {
      encoded: encodeCompressed(sum),
      ...(options.bands ? { bands: encodeBands(countBands(sum)) } : {}),
      p50,
      p90,
      p95,
      p99,
      p999,
    };
  },
};
