// Published report versions as the database keeps them: a hash chain (each version's sha256
// covers the version before it) that the migration computes for versions published before it,
// that an insert can only extend, and whose versions no one deletes — not even the owner role
// while the triggers are on.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../src/migrate.ts';
import { createDatabaseBefore, createTestDatabase, type TestDatabase } from '../src/testing.ts';

const CHAIN_MIGRATION = '20261125070100_report_version_chain';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A report of its own, on a comparison of its own, in the migrated schema; returns its id. */
async function newReport(sql: pg.Pool, key: string): Promise<string> {
  await sql.query(`INSERT INTO organizations (id, slug, name) VALUES ($1, $1, 'O')`, [`org-${key}`]);
  await sql.query(`INSERT INTO projects (id, organization_id, slug, name) VALUES ($1, $2, 'p', 'P')`, [
    `project-${key}`,
    `org-${key}`,
  ]);
  await sql.query(
    `INSERT INTO comparisons (id, project_id, slug, title, updated_at) VALUES ($1, $2, $1, 'C', now())`,
    [`comparison-${key}`, `project-${key}`],
  );
  await sql.query(`INSERT INTO reports (id, comparison_id, slug) VALUES ($1, $2, $1)`, [
    `report-${key}`,
    `comparison-${key}`,
  ]);
  return `report-${key}`;
}

describe('the migration that chains report versions', () => {
  let database: TestDatabase;
  let sql: pg.Pool;
  beforeAll(async () => {
    database = await createDatabaseBefore(CHAIN_MIGRATION, 'chainmigration');
    sql = new pg.Pool({ connectionString: database.ownerUrl, max: 1 });
  });
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it("chains every report's versions, in order, over the snapshot hashes stored before it", async () => {
    const [a, b] = [await newReport(sql, 'a'), await newReport(sql, 'b')];
    const stored: [string, number, string][] = [
      [a, 1, '1'.repeat(64)],
      [a, 2, '2'.repeat(64)],
      [a, 3, '3'.repeat(64)],
      [b, 1, 'b'.repeat(64)],
    ];
    for (const [report, version, hash] of stored)
      await sql.query(
        `INSERT INTO report_versions (id, report_id, version, title, snapshot, sha256)
         VALUES ($1, $2, $3, 'T', '{}', $4)`,
        [`${report}-v${version}`, report, version, hash],
      );

    await applyMigrations(database.ownerUrl);

    // The bytes hashed, exactly as docs/reports.md defines them.
    const a1 = sha256(`{"previousSha256":null,"snapshotSha256":"${'1'.repeat(64)}"}`);
    const a2 = sha256(`{"previousSha256":"${a1}","snapshotSha256":"${'2'.repeat(64)}"}`);
    const a3 = sha256(`{"previousSha256":"${a2}","snapshotSha256":"${'3'.repeat(64)}"}`);
    const b1 = sha256(`{"previousSha256":null,"snapshotSha256":"${'b'.repeat(64)}"}`);
    const { rows } = await sql.query(
      'SELECT report_id, version, prev_sha256, sha256 FROM report_versions ORDER BY report_id, version',
    );
    expect(rows).toEqual([
      { report_id: a, version: 1, prev_sha256: null, sha256: a1 },
      { report_id: a, version: 2, prev_sha256: a1, sha256: a2 },
      { report_id: a, version: 3, prev_sha256: a2, sha256: a3 },
      { report_id: b, version: 1, prev_sha256: null, sha256: b1 },
    ]);
  });
});

describe('report versions in the database', () => {
  let database: TestDatabase;
  let sql: pg.Pool;
  let report: string;
  const v1 = sha256('version 1');
  const v2 = sha256('version 2');
  const insert = (version: number, prev: string | null, hash = sha256(`version ${version}`)) =>
    sql.query(
      `INSERT INTO report_versions (id, report_id, version, title, snapshot, sha256, prev_sha256)
       VALUES (gen_random_uuid()::text, $1, $2, 'T', '{}', $3, $4)`,
      [report, version, hash, prev],
    );

  beforeAll(async () => {
    database = await createTestDatabase('chain');
    // As the owner role: what the triggers refuse, they refuse to it too.
    sql = new pg.Pool({ connectionString: database.ownerUrl, max: 1 });
    report = await newReport(sql, 'r');
    await insert(1, null, v1);
    await insert(2, v1, v2);
  });
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it('takes a new version only after the latest one, carrying its hash', async () => {
    await expect(insert(3, sha256('version 1'))).rejects.toThrow(
      `report version 3 of report ${report} must have prev_sha256 ${v2} (the sha256 of version 2), not ${v1}`,
    );
    await expect(insert(3, null)).rejects.toThrow(/must have prev_sha256 .* not null/);
    await expect(insert(4, v2)).rejects.toThrow(
      `report ${report} cannot get version 4: its next version is 3`,
    );
    await expect(insert(2, v1)).rejects.toThrow(/its next version is 3/);
    const other = await newReport(sql, 'other');
    await expect(
      sql.query(
        `INSERT INTO report_versions (id, report_id, version, title, snapshot, sha256, prev_sha256)
         VALUES ('x', $1, 1, 'T', '{}', $2, $3)`,
        [other, v1, v2],
      ),
    ).rejects.toThrow(/must have prev_sha256 null \(it is the first version\)/);
    await insert(3, v2);
  });

  it('refuses to delete a version, a report with versions, or anything whose delete reaches them', async () => {
    const permanent = /is permanent and cannot be deleted: to take a report down, make it private/;
    await expect(sql.query('DELETE FROM report_versions WHERE version = 3')).rejects.toThrow(permanent);
    await expect(sql.query('DELETE FROM reports WHERE id = $1', [report])).rejects.toThrow(permanent);
    await expect(sql.query(`DELETE FROM organizations WHERE id = 'org-r'`)).rejects.toThrow(permanent);
    await expect(sql.query('TRUNCATE report_versions')).rejects.toThrow(
      'report versions are permanent: TRUNCATE of report_versions is refused',
    );
    await expect(sql.query('TRUNCATE reports CASCADE')).rejects.toThrow(
      /TRUNCATE of report_versions is refused/,
    );
    expect((await sql.query('SELECT 1 FROM report_versions WHERE report_id = $1', [report])).rowCount).toBe(
      3,
    );
  });

  it('refuses to change the link to the previous version', async () => {
    await expect(
      sql.query('UPDATE report_versions SET prev_sha256 = NULL WHERE version = 2'),
    ).rejects.toThrow(/report version 2 of report .* is immutable/);
  });
});
