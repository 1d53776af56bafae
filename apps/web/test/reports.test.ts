// Reports against a real PostgreSQL: publishing freezes a comparison into numbered immutable
// versions (the database refuses edits), republishing adds a version only when something
// changed, `verify` recomputes the hash, the diff names what changed, and a report's own
// visibility decides who reads it.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { decodeHistogram, encodeCompressed, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '~/server/comparisons/create';
import { decideCheck } from '~/server/comparisons/decide';
import { loadDemoComparisons } from '~/server/comparisons/demo';
import { getComparison } from '~/server/comparisons/view';
import { loadDemoReport } from '~/server/reports/demo';
import { snapshotChanges } from '~/server/reports/diff';
import { publishReport } from '~/server/reports/publish';
import { getReport, publicReports, verifyReport } from '~/server/reports/read';
import { listThreads } from '~/server/reports/threads';
import { orgWithPeople, outcome } from './support.ts';

const SLUG = 'rama-vs-cockroachdb-tpcc';
let database: TestDatabase;
let db: PrismaClient;
/** As the owner role, which the tests below use as an attacker holding it would. */
let owner: PrismaClient;
const fx = { owner: '', reviewer: '', outsider: '' };

beforeAll(async () => {
  database = await createTestDatabase('reports');
  db = createPrismaClient(database.url, { max: 2 });
  owner = createPrismaClient(database.ownerUrl, { max: 1 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', {
    owner: { name: 'Olga Owner', role: 'owner' },
    reviewer: { name: 'Rex Reviewer', role: 'reviewer' },
    outsider: { name: 'Oz Outsider', role: null },
  });
  Object.assign(fx, ids);
  await db.project.create({
    data: { organizationId: orgId, slug: 'demo', name: 'Demo', visibility: 'public' },
  });
  await loadDemoComparisons(db);
});

afterAll(async () => {
  await db?.$disconnect();
  await owner?.$disconnect();
  await database?.drop();
});

