// The thread the rollup worker merges in (thread-merger.ts): merging decodes every histogram of
// a bucket or of a whole run — tens of milliseconds for a day's summary — and on the ingest API's
// event loop that time was added to every acknowledgement and live frame waiting behind it.
import { parentPort } from 'node:worker_threads';
import { hdrMerger, type MergedHistogram } from './merge.ts';

export interface MergeRequest {
  id: number;
  encoded: Uint8Array[];
  bands: boolean;
}

export type MergeReply = { id: number; merged: MergedHistogram } | { id: number; error: string };

parentPort?.on('message', ({ id, encoded, bands }: MergeRequest) => {
  let reply: MergeReply;
  try {
    reply = { id, merged: hdrMerger.merge(encoded, { bands }) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
