// Real server processes (dist/main.mjs): live delivery across instances, SIGTERM drain (with the
// rollups it computes in the merge thread), and no acknowledged frame lost after kill -9.
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  batch,
  type Fixture,
  frame,
  openLive,
  runRequest,
  type SpawnedServer,
  seedFixture,
  spawnServer,
} from './fixtures.ts';

let database: TestDatabase;
let fixture: Fixture;
let sql: pg.Pool;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase('ingest_processes');
  fixture = await seedFixture(database.url);
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  for (const server of servers) if (server.process.exitCode === null) server.process.kill('SIGKILL');
  await sql?.end();
  await database?.drop();
});

async function start(): Promise<SpawnedServer> {
  const server = await spawnServer(database.url);
  servers.push(server);
  return server;
}

async function storedSeqs(runId: string): Promise<Set<string>> {
  const { rows } = await sql.query<{ key: string }>(
    `SELECT s.labels->>'txn' || ':' || f.seq AS key FROM frames f JOIN series s ON s.id = f.series_id WHERE s.run_id = $1`,
    [runId],
  );
  return new Set(rows.map((row) => row.key));
}

describe('several instances', () => {
  it('delivers a frame posted to one instance to a subscriber of another', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const run = await api(a!.url, fixture.token).post('/v1/runs', runRequest());
    const live = await openLive(`${b!.url}/v1/runs/${run.body.id}/live`);
    await live.next((e) => e.event === 'hello');
    const posted = await api(a!.url, fixture.token).post(`/v1/runs/${run.body.id}/frames`, batch(0, 2));
    expect(posted.body).toEqual({ accepted: 2, duplicates: 0 });
    const series = await live.next((e) => e.event === 'series');
    expect(series.data).toMatchObject({ name: 'latency', unit: 'us' });
    const first = await live.next((e) => e.event === 'frame');
    // Read back from the database: the histogram as posted (not in PostgreSQL's wrapped base64).
    expect(first.data).toMatchObject({
      seq: 0,
      count: 1000,
      p99: 5200,
      warmup: false,
      histogram: batch(0, 2).frames[0]!.histogram,
    });
    await live.next((e) => e.event === 'frame' && e.data.series !== first.data.series);
    await api(a!.url, fixture.token).post(`/v1/runs/${run.body.id}/finish`, {
      status: 'succeeded',
      endedAt: Date.now(),
    });
    await live.next((e) => e.event === 'finished');
    await live.close();
    a!.process.kill('SIGTERM');
    b!.process.kill('SIGTERM');
    expect(await a!.exited).toBe(0);
    expect(await b!.exited).toBe(0);
  });
});

