// A report's versions form a hash chain (reports/snapshot.ts: versionSha256): publishing links
// each version to the one before, and `verify` checks the whole chain and names the first
// version that breaks it — a version forged by DELETE + INSERT, a snapshot altered in place, a
// deleted version — each done here as an attacker holding the database's owner role would, with
// the triggers switched off. Versions published before the chain existed are chained by its
// migration, and verify accepts them.
import { createPrismaClient, type Prisma, type PrismaClient } from '@levelfield/db/client';
import { applyMigrations } from '@levelfield/db/migrate';
import { createDatabaseBefore, createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '~/server/comparisons/create';
import { publishReport } from '~/server/reports/publish';
import { verifyReport } from '~/server/reports/read';
import { snapshotSha256, versionSha256 } from '~/server/reports/snapshot';
import { finishedRun, orgWithPeople } from './support.ts';

let database: TestDatabase;
let db: PrismaClient;
let owner: PrismaClient;
let publisher = '';
let projectId = '';

beforeAll(async () => {
  database = await createTestDatabase('reportchain');
  db = createPrismaClient(database.url, { max: 2 });
  owner = createPrismaClient(database.ownerUrl, { max: 1 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', { owner: { name: 'Olga Owner', role: 'owner' } });
  publisher = ids.owner;
  projectId = (
    await db.project.create({
      data: { organizationId: orgId, slug: 'demo', name: 'Demo', visibility: 'public' },
    })
  ).id;
});

afterAll(async () => {
  await db?.$disconnect();
  await owner?.$disconnect();
  await database?.drop();
});

/** A public report of its own with `count` versions (each republished under a new title). */
async function publishVersions(slug: string, count: number): Promise<void> {
  const runs = [await finishedRun(db, projectId, `${slug} a`), await finishedRun(db, projectId, `${slug} b`)];
  await createComparison(
    db,
    publisher,
    { projectId },
    { slug, title: slug, entries: runs.map((id, i) => ({ label: `${slug} ${i}`, runIds: [id] })) },
  );
  for (let version = 1; version <= count; version++)
    await publishReport(db, publisher, {
      comparison: slug,
      visibility: 'public',
      title: `${slug} v${version}`,
    });
}

/** Changes report_versions with the triggers off, as the owner role may (and the app role may not). */
async function asOwnerWithoutTriggers(change: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  await owner.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('ALTER TABLE report_versions DISABLE TRIGGER USER');
    await change(tx);
    await tx.$executeRawUnsafe('ALTER TABLE report_versions ENABLE TRIGGER USER');
  });
}

describe('publishing', () => {
  it("links each version to the one before, and each version's hash covers that link", async () => {
    await publishVersions('chained', 3);
    const [v1, v2, v3] = await db.reportVersion.findMany({
      where: { report: { slug: 'chained' } },
      orderBy: { version: 'asc' },
      select: { snapshot: true, sha256: true, prevSha256: true },
    });
    expect([v1?.prevSha256, v2?.prevSha256, v3?.prevSha256]).toEqual([null, v1?.sha256, v2?.sha256]);
    for (const v of [v1, v2, v3])
      expect(v?.sha256).toBe(versionSha256(v?.prevSha256 ?? null, snapshotSha256(v?.snapshot)));
    expect(new Set([v1?.sha256, v2?.sha256, v3?.sha256]).size).toBe(3);
    expect(await verifyReport(db, null, 'chained')).toEqual({
      slug: 'chained',
      version: 3,
      sha256: v3?.sha256,
      prevSha256: v2?.sha256,
      valid: true,
      broken: null,
    });
  });
});

describe('verify', () => {
  it('names a version forged by DELETE + INSERT, whichever version is asked', async () => {
    await publishVersions('forged', 2);
    const v1 = await db.reportVersion.findFirstOrThrow({
      where: { report: { slug: 'forged' }, version: 1 },
      select: { id: true, title: true, snapshot: true, publishedAt: true },
    });
    const snapshot = v1.snapshot as { comparison: { title: string } };
    const forged = { ...snapshot, comparison: { ...snapshot.comparison, title: 'What was never published' } };
    // The forged version re-hashes fine on its own: its hash is computed as publishing would.
    const sha256 = versionSha256(null, snapshotSha256(forged));
    await asOwnerWithoutTriggers(async (tx) => {
      await tx.$executeRaw`DELETE FROM report_versions WHERE id = ${v1.id}`;
      await tx.$executeRaw`
        INSERT INTO report_versions (id, report_id, version, title, snapshot, sha256, published_at)
        SELECT ${v1.id}, id, 1, ${v1.title}, ${JSON.stringify(forged)}::jsonb, ${sha256}, ${v1.publishedAt}
        FROM reports WHERE slug = 'forged'`;
    });
    for (const version of [undefined, 1, 2]) {
      const verdict = await verifyReport(db, null, 'forged', version);
      expect(verdict.valid, `verify of version ${version ?? 'latest'}`).toBe(false);
      expect(verdict.broken).toEqual({
        version: 2,
        reason: expect.stringMatching(
          new RegExp(
            `^it does not link to version 1: it records [0-9a-f]{64} as that version's hash, but version 1 now has ${sha256}`,
          ),
        ),
      });
    }
  });

  it('names a snapshot altered in place, and a deleted version', async () => {
    await publishVersions('altered', 3);
    await asOwnerWithoutTriggers(
      (tx) => tx.$executeRaw`
        UPDATE report_versions SET snapshot = jsonb_set(snapshot, '{comparison,title}', '"tampered"')
        WHERE version = 2 AND report_id = (SELECT id FROM reports WHERE slug = 'altered')`,
    );
    expect((await verifyReport(db, null, 'altered', 3)).broken).toEqual({
      version: 2,
      reason: expect.stringMatching(
        /^it re-hashes to [0-9a-f]{64}, not to its stored [0-9a-f]{64}: its snapshot/,
      ),
    });

    await publishVersions('gap', 3);
    await asOwnerWithoutTriggers(
      (tx) => tx.$executeRaw`
        DELETE FROM report_versions WHERE version = 2 AND report_id = (SELECT id FROM reports WHERE slug = 'gap')`,
    );
    expect(await verifyReport(db, null, 'gap')).toMatchObject({
      version: 3,
      valid: false,
      broken: { version: 2, reason: 'version 2 is missing: it was deleted' },
    });
  });
});

describe('versions published before the chain', () => {
  let legacy: TestDatabase;
  let legacyDb: PrismaClient;
  afterAll(async () => {
    await legacyDb?.$disconnect();
    await legacy?.drop();
  });

  it('are chained by its migration over their snapshot hashes, and verify accepts them', async () => {
    legacy = await createDatabaseBefore('20261125070100_report_version_chain', 'reportlegacy');
    legacyDb = createPrismaClient(legacy.ownerUrl, { max: 1 });
    // Snapshots as JSON written by JavaScript and read back from jsonb, with what canonical JSON
    // must get right: key order, non-ASCII text, exponents, negative zero.
    const snapshots = [
      { z: 1, a: { é: 'Ünïcödé ✓', b: [1e-7, 0.1, 1e21, -0] }, title: 'first' },
      { title: 'second', n: 123456789.125, nested: { y: null, x: true } },
    ];
    // As the code before the chain published them: the snapshot's hash is the version's.
    await legacyDb.$executeRaw`INSERT INTO organizations (id, slug, name) VALUES ('o', 'o', 'O')`;
    await legacyDb.$executeRaw`
      INSERT INTO projects (id, organization_id, slug, name, visibility) VALUES ('p', 'o', 'p', 'P', 'public')`;
    await legacyDb.$executeRaw`
      INSERT INTO comparisons (id, project_id, slug, title, updated_at) VALUES ('c', 'p', 'c', 'C', now())`;
    await legacyDb.$executeRaw`
      INSERT INTO reports (id, comparison_id, slug, visibility) VALUES ('r', 'c', 'legacy', 'public')`;
    for (const [i, snapshot] of snapshots.entries())
      await legacyDb.$executeRaw`
        INSERT INTO report_versions (id, report_id, version, title, snapshot, sha256)
        VALUES (${`v${i + 1}`}, 'r', ${i + 1}, 'T', ${JSON.stringify(snapshot)}::jsonb, ${snapshotSha256(snapshot)})`;
    await applyMigrations(legacy.ownerUrl);
    const v1 = versionSha256(null, snapshotSha256(snapshots[0]));
    const v2 = versionSha256(v1, snapshotSha256(snapshots[1]));
    expect(await verifyReport(legacyDb, null, 'legacy')).toEqual({
      slug: 'legacy',
      version: 2,
      sha256: v2,
      prevSha256: v1,
      valid: true,
      broken: null,
    });
  });
});
