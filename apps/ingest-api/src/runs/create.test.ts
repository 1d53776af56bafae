// The ingest API redacts a run's labels, provenance and disclosure before storing them, whatever
// sent the run: here a request carrying every form of the credential corpus, as an older agent
// or a hand-made request would, against a real PostgreSQL.
import corpus from '@levelfield/contracts/vectors/credentials.json' with { type: 'json' };
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Fixture, runRequest, seedFixture } from '../../test/fixtures.ts';
import { type RunningIngest, startIngest } from '../server.ts';

interface Case {
  kind: 'argv' | 'env' | 'label' | 'value' | 'url';
  name?: string;
  input: string | string[];
  secret: string | null;
  expect: string | string[];
  note: string;
}
const cases = corpus.cases as Case[];

let database: TestDatabase;
let fixture: Fixture;
let server: RunningIngest;
let sql: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('ingest_redact');
  fixture = await seedFixture(database.url);
  server = await startIngest({
    databaseUrl: database.url,
    host: '127.0.0.1',
    port: 0,
    webUrl: 'http://web.test',
    log: () => {},
  });
  sql = new pg.Pool({ connectionString: database.url, max: 1 });
});

afterAll(async () => {
  await server?.drain();
  await sql?.end();
  await database?.drop();
});

/** Every string of a stored document, keys included. */
function texts(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(texts);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...texts(x)]);
  return [];
}

describe('creating a run', () => {
  it('stores no credential of the corpus, and each redacted as the agent would', async () => {
    const field = (value: unknown) => ({ value, origin: 'declared' });
    const labels: Record<string, string> = {};
    const settings: Record<string, unknown> = {};
    const workload: Record<string, unknown> = {};
    const environment: Record<string, string> = {};
    cases.forEach((c, i) => {
      if (c.kind === 'label') labels[c.name as string] = c.input as string;
      if (c.kind === 'env') environment[c.name as string] = c.input as string;
      if (c.kind === 'value' || c.kind === 'url') settings[`x-case-${i}`] = field(c.input);
      if (c.kind === 'argv') workload[`x-case-${i}`] = field(c.input);
    });
    const presigned = cases.find((c) => c.note.startsWith('S3 presigned URL, SigV4')) as Case;
    const response = await api(server.url, fixture.token).post('/v1/runs', {
      ...runRequest(),
      labels,
      provenance: { settings, workload, client: { environment: { value: environment, origin: 'captured' } } },
      disclosure: { artefacts: [{ url: presigned.input }] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);

    const { rows } = await sql.query('SELECT labels, provenance, disclosure FROM runs WHERE id = $1', [
      response.body.id,
    ]);
    const stored = rows[0];
    const all = texts(stored);
    for (const c of cases) {
      if (c.secret !== null)
        expect(
          all.filter((t) => t.includes(c.secret as string)),
          c.note,
        ).toEqual([]);
    }
    cases.forEach((c, i) => {
      if (c.kind === 'label') expect(stored.labels[c.name as string], c.note).toEqual(c.expect);
      if (c.kind === 'env')
        expect(stored.provenance.client.environment.value[c.name as string], c.note).toEqual(c.expect);
      if (c.kind === 'value' || c.kind === 'url')
        expect(stored.provenance.settings[`x-case-${i}`].value, c.note).toEqual(c.expect);
      if (c.kind === 'argv')
        expect(stored.provenance.workload[`x-case-${i}`].value, c.note).toEqual(c.expect);
    });
    expect(stored.disclosure.artefacts[0].url).toBe(presigned.expect);
  });
});
