// The text rules of the ingest schemas: what a line and free text may hold, and errors that
// name the field and the character.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationError } from './errors.ts';
import {
  CreateRunRequest,
  FinishRunRequest,
  FrameBatch,
  isSafeText,
  refuseUnsafeText,
  SafeLine,
  SafeText,
  unsafeTextProblem,
} from './ingest.ts';

const run = {
  project: 'demo',
  system: { name: 'postgresql' },
  benchmark: { name: 'pgbench' },
  startedAt: Date.UTC(2026, 0, 1),
};
const frame = {
  series: 's',
  seq: 0,
  startMs: Date.UTC(2026, 0, 1),
  endMs: Date.UTC(2026, 0, 1, 0, 0, 1),
  count: 1,
  min: 1,
  max: 1,
  mean: 1,
  p50: 1,
  p90: 1,
  p95: 1,
  p99: 1,
  p999: 1,
};
const declared = { key: 's', name: 'latency', kind: 'latency', unit: 'us' };

/** Parses as the API does (JSON text in, so "\ud800" escapes arrive as lone surrogates). */
function firstError(
  schema: typeof CreateRunRequest | typeof FrameBatch | typeof FinishRunRequest,
  body: unknown,
) {
  const result = schema.safeParse(JSON.parse(JSON.stringify(body)));
  return result.success ? undefined : validationError(result.error);
}

describe('lines and free text', () => {
  it.each([
    ['NUL', 'a\u0000b', 'U+0000 (NUL)'],
    ['line feed', 'us\n#[forged]', 'U+000A (line feed)'],
    ['carriage return', 'us\r', 'U+000D (carriage return)'],
    ['tab', 'a\tb', 'U+0009 (tab)'],
    ['escape', '\u001b[31mred', 'U+001B'],
    ['DEL', 'a\u007f', 'U+007F'],
    ['C1 next line', 'a\u0085b', 'U+0085'],
    ['line separator', 'a\u2028b', 'U+2028'],
    ['lone high surrogate', 'a\ud800', 'unpaired UTF-16 surrogate (U+D800)'],
    ['lone low surrogate', '\udc00a', 'unpaired UTF-16 surrogate (U+DC00)'],
    ['reversed pair', '\udc00\ud800', 'U+DC00'],
  ])('a line refuses %s', (_name, value, named) => {
    expect(isSafeText(value, 'line')).toBe(false);
    expect(SafeLine.safeParse(value).success).toBe(false);
    expect(unsafeTextProblem(value, 'line')).toContain(named);
  });

  it('free text keeps tabs and line breaks, and refuses the rest', () => {
    for (const value of ['line one\nline two', 'a\tb', 'crlf\r\n', 'para\u2029graph']) {
      expect(isSafeText(value, 'text')).toBe(true);
      expect(SafeText.safeParse(value).success).toBe(true);
    }
    for (const value of ['a\u0000', 'a\u000b', '\u001b[0m', 'x\u009b', 'a\ud83d']) {
      expect(isSafeText(value, 'text')).toBe(false);
      expect(SafeText.safeParse(value).success).toBe(false);
    }
  });

  it('accepts any printable Unicode, surrogate pairs included', () => {
    for (const value of ['', 'p99 latency', 'ü ß 漢字', 'emoji 😀', 'µs']) {
      expect(isSafeText(value, 'line')).toBe(true);
      expect(unsafeTextProblem(value, 'line')).toBeUndefined();
    }
  });

  it('says where the character is and what to do', () => {
    expect(unsafeTextProblem('ab\u0000', 'line')).toBe(
      'holds the control character U+0000 (NUL) at character 2: names, units, keys, ids and labels are one line of printable text, so remove it',
    );
    expect(unsafeTextProblem('x\ud800', 'text')).toBe(
      'holds an unpaired UTF-16 surrogate (U+D800) at character 1: send valid Unicode text',
    );
  });
});

describe('the walk over any JSON document', () => {
  const Document = z.unknown().superRefine(refuseUnsafeText('text'));

  it('names a string deep in a document nested deeper than the call stack', () => {
    const depth = 100_000;
    const body = `${'['.repeat(depth)}"bad\\u0000"${']'.repeat(depth)}`;
    const result = Document.safeParse(JSON.parse(body));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual(new Array(depth).fill(0));
    expect(result.error?.issues[0]?.message).toContain('U+0000 (NUL)');
  });

  it('reports in document order, a key at its object and a value at its own path', () => {
    const result = Document.safeParse({ a: ['ok', 'x\u0001'], 'k\u0002': { b: 'y\u0003' } });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message.slice(0, 30)])).toEqual([
      [['a', 1], 'holds the control character U+'],
      [[], 'key "k\\u0002" holds the contro'],
      [['k\u0002', 'b'], 'holds the control character U+'],
    ]);
  });

  it('stops after 100 issues and says so', () => {
    const result = Document.safeParse(new Array(150).fill('\u0000'));
    expect(result.error?.issues).toHaveLength(100);
    expect(result.error?.issues[99]?.path).toEqual([99]);
    expect(result.error?.issues[99]?.message).toContain('checking stopped here: fix these and send again');
  });
});

