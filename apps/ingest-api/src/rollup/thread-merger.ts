// A HistogramMerger that merges in a worker thread (merge-thread.ts says why), started on first
// use and again after a crash; a merge in flight when the thread dies fails like an undecodable
// input (the bucket keeps the upper-bound percentiles until its next recompute).
import { Worker } from 'node:worker_threads';
import { type HistogramMerger, hdrMerger, type MergedHistogram } from './merge.ts';
import type { MergeReply, MergeRequest } from './merge-thread.ts';
import { pack } from './pack.ts';

/** The built thread: dist/merge-thread.mjs, beside the built server dist/main.mjs. */
const BUILT_THREAD = new URL('./merge-thread.mjs', import.meta.url);

/**
 * The thread when the server runs built; in process when it runs from TypeScript source (unit
 * tests, `npm run dev`), where a worker thread cannot load TypeScript.
 */
export function defaultMerger(): HistogramMerger {
  return import.meta.url.endsWith('.mjs') ? new ThreadMerger() : hdrMerger;
}

interface Pending {
  resolve: (merged: MergedHistogram) => void;
  reject: (error: Error) => void;
}

export class ThreadMerger implements HistogramMerger {
  readonly threaded = true;
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(private readonly thread: URL = BUILT_THREAD) {}

  merge(encoded: Uint8Array[], options: { bands?: boolean } = {}): Promise<MergedHistogram> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const { packed, lengths } = pack(encoded);
      worker.postMessage({ id, packed, lengths, bands: options.bands === true } satisfies MergeRequest, [
        packed.buffer,
      ]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.thread);
    // Merges in flight keep their callers waiting, not the process alive.
    worker.unref();
    worker.on('message', (reply: MergeReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.merged);
    });
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the merge thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = undefined;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