describe('several instances: what travels', () => {
  it('relays exactly the frames each batch stored, also when the list is too long for a notice', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const client = api(a!.url, fixture.token);
    const run = await client.post('/v1/runs', runRequest());
    const live = await openLive(`${b!.url}/v1/runs/${run.body.id}/live`);
    await live.next((e) => e.event === 'hello');
    const one = batch(0, 1).series;
    const post = (seqs: number[]) =>
      client.post(`/v1/runs/${run.body.id}/frames`, {
        series: one,
        frames: seqs.map((seq) => frame('s0', seq)),
      });
    expect((await post([0, 2])).body).toEqual({ accepted: 2, duplicates: 0 });
    // A replay with gaps filled: only seq 1 and 3 are new, and only they travel.
    expect((await post([0, 1, 2, 3])).body).toEqual({ accepted: 2, duplicates: 2 });
    // 300 series: too many ranges for one notice, so it names the seq span instead.
    const wide = batch(10, 300);
    expect((await client.post(`/v1/runs/${run.body.id}/frames`, wide)).body).toEqual({
      accepted: 300,
      duplicates: 0,
    });
    const frames = () => live.events.filter((e) => e.event === 'frame');
    await live.next(() => frames().length >= 304);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const keys = frames().map((e) => `${e.data.series}:${e.data.seq}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(304);
    expect(
      frames()
        .slice(0, 4)
        .map((e) => e.data.seq),
    ).toEqual([0, 2, 1, 3]);
    expect(live.events.filter((e) => e.event === 'series')).toHaveLength(300);
    await live.close();
    a!.process.kill('SIGTERM');
    b!.process.kill('SIGTERM');
    expect(await a!.exited).toBe(0);
    expect(await b!.exited).toBe(0);
  });
});

describe('shutdown', () => {
  it('on SIGTERM finishes in-flight batches, refuses new ones and tells live clients to reconnect', async () => {
    const server = await start();
    const client = api(server.url, fixture.token);
    const run = await client.post('/v1/runs', runRequest());
    const live = await openLive(`${server.url}/v1/runs/${run.body.id}/live`);
    await live.next((e) => e.event === 'hello');
    const acked: number[] = [];
    const refused: string[] = [];
    const posts = Array.from({ length: 40 }, async (_, seq) => {
      await new Promise((resolve) => setTimeout(resolve, seq * 5));
      try {
        const response = await client.post(`/v1/runs/${run.body.id}/frames`, batch(seq, 20));
        if (response.status === 200) acked.push(seq);
        else refused.push(response.body.error.code);
      } catch {
        refused.push('CONNECTION');
      }
    });
    setTimeout(() => server.process.kill('SIGTERM'), 60);
    await Promise.all(posts);
    expect(await server.exited).toBe(0);
    expect(new Set(refused)).toEqual(
      new Set(refused.filter((code) => code === 'SHUTTING_DOWN' || code === 'CONNECTION')),
    );
    const stored = await storedSeqs(run.body.id);
    for (const seq of acked) for (let s = 0; s < 20; s += 1) expect(stored.has(`s${s}:${seq}`)).toBe(true);
    expect((await live.next((e) => e.event === 'reconnect')).data).toEqual({ retryMs: 1000 });
    await live.close();
  });

  it("computes a finished run's rollups and summaries in its merge thread, at the latest while draining", async () => {
    const server = await start();
    const client = api(server.url, fixture.token);
    const run = await client.post('/v1/runs', runRequest());
    for (let seq = 0; seq < 3; seq += 1) await client.post(`/v1/runs/${run.body.id}/frames`, batch(seq, 2));
    await client.post(`/v1/runs/${run.body.id}/finish`, { status: 'succeeded', endedAt: Date.now() });
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stderr.join('')).not.toMatch(/undecodable|merge thread/);
    // A failed merge stores no histogram (upper-bound percentiles): these come from the thread.
    const { rows } = await sql.query(
      `SELECT (SELECT count(*) FROM rollups r WHERE r.series_id = s.id AND r.histogram IS NOT NULL AND r.bands IS NOT NULL)::int AS rollups,
              (SELECT count(*) FROM series_summaries m WHERE m.series_id = s.id AND m.histogram IS NOT NULL)::int AS summaries
         FROM series s WHERE s.run_id = $1 ORDER BY s.id`,
      [run.body.id],
    );
    expect(rows).toEqual([
      { rollups: 1, summaries: 1 },
      { rollups: 1, summaries: 1 },
    ]);
  });

  it('loses no acknowledged frame when killed with -9', async () => {
    const server = await start();
    const client = api(server.url, fixture.token);
    const run = await client.post('/v1/runs', runRequest());
    const acked: number[] = [];
    let next = 0;
    let killed = false;
    const agent = async () => {
      while (!killed) {
        const seq = next++;
        try {
          const response = await client.post(`/v1/runs/${run.body.id}/frames`, batch(seq, 50));
          if (response.status === 200) acked.push(seq);
        } catch {
          return;
        }
      }
    };
    const agents = Array.from({ length: 8 }, agent);
    // Kill while batches are in flight, once enough were acknowledged to make the check meaningful.
    for (let waited = 0; acked.length < 20 && waited < 30_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    killed = true;
    server.process.kill('SIGKILL');
    await Promise.all(agents);
    await server.exited;
    expect(acked.length).toBeGreaterThanOrEqual(20);
    const stored = await storedSeqs(run.body.id);
    const missing = acked.flatMap((seq) =>
      Array.from({ length: 50 }, (_, s) => `s${s}:${seq}`).filter((key) => !stored.has(key)),
    );
    expect(missing).toEqual([]);

    // A restarted instance accepts the agent's replay of everything, storing only what was lost.
    const restarted = await start();
    const replay = api(restarted.url, fixture.token);
    let duplicates = 0;
    for (let seq = 0; seq < next; seq += 1) {
      const response = await replay.post(`/v1/runs/${run.body.id}/frames`, batch(seq, 50));
      expect(response.status).toBe(200);
      duplicates += response.body.duplicates;
    }
    expect(duplicates).toBeGreaterThanOrEqual(acked.length * 50);
    expect((await storedSeqs(run.body.id)).size).toBe(next * 50);
    restarted.process.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
