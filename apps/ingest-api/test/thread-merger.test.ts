// The merge thread as the built server runs it (dist/merge-thread.mjs, built by the global
// setup): same results as merging in process, failures come back as rejections, and a thread
// that goes away fails what it held and is replaced.
import { readdirSync, readFileSync } from 'node:fs';
import { encodeCompressed, Histogram } from '@levelfield/metrics/hdr';
import { afterAll, describe, expect, it } from 'vitest';
import { hdrMerger } from '../src/rollup/merge.ts';
import { ThreadMerger } from '../src/rollup/thread-merger.ts';

function encoded(values: number[]): Buffer {
  const histogram = new Histogram();
  for (const value of values) histogram.recordValue(value);
  return Buffer.from(encodeCompressed(histogram));
}

const merger = new ThreadMerger(new URL('../dist/merge-thread.mjs', import.meta.url));
afterAll(() => merger.close());

describe('the merge thread', () => {
  const inputs = [encoded([100, 200, 300]), encoded([1000, 5000]), encoded([70, 80_000])];

  it('merges exactly as in process, bands included', async () => {
    const threaded = await merger.merge(inputs, { bands: true });
    const local = hdrMerger.merge(inputs, { bands: true });
    expect({
      ...threaded,
      encoded: Buffer.from(threaded.encoded),
      bands: Buffer.from(threaded.bands!),
    }).toEqual({
      ...local,
      encoded: Buffer.from(local.encoded),
      bands: Buffer.from(local.bands!),
    });
  });

  it('runs at the lowest scheduling priority, the rest of the process at its own', async () => {
    await merger.merge(inputs);
    // Field 19 of /proc/…/stat is the nice value (after the command in parentheses).
    const nice = (path: string) => Number(readFileSync(path, 'utf8').split(') ')[1]!.split(' ')[16]);
    const threads = readdirSync('/proc/self/task').map((tid) => nice(`/proc/self/task/${tid}/stat`));
    expect(threads).toContain(19);
    expect(nice('/proc/self/stat')).toBeLessThan(19);
  });

  it('rejects an undecodable input with the codec’s reason, and keeps merging', async () => {
    await expect(merger.merge([inputs[0]!, Buffer.from('garbage!')])).rejects.toThrow(/./);
    expect((await merger.merge(inputs)).p50).toBe(hdrMerger.merge(inputs).p50);
  });

  it('fails the merges in flight when the thread goes away, then starts a new one', async () => {
    // The thread goes away while it starts, before it inflates anything: Node 20 aborts the whole
    // process when a worker is terminated inside zlib's stream setup ("close before init"), which
    // crashed one CI run of four this session when the test terminated a thread busy merging.
    await merger.close();
    const inFlight = merger.merge(Array.from({ length: 200 }, () => inputs[1]!));
    await merger.close();
    await expect(inFlight).rejects.toThrow(/merge thread exited/);
    expect((await merger.merge(inputs)).p99).toBe(hdrMerger.merge(inputs).p99);
  });
});
