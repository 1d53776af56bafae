// frames partitioned by day (migration 20261126231500_partitioned_frames) on a real PostgreSQL:
// the migration keeps every frame, the service creates partitions ahead, and retention deletes a
// project's old frames or drops whole partitions, never rollups.
import { applyMigrations } from '@levelfield/db/migrate';
import { createDatabaseBefore, createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/ids.ts';
import { FramePartitions } from '../src/storage/partitions.ts';
import { type Fixture, HISTOGRAM, seedFixture } from './fixtures.ts';

const MIGRATION = '20261126231500_partitioned_frames';
const DAY = 86_400_000;
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const database of databases) await database.drop();
});

/** A run of `projectId` with one series; its id. */
async function newSeries(db: pg.Pool, projectId: string): Promise<string> {
  const runId = newId();
  const seriesId = newId();
  await db.query(
    `INSERT INTO runs (id, project_id, name, benchmark, source, started_at, updated_at)
     VALUES ($1, $2, 'run', 'pgbench', 'agent', now(), now())`,
    [runId, projectId],
  );
  await db.query(
    `INSERT INTO series (id, run_id, name, kind, unit, labels_key) VALUES ($1, $2, 'latency', 'latency', 'us', '')`,
    [seriesId, runId],
  );
  return seriesId;
}

/** One frame of the series starting at `startMs`. */
async function insertFrame(db: pg.Pool, seriesId: string, seq: number, startMs: number): Promise<void> {
  await db.query(
    `INSERT INTO frames (series_id, seq, start_at, end_at, count, min, max, mean, p50, p90, p95, p99, p999, histogram)
     VALUES ($1, $2, $3, $4, 1000, 1, 9, 5, 5, 8, 8, 9, 9, decode($5, 'base64'))`,
    [seriesId, seq, new Date(startMs), new Date(startMs + 1000), HISTOGRAM],
  );
}

const everyFrame = async (db: pg.Pool) =>
  (
    await db.query(
      `SELECT series_id, seq, start_at, end_at, warmup, count, min, max, mean, p50, p90, p95, p99, p999,
              md5(histogram) AS histogram
         FROM frames ORDER BY series_id, seq, start_at`,
    )
  ).rows;

describe('the migration to partitioned frames', () => {
  it('keeps every frame, in the old table as the first partition', async () => {
    const database = await createDatabaseBefore(MIGRATION, 'ingest_partitions');
    databases.push(database);
    const owner = new pg.Pool({ connectionString: database.ownerUrl, max: 1 });
    try {
      const fixture = await seedFixture(database.ownerUrl);
      const series = [
        await newSeries(owner, fixture.projectId),
        await newSeries(owner, fixture.otherProjectId),
      ];
      // From a month ago to an hour ahead (the hot path accepts up to a day ahead).
      for (const [index, id] of series.entries())
        for (let seq = 0; seq < 40; seq += 1)
          await insertFrame(owner, id, seq, Date.now() - 30 * DAY + seq * 19 * 3_600_000 + index);
      const before = await everyFrame(owner);
      expect(before).toHaveLength(80);

      await applyMigrations(database.ownerUrl);

      expect(await everyFrame(owner)).toEqual(before);
      const { rows } = await owner.query(
        `SELECT (SELECT relkind::text FROM pg_class WHERE oid = 'frames'::regclass) AS kind,
                array_agg(DISTINCT tableoid::regclass::text) AS partitions FROM frames`,
      );
      expect(rows[0]).toEqual({ kind: 'p', partitions: ['frames_legacy'] });
    } finally {
      await owner.end();
    }
  });
});

