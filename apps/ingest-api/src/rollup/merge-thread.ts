// The thread the rollup worker merges in (thread-merger.ts): merging decodes every histogram of
// a bucket or of a whole run — tens of milliseconds for a day's summary — and on the ingest API's
// event loop that time was added to every acknowledgement and live frame waiting behind it.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hdrMerger, type MergedHistogram } from './merge.ts';
import { unpack } from './pack.ts';

export interface MergeRequest {
  id: number;
  /** Every input back to back (pack.ts). */
  packed: Uint8Array;
  /** Each input's length, in order. */
  lengths: number[];
  bands: boolean;
}

export type MergeReply = { id: number; merged: MergedHistogram } | { id: number; error: string };

// The lowest scheduling priority, for this thread only (on Linux a nice value is per thread, and
// pid 0 is the calling one): with the event loop's thread, PostgreSQL's backends and the benchmark
// itself sharing two cores, a merge at normal priority still took CPU from acknowledgements
// (ack p99 39 → 384 ms in the run where a minute's 12,000 buckets came due). Rollups wait; they
// are recomputable, and ingest comes first.
try {
  setPriority(0, 19);
} catch {
  // Not permitted here (some containers): merge at normal priority.
}

parentPort?.on('message', ({ id, packed, lengths, bands }: MergeRequest) => {
  let reply: MergeReply;
  try {
    reply = { id, merged: hdrMerger.merge(unpack(packed, lengths), { bands }) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