describe('publishing', () => {
  it('only publishers publish; the first version freezes the comparison with its hash', async () => {
    expect(await outcome(publishReport(db, fx.reviewer, { comparison: SLUG, visibility: 'public' }))).toBe(
      'FORBIDDEN',
    );
    expect(await outcome(publishReport(db, null, { comparison: SLUG, visibility: 'public' }))).toBe(
      'UNAUTHENTICATED',
    );
    const first = await publishReport(db, fx.owner, { comparison: SLUG, visibility: 'public' });
    expect(first).toMatchObject({ slug: SLUG, version: 1, unchanged: false });
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    const report = await getReport(db, null, SLUG);
    const snap = report.version.snapshot;
    expect(snap.format).toBe('levelfield.report/v1');
    expect(snap.report).toMatchObject({ slug: SLUG, version: 1, publishedBy: 'Olga Owner' });
    expect(snap.entries.map((e) => e.label)).toEqual(['CockroachDB', 'Rama']);
    expect(snap.checks.find((c) => c.id === 'F-HW-1')?.state).toBe('flag');
    expect(snap.entries[0]?.runs[0]?.provenance).toBeTruthy();
    expect(
      snap.headline.find((r) => r.key === 'costPerTpmCPerHour')?.cells.map((c) => c.value?.toFixed(7)),
    ).toEqual(['0.0000831', '0.0000524']);
  });

  it('republishing without a change adds no version', async () => {
    const again = await publishReport(db, fx.owner, { comparison: SLUG, visibility: 'public' });
    expect(again).toMatchObject({ version: 1, unchanged: true });
    expect(await db.reportVersion.count()).toBe(1);
  });

  it('a change makes version 2; the diff names it; verify answers valid for both', async () => {
    await decideCheck(db, fx.owner, {
      slug: SLUG,
      checkId: 'F-HW-3',
      decision: 'waived',
      justification: 'Both vendors ran the newest generation they offered at the time.',
    });
    const second = await publishReport(db, fx.owner, {
      comparison: SLUG,
      visibility: 'public',
      title: 'Rama vs CockroachDB on TPC-C (reviewed)',
    });
    expect(second).toMatchObject({ version: 2, unchanged: false });
    const [v1, v2] = await Promise.all([getReport(db, null, SLUG, 1), getReport(db, null, SLUG, 2)]);
    expect(v2.versions.map((v) => v.version)).toEqual([2, 1]);
    const changes = snapshotChanges(v1.version.snapshot, v2.version.snapshot);
    expect(changes).toContainEqual({
      section: 'report',
      label: 'Title',
      before: v1.version.title,
      after: 'Rama vs CockroachDB on TPC-C (reviewed)',
    });
    const waived = changes.find((c) => c.section === 'checks' && c.label.startsWith('F-HW-3'));
    expect(waived?.after).toContain('waived: Both vendors ran the newest generation');
    expect(snapshotChanges(v1.version.snapshot, v1.version.snapshot)).toEqual([]);
    for (const version of [1, 2]) {
      const verdict = await verifyReport(db, null, SLUG, version);
      expect(verdict).toEqual({
        slug: SLUG,
        version,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        prevSha256: version === 1 ? null : expect.stringMatching(/^[0-9a-f]{64}$/),
        valid: true,
        broken: null,
      });
    }
    expect((await verifyReport(db, null, SLUG)).version).toBe(2);
    expect(await outcome(verifyReport(db, null, SLUG, 9))).toBe('NOT_FOUND');
  });

  it('keeps its slug and refuses a taken one', async () => {
    expect(
      await outcome(
        publishReport(db, fx.owner, { comparison: SLUG, slug: 'another-slug', visibility: 'public' }),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      await outcome(
        publishReport(db, fx.owner, { comparison: 'rds-mysql-tpcc', slug: SLUG, visibility: 'public' }),
      ),
    ).toBe('CONFLICT');
  });
});

describe('immutability and verification', () => {
  it('the database refuses to rewrite a published version', async () => {
    // The app's own role may not even try; the owner role meets the trigger.
    await expect(
      db.$executeRaw`UPDATE report_versions SET title = 'rewritten' WHERE version = 1`,
    ).rejects.toThrow(/permission denied for table report_versions/);
    await expect(
      owner.$executeRaw`UPDATE report_versions SET title = 'rewritten' WHERE version = 1`,
    ).rejects.toThrow(/immutable: publish a new version instead/);
    await expect(
      owner.$executeRaw`UPDATE report_versions SET snapshot = '{}'::jsonb WHERE version = 1`,
    ).rejects.toThrow(/immutable/);
  });

  it('verify answers invalid when the stored snapshot no longer matches its hash', async () => {
    // Only by switching the guard off (as the owner role could) can a snapshot be altered: verify
    // catches it, for every version, since the later ones rest on it.
    await owner.$executeRawUnsafe('ALTER TABLE report_versions DISABLE TRIGGER report_versions_immutable');
    try {
      await owner.$executeRaw`UPDATE report_versions SET snapshot = jsonb_set(snapshot, '{comparison,title}', '"tampered"') WHERE version = 1`;
      expect(await verifyReport(db, null, SLUG, 1)).toMatchObject({
        version: 1,
        valid: false,
        broken: { version: 1 },
      });
      expect(await verifyReport(db, null, SLUG, 2)).toMatchObject({
        version: 2,
        valid: false,
        broken: { version: 1 },
      });
    } finally {
      await owner.$executeRawUnsafe('ALTER TABLE report_versions ENABLE TRIGGER report_versions_immutable');
    }
  });
});

describe('visibility', () => {
  it('private reports exist for members only; unlisted are readable by link but not listed', async () => {
    // Neither holds the slug asked for, which anyone could guess: each gets a random suffix.
    const { slug: hidden } = await publishReport(db, fx.owner, {
      comparison: 'rds-mysql-tpcc',
      visibility: 'private',
    });
    expect(hidden).toMatch(/^rds-mysql-tpcc--[a-z0-9]{8}$/);
    expect(await outcome(getReport(db, null, hidden))).toBe('NOT_FOUND');
    expect(await outcome(getReport(db, fx.outsider, hidden))).toBe('NOT_FOUND');
    expect(await outcome(verifyReport(db, null, hidden))).toBe('NOT_FOUND');
    expect((await getReport(db, fx.reviewer, hidden)).comparisonSlug).toBe('rds-mysql-tpcc');
    const { slug: link } = await publishReport(db, fx.owner, {
      comparison: 'temporal-databases',
      visibility: 'unlisted',
    });
    expect(link).toMatch(/^temporal-databases--[a-z0-9]{8}$/);
    const unlisted = await getReport(db, null, link);
    expect(unlisted.comparisonSlug).toBeNull();
    expect(unlisted.permissions.publish).toBe(false);
    expect((await publicReports(db, 'acme')).map((r) => r.slug)).toEqual([SLUG]);
  });
});

describe('agent runs in a snapshot', () => {
  it("keeps each latency series' whole-run merged histogram (warm-up left out) and its time line", async () => {
    const project = await db.project.findFirstOrThrow({ where: { slug: 'demo' } });
    const start = Date.UTC(2026, 10, 1);
    const runIds: string[] = [];
    for (const [name, base] of [
      ['pg-a', 100],
      ['pg-b', 300],
    ] as const) {
      const run = await db.run.create({
        data: {
          projectId: project.id,
          name,
          benchmark: 'pgbench',
          source: 'agent',
          status: 'succeeded',
          startedAt: new Date(start),
        },
      });
      runIds.push(run.id);
      const series = await db.series.create({
        data: { runId: run.id, name: 'latency', kind: 'latency', unit: 'us' },
      });
      for (let seq = 0; seq < 10; seq++) {
        const h = new Histogram();
        for (let i = 0; i < 50; i++) h.recordValue(base + i);
        const { stdDev: _s, count, ...stats } = summarizeHistogram(h);
        await db.frame.create({
          data: {
            seriesId: series.id,
            seq,
            startAt: new Date(start + seq * 1000),
            endAt: new Date(start + (seq + 1) * 1000),
            warmup: seq < 2,
            count: BigInt(count),
            ...stats,
            histogram: Buffer.from(encodeCompressed(h)),
          },
        });
      }
    }
    await createComparison(
      db,
      fx.owner,
      { projectId: project.id },
      {
        slug: 'pg-a-vs-pg-b',
        title: 'A vs B',
        entries: [
          { label: 'A', runIds: [runIds[0] as string] },
          { label: 'B', runIds: [runIds[1] as string] },
        ],
      },
    );
    const { slug } = await publishReport(db, fx.owner, {
      comparison: 'pg-a-vs-pg-b',
      visibility: 'unlisted',
    });
    const snap = (await getReport(db, null, slug)).version.snapshot;
    const [a, b] = snap.entries.map((e) => e.runs[0]);
    expect(a?.histograms).toHaveLength(1);
    const merged = decodeHistogram(a?.histograms[0]?.histogram as string);
    expect(merged.totalCount).toBe(8 * 50);
    expect(decodeHistogram(b?.histograms[0]?.histogram as string).min).toBeGreaterThanOrEqual(300);
    expect(a?.timelines[0]?.points).toHaveLength(10);
    expect(a?.timelines[0]).not.toHaveProperty('heatmap');
    expect((await verifyReport(db, null, slug)).valid).toBe(true);
  });
});

describe('the demo report', () => {
  it('is published once with one review thread that anonymous readers see', async () => {
    const first = await loadDemoReport(db);
    const again = await loadDemoReport(db);
    expect(again).toEqual(first);
    expect(first.slug).toBe(SLUG);
    const threads = await listThreads(db, null, SLUG);
    expect(threads).toHaveLength(1);
    expect(threads[0]?.anchor).toEqual({ kind: 'check', checkId: 'F-HW-3' });
    expect(threads[0]?.comments.length).toBe(2);
    expect(JSON.stringify(threads)).not.toContain('@levelfield.local');
  });
});

describe('people without a name', () => {
  it('are never named by their email to readers of a public comparison or report', async () => {
    // An OIDC sign-in whose identity provider sent no name claim: Auth.js stores name null.
    const email = 'sso-editor@corp.example';
    const editor = (await db.user.create({ data: { email, name: null } })).id;
    const acme = await db.organization.findUniqueOrThrow({ where: { slug: 'acme' } });
    await db.membership.create({ data: { organizationId: acme.id, userId: editor, role: 'editor' } });
    const slug = 'cockroachdb-tpcc-3-vs-30-nodes';
    await decideCheck(db, editor, {
      slug,
      checkId: 'F-HW-1',
      decision: 'waived',
      justification: 'both sides ran on the same instance type',
    });
    await publishReport(db, editor, { comparison: slug, visibility: 'public' });
    const report = await getReport(db, null, slug);
    expect(report.version.snapshot.report.publishedBy).toBe('a member');
    const comparison = await getComparison(db, null, slug);
    for (const read of [report, comparison]) expect(JSON.stringify(read)).not.toContain(email);
  });
});