describe('partition upkeep and retention', () => {
  let database: TestDatabase;
  let fixture: Fixture;
  let app: pg.Pool;
  let owner: pg.Pool;
  let partitions: FramePartitions;

  beforeAll(async () => {
    database = await createTestDatabase('ingest_retention');
    databases.push(database);
    fixture = await seedFixture(database.url);
    // As the service signs in: the app role, which owns no table.
    app = new pg.Pool({ connectionString: database.url, max: 2 });
    owner = new pg.Pool({ connectionString: database.ownerUrl, max: 1 });
    partitions = new FramePartitions({ db: app, log: () => {}, deleteBatch: 2 });
  });

  afterAll(async () => {
    await partitions?.stop();
    await app?.end();
    await owner?.end();
  });

  const partitionOf = async (seriesId: string) =>
    (
      await app.query('SELECT DISTINCT tableoid::regclass::text AS name FROM frames WHERE series_id = $1', [
        seriesId,
      ])
    ).rows.map((row) => row.name);

  it('creates the partitions of the coming days once, as the app role, and frames land in them', async () => {
    await partitions.start();
    // The first partition covers up to tomorrow; start() made the three days after it.
    expect(await partitions.createAhead()).toBe(0);
    const { rows } = await app.query('SELECT name FROM levelfield_frame_partitions() ORDER BY from_at');
    const day = (offset: number) =>
      `frames_p${new Date(Date.now() + offset * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(rows.map((row) => row.name)).toEqual(['frames_legacy', day(1), day(2), day(3)]);
    const seriesId = await newSeries(app, fixture.projectId);
    await insertFrame(
      app,
      seriesId,
      0,
      Date.parse(`${new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)}T12:00:00Z`),
    );
    expect(await partitionOf(seriesId)).toEqual([day(2)]);
  });

  it('leaves a day whose frames went to the default partition there, and creates the others', async () => {
    // 10 days ahead: no partition covers it, so the frame goes to frames_default.
    const seriesId = await newSeries(app, fixture.projectId);
    const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    await insertFrame(app, seriesId, 0, Date.parse(`${day}T08:00:00Z`));
    expect(await partitionOf(seriesId)).toEqual(['frames_default']);
    const { rows } = await app.query(
      'SELECT levelfield_create_frame_partitions($1::date - 1, 3) AS created',
      [day],
    );
    expect(rows[0].created).toBe(2);
    expect(await partitionOf(seriesId)).toEqual(['frames_default']);
    await owner.query('DELETE FROM frames WHERE series_id = $1', [seriesId]);
  });

  it("deletes frames past their own project's retention, keeping rollups and other projects' frames", async () => {
    await owner.query('UPDATE projects SET raw_frame_retention_days = 7 WHERE id = $1', [fixture.projectId]);
    const kept = await newSeries(app, fixture.otherProjectId);
    const expiring = await newSeries(app, fixture.projectId);
    for (let seq = 0; seq < 5; seq += 1) {
      await insertFrame(app, expiring, seq, Date.now() - 10 * DAY + seq * 1000);
      await insertFrame(app, kept, seq, Date.now() - 10 * DAY + seq * 1000);
    }
    await insertFrame(app, expiring, 5, Date.now() - 3_600_000);
    await app.query(
      `INSERT INTO rollups (series_id, width_seconds, bucket_start, frame_count, count, min, max, mean,
                            p50, p90, p95, p99, p999, updated_at)
       VALUES ($1, 60, now() - interval '10 days', 5, 5000, 1, 9, 5, 5, 8, 8, 9, 9, now())`,
      [expiring],
    );
    // Another project keeps its frames for good: no partition may go, rows are deleted (2 at a time).
    expect(await partitions.expire()).toEqual({ dropped: 0, deleted: 5 });
    const count = async (seriesId: string) =>
      (await app.query('SELECT count(*)::int AS n FROM frames WHERE series_id = $1', [seriesId])).rows[0].n;
    expect(await count(expiring)).toBe(1);
    expect(await count(kept)).toBe(5);
    const { rows } = await app.query('SELECT frame_count FROM rollups WHERE series_id = $1', [expiring]);
    expect(rows).toEqual([{ frame_count: 5 }]);
  });

  it('detaches and drops whole partitions once every project has let them expire', async () => {
    // Days long past as partitions of their own (the first partition covers them otherwise).
    await owner.query('ALTER TABLE frames DETACH PARTITION frames_legacy');
    await owner.query('DROP TABLE frames_legacy');
    const oldDay = new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10);
    expect(
      (await owner.query(`SELECT levelfield_create_frame_partitions($1, 3) AS n`, [oldDay])).rows[0].n,
    ).toBe(3);
    const old = await newSeries(app, fixture.otherProjectId);
    await insertFrame(app, old, 0, Date.parse(`${oldDay}T06:00:00Z`));
    expect(await partitionOf(old)).toEqual([`frames_p${oldDay.replaceAll('-', '')}`]);

    expect((await partitions.expire()).dropped).toBe(0);
    await owner.query(
      'UPDATE projects SET raw_frame_retention_days = 14 WHERE raw_frame_retention_days IS NULL',
    );
    expect(await partitions.expire()).toEqual({ dropped: 3, deleted: 0 });
    expect(await partitionOf(old)).toEqual([]);
    const { rows } = await app.query(
      'SELECT count(*)::int AS n FROM levelfield_frame_partitions() WHERE to_at < now()',
    );
    expect(rows[0].n).toBe(0);
  });
});
