import { FrameBatch } from '@levelfield/contracts/ingest';
import { describe, expect, it } from 'vitest';
import { acceptFrameBatch, checkBatch, labelsKey, parseFrameBatch } from './validate.ts';

const frame = (series: string, seq: number, extra: Record<string, unknown> = {}) => ({
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
  ...extra,
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

describe('acceptFrameBatch (the direct check) and the zod schema', () => {
  const valid = () => ({
    series: [
      { key: 'a', name: 'latency', kind: 'latency', unit: 'us', labels: { txn: 'new-order' } },
      { key: 'b', name: 'tx', kind: 'counter', unit: 'txn' },
    ],
    frames: [frame('a', 0), { ...frame('b', 0), histogram: undefined, warmup: true }],
  });
  /** Each mutation of a valid batch; most make it invalid, some keep it valid. */
  const mutations: Array<[string, (b: ReturnType<typeof valid>) => void]> = [
    ['nothing', () => {}],
    ['extra top-level key', (b) => Object.assign(b, { extra: 1 })],
    ['series not an array', (b) => Object.assign(b, { series: {} })],
    ['no series', (b) => Object.assign(b, { series: [] })],
    ['no frames', (b) => Object.assign(b, { frames: [] })],
    ['series extra key', (b) => Object.assign(b.series[0]!, { extra: true })],
    ['empty key', (b) => Object.assign(b.series[0]!, { key: '' })],
    ['long key', (b) => Object.assign(b.series[0]!, { key: 'k'.repeat(65) })],
    ['bad name', (b) => Object.assign(b.series[0]!, { name: 'a;b' })],
    ['bad kind', (b) => Object.assign(b.series[0]!, { kind: 'histogram' })],
    ['long unit', (b) => Object.assign(b.series[0]!, { unit: 'u'.repeat(17) })],
    ['labels null', (b) => Object.assign(b.series[0]!, { labels: null })],
    ['labels array', (b) => Object.assign(b.series[0]!, { labels: [] })],
    ['label value number', (b) => Object.assign(b.series[0]!, { labels: { a: 1 } })],
    ['empty label key', (b) => Object.assign(b.series[0]!, { labels: { '': 'x' } })],
    ['long label value', (b) => Object.assign(b.series[0]!, { labels: { a: 'v'.repeat(257) } })],
    ['frame extra key', (b) => Object.assign(b.frames[0]!, { extra: 1 })],
    ['frame null', (b) => Object.assign(b.frames, { 0: null })],
    ['seq negative', (b) => Object.assign(b.frames[0]!, { seq: -1 })],
    ['seq fraction', (b) => Object.assign(b.frames[0]!, { seq: 1.5 })],
    ['seq string', (b) => Object.assign(b.frames[0]!, { seq: '1' })],
    ['seq max', (b) => Object.assign(b.frames[0]!, { seq: 2_147_483_647 })],
    ['startMs before 2000', (b) => Object.assign(b.frames[0]!, { startMs: 1 })],
    ['endMs before startMs', (b) => Object.assign(b.frames[0]!, { endMs: b.frames[0]!.startMs - 1 })],
    ['endMs unsafe', (b) => Object.assign(b.frames[0]!, { endMs: 2 ** 60 })],
    ['count fraction', (b) => Object.assign(b.frames[0]!, { count: 0.5 })],
    ['count zero', (b) => Object.assign(b.frames[0]!, { count: 0 })],
    ['min negative', (b) => Object.assign(b.frames[0]!, { min: -0.1 })],
    ['max above limit', (b) => Object.assign(b.frames[0]!, { max: 1e16 })],
    ['max below min', (b) => Object.assign(b.frames[0]!, { min: 5, max: 4 })],
    ['p999 infinite', (b) => Object.assign(b.frames[0]!, { p999: Number.POSITIVE_INFINITY })],
    ['p50 null', (b) => Object.assign(b.frames[0]!, { p50: null })],
    ['mean fraction', (b) => Object.assign(b.frames[0]!, { mean: 0.25 })],
    ['warmup string', (b) => Object.assign(b.frames[0]!, { warmup: 'yes' })],
    ['histogram null', (b) => Object.assign(b.frames[0]!, { histogram: null })],
    ['histogram not base64', (b) => Object.assign(b.frames[0]!, { histogram: 'a b=' })],
    ['histogram too long', (b) => Object.assign(b.frames[0]!, { histogram: 'A'.repeat(65_540) })],
    ['histogram empty', (b) => Object.assign(b.frames[0]!, { histogram: '' })],
    ['series missing', (b) => Object.assign(b.frames[0]!, { series: undefined })],
    ['NUL in a unit', (b) => Object.assign(b.series[0]!, { unit: 'u\u0000s' })],
    ['line feed in a unit', (b) => Object.assign(b.series[0]!, { unit: 'us\n#[x]' })],
    ['C1 control in a key', (b) => Object.assign(b.series[0]!, { key: 'a\u0085' })],
    ['lone surrogate in a label value', (b) => Object.assign(b.series[0]!, { labels: { txn: 'x\ud800' } })],
    ['tab in a label key', (b) => Object.assign(b.series[0]!, { labels: { 't\txn': 'x' } })],
    ['DEL in a frame series', (b) => Object.assign(b.frames[0]!, { series: 'a\u007f' })],
    [
      'a surrogate pair in a label value',
      (b) => Object.assign(b.series[0]!, { labels: { txn: 'new-order 😀' } }),
    ],
  ];

  it.each(mutations)('agrees on: %s', (_name, mutate) => {
    const direct = valid();
    const viaZod = valid();
    mutate(direct);
    mutate(viaZod);
    const parsed = FrameBatch.safeParse(JSON.parse(JSON.stringify(viaZod)));
    const accepted = acceptFrameBatch(JSON.parse(JSON.stringify(direct)));
    // Whatever the direct check accepts, zod accepts with the same result; what it does not
    // goes to zod. Every valid batch here takes the direct path.
    expect(accepted !== undefined).toBe(parsed.success);
    if (accepted) expect(parsed.data).toEqual(accepted);
  });

  it('leaves the wording of errors to zod', () => {
    expect(() => parseFrameBatch({ ...valid(), frames: [frame('a', 0, { p99: -2e15 })] })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', path: 'frames.0.p99' }),
    );
  });
});
