import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../src/migrate.ts';
import { migrationsDir } from '../src/paths.ts';
import { createEmptyDatabase, type TestDatabase } from '../src/testing.ts';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('repairing run times stored before they were bounded', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createEmptyDatabase('repair');
  });
  afterAll(async () => database.drop());

  it('moves a start or end past JavaScript dates to when the row was written, and leaves sound runs', async () => {
    const repair = '20261128150000_repair_future_run_times';
    const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-migrations-'));
    try {
      await cp(migrationsDir, dir, { recursive: true });
      await rm(path.join(dir, repair), { recursive: true });
      await applyMigrations(database.ownerUrl, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await query(
      database.ownerUrl,
      `INSERT INTO organizations (id, slug, name) VALUES ('o', 'o', 'O');
       INSERT INTO projects (id, organization_id, slug, name) VALUES ('p', 'o', 'p', 'P');
       INSERT INTO runs (id, project_id, name, benchmark, source, started_at, ended_at, created_at, updated_at) VALUES
         ('far', 'p', 'far', 'pgbench', 'agent', '275760-09-14 00:00:00', '275760-09-14 00:01:00', '2026-11-01 10:00:00', '2026-11-01 10:05:00'),
         ('sound', 'p', 'sound', 'pgbench', 'agent', '2026-11-01 10:00:00', '2026-11-01 10:05:00', '2026-11-01 10:00:00', '2026-11-01 10:05:00')`,
    );
    expect((await applyMigrations(database.ownerUrl)).applied).toEqual([repair]);
    const rows = await query<{ id: string; started: string; ended: string }>(
      database.ownerUrl,
      'SELECT id, started_at::text AS started, ended_at::text AS ended FROM runs ORDER BY id',
    );
    expect(rows.map((r) => [r.id, r.started, r.ended])).toEqual([
      ['far', '2026-11-01 10:00:00', '2026-11-01 10:05:00'],
      ['sound', '2026-11-01 10:00:00', '2026-11-01 10:05:00'],
    ]);
  });
});

describe('applyMigrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createEmptyDatabase('migrate');
  });
  afterAll(async () => database.drop());

  it('applies every migration to an empty database and records it in Prisma’s ledger', async () => {
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    const result = await applyMigrations(database.ownerUrl);
    expect(result.applied).toEqual(migrations.map((m) => m.name));
    const ledger = await query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      database.ownerUrl,
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(ledger.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    expect(ledger.map((r) => r.checksum)).toEqual(migrations.map((m) => m.checksum));
    expect(ledger.every((r) => r.finished_at instanceof Date)).toBe(true);
    const tables = await query<{ tablename: string }>(
      database.ownerUrl,
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(tables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining(['runs', 'frames', 'series', 'api_tokens', 'report_versions']),
    );
  });

  it('is a no-op the second time', async () => {
    const result = await applyMigrations(database.ownerUrl);
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBeGreaterThan(0);
  });

  it('refuses to continue when an applied migration was edited', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-migrations-'));
    try {
      await cp(migrationsDir, dir, { recursive: true });
      const [first] = await readMigrations(dir);
      await writeFile(path.join(dir, first!.name, 'migration.sql'), `${first!.sql}\n-- edited\n`);
      await expect(applyMigrations(database.ownerUrl, dir)).rejects.toThrow(
        /was changed after it was applied/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rolls back a failing migration and leaves the database as it was', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-migrations-'));
    try {
      await cp(migrationsDir, dir, { recursive: true });
      await cp(
        path.join(migrationsDir, (await readMigrations())[0]!.name),
        path.join(dir, '99999999999999_broken'),
        { recursive: true },
      );
      await writeFile(
        path.join(dir, '99999999999999_broken', 'migration.sql'),
        'CREATE TABLE broken_probe (id int);\nSELECT no_such_function();\n',
      );
      await expect(applyMigrations(database.ownerUrl, dir)).rejects.toThrow(
        /99999999999999_broken failed and was rolled back/,
      );
      const probe = await query(
        database.ownerUrl,
        "SELECT 1 FROM pg_tables WHERE tablename = 'broken_probe'",
      );
      expect(probe).toEqual([]);
      const ledger = await query(
        database.ownerUrl,
        `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`,
      );
      expect(ledger).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
