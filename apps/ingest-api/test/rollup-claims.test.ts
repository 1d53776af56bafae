// Rollups shared by several instances through pending_rollups (rollup/sql.ts), on a real
// PostgreSQL: two ingest instances over one database merge every bucket exactly once between
// them; a batch that lands while its bucket is claimed keeps the bucket pending; running runs are
// claimed first.
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistogramMerger, hdrMerger } from '../src/rollup/merge.ts';
import { CLAIM_PENDING, EXPEDITE_RUNS, RELEASE_PENDING, UNCLAIM_PENDING } from '../src/rollup/sql.ts';
import { type RunningIngest, startIngest } from '../src/server.ts';
import { api, type Fixture, frame, runRequest, seedFixture } from './fixtures.ts';

let database: TestDatabase;
let fixture: Fixture;
let sql: pg.Pool;
const instances: RunningIngest[] = [];

/**
 * Counts its merges of buckets (those asking for heatmap bands; summaries do not). Its first
 * merge waits until the other instance's merger has started one
 * too, so both instances are seen sharing the work (not one draining it all before the other
 * looks); a failure to share fails the test instead of hanging it.
 */
class CountingMerger implements HistogramMerger {
  merges = 0;
  private started!: () => void;
  readonly begun = new Promise<void>((resolve) => {
    this.started = resolve;
  });
  other: CountingMerger | undefined;

  async merge(encoded: Uint8Array[], options?: { bands?: boolean }) {
    if (!options?.bands) return hdrMerger.merge(encoded, options);
    this.merges += 1;
    this.started();
    if (this.merges === 1) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.other!.begun,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the other instance merged nothing')), 20_000);
        }),
      ]).finally(() => clearTimeout(timer));
    }
    return hdrMerger.merge(encoded, options);
  }
}

const mergers = [new CountingMerger(), new CountingMerger()];
mergers[0]!.other = mergers[1];
mergers[1]!.other = mergers[0];

beforeAll(async () => {
  database = await createTestDatabase('ingest_claims');
  fixture = await seedFixture(database.url);
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  for (const merger of mergers) {
    instances.push(
      await startIngest({
        databaseUrl: database.url,
        host: '127.0.0.1',
        port: 0,
        webUrl: 'http://web.test',
        // Passes only when the test asks, so the two run at the same time.
        rollupIntervalMs: 3_600_000,
        rollupCpuShare: 1,
        merger,
        log: () => {},
      }),
    );
  }
});

afterAll(async () => {
  for (const instance of instances) await instance.drain();
  await sql?.end();
  await database?.drop();
});

const SERIES = ['a', 'b'];

/** `minutes` whole minutes of 1-s frames of every series, batch by batch, alternating instances. */
async function postMinutes(runId: string, minutes: number, firstSeq = 0): Promise<void> {
  const series = SERIES.map((key) => ({
    key,
    name: 'latency',
    kind: 'latency',
    unit: 'us',
    labels: { s: key },
  }));
  for (let seq = firstSeq; seq < firstSeq + minutes * 60; seq += 30) {
    const frames = SERIES.flatMap((key) => Array.from({ length: 30 }, (_, i) => frame(key, seq + i)));
    const client = api(instances[(seq / 30) % 2]!.url, fixture.token);
    expect((await client.post(`/v1/runs/${runId}/frames`, { series, frames })).status).toBe(200);
  }
}

async function newRun(): Promise<string> {
  const response = await api(instances[0]!.url, fixture.token).post('/v1/runs', runRequest());
  expect(response.status).toBe(201);
  return response.body.id;
}

describe('rollups shared between instances', () => {
  it('merges every bucket exactly once across two instances over one database', async () => {
    const runs: string[] = [];
    for (let r = 0; r < 4; r += 1) {
      const id = await newRun();
      await postMinutes(id, 3);
      runs.push(id);
    }
    // 4 runs × 3 minutes as (run, minute) buckets to claim, each with 2 series' buckets to merge.
    const { rows: pending } = await sql.query('SELECT count(*)::int AS n FROM pending_rollups');
    expect(pending[0].n).toBe(12);

    await Promise.all(instances.map((instance) => instance.ctx.rollup.flush()));

    expect(mergers[0]!.merges).toBeGreaterThan(0);
    expect(mergers[1]!.merges).toBeGreaterThan(0);
    expect(mergers[0]!.merges + mergers[1]!.merges).toBe(4 * 3 * SERIES.length);
    const { rows } = await sql.query(
      `SELECT r.frame_count, r.histogram IS NOT NULL AS merged
         FROM rollups r JOIN series s ON s.id = r.series_id WHERE s.run_id = ANY($1)`,
      [runs],
    );
    expect(rows).toHaveLength(24);
    expect(rows.every((row) => row.frame_count === 60 && row.merged)).toBe(true);
    const { rows: left } = await sql.query('SELECT count(*)::int AS n FROM pending_rollups');
    expect(left[0].n).toBe(0);
  });

  it('keeps a bucket pending when a batch writes into it while it is claimed', async () => {
    const id = await newRun();
    await postMinutes(id, 1);
    const claimed = await sql.query(CLAIM_PENDING, [10, true, 60_000]);
    expect(claimed.rows).toEqual([expect.objectContaining({ run_id: id, marks: 2 })]);
    const args = [[id], claimed.rows.map((c) => c.bucket_ms), claimed.rows.map((c) => c.marks)];
    // While the bucket is being merged, a frame of a new series lands in the same minute.
    const late = {
      series: [{ key: 'c', name: 'latency', kind: 'latency', unit: 'us', labels: { s: 'c' } }],
      frames: [frame('c', 5)],
    };
    expect((await api(instances[1]!.url, fixture.token).post(`/v1/runs/${id}/frames`, late)).status).toBe(
      200,
    );
    await sql.query(RELEASE_PENDING, args);
    await sql.query(UNCLAIM_PENDING, args);
    const { rows } = await sql.query('SELECT marks, claimed_until FROM pending_rollups WHERE run_id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ marks: 3, claimed_until: null }]);
  });

  it('claims the buckets of running runs before older ones of finished runs', async () => {
    // Everything pending so far is merged first, so only these two runs' buckets are left.
    await instances[0]!.ctx.rollup.flush(true);
    const finished = await newRun();
    await postMinutes(finished, 1);
    const running = await newRun();
    await postMinutes(running, 1, 600);
    // Finished as the finish route leaves it, without the pass the route starts (which would
    // merge both runs before the claims below could look at the order).
    await sql.query("UPDATE runs SET status = 'succeeded' WHERE id = $1", [finished]);
    await sql.query(EXPEDITE_RUNS, [[finished]]);
    const first = await sql.query(CLAIM_PENDING, [1, true, 60_000]);
    expect(first.rows.map((c) => c.run_id)).toEqual([running]);
    const second = await sql.query(CLAIM_PENDING, [1, true, 60_000]);
    expect(second.rows.map((c) => c.run_id)).toEqual([finished]);
  });
});
