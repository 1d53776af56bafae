// The same credential corpus as the agent's Go tests (agents/internal/provenance/redact_test.go):
// both implementations must give exactly the corpus's output, so a run redacted by the agent
// passes the ingest API unchanged and whatever another sender missed is caught.
import { describe, expect, it } from 'vitest';
import corpus from '../vectors/credentials.json' with { type: 'json' };
import { Provenance } from './provenance.ts';
import {
  isSecretName,
  REDACTED,
  redactArgs,
  redactLabels,
  redactPair,
  redactProvenance,
  redactString,
  redactValue,
} from './redact.ts';

interface Case {
  kind: 'argv' | 'env' | 'label' | 'value' | 'url';
  name?: string;
  input: string | string[];
  secret: string | null;
  expect: string | string[];
  note: string;
}

const cases = corpus.cases as Case[];

function redactCase(c: Case, v: string | string[]): string | string[] {
  if (c.kind === 'argv') return redactArgs(v as string[]);
  if (c.kind === 'env' || c.kind === 'label') return redactPair(c.name as string, v as string);
  return redactString(v as string);
}

describe('the credential corpus', () => {
  it('holds at least 60 credential forms and marks redactions as the code does', () => {
    expect(cases.filter((c) => c.secret !== null).length).toBeGreaterThanOrEqual(60);
    expect(corpus.marker).toBe(REDACTED);
  });

  it.each(cases.map((c) => [`${c.kind} ${c.name ?? ''}: ${c.note}`, c] as const))('%s', (_, c) => {
    const got = redactCase(c, c.input);
    expect(got).toEqual(c.expect);
    if (c.secret === null) expect(got).toEqual(c.input);
    else expect([got].flat().join('\n')).not.toContain(c.secret);
    // The ingest API redacts again what the agent redacted: nothing may change.
    expect(redactCase(c, got)).toEqual(got);
  });
});

describe('isSecretName', () => {
  it('reads names word by word', () => {
    for (const name of [
      'AWS_SECRET_ACCESS_KEY',
      'apiKey',
      'PGPASSWORD',
      'DB_PASS',
      'X-Amz-Signature',
      'REDIS_AUTH',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of [
      'monkey',
      'keyspace',
      'tokenizer',
      'keys',
      'key-maximum',
      'authSource',
      'password-file',
    ])
      expect(isSecretName(name), name).toBe(false);
  });
});

describe('redactProvenance', () => {
  it('redacts values by field name and content, sources and node names, and keeps the rest', () => {
    const doc = Provenance.parse({
      nodes: [
        {
          role: 'client',
          name: 'https://u:nodePw@host',
          hardware: { cores: { value: 8, origin: 'captured', source: '/proc/cpuinfo' } },
        },
      ],
      workload: {
        command: { value: ['clickhouse-benchmark', '--password', 'chPass123'], origin: 'captured' },
        parameters: { value: { api_key: 'k', clients: 8 }, origin: 'declared' },
      },
      settings: {
        dbPassword: { value: 'fieldPw', origin: 'declared' },
        fsync: { value: 'on', origin: 'declared', source: 'postgresql://app:sourcePw@db/app' },
      },
      client: {
        environment: {
          value: { PGPASSWORD: 'envPw', PGHOST: 'db', K6_INFLUXDB_ADDR: 'http://k6:inPw@influx:8086' },
          origin: 'captured',
        },
      },
    });
    const out = redactProvenance(doc);
    const text = JSON.stringify(out);
    for (const secret of ['nodePw', 'chPass123', '"k"', 'fieldPw', 'sourcePw', 'envPw', 'inPw'])
      expect(text).not.toContain(secret);
    expect(out.workload.command?.value).toEqual(['clickhouse-benchmark', '--password', REDACTED]);
    expect(out.workload.parameters?.value).toEqual({ api_key: REDACTED, clients: 8 });
    expect(out.settings.fsync).toEqual({
      value: 'on',
      origin: 'declared',
      source: `postgresql://app:${REDACTED}@db/app`,
    });
    expect(out.client.environment?.value).toEqual({
      PGPASSWORD: REDACTED,
      PGHOST: 'db',
      K6_INFLUXDB_ADDR: `http://k6:${REDACTED}@influx:8086`,
    });
    expect(out.nodes[0]?.name).toBe(`https://u:${REDACTED}@host`);
    expect(out.nodes[0]?.hardware.cores).toEqual({ value: 8, origin: 'captured', source: '/proc/cpuinfo' });
    expect(Provenance.parse(out)).toEqual(out);
    expect(redactProvenance(out)).toEqual(out);
  });

  it('keeps a key named __proto__ as data', () => {
    const doc = JSON.parse('{"settings":{"__proto__":{"value":"x","origin":"declared"}}}');
    expect(Object.keys(redactProvenance(doc).settings)).toEqual(['__proto__']);
  });
});

describe('redactLabels and redactValue', () => {
  it('redact by name and by content', () => {
    expect(redactLabels({ api_key: 'k', dsn: 'host=db password=pw', clients: '8' })).toEqual({
      api_key: REDACTED,
      dsn: `host=db password=${REDACTED}`,
      clients: '8',
    });
    expect(
      redactValue({ artefacts: [{ url: 'https://b.s3.amazonaws.com/x?X-Amz-Signature=abc' }], secret: true }),
    ).toEqual({
      artefacts: [{ url: `https://b.s3.amazonaws.com/x?X-Amz-Signature=${REDACTED}` }],
      secret: true,
    });
  });
});

describe('nested values', () => {
  it('are read to a bounded depth: "a=a=a=…" neither overflows the stack nor hides a secret', () => {
    expect(redactString('--conf=spark.hadoop.fs.s3a.secret.key=s3aSecret')).toBe(
      `--conf=spark.hadoop.fs.s3a.secret.key=${REDACTED}`,
    );
    const deep = redactString(`${'a='.repeat(20)}password=deepPw`);
    expect(deep).not.toContain('deepPw');
    expect(deep.endsWith(REDACTED)).toBe(true);
    expect(redactString('a='.repeat(100_000)).endsWith(REDACTED)).toBe(true);
  });
});
