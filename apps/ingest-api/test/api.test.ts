// The API in process against a real PostgreSQL: auth, runs, idempotent all-or-nothing batches,
// every rejection code, live delivery and rollups.

import { once } from 'node:events';
import { connect } from 'node:net';
import { deflateSync, gzipSync } from 'node:zlib';
import { INGEST_LIMITS } from '@levelfield/contracts/ingest';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { generateToken, hashToken } from '@levelfield/db/tokens';
import { countBands, decodeBands, decodeHistogram } from '@levelfield/metrics/hdr';
import { mergeHistograms, summarizeHistogram } from '@levelfield/metrics/stats';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLiveToken } from '../src/live-token.ts';
import { STORE_ROLLUPS } from '../src/rollup/sql.ts';
import { RollupWorker } from '../src/rollup/worker.ts';
import { type RunningIngest, startIngest } from '../src/server.ts';
import {
  type Api,
  api,
  batch,
  type Fixture,
  frame,
  HISTOGRAM,
  histogramFor,
  histogramHolding,
  histogramOf,
  latencies,
  openLive,
  runRequest,
  seedFixture,
  T0,
} from './fixtures.ts';

const SECRET = 'x'.repeat(40);
/** Short, so the revocation test need not wait long. */
const TOKEN_CACHE_MS = 500;
let database: TestDatabase;
let fixture: Fixture;
let server: RunningIngest;
let client: Api;
let sql: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('ingest_api');
  fixture = await seedFixture(database.url);
  server = await startIngest({
    databaseUrl: database.url,
    host: '127.0.0.1',
    port: 0,
    webUrl: 'http://web.test',
    liveTokenSecret: SECRET,
    tokenCacheMs: TOKEN_CACHE_MS,
    // Rollups only when a test flushes them, so a test's own worker finds its run's buckets.
    rollupIntervalMs: 3_600_000,
    log: () => {},
  });
  client = api(server.url, fixture.token);
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await server?.drain();
  await sql?.end();
  await database?.drop();
});

async function newRun(token = fixture.token, project = 'demo'): Promise<string> {
  const response = await client.post('/v1/runs', runRequest(project), token);
  expect(response.status).toBe(201);
  return response.body.id;
}

async function frameCount(runId: string): Promise<number> {
  const { rows } = await sql.query(
    'SELECT count(*)::int AS n FROM frames f JOIN series s ON s.id = f.series_id WHERE s.run_id = $1',
    [runId],
  );
  return rows[0].n;
}

async function seriesCount(runId: string): Promise<number> {
  const { rows } = await sql.query('SELECT count(*)::int AS n FROM series WHERE run_id = $1', [runId]);
  return rows[0].n;
}

/** A real histogram with its last bytes cut off (the compressed length then no longer matches). */
function truncatedHistogram(): string {
  const bytes = Buffer.from(HISTOGRAM, 'base64');
  const cut = bytes.subarray(0, bytes.length - 10);
  cut.writeInt32BE(cut.length - 8, 4);
  return cut.toString('base64');
}

/** The compressed V2 envelope around 8 MiB of zeros: 8 KiB that inflate past the 4 MiB bound. */
function bombHistogram(): string {
  const deflated = deflateSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 });
  const envelope = Buffer.alloc(8);
  envelope.writeInt32BE(0x1c849314, 0);
  envelope.writeInt32BE(deflated.length, 4);
  return Buffer.concat([envelope, deflated]).toString('base64');
}

