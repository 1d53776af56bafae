import { describe, expect, it } from 'vitest';
import { AppError, appErrorOf, validationError } from './errors.ts';
import { CreateRunRequest, FrameBatch, INGEST_LIMITS } from './ingest.ts';
import { Disclosure, GROUP_FIELDS, Provenance, unknownFields } from './provenance.ts';

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
const series = [{ key: 's', name: 'latency', kind: 'latency', unit: 'us' }];

describe('Provenance', () => {
  it('fills every group so readers never meet undefined', () => {
    const empty = Provenance.parse({});
    expect(Object.keys(empty)).toEqual([
      'schemaVersion',
      'run',
      'nodes',
      'software',
      'topology',
      'workload',
      'settings',
      'client',
      'measurement',
      'cost',
    ]);
  });

  it('requires an origin on every value, also on fields it does not know', () => {
    expect(Provenance.safeParse({ settings: { isolationLevel: { value: 'serializable' } } }).success).toBe(
      false,
    );
    expect(
      Provenance.safeParse({ settings: { walSyncMethod: { value: 'fdatasync', origin: 'declared' } } })
        .success,
    ).toBe(true);
    expect(Provenance.safeParse({ settings: { walSyncMethod: 'fdatasync' } }).success).toBe(false);
  });

  it('rejects unknown groups and nested documents as values', () => {
    expect(Provenance.safeParse({ secrets: {} }).success).toBe(false);
    expect(
      Provenance.safeParse({ cost: { included: { value: { a: { b: 1 } }, origin: 'declared' } } }).success,
    ).toBe(false);
  });

  it('lists the known fields of each group', () => {
    expect(GROUP_FIELDS.measurement).toContain('latencyOrigin');
    expect(GROUP_FIELDS.hardware).toContain('hostType');
  });
});

describe('Disclosure', () => {
  it('defaults AI assistance to not stated', () => {
    expect(Disclosure.parse({}).ai.declared).toBe('not-stated');
  });

  it('says how to write an artefact URL', () => {
    const result = Disclosure.safeParse({ artefacts: [{ url: 'harness.tar.gz' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('full http(s) URL');
  });

  it('refuses links a page could run as script', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>'])
      expect(Disclosure.safeParse({ artefacts: [{ url }], ai: { promptLogUrl: url } }).success).toBe(false);
    expect(Disclosure.safeParse({ artefacts: [{ url: 'https://example.org/h' }] }).success).toBe(true);
  });
});

describe('ingest requests', () => {
  it('accept a minimal run and reject unknown keys', () => {
    const run = {
      project: 'demo',
      system: { name: 'postgresql' },
      benchmark: { name: 'pgbench' },
      startedAt: Date.UTC(2026, 0, 1),
    };
    expect(CreateRunRequest.parse(run).labels).toEqual({});
    expect(CreateRunRequest.safeParse({ ...run, secret: 'x' }).success).toBe(false);
  });

  it('bound a batch and refuse inverted intervals or values', () => {
    expect(FrameBatch.safeParse({ series, frames: [frame] }).success).toBe(true);
    const tooMany = Array.from({ length: INGEST_LIMITS.framesPerBatch + 1 }, (_, seq) => ({ ...frame, seq }));
    expect(FrameBatch.safeParse({ series, frames: tooMany }).success).toBe(false);
    expect(FrameBatch.safeParse({ series, frames: [{ ...frame, endMs: frame.startMs - 1 }] }).success).toBe(
      false,
    );
    expect(FrameBatch.safeParse({ series, frames: [{ ...frame, min: 5, max: 1 }] }).success).toBe(false);
    expect(FrameBatch.safeParse({ series, frames: [{ ...frame, histogram: 'not base64!' }] }).success).toBe(
      false,
    );
  });
});

describe('errors', () => {
  it('name the offending field and map codes to HTTP status', () => {
    const result = FrameBatch.safeParse({ series, frames: [{ ...frame, p99: -2e15 }] });
    const error = validationError(result.error!);
    expect(error.path).toBe('frames.0.p99');
    expect(error.message).toMatch(/^frames\.0\.p99: /);
    expect(error.status).toBe(400);
    expect(new AppError('RUN_FINISHED', 'run is finished').toJSON()).toEqual({
      error: { code: 'RUN_FINISHED', message: 'run is finished' },
    });
  });

  it('list every refused field in details, each with its own message', () => {
    const result = FrameBatch.safeParse({ series, frames: [{ ...frame, p99: -2e15, seq: -1 }] });
    const { details } = validationError(result.error!);
    expect(details?.map((d) => d.field).sort()).toEqual(['frames.0.p99', 'frames.0.seq']);
    expect(details?.every((d) => d.message.length > 0)).toBe(true);
  });

  it('are found behind the error a framework wrapped them in', () => {
    const error = new AppError('FORBIDDEN', 'ask an owner');
    expect(appErrorOf(error)).toBe(error);
    expect(appErrorOf(new Error('wrapped', { cause: error }))).toBe(error);
    expect(appErrorOf(new Error('a bug'))).toBeNull();
    expect(appErrorOf('not an error')).toBeNull();
  });
});

describe('provenance entered by hand', () => {
  const field = (value: unknown) => ({ value, origin: 'imported' });

  it('says to wrap a bare value, with the shape', () => {
    const r = Provenance.safeParse({ settings: { isolationLevel: 'serializable' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/write each field as \{ "value": …, "origin"/);
  });

  it('takes nested values two levels deep, and no deeper', () => {
    expect(Provenance.safeParse({ workload: { parameters: field({ levels: [64, 256] }) } }).success).toBe(
      true,
    );
    expect(
      Provenance.safeParse({ software: { components: field([{ name: 'pg', version: '17' }]) } }).success,
    ).toBe(true);
    expect(Provenance.safeParse({ workload: { parameters: field({ a: { b: 1 } }) } }).success).toBe(false);
  });

  it("suggests the field a misspelt key meant, and keeps a key of one's own", () => {
    const found = unknownFields({
      nodes: [{ role: 'sut', name: 'db', hardware: { vCPUs: field(8) as never } }],
      settings: { isolation: field('x') as never, 'x-walCompression': field('lz4') as never },
      client: { producers: field(4) as never },
    });
    expect(found.map((f) => [f.path.join('.'), f.suggestion])).toEqual([
      ['settings.isolation', 'isolationLevel'],
      ['client.producers', undefined],
      ['nodes.0.hardware.vCPUs', 'vcpus'],
    ]);
    expect(found[1]?.message).toMatch(/kept as a field of your own/);
  });

  it('sends a field written in another group to the group whose checks read it', () => {
    const found = unknownFields({
      measurement: { selectionRule: field('best of 3') as never },
      software: { containerImage: field('postgres:17') as never },
      nodes: [{ role: 'sut', name: 'db', hardware: { osName: field('Linux') as never } }],
    });
    expect(found.map((f) => [f.path.join('.'), f.suggestion])).toEqual([
      ['software.containerImage', 'nodes[].software.containerImage'],
      ['measurement.selectionRule', 'run.selectionRule'],
      ['nodes.0.hardware.osName', 'nodes[].software.osName'],
    ]);
    expect(found[1]?.message).toBe(
      '“selectionRule” is a field of run, not of measurement: move it to run.selectionRule, where the checks read it.',
    );
  });
});