describe('frame batches', () => {
  it.each([
    ['a NUL in a unit', { series: [{ ...declared, unit: 'u\u0000s' }], frames: [frame] }, 'series.0.unit'],
    [
      'a line break in a unit',
      { series: [{ ...declared, unit: 'us\n#[x]' }], frames: [frame] },
      'series.0.unit',
    ],
    [
      'a lone surrogate in a label value',
      { series: [{ ...declared, labels: { txn: 'new\ud800' } }], frames: [frame] },
      'series.0.labels.txn',
    ],
    [
      'a control character in a label key',
      { series: [{ ...declared, labels: { 'a\u0007': 'x' } }], frames: [frame] },
      'series.0.labels',
    ],
    [
      'a C1 character in a series key',
      { series: [{ ...declared, key: 's\u0085' }], frames: [frame] },
      'series.0.key',
    ],
    [
      'a line break in a frame’s series',
      { series: [declared], frames: [{ ...frame, series: 's\n' }] },
      'frames.0.series',
    ],
  ])('refuse %s, naming the field', (_name, body, path) => {
    const error = firstError(FrameBatch, body);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', path });
    expect(error?.message).toMatch(/^\S+: (key "[^"]+" )?holds (the control character|an unpaired)/);
  });
});

describe('run creation', () => {
  it.each([
    ['a NUL in the run name', { ...run, name: 'nightly\u0000' }, 'name'],
    ['a line break in the system name', { ...run, system: { name: 'pg\n17' } }, 'system.name'],
    [
      'a lone surrogate in a version',
      { ...run, benchmark: { name: 'b', version: '1\udfff' } },
      'benchmark.version',
    ],
    ['a control character in the project', { ...run, project: 'demo\u001b' }, 'project'],
    ['a line break in a label value', { ...run, labels: { clients: '8\n' } }, 'labels.clients'],
    [
      'a NUL in a provenance value',
      { ...run, provenance: { run: { notes: { value: 'x\u0000', origin: 'declared' } } } },
      'provenance.run.notes.value',
    ],
    [
      'a lone surrogate in a provenance source',
      { ...run, provenance: { run: { notes: { value: 'x', origin: 'declared', source: '\ud800' } } } },
      'provenance.run.notes.source',
    ],
    [
      'an escape in a list inside provenance',
      {
        ...run,
        provenance: { software: { components: { value: [{ name: 'pg\u001b[0m' }], origin: 'captured' } } },
      },
      'provenance.software.components.value.0.name',
    ],
    [
      'a line break in a provenance key',
      { ...run, provenance: { settings: { 'x-a\nb': { value: 1, origin: 'declared' } } } },
      'provenance.settings',
    ],
    [
      'a NUL in a disclosure',
      { ...run, disclosure: { conflictOfInterest: 'none\u0000' } },
      'disclosure.conflictOfInterest',
    ],
    ['a start past the end of JavaScript dates', { ...run, startedAt: Number.MAX_SAFE_INTEGER }, 'startedAt'],
    ['a start two days ahead', { ...run, startedAt: Date.now() + 2 * 86_400_000 }, 'startedAt'],
  ])('refuses %s, naming the field', (_name, body, path) => {
    expect(firstError(CreateRunRequest, body)).toMatchObject({ code: 'VALIDATION_FAILED', path });
  });

  it('keeps tabs and line breaks in free text', () => {
    const body = {
      ...run,
      provenance: {
        run: { notes: { value: 'warm cache\n\tthen 3 runs\r\n', origin: 'declared' } },
        software: { configuration: { value: 'shared_buffers = 8GB\nwork_mem = 64MB', origin: 'captured' } },
      },
      disclosure: { conflictOfInterest: 'I work for\nthe vendor' },
    };
    expect(firstError(CreateRunRequest, body)).toBeUndefined();
  });
});

describe('run finish', () => {
  const finish = { status: 'succeeded', endedAt: Date.UTC(2026, 0, 1, 0, 1) };

  it('carries the frames the agent kept and the tag sets it folded, both 0 when left out', () => {
    expect(FinishRunRequest.parse(finish)).toMatchObject({ framesQuarantined: 0, seriesFolded: {} });
    const lost = { ...finish, framesQuarantined: 412, seriesFolded: { http_req_duration: 6279 } };
    expect(FinishRunRequest.parse(lost)).toMatchObject(lost);
  });

  it.each([
    ['a negative count of frames', { ...finish, framesQuarantined: -1 }, 'framesQuarantined'],
    ['a fraction of a frame', { ...finish, framesQuarantined: 1.5 }, 'framesQuarantined'],
    ['a metric that folded nothing', { ...finish, seriesFolded: { latency: 0 } }, 'seriesFolded.latency'],
    [
      'a metric name no series can have',
      { ...finish, seriesFolded: { 'p99{op}': 1 } },
      'seriesFolded.p99{op}',
    ],
    [
      'more metrics than a run declares in a batch',
      { ...finish, seriesFolded: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`m${i}`, 1])) },
      'seriesFolded',
    ],
    ['an end past the end of JavaScript dates', { ...finish, endedAt: 8.64e15 + 1 }, 'endedAt'],
  ])('refuses %s, naming the field', (_name, body, path) => {
    expect(firstError(FinishRunRequest, body)).toMatchObject({ code: 'VALIDATION_FAILED', path });
  });
});
