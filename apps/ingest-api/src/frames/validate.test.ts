import { FrameBatch } from '@levelfield/contracts/ingest';
import { describe, expect, it } from 'vitest';
import { checkBatch, labelsKey } from './validate.ts';

const frame = (series: string, seq: number) => ({
  series,
  seq,
  startMs: Date.UTC(2026, 0, 1),
  endMs: Date.UTC(2026, 0, 1) + 1000,
  count: 1,
  min: 1,
  max: 2,
  mean: 1.5,
  p50: 1,
  p90: 2,
  p95: 2,
  p99: 2,
  p999: 2,
  histogram: 'SElTVA==',
});

describe('labelsKey', () => {
  it('is independent of key order and keeps distinct label sets distinct', () => {
    expect(labelsKey({ b: '2', a: '1' })).toBe('a=1,b=2');
    expect(labelsKey({ a: '1,b=2' })).not.toBe(labelsKey({ a: '1', b: '2' }));
    expect(labelsKey({})).toBe('');
  });
});

describe('checkBatch', () => {
  const series = [{ key: 'a', name: 'latency', kind: 'latency', unit: 'us' }];

  it('maps frames to their series', () => {
    const checked = checkBatch(FrameBatch.parse({ series, frames: [frame('a', 0), frame('a', 1)] }));
    expect(checked.frameSeries).toEqual([0, 0]);
    expect(checked.series[0]!.labelsKey).toBe('');
  });

  it('treats two keys for the same name and labels as one series', () => {
    const twice = [...series, { key: 'b', name: 'latency', kind: 'latency', unit: 'us' }];
    expect(() =>
      checkBatch(FrameBatch.parse({ series: twice, frames: [frame('a', 0), frame('b', 0)] })),
    ).toThrow(expect.objectContaining({ code: 'FRAME_DUPLICATE', path: 'frames.1.seq' }));
  });

  it('refuses a key declared twice', () => {
    expect(() =>
      checkBatch(FrameBatch.parse({ series: [...series, ...series], frames: [frame('a', 0)] })),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', path: 'series.1.key' }));
  });

  it('allows a day of clock skew, not more', () => {
    const now = Date.UTC(2026, 0, 1);
    const ahead = (ms: number) => ({ ...frame('a', 0), startMs: now, endMs: now + ms });
    expect(() => checkBatch(FrameBatch.parse({ series, frames: [ahead(86_400_000)] }), now)).not.toThrow();
    expect(() => checkBatch(FrameBatch.parse({ series, frames: [ahead(86_400_001)] }), now)).toThrow(
      expect.objectContaining({ code: 'TIMESTAMP_OUT_OF_RANGE' }),
    );
  });
});