describe('operations', () => {
  it('reports health, metrics and the OpenAPI document', async () => {
    const health = await (await fetch(`${server.url}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { status: 'up' } });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('levelfield_ingest_frames_accepted_total');
    expect(metrics).toContain('levelfield_db_pool_connections{state="total"}');
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: { FrameBatch: { properties: { frames: { maxItems: number } } } } };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/runs',
        '/v1/runs/{id}/frames',
        '/v1/runs/{id}/finish',
        '/v1/runs/{id}/live',
      ]),
    );
    expect(doc.components.schemas.FrameBatch.properties.frames.maxItems).toBe(INGEST_LIMITS.framesPerBatch);
  });

  it('answers unknown endpoints with the JSON error format', async () => {
    const response = await fetch(`${server.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('runs', () => {
  it('creates a run in the token’s project and returns its links', async () => {
    const response = await client.post('/v1/runs', runRequest());
    expect(response.status).toBe(201);
    expect(response.body.url).toBe(`http://web.test/runs/${response.body.id}`);
    expect(response.body.liveUrl).toBe(`${server.url}/v1/runs/${response.body.id}/live`);
    const { rows } = await sql.query(
      'SELECT project_id, status, started_at, labels FROM runs WHERE id = $1',
      [response.body.id],
    );
    expect(rows[0]).toMatchObject({
      project_id: fixture.projectId,
      status: 'running',
      labels: { clients: '8' },
    });
  });

  it('refuses a run for another project than the token’s', async () => {
    const response = await client.post('/v1/runs', runRequest('other'));
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 'FORBIDDEN', path: 'project' });
  });

  it('names the offending field of an invalid run', async () => {
    const response = await client.post('/v1/runs', { ...runRequest(), startedAt: 12 });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', path: 'startedAt' });
  });

  it.each([
    ['a NUL in the run name', { ...runRequest(), name: 'nightly\u0000' }, 'name'],
    ['a line break in the system name', { ...runRequest(), system: { name: 'pg\n#[x]' } }, 'system.name'],
    ['a lone surrogate in a label', { ...runRequest(), labels: { clients: '8\udc00' } }, 'labels.clients'],
    [
      'a NUL in a provenance value',
      { ...runRequest(), provenance: { run: { notes: { value: 'a\u0000b', origin: 'declared' } } } },
      'provenance.run.notes.value',
    ],
    [
      'a lone surrogate in a provenance value',
      {
        ...runRequest(),
        provenance: { software: { vcsBranch: { value: 'main\ud800', origin: 'captured' } } },
      },
      'provenance.software.vcsBranch.value',
    ],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_name, body, path) => {
    const { rows: before } = await sql.query('SELECT count(*)::int AS n FROM runs');
    // As the raw JSON text a client sends: lone surrogates travel as "\ud800" escapes.
    const response = await client.post('/v1/runs', JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', path });
    expect(response.body.error.message).toMatch(/^\S+: holds (the control character U\+|an unpaired)/);
    const { rows: after } = await sql.query('SELECT count(*)::int AS n FROM runs');
    expect(after[0].n).toBe(before[0].n);
  });

  it('keeps tabs and line breaks in free text', async () => {
    const notes = 'warm cache,\n\tthen three runs\r\n';
    const response = await client.post('/v1/runs', {
      ...runRequest(),
      provenance: { run: { notes: { value: notes, origin: 'declared' } } },
    });
    expect(response.status).toBe(201);
    const { rows } = await sql.query('SELECT provenance FROM runs WHERE id = $1', [response.body.id]);
    expect(rows[0].provenance.run.notes.value).toBe(notes);
  });

  it('finishes idempotently and refuses a different second outcome', async () => {
    const id = await newRun();
    const finish = { status: 'succeeded', endedAt: T0 + 60_000, exitCode: 0 };
    const first = await client.post(`/v1/runs/${id}/finish`, finish);
    expect(first).toMatchObject({
      status: 200,
      body: { id, status: 'succeeded', endedAt: T0 + 60_000, exitCode: 0 },
    });
    expect((await client.post(`/v1/runs/${id}/finish`, finish)).status).toBe(200);
    const other = await client.post(`/v1/runs/${id}/finish`, { ...finish, status: 'failed' });
    expect(other).toMatchObject({ status: 409, body: { error: { code: 'RUN_FINISHED' } } });
    const frames = await client.post(`/v1/runs/${id}/frames`, batch(0));
    expect(frames).toMatchObject({ status: 409, body: { error: { code: 'RUN_FINISHED' } } });
  });
});

describe('auth', () => {
  it.each([
    ['no token', undefined, 401, 'TOKEN_MISSING'],
    ['a malformed token', 'not-a-token', 401, 'TOKEN_INVALID'],
    ['an unknown token', `lf_${'A'.repeat(43)}`, 401, 'TOKEN_INVALID'],
  ])('rejects %s', async (_name, token, status, code) => {
    const response = await fetch(`${server.url}/v1/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(runRequest()),
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code } });
  });

  it('rejects a revoked token and a token without the ingest scope', async () => {
    const revoked = await client.post('/v1/runs', runRequest(), fixture.revokedToken);
    expect(revoked).toMatchObject({ status: 401, body: { error: { code: 'TOKEN_REVOKED' } } });
    const readOnly = await client.post('/v1/runs', runRequest(), fixture.readOnlyToken);
    expect(readOnly).toMatchObject({ status: 403, body: { error: { code: 'TOKEN_SCOPE' } } });
  });

  it('honours a revocation within the token cache time', async () => {
    const token = generateToken();
    await sql.query(
      `INSERT INTO api_tokens (id, project_id, name, token_hash, prefix, scopes)
       VALUES ($1, $2, 'soon revoked', $3, $4, '{ingest}')`,
      [`crevoke${Date.now()}`, fixture.projectId, hashToken(token), token.slice(0, 7)],
    );
    expect((await client.post('/v1/runs', runRequest(), token)).status).toBe(201);
    await sql.query('UPDATE api_tokens SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
    await new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 100));
    const after = await client.post('/v1/runs', runRequest(), token);
    expect(after).toMatchObject({ status: 401, body: { error: { code: 'TOKEN_REVOKED' } } });
  });

  it('refuses a token past its expiry at once, even while its lookup is cached', async () => {
    const token = generateToken();
    // A private project's token that expires in two seconds: it works, then stops within the
    // cache time without a new lookup, for frames and for the live stream.
    await sql.query(
      `INSERT INTO api_tokens (id, project_id, name, token_hash, prefix, scopes, expires_at)
       VALUES ($1, $2, 'expiring', $3, $4, '{ingest,read}', (now() AT TIME ZONE 'UTC') + interval '2 seconds')`,
      [`cexpire${Date.now()}`, fixture.privateProjectId, hashToken(token), token.slice(0, 7)],
    );
    const created = await client.post('/v1/runs', runRequest('internal'), token);
    expect(created.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await client.post('/v1/runs', runRequest('internal'), token);
    expect(after).toMatchObject({ status: 401, body: { error: { code: 'TOKEN_EXPIRED' } } });
    expect(after.body.error.message).toMatch(
      /^this API token expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC: create a new one/,
    );
    const live = await fetch(`${server.url}/v1/runs/${created.body.id}/live?token=${token}`);
    expect(live.status).toBe(401);
    expect(await live.json()).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
  });

  it('answers another project’s run exactly like a missing one', async () => {
    const id = await newRun();
    const foreign = await client.post(`/v1/runs/${id}/frames`, batch(0), fixture.otherToken);
    const missing = await client.post(
      '/v1/runs/cmissing000000000000000000/frames',
      batch(0),
      fixture.otherToken,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('RUN_NOT_FOUND');
    expect(missing.body.error.code).toBe('RUN_NOT_FOUND');
    const finish = await client.post(
      `/v1/runs/${id}/finish`,
      { status: 'failed', endedAt: T0 },
      fixture.otherToken,
    );
    expect(finish.status).toBe(404);
    expect(await frameCount(id)).toBe(0);
  });
});

describe('frames', () => {
  it('stores a batch and stores nothing twice when it is replayed', async () => {
    const id = await newRun();
    expect(await client.post(`/v1/runs/${id}/frames`, batch(0))).toMatchObject({
      status: 200,
      body: { accepted: 3, duplicates: 0 },
    });
    expect(await client.post(`/v1/runs/${id}/frames`, batch(0))).toMatchObject({
      status: 200,
      body: { accepted: 0, duplicates: 3 },
    });
    const overlapping = { ...batch(1), frames: [...batch(0).frames, ...batch(1).frames] };
    expect(await client.post(`/v1/runs/${id}/frames`, overlapping)).toMatchObject({
      status: 200,
      body: { accepted: 3, duplicates: 3 },
    });
    expect(await frameCount(id)).toBe(6);
    const { rows } = await sql.query(
      'SELECT f.histogram, f.count, f.start_at FROM frames f JOIN series s ON s.id = f.series_id WHERE s.run_id = $1 AND f.seq = 1 LIMIT 1',
      [id],
    );
    expect(rows[0].histogram).toEqual(Buffer.from(histogramFor(1001), 'base64'));
    expect(rows[0].count).toBe('1001');
    expect(rows[0].start_at.getTime()).toBe(T0 + 1000);
  });

  it('refuses a seq sent again with another start, and stores nothing of that batch', async () => {
    const id = await newRun();
    expect((await client.post(`/v1/runs/${id}/frames`, batch(0))).status).toBe(200);
    // A restarted agent that counts its seqs from 0 again: seq 0 now names a later interval.
    const restarted = batch(5);
    restarted.frames = restarted.frames.map((f) => ({ ...f, seq: 0 }));
    const next = batch(6);
    const mixed = { ...restarted, frames: [...restarted.frames, ...next.frames] };
    const answer = await client.post(`/v1/runs/${id}/frames`, mixed);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('SEQ_REUSED');
    expect(answer.body.error.message).toMatch(/seq 0.* already stored with another start.*next seq/);
    expect(await frameCount(id)).toBe(3);
    // The replay of what was stored is still idempotent.
    expect((await client.post(`/v1/runs/${id}/frames`, batch(0))).body).toEqual({
      accepted: 0,
      duplicates: 3,
    });
  });

  it('stores every column exactly as sent', async () => {
    const id = await newRun();
    const sent = [
      frame('l', 7, {
        startMs: T0 + 123,
        endMs: T0 + 1456,
        warmup: true,
        count: 2 ** 40 + 3,
        histogram: histogramHolding(800, 2 ** 40 + 3),
        min: 0.125,
        max: 1e15,
        mean: 812.4,
        p50: 640.5,
        p90: 1300.25,
        p95: 1900,
        p99: 5200.75,
        p999: 8000.001,
      }),
      {
        ...frame('c', 8, { count: 0, min: 0, max: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0 }),
        histogram: undefined,
      },
    ];
    const body = {
      series: [
        { key: 'l', name: 'latency', kind: 'latency', unit: 'us', labels: { ü: 'ß' } },
        { key: 'c', name: 'tx', kind: 'counter', unit: 'txn' },
      ],
      frames: sent,
    };
    expect((await client.post(`/v1/runs/${id}/frames`, body)).body).toEqual({ accepted: 2, duplicates: 0 });
    const { rows } = await sql.query(
      `SELECT f.seq, (extract(epoch FROM f.start_at) * 1000)::float8 AS start_ms,
              (extract(epoch FROM f.end_at) * 1000)::float8 AS end_ms, f.warmup, f.count, f.min, f.max, f.mean,
              f.p50, f.p90, f.p95, f.p99, f.p999, f.histogram
         FROM frames f JOIN series s ON s.id = f.series_id WHERE s.run_id = $1 ORDER BY f.seq`,
      [id],
    );
    expect(rows).toEqual(
      sent.map((f) => ({
        seq: f.seq,
        start_ms: f.startMs,
        end_ms: f.endMs,
        warmup: f.seq === 7,
        count: String(f.count),
        min: f.min,
        max: f.max,
        mean: f.mean,
        p50: f.p50,
        p90: f.p90,
        p95: f.p95,
        p99: f.p99,
        p999: f.p999,
        histogram: f.histogram ? Buffer.from(f.histogram, 'base64') : null,
      })),
    );
  });

  it('stores series labels redacted, whatever the sender did', async () => {
    // An older agent or a client of one's own may send a command line as a label unredacted.
    const id = await newRun();
    const command =
      "curl -H 'Authorization: Bearer 9f8e7d6c5b4a39281706f5e4' localhost:8080/x?api_key=k3y-9f8a7b6c";
    const series = (key: string) => ({
      key,
      name: 'run_time',
      kind: 'latency',
      unit: 'us',
      labels: { benchmark: command },
    });
    const first = await client.post(`/v1/runs/${id}/frames`, {
      series: [series('a')],
      frames: [frame('a', 0)],
    });
    // The same labels again, under another key: the same series, its next frame.
    const second = await client.post(`/v1/runs/${id}/frames`, {
      series: [series('b')],
      frames: [frame('b', 1)],
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    const { rows } = await sql.query(
      'SELECT s.labels, s.labels_key, count(f.seq)::int AS frames FROM series s JOIN frames f ON f.series_id = s.id WHERE s.run_id = $1 GROUP BY s.id',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].frames).toBe(2);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain('9f8e7d6c5b4a39281706f5e4');
    expect(stored).not.toContain('k3y-9f8a7b6c');
    expect(rows[0].labels.benchmark).toMatch(
      /^curl -H 'Authorization: Bearer \S+' localhost:8080\/x\?api_key=\S+$/,
    );
  });

  it('stores nothing of a batch that the database refuses halfway (series conflict)', async () => {
    const id = await newRun();
    await client.post(`/v1/runs/${id}/frames`, batch(0, 1));
    const conflicting = {
      series: [
        { key: 'new', name: 'fresh', kind: 'latency', unit: 'us' },
        { key: 'old', name: 'latency', kind: 'counter', unit: 'us', labels: { txn: 's0' } },
      ],
      frames: [frame('new', 0), frame('old', 1)],
    };
    const response = await client.post(`/v1/runs/${id}/frames`, conflicting);
    expect(response).toMatchObject({
      status: 409,
      body: { error: { code: 'SERIES_CONFLICT', path: 'series.1.kind' } },
    });
    expect(await frameCount(id)).toBe(1);
    expect(await seriesCount(id)).toBe(1);
  });

  it('accepts counters and gauges without histograms', async () => {
    const id = await newRun();
    const body = {
      series: [
        { key: 'c', name: 'transactions', kind: 'counter', unit: 'txn' },
        { key: 'g', name: 'connections', kind: 'gauge', unit: 'conn' },
      ],
      frames: [
        { ...frame('c', 0), histogram: undefined },
        { ...frame('g', 0), histogram: undefined },
        // A gauge's level may be below zero (a clock offset, a k6 Trend of plain numbers).
        {
          ...frame('g', 1, { min: -40.5, max: -2, mean: -12.25, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0 }),
          histogram: undefined,
        },
      ],
    };
    expect(await client.post(`/v1/runs/${id}/frames`, body)).toMatchObject({
      status: 200,
      body: { accepted: 3 },
    });
    const { rows } = await sql.query(
      `SELECT f.min, f.max, f.mean FROM frames f JOIN series s ON s.id = f.series_id
        WHERE s.run_id = $1 AND s.kind = 'gauge' AND f.seq = 1`,
      [id],
    );
    expect(rows).toEqual([{ min: -40.5, max: -2, mean: -12.25 }]);
    // Only a gauge: a negative time or count is refused, saying what to declare instead.
    const latency = await client.post(`/v1/runs/${id}/frames`, {
      series: [{ key: 'l', name: 'latency', kind: 'latency', unit: 'us' }],
      frames: [frame('l', 0, { min: -1 })],
    });
    expect(latency.status).toBe(400);
    expect(latency.body.error).toMatchObject({ code: 'VALIDATION_FAILED', path: 'frames.0.min' });
    expect(latency.body.error.message).toMatch(/only a gauge's values may be.*kind "gauge"/);
  });

  const one = batch(0, 2);
  const rejections: Array<[string, unknown, number, string, string | undefined]> = [
    [
      'a negative percentile',
      { ...one, frames: [frame('s0', 0, { p99: -1 })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.p99',
    ],
    [
      'an unknown field',
      { ...one, frames: [frame('s0', 0, { extra: 1 })] },
      400,
      'VALIDATION_FAILED',
      'frames.0',
    ],
    [
      'max below min',
      { ...one, frames: [frame('s0', 0, { min: 10, max: 5 })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.max',
    ],
    [
      'end before start',
      { ...one, frames: [frame('s0', 0, { endMs: T0 - 1 })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.endMs',
    ],
    [
      'a huge value',
      { ...one, frames: [frame('s0', 0, { max: 1e300 })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.max',
    ],
    [
      'a seq beyond int4',
      { ...one, frames: [frame('s0', 2 ** 31)] },
      400,
      'VALIDATION_FAILED',
      'frames.0.seq',
    ],
    [
      'a non-base64 histogram',
      { ...one, frames: [frame('s0', 0, { histogram: '**' })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.histogram',
    ],
    [
      'an unpadded histogram',
      { ...one, frames: [frame('s0', 0, { histogram: 'QUJD' + 'QQ' })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.histogram',
    ],
    [
      'a histogram over the limit',
      { ...one, frames: [frame('s0', 0, { histogram: 'A'.repeat(INGEST_LIMITS.histogramBase64Chars + 4) })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.histogram',
    ],
    [
      'too many frames',
      {
        ...one,
        frames: Array.from({ length: INGEST_LIMITS.framesPerBatch + 1 }, (_, i) => ({
          series: 's0',
          seq: i,
        })),
      },
      400,
      'VALIDATION_FAILED',
      'frames',
    ],
    ['an empty batch', { ...one, frames: [] }, 400, 'VALIDATION_FAILED', 'frames'],
    ['an undeclared series', { ...one, frames: [frame('zz', 0)] }, 400, 'SERIES_UNKNOWN', 'frames.0.series'],
    [
      'a seq twice',
      { ...one, frames: [frame('s0', 4), frame('s0', 4)] },
      400,
      'FRAME_DUPLICATE',
      'frames.1.seq',
    ],
    [
      'a latency frame without histogram',
      { ...one, frames: [frame('s0', 0), { ...frame('s1', 0), histogram: undefined }] },
      400,
      'HISTOGRAM_MISSING',
      'frames.1.histogram',
    ],
    [
      'a frame from the far future',
      { ...one, frames: [frame('s0', 0, { endMs: Date.now() + 3 * 86_400_000 })] },
      400,
      'TIMESTAMP_OUT_OF_RANGE',
      'frames.0.endMs',
    ],
    [
      'timestamps in seconds',
      { ...one, frames: [frame('s0', 0, { startMs: 1_763_800_000 })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.startMs',
    ],
    [
      'a NUL in a unit (PostgreSQL would refuse it)',
      { ...one, series: [{ ...one.series[0]!, unit: 'u\u0000s' }, one.series[1]!] },
      400,
      'VALIDATION_FAILED',
      'series.0.unit',
    ],
    [
      'a line break in a unit (it would forge .hlog header lines)',
      { ...one, series: [one.series[0]!, { ...one.series[1]!, unit: 'us\n#[x' }] },
      400,
      'VALIDATION_FAILED',
      'series.1.unit',
    ],
    [
      'a lone surrogate in a label value',
      JSON.stringify({ ...one, series: [{ ...one.series[0]!, labels: { txn: 'x\ud800' } }, one.series[1]!] }),
      400,
      'VALIDATION_FAILED',
      'series.0.labels.txn',
    ],
    [
      'a C1 control character in a label key',
      { ...one, series: [{ ...one.series[0]!, labels: { 'tx\u009bn': 'x' } }, one.series[1]!] },
      400,
      'VALIDATION_FAILED',
      'series.0.labels',
    ],
    [
      'a histogram that is not an HdrHistogram',
      {
        ...one,
        frames: [
          frame('s0', 0),
          frame('s1', 0, { histogram: Buffer.from('not a histogram').toString('base64') }),
        ],
      },
      400,
      'VALIDATION_FAILED',
      'frames.1.histogram',
    ],
    [
      'a truncated histogram',
      { ...one, frames: [frame('s0', 0, { histogram: truncatedHistogram() })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.histogram',
    ],
    [
      'a histogram that inflates past its bound (zlib bomb)',
      { ...one, frames: [frame('s0', 0, { histogram: bombHistogram() })] },
      400,
      'VALIDATION_FAILED',
      'frames.0.histogram',
    ],
    ['a body that is not an object', [1, 2], 400, 'VALIDATION_FAILED', undefined],
    ['invalid JSON', '{"series": [', 400, 'BAD_REQUEST', undefined],
    [
      'a prototype-poisoning body',
      '{"__proto__": {"x": 1}, "series": [], "frames": []}',
      400,
      'BAD_REQUEST',
      undefined,
    ],
  ];

  it.each(rejections)('rejects %s, storing nothing', async (_name, body, status, code, path) => {
    const id = await newRun();
    // A valid first frame in the same batch proves the batch is all-or-nothing.
    const response = await client.post(`/v1/runs/${id}/frames`, body);
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.path).toBe(path);
    expect(response.body.error.message).toMatch(/\w/);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
    expect(await frameCount(id)).toBe(0);
  });

  it('names every frame whose histogram does not decode, with its series and seq, and stores none', async () => {
    const id = await newRun();
    const bad = Buffer.from('not an HdrHistogram at all').toString('base64');
    const body = {
      ...batch(0, 3),
      frames: [
        frame('s0', 0),
        frame('s1', 0, { histogram: bad }),
        frame('s2', 0, { histogram: truncatedHistogram() }),
      ],
    };
    const response = await client.post(`/v1/runs/${id}/frames`, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', path: 'frames.1.histogram' });
    expect(response.body.error.message).toMatch(
      /^2 histograms are unusable, so nothing of this batch was stored/,
    );
    expect(response.body.error.details).toEqual([
      {
        field: 'frames.1.histogram',
        message: expect.stringMatching(/^series "latency" \{txn=s1\}, seq 0: /),
      },
      {
        field: 'frames.2.histogram',
        message: expect.stringMatching(/^series "latency" \{txn=s2\}, seq 0: .*inflate/),
      },
    ]);
    expect(await frameCount(id)).toBe(0);
    // Without the damaged frames the same batch goes through.
    expect(await client.post(`/v1/runs/${id}/frames`, { ...body, frames: [frame('s0', 0)] })).toMatchObject({
      status: 200,
      body: { accepted: 1 },
    });
  });

  it("refuses a latency frame whose count is not its histogram's, naming it, and stores none", async () => {
    // The run page would show the count (1,000) beside percentiles of the one sample held.
    const id = await newRun();
    const body = {
      ...batch(0, 3),
      frames: [
        frame('s0', 0),
        frame('s1', 0, { count: 1000, histogram: histogramOf([640]) }),
        frame('s2', 0, { count: 7, histogram: histogramOf([]) }),
      ],
    };
    const response = await client.post(`/v1/runs/${id}/frames`, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', path: 'frames.1.histogram' });
    expect(response.body.error.details).toEqual([
      {
        field: 'frames.1.histogram',
        message:
          'series "latency" {txn=s1}, seq 0: its count is 1000 but its histogram holds 1 sample: a frame\'s count is the number of values recorded in its histogram',
      },
      {
        field: 'frames.2.histogram',
        message: expect.stringMatching(/seq 0: its count is 7 but its histogram holds 0 samples/),
      },
    ]);
    expect(await frameCount(id)).toBe(0);
  });

  it('rejects a body over 1 MiB with 413 and a wrong media type with 415', async () => {
    const id = await newRun();
    const big = await client.post(
      `/v1/runs/${id}/frames`,
      `{"pad":"${'x'.repeat(INGEST_LIMITS.bodyBytes)}"}`,
    );
    expect(big).toMatchObject({ status: 413, body: { error: { code: 'BODY_TOO_LARGE' } } });
    const response = await fetch(`${server.url}/v1/runs/${id}/frames`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${fixture.token}` },
      body: 'hello',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('refuses a body that is not UTF-8 or is compressed, and stores nothing of it', async () => {
    const send = (body: Uint8Array, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/v1/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fixture.token}`, ...headers },
        body,
      });
    const { rows: before } = await sql.query('SELECT count(*)::int AS n FROM runs');
    // "Müller" as a Latin-1 file holds it: 0xFC alone is no UTF-8.
    const latin1 = Buffer.from(JSON.stringify({ ...runRequest(), system: { name: 'Müller' } }), 'latin1');
    const notUtf8 = await send(latin1, { 'content-type': 'application/json; charset=iso-8859-1' });
    expect(notUtf8.status).toBe(400);
    expect(await notUtf8.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: 'the body is not valid UTF-8: send JSON encoded as UTF-8' },
    });
    const gzipped = await send(gzipSync(JSON.stringify(runRequest())), { 'content-encoding': 'gzip' });
    expect(gzipped.status).toBe(415);
    expect(await gzipped.json()).toMatchObject({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('Content-Encoding: gzip') },
    });
    const { rows: after } = await sql.query('SELECT count(*)::int AS n FROM runs');
    expect(after[0].n).toBe(before[0].n);
    const utf8 = await send(Buffer.from(JSON.stringify({ ...runRequest(), system: { name: 'Müller' } })));
    expect(utf8.status).toBe(201);
  });

  it('answers headers or a body that never end with 408 and closes the connection', async () => {
    const short = await startIngest({
      databaseUrl: database.url,
      host: '127.0.0.1',
      port: 0,
      webUrl: 'http://web.test',
      requestTimeoutMs: 1000,
      log: () => {},
    });
    /** What the server answers before it closes a connection whose request never ends. */
    const answerTo = async (start: string) => {
      const socket = connect(Number(new URL(short.url).port), '127.0.0.1');
      socket.write(start);
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      await once(socket, 'close');
      return answer;
    };
    try {
      const [headers, body] = await Promise.all([
        answerTo('POST /v1/runs HTTP/1.1\r\nHost: x\r\n'),
        answerTo(
          `POST /v1/runs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${fixture.token}\r\n` +
            'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n',
        ),
      ]);
      expect(headers).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(headers.slice(headers.indexOf('\r\n\r\n') + 4))).toMatchObject({
        error: { code: 'REQUEST_TIMEOUT' },
      });
      // Node answers a body that stops coming itself, before the request reaches a route.
      expect(body).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await short.drain();
    }
  });

  it('counts accepted, duplicate and rejected frames in /metrics', async () => {
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/levelfield_ingest_frames_accepted_total [1-9]/);
    expect(metrics).toMatch(/levelfield_ingest_frames_duplicate_total [1-9]/);
    expect(metrics).toContain('levelfield_ingest_frames_rejected_total{reason="SERIES_UNKNOWN"} 1');
    expect(metrics).toMatch(/levelfield_ingest_batch_duration_seconds_count [1-9]/);
  });
});

describe('live', () => {
  it('streams each new frame of a public run, once, and ends when the run finishes', async () => {
    const id = await newRun();
    const live = await openLive(`${server.url}/v1/runs/${id}/live`);
    expect(live.status).toBe(200);
    await live.next((e) => e.event === 'hello');
    await client.post(`/v1/runs/${id}/frames`, batch(0, 2));
    await client.post(`/v1/runs/${id}/frames`, batch(0, 2));
    await client.post(`/v1/runs/${id}/frames`, batch(1, 2));
    const series = await live.next((e) => e.event === 'series');
    expect(series.data).toMatchObject({ name: 'latency', kind: 'latency', unit: 'us' });
    const last = await live.next((e) => e.event === 'frame' && e.data.seq === 1);
    expect(Object.keys(last.data).sort()).toEqual(
      [
        'acceptedAt',
        'count',
        'endMs',
        'histogram',
        'max',
        'mean',
        'min',
        'p50',
        'p90',
        'p95',
        'p99',
        'p999',
        'seq',
        'series',
        'startMs',
        'warmup',
      ].sort(),
    );
    // The histogram as posted: the run page draws its heatmap and spectrum from it.
    expect(last.data).toMatchObject({ warmup: false, histogram: batch(1, 2).frames[0]!.histogram });
    expect(live.events.filter((e) => e.event === 'frame')).toHaveLength(4);
    expect(live.events.filter((e) => e.event === 'series')).toHaveLength(2);
    await client.post(`/v1/runs/${id}/finish`, { status: 'succeeded', endedAt: T0 + 2000 });
    expect((await live.next((e) => e.event === 'finished')).data.status).toBe('succeeded');
    await live.close();
  });

  it('needs a live token of a member for a private run', async () => {
    const id = await newRun(fixture.privateToken, 'internal');
    const member = fixture.memberUserId;
    const anonymous = await fetch(`${server.url}/v1/runs/${id}/live`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'RUN_NOT_FOUND' } });
    const expired = signLiveToken({ runId: id, userId: member, expiresAt: Date.now() - 1 }, SECRET);
    expect((await fetch(`${server.url}/v1/runs/${id}/live?token=${expired}`)).status).toBe(401);
    const forged = signLiveToken(
      { runId: id, userId: member, expiresAt: Date.now() + 60_000 },
      'y'.repeat(40),
    );
    expect((await fetch(`${server.url}/v1/runs/${id}/live?token=${forged}`)).status).toBe(401);
    const otherRun = signLiveToken(
      { runId: 'another', userId: member, expiresAt: Date.now() + 60_000 },
      SECRET,
    );
    expect((await fetch(`${server.url}/v1/runs/${id}/live?token=${otherRun}`)).status).toBe(404);
    // Signed by the web app, but for someone who is not a member (any more).
    const outsider = signLiveToken(
      { runId: id, userId: 'u-outsider', expiresAt: Date.now() + 60_000 },
      SECRET,
    );
    expect((await fetch(`${server.url}/v1/runs/${id}/live?token=${outsider}`)).status).toBe(404);

    const token = signLiveToken({ runId: id, userId: member, expiresAt: Date.now() + 60_000 }, SECRET);
    const live = await openLive(`${server.url}/v1/runs/${id}/live?token=${token}`);
    expect(live.status).toBe(200);
    await live.next((e) => e.event === 'hello');
    await client.post(`/v1/runs/${id}/frames`, batch(0, 1), fixture.privateToken);
    await live.next((e) => e.event === 'frame');
    await live.close();
  });

  it('lets an API token with the read scope of the run’s project watch a private run', async () => {
    const id = await newRun(fixture.privateToken, 'internal');
    const live = await openLive(`${server.url}/v1/runs/${id}/live?token=${fixture.privateReadToken}`);
    expect(live.status).toBe(200);
    await live.next((e) => e.event === 'hello');
    await client.post(`/v1/runs/${id}/frames`, batch(0, 1), fixture.privateToken);
    await live.next((e) => e.event === 'frame');
    await live.close();

    const viaHeader = await openLive(`${server.url}/v1/runs/${id}/live`, {
      authorization: `Bearer ${fixture.privateReadToken}`,
    });
    expect(viaHeader.status).toBe(200);
    await viaHeader.next((e) => e.event === 'hello');
    await viaHeader.close();

    const refusals: Array<[string, number, string]> = [
      [fixture.otherReadToken, 404, 'RUN_NOT_FOUND'],
      [fixture.privateToken, 403, 'TOKEN_SCOPE'],
      [fixture.revokedToken, 401, 'TOKEN_REVOKED'],
      [`lf_${'A'.repeat(43)}`, 401, 'TOKEN_INVALID'],
    ];
    for (const [token, status, code] of refusals) {
      const response = await fetch(`${server.url}/v1/runs/${id}/live?token=${token}`);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error: { code } });
    }
  });

  it('refuses a token given twice in the query, naming it', async () => {
    const id = await newRun();
    const response = await fetch(`${server.url}/v1/runs/${id}/live?token=a&token=b`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', path: 'token' } });
  });

  it('answers a private run the caller may not watch exactly like a run that does not exist', async () => {
    const id = await newRun(fixture.privateToken, 'internal');
    const missing = 'cmissing000000000000000000';
    const answer = async (runId: string, token?: string) => {
      const response = await fetch(`${server.url}/v1/runs/${runId}/live${token ? `?token=${token}` : ''}`);
      return { status: response.status, body: (await response.text()).replaceAll(runId, '<id>') };
    };
    const liveToken = (runId: string) =>
      signLiveToken({ runId, userId: 'u-outsider', expiresAt: Date.now() + 60_000 }, SECRET);
    for (const token of [undefined, fixture.otherReadToken]) {
      const [privateAnswer, missingAnswer] = [await answer(id, token), await answer(missing, token)];
      expect(privateAnswer).toEqual(missingAnswer);
      expect(privateAnswer.status).toBe(404);
      expect(JSON.parse(privateAnswer.body)).toMatchObject({ error: { code: 'RUN_NOT_FOUND' } });
    }
    expect(await answer(id, liveToken(id))).toEqual(await answer(missing, liveToken(missing)));
  });
});

describe('rollups', () => {
  /** What the rollups must hold: the exact percentiles of the merged interval histograms. */
  function mergedPercentiles(encoded: string[]) {
    const merged = mergeHistograms(encoded.map((text) => decodeHistogram(text)));
    const { p50, p90, p95, p99, p999 } = summarizeHistogram(merged);
    return { p50, p90, p95, p99, p999, count: merged.totalCount };
  }

  async function rollupRows(runId: string) {
    const { rows } = await sql.query(
      `SELECT r.frame_count, r.warmup_frames, r.count::int, r.duration_ms::int, r.min, r.max, r.mean,
              r.p50, r.p90, r.p95, r.p99, r.p999, r.histogram, r.bands
         FROM rollups r JOIN series s ON s.id = r.series_id WHERE s.run_id = $1 ORDER BY r.bucket_start`,
      [runId],
    );
    return rows;
  }

  it('stores per-minute merged histograms and warm-up-free run summaries with exact percentiles', async () => {
    // Warm-up: seq 0–2 by the run's declared 3 s, seq 3–4 flagged by the agent. Their latencies
    // are 100 ms outliers, so leaving them in a summary would show in its max and p99.9.
    const response = await client.post('/v1/runs', { ...runRequest(), warmupMs: 3000 });
    const id = response.body.id as string;
    const key = { key: 's', name: 'latency', kind: 'latency', unit: 'us' };
    const values = (seq: number) => (seq < 5 ? [100_000, 100_000 + seq] : latencies(20 + (seq % 7), seq));
    const histograms = Array.from({ length: 90 }, (_, seq) => histogramOf(values(seq)));
    const frames = Array.from({ length: 90 }, (_, seq) => {
      const v = values(seq);
      return frame('s', seq, {
        count: v.length,
        min: Math.min(...v),
        max: Math.max(...v),
        mean: v.reduce((a, b) => a + b, 0) / v.length,
        warmup: seq === 3 || seq === 4,
        histogram: histograms[seq],
      });
    });
    // 90 one-second frames: buckets of 60 and 30, the first one recomputed once more frames came.
    expect(
      (await client.post(`/v1/runs/${id}/frames`, { series: [key], frames: frames.slice(0, 45) })).status,
    ).toBe(200);
    await server.ctx.rollup.flush(true);
    expect(
      (await client.post(`/v1/runs/${id}/frames`, { series: [key], frames: frames.slice(45) })).status,
    ).toBe(200);
    await server.ctx.rollup.flush(true);

    const rows = await rollupRows(id);
    expect(rows).toHaveLength(2);
    const buckets = [histograms.slice(0, 60), histograms.slice(60)];
    rows.forEach((row, index) => {
      const expected = mergedPercentiles(buckets[index]!);
      const bucketFrames = index === 0 ? frames.slice(0, 60) : frames.slice(60);
      expect(row).toMatchObject({
        frame_count: bucketFrames.length,
        warmup_frames: index === 0 ? 5 : 0,
        count: expected.count,
        duration_ms: bucketFrames.length * 1000,
        min: Math.min(...bucketFrames.map((f) => f.min)),
        max: Math.max(...bucketFrames.map((f) => f.max)),
        p50: expected.p50,
        p90: expected.p90,
        p95: expected.p95,
        p99: expected.p99,
        p999: expected.p999,
      });
      // The stored histogram is the merged one, in the frames' encoding.
      const stored = decodeHistogram(new Uint8Array(row.histogram));
      expect(stored.totalCount).toBe(expected.count);
      expect(summarizeHistogram(stored).p99).toBe(expected.p99);
      // And its counts in the fixed heatmap bands, every sample in one band.
      expect(decodeBands(new Uint8Array(row.bands))).toEqual(countBands(stored));
    });
    expect(rows[0].max).toBeGreaterThanOrEqual(100_000);

    const summary = await sql.query(
      `SELECT m.frame_count, m.last_seq, m.count::int, m.duration_ms::int, m.min, m.max, m.mean,
              m.p50, m.p90, m.p95, m.p99, m.p999, m.histogram
         FROM series_summaries m JOIN series s ON s.id = m.series_id WHERE s.run_id = $1`,
      [id],
    );
    const steady = frames.slice(5);
    const expected = mergedPercentiles(histograms.slice(5));
    const count = steady.reduce((sum, f) => sum + f.count, 0);
    expect(summary.rows).toHaveLength(1);
    const row = summary.rows[0];
    expect(row).toMatchObject({
      frame_count: 85,
      last_seq: 89,
      count,
      duration_ms: 85_000,
      min: Math.min(...steady.map((f) => f.min)),
      max: Math.max(...steady.map((f) => f.max)),
      p50: expected.p50,
      p90: expected.p90,
      p95: expected.p95,
      p99: expected.p99,
      p999: expected.p999,
    });
    expect(row.max).toBeLessThan(100_000);
    expect(row.mean).toBeCloseTo(steady.reduce((sum, f) => sum + f.mean * f.count, 0) / count, 6);
    expect(decodeHistogram(new Uint8Array(row.histogram)).totalCount).toBe(count);
  });

  it('leaves intervals without samples out of min and max', async () => {
    // k6's setup() pause and a scenario that ended send intervals with no samples, stored as
    // count, min and max 0: a minimum of 0 would be no sample's value.
    const id = await newRun();
    const key = { key: 's', name: 'latency', kind: 'latency', unit: 'us' };
    const empty = { count: 0, min: 0, max: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0 };
    const frames = [
      frame('s', 0, { ...empty, histogram: histogramOf([]) }),
      frame('s', 1, { min: 250, max: 4000 }),
      frame('s', 2, { ...empty, histogram: histogramOf([]) }),
    ];
    expect((await client.post(`/v1/runs/${id}/frames`, { series: [key], frames })).status).toBe(200);
    await server.ctx.rollup.flush(true);
    const [bucket] = await rollupRows(id);
    expect(bucket).toMatchObject({ frame_count: 3, min: 250, max: 4000 });
    const summary = await sql.query(
      'SELECT m.min, m.max FROM series_summaries m JOIN series s ON s.id = m.series_id WHERE s.run_id = $1',
      [id],
    );
    expect(summary.rows).toEqual([{ min: 250, max: 4000 }]);
  });

  it('summarizes a finished run without waiting for the next pass', async () => {
    // This server's passes run once an hour: only the finish itself can have started this one.
    const id = await newRun();
    await client.post(`/v1/runs/${id}/frames`, batch(0, 1));
    const finish = { status: 'succeeded', endedAt: T0 + 60_000, exitCode: 0 };
    expect((await client.post(`/v1/runs/${id}/finish`, finish)).status).toBe(200);
    const summaries = async () =>
      (
        await sql.query(
          'SELECT count(*)::int AS n FROM series_summaries m JOIN series s ON s.id = m.series_id WHERE s.run_id = $1',
          [id],
        )
      ).rows[0].n;
    for (let i = 0; i < 300 && (await summaries()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await summaries()).toBeGreaterThan(0);
  });

  it('never lets a rollup of fewer frames replace one of more (two instances, late writes)', async () => {
    const id = await newRun();
    await client.post(`/v1/runs/${id}/frames`, batch(0, 1));
    await client.post(`/v1/runs/${id}/frames`, batch(1, 1));
    await server.ctx.rollup.flush(true);
    const before = await rollupRows(id);
    expect(before[0]).toMatchObject({ frame_count: 2 });
    const { rows } = await sql.query('SELECT id FROM series WHERE run_id = $1', [id]);
    // A slower instance that read the bucket when it held one frame writes last.
    await sql.query(STORE_ROLLUPS, [
      [rows[0].id],
      [T0],
      [1],
      [0],
      [1000],
      [1000],
      [1],
      [1],
      [1],
      [1],
      [1],
      [1],
      [1],
      [1],
      [null],
      [null],
    ]);
    expect(await rollupRows(id)).toEqual(before);
  });

  it('merges, once its lease ends, what an instance that died while merging had claimed', async () => {
    const id = await newRun();
    await client.post(`/v1/runs/${id}/frames`, batch(0, 2));
    // An instance claimed the bucket and died: while its lease lasts, no one else takes it.
    await sql.query(
      `UPDATE pending_rollups SET claimed_until = now() + interval '1 hour' WHERE run_id = $1`,
      [id],
    );
    await server.ctx.rollup.flush(true);
    expect(await rollupRows(id)).toHaveLength(0);
    await sql.query(
      `UPDATE pending_rollups SET claimed_until = now() - interval '1 second' WHERE run_id = $1`,
      [id],
    );
    await server.ctx.rollup.flush(true);
    const rows = await rollupRows(id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.frame_count === 1 && row.histogram !== null)).toBe(true);
    const { rows: pending } = await sql.query('SELECT 1 FROM pending_rollups WHERE run_id = $1', [id]);
    expect(pending).toHaveLength(0);
  });

  it('keeps upper-bound percentiles and no histogram when a stored histogram cannot be decoded', async () => {
    const id = await newRun();
    expect((await client.post(`/v1/runs/${id}/frames`, batch(0, 1))).status).toBe(200);
    // Ingest refuses such histograms now; frames stored before that may still hold one.
    await sql.query(
      `UPDATE frames SET histogram = 'not a histogram'::bytea
        WHERE series_id IN (SELECT id FROM series WHERE run_id = $1)`,
      [id],
    );
    await server.ctx.rollup.flush(true);
    expect(await rollupRows(id)).toEqual([
      expect.objectContaining({ histogram: null, p99: 5200, p999: 8000 }),
    ]);
  });

  it('merges with the given merger', async () => {
    const id = await newRun();
    await client.post(`/v1/runs/${id}/frames`, batch(0, 1));
    await client.post(`/v1/runs/${id}/frames`, batch(1, 1));
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const worker = new RollupWorker({
      db: pool,
      log: () => {},
      cpuShare: 1,
      merger: {
        merge: (encoded) => ({
          encoded: Buffer.from(`merged ${encoded.length}`),
          bands: Buffer.from('bands'),
          p50: 1,
          p90: 2,
          p95: 3,
          p99: 4,
          p999: 5,
        }),
      },
    });
    await worker.flush(true);
    await pool.end();
    const { rows } = await sql.query(
      'SELECT r.histogram, r.bands, r.p99 FROM rollups r JOIN series s ON s.id = r.series_id WHERE s.run_id = $1',
      [id],
    );
    expect(rows).toEqual([{ histogram: Buffer.from('merged 2'), bands: Buffer.from('bands'), p99: 4 }]);
  });
});
