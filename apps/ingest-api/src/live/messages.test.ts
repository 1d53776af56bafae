import { describe, expect, it } from 'vitest';
import { decodeNotice, encodeFinishedNotice, encodeFramesNotice, seqRanges } from './messages.ts';

describe('notices', () => {
  it('lists consecutive seqs of a series as ranges', () => {
    const frames = [4, 1, 2, 3, 7].map((seq) => ({ series: 'a', seq }));
    expect(seqRanges([...frames, { series: 'b', seq: 0 }])).toEqual([
      ['a', 1, 4, 7, 7],
      ['b', 0, 0],
    ]);
  });

  it('names the exact frames when they fit, and a seq span when they do not', () => {
    const small = decodeNotice(
      encodeFramesNotice({
        runId: 'r',
        origin: 'o',
        acceptedAt: 1,
        frames: [{ series: 'a', seq: 3, startMs: 5000 }],
      }),
    );
    expect(small).toEqual({
      type: 'frames',
      runId: 'r',
      origin: 'o',
      acceptedAt: 1,
      starts: [5000, 5000],
      ranges: [['a', 3, 3]],
    });
    const many = Array.from({ length: 1000 }, (_, i) => ({
      series: `series-${i}`.padEnd(25, 'x'),
      seq: 10 + (i % 3),
      startMs: 7000 + (i % 3) * 1000,
    }));
    const large = encodeFramesNotice({ runId: 'r', origin: 'o', acceptedAt: 1, frames: many });
    expect(Buffer.byteLength(large)).toBeLessThan(8000);
    expect(decodeNotice(large)).toMatchObject({ span: [10, 12], starts: [7000, 9000] });
  });

  it('carries a finish and ignores garbage', () => {
    expect(decodeNotice(encodeFinishedNotice('r', 'o', 'failed'))).toEqual({
      type: 'finished',
      runId: 'r',
      origin: 'o',
      status: 'failed',
    });
    expect(decodeNotice('not json')).toBeUndefined();
    expect(decodeNotice('{"runId": 1}')).toBeUndefined();
    expect(decodeNotice(undefined)).toBeUndefined();
  });
});
