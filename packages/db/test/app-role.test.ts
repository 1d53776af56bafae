// The web app and the ingest API sign in as the app role (src/roles.ts): it can do the app's
// work, and nothing that would let it rewrite history — no DDL, no TRUNCATE, no switching a
// trigger off, no deleting a published report version. Checked on a real PostgreSQL, as the
// role a test database gives every suite.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '../src/client.ts';
import { withCredentials } from '../src/database.ts';
import { applyMigrations } from '../src/migrate.ts';
import { migrationsDir } from '../src/paths.ts';
import { ensureAppRole, grantAppRole } from '../src/roles.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
let app: pg.Pool;
let owner: pg.Pool;
let db: PrismaClient;

beforeAll(async () => {
  database = await createTestDatabase('approle');
  app = new pg.Pool({ connectionString: database.url, max: 1 });
  owner = new pg.Pool({ connectionString: database.ownerUrl, max: 1 });
  db = createPrismaClient(database.url, { max: 1 });
});
afterAll(async () => {
  await Promise.all([app?.end(), owner?.end(), db?.$disconnect()]);
  await database?.drop();
});

/** A published report version (as the app publishes one), by a user who can be deleted. */
async function publishedVersion(publisherEmail: string) {
  const user = await db.user.create({ data: { email: publisherEmail } });
  const org = await db.organization.create({ data: { slug: `o-${user.id}`, name: 'O' } });
  const project = await db.project.create({ data: { organizationId: org.id, slug: 'p', name: 'P' } });
  const comparison = await db.comparison.create({ data: { projectId: project.id, slug: 'c', title: 'C' } });
  const report = await db.report.create({ data: { comparisonId: comparison.id, slug: `r-${user.id}` } });
  const version = await db.reportVersion.create({
    data: {
      reportId: report.id,
      version: 1,
      title: 'C',
      snapshot: {},
      sha256: 'a'.repeat(64),
      publishedById: user.id,
    },
  });
  return { user, version };
}

describe('the app role', () => {
  it("is no superuser and owns no table, yet does the app's work", async () => {
    const { rows } = await app.query<{ rolsuper: boolean; owned: number }>(
      `SELECT rolsuper, (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owned
       FROM pg_roles WHERE rolname = current_user`,
    );
    expect(rows).toEqual([{ rolsuper: false, owned: 0 }]);
    // Reads, writes, updates and deletes rows, publishes a report version …
    const { user, version } = await publishedVersion('publisher@example.test');
    await db.user.update({ where: { id: user.id }, data: { name: 'Renamed' } });
    await db.session.create({
      data: { sessionToken: 's', userId: user.id, expires: new Date(Date.now() + 1e6) },
    });
    // … and deletes an account: its sessions go, its published versions stay, without a publisher.
    await db.user.delete({ where: { id: user.id } });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.reportVersion.findUniqueOrThrow({ where: { id: version.id } })).toMatchObject({
      publishedById: null,
      sha256: 'a'.repeat(64),
    });
  });

  it.each([
    ['DROP TABLE runs', /must be owner of table runs/],
    ['ALTER TABLE runs ADD COLUMN probe INT', /must be owner of table runs/],
    ['CREATE TABLE probe (id INT)', /permission denied for schema public/],
    ['TRUNCATE frames', /permission denied for table frames/],
    [
      'ALTER TABLE report_versions DISABLE TRIGGER report_versions_permanent',
      /must be owner of table report_versions/,
    ],
    ['ALTER TABLE report_versions DISABLE TRIGGER ALL', /must be owner of table report_versions/],
    ['SET session_replication_role = replica', /permission denied to set parameter/],
    ['DELETE FROM report_versions', /permission denied for table report_versions/],
    ["UPDATE report_versions SET title = 'rewritten'", /permission denied for table report_versions/],
    ['SELECT * FROM _prisma_migrations', /permission denied for table _prisma_migrations/],
  ])('cannot %s', async (statement, refusal) => {
    await expect(app.query(statement)).rejects.toThrow(refusal);
  });

  it('may use the tables of later migrations, and report versions stay append-only after them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-migrations-'));
    try {
      await cp(migrationsDir, dir, { recursive: true });
      await mkdir(path.join(dir, '99999999999999_probe'));
      await writeFile(
        path.join(dir, '99999999999999_probe', 'migration.sql'),
        'CREATE TABLE "probes" ("id" INTEGER PRIMARY KEY);\n',
      );
      await applyMigrations(database.ownerUrl, dir);
      // The default privileges alone already cover the new table …
      await app.query('INSERT INTO probes (id) VALUES (1)');
      // … and granting again after migrating, as `cli.ts serve` and `migrate` do, keeps the rest.
      await ensureAppRole(database.ownerUrl, database.url);
      await app.query('UPDATE probes SET id = 2');
      expect((await app.query('DELETE FROM probes')).rowCount).toBe(1);
      await expect(app.query('DELETE FROM report_versions')).rejects.toThrow(/permission denied/);
      await expect(app.query('DROP TABLE probes')).rejects.toThrow(/must be owner/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('granting the app role', () => {
  it('refuses a superuser, or a role with the rights of the owner role', async () => {
    const superuser = decodeURIComponent(new URL(database.ownerUrl).username);
    await expect(grantAppRole(database.ownerUrl, superuser)).rejects.toThrow(/is a superuser/);
    const member = `${database.name}_member`;
    await owner.query(`CREATE ROLE "${member}" LOGIN IN ROLE "${superuser}"`);
    try {
      await expect(grantAppRole(database.ownerUrl, member)).rejects.toThrow(
        new RegExp(`${member} is, or has the rights of, ${superuser}, the role that owns the tables`),
      );
    } finally {
      await owner.query(`DROP ROLE "${member}"`);
    }
  });

  it('says how to create a role that does not exist when it has no password for it', async () => {
    await expect(grantAppRole(database.ownerUrl, `${database.name}_nobody`)).rejects.toThrow(
      /does not exist: create it first \(CREATE ROLE .* LOGIN PASSWORD/,
    );
    const absent = withCredentials(database.ownerUrl, `${database.name}_nobody`, '');
    await expect(ensureAppRole(database.ownerUrl, absent)).rejects.toThrow(/does not exist/);
  });

  it('says so when the role exists with another password than the one it is given', async () => {
    const role = decodeURIComponent(new URL(database.url).username);
    await expect(
      ensureAppRole(database.ownerUrl, withCredentials(database.url, role, 'not-its-password')),
    ).rejects.toThrow(
      new RegExp(
        `could not sign in as the app role ${role} .*password authentication failed.*ALTER ROLE "${role}" PASSWORD`,
      ),
    );
  });
});
