// A run that lost data says so: the finish carries the frames the agent kept because the API
// refused them, and the tag sets it folded, and the run stores both, against a real PostgreSQL.
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, type Fixture, runRequest, seedFixture, T0 } from '../../test/fixtures.ts';
import { type RunningIngest, startIngest } from '../server.ts';

let database: TestDatabase;
let fixture: Fixture;
let server: RunningIngest;
let client: Api;
let sql: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('ingest_finish');
  fixture = await seedFixture(database.url);
  server = await startIngest({
    databaseUrl: database.url,
    host: '127.0.0.1',
    port: 0,
    webUrl: 'http://web.test',
    log: () => {},
  });
  client = api(server.url, fixture.token);
  sql = new pg.Pool({ connectionString: database.url, max: 1 });
});

afterAll(async () => {
  await server?.drain();
  await sql?.end();
  await database?.drop();
});

async function newRun(): Promise<string> {
  const response = await client.post('/v1/runs', runRequest());
  expect(response.status).toBe(201);
  return response.body.id;
}

async function stored(id: string) {
  const { rows } = await sql.query(
    'SELECT status::text AS status, frames_quarantined, series_folded FROM runs WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('finishing a run', () => {
  it('stores the frames the agent kept and the tag sets it folded', async () => {
    const id = await newRun();
    const finish = {
      status: 'succeeded',
      endedAt: T0 + 60_000,
      exitCode: 0,
      framesQuarantined: 412,
      seriesFolded: { http_req_duration: 6279, http_req_waiting: 6279 },
    };
    const response = await client.post(`/v1/runs/${id}/finish`, finish);
    // The answer is the outcome, as before: the counts are the run's.
    expect(response).toMatchObject({
      status: 200,
      body: { id, status: 'succeeded', endedAt: T0 + 60_000, exitCode: 0 },
    });
    expect(Object.keys(response.body).sort()).toEqual(['endedAt', 'exitCode', 'id', 'status']);
    expect(await stored(id)).toEqual({
      status: 'succeeded',
      frames_quarantined: 412,
      series_folded: { http_req_duration: 6279, http_req_waiting: 6279 },
    });
    // Repeated (the agent did not see the answer): the same outcome succeeds, nothing changes.
    expect((await client.post(`/v1/runs/${id}/finish`, finish)).status).toBe(200);
    expect((await stored(id)).frames_quarantined).toBe(412);
  });

  it('stores none from an agent that sends neither (older agents, runs that lost nothing)', async () => {
    const id = await newRun();
    const response = await client.post(`/v1/runs/${id}/finish`, { status: 'succeeded', endedAt: T0 + 1000 });
    expect(response.status).toBe(200);
    expect(await stored(id)).toEqual({ status: 'succeeded', frames_quarantined: 0, series_folded: {} });
  });

  it('refuses a count that is not one, naming the field', async () => {
    const id = await newRun();
    const response = await client.post(`/v1/runs/${id}/finish`, {
      status: 'succeeded',
      endedAt: T0 + 1000,
      framesQuarantined: -3,
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', path: 'framesQuarantined' } },
    });
    expect((await stored(id)).status).toBe('running');
  });
});
