// The overview at / against a real PostgreSQL: what each visitor may list, and nothing more.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overview } from '~/server/overview/overview';
import { finishedRun, orgWithPeople } from './support.ts';

let database: TestDatabase;
let db: PrismaClient;
const fx = { member: '', outsider: '', publicProject: '', privateProject: '' };

async function comparisonOf(projectId: string, slug: string, runIds: string[]) {
  return db.comparison.create({
    data: {
      projectId,
      slug,
      title: slug,
      entries: {
        create: runIds.map((runId, position) => ({
          position,
          label: `e${position}`,
          runs: { create: [{ runId }] },
        })),
      },
    },
  });
}

beforeAll(async () => {
  database = await createTestDatabase('overview');
  db = createPrismaClient(database.url, { max: 2 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', {
    member: { name: 'Mo Member', role: 'editor' },
    outsider: { name: 'Oz Outsider', role: null },
  });
  Object.assign(fx, ids);
  fx.publicProject = (
    await db.project.create({
      data: { organizationId: orgId, slug: 'open', name: 'Open', visibility: 'public' },
    })
  ).id;
  fx.privateProject = (
    await db.project.create({ data: { organizationId: orgId, slug: 'inside', name: 'Inside' } })
  ).id;
  const open = [
    await finishedRun(db, fx.publicProject, 'open A'),
    await finishedRun(db, fx.publicProject, 'open B'),
  ];
  const inside = [
    await finishedRun(db, fx.privateProject, 'inside A'),
    await finishedRun(db, fx.privateProject, 'inside B'),
  ];
  await db.run.update({ where: { id: inside[0]! }, data: { status: 'running' } });
  const openComparison = await comparisonOf(fx.publicProject, 'open-ab', open);
  const insideComparison = await comparisonOf(fx.privateProject, 'inside-ab', inside);
  await db.report.create({
    data: { slug: 'open-report', comparisonId: openComparison.id, visibility: 'public' },
  });
  await db.report.create({
    data: { slug: 'inside-report', comparisonId: insideComparison.id, visibility: 'private' },
  });
  for (const [slug, title] of [
    ['open-report', 'Open A vs B'],
    ['inside-report', 'Inside A vs B'],
  ] as const) {
    const report = await db.report.findUniqueOrThrow({ where: { slug } });
    await db.reportVersion.create({
      data: {
        reportId: report.id,
        version: 1,
        title,
        snapshot: {},
        sha256: 'a'.repeat(64),
        publishedAt: new Date(),
      },
    });
  }
  await db.reviewThread.create({
    data: {
      comparisonId: insideComparison.id,
      anchor: { kind: 'check', checkId: 'F-HW-2' },
      createdById: fx.member,
    },
  });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('the overview', () => {
  it('shows anonymous visitors and outsiders only what is public', async () => {
    for (const viewer of [null, fx.outsider]) {
      const page = await overview(db, viewer);
      expect(page.comparisons.map((c) => c.slug)).toEqual(['open-ab']);
      expect(page.reports.map((r) => r.slug)).toEqual(['open-report']);
      expect(page.recent.map((r) => r.name).sort()).toEqual(['open A', 'open B']);
      expect(page.live).toEqual([]);
      expect(page.threads).toEqual([]);
    }
  });

  it('shows a member their organization: live runs, private comparisons, open threads by check title', async () => {
    const page = await overview(db, fx.member);
    expect(page.live.map((r) => r.name)).toEqual(['inside A']);
    expect(page.comparisons.map((c) => c.slug).sort()).toEqual(['inside-ab', 'open-ab']);
    // A private report is not in the gallery of published reports, even for a member.
    expect(page.reports.map((r) => r.slug)).toEqual(['open-report']);
    expect(page.threads).toHaveLength(1);
    expect(page.threads[0]!.topic).toMatch(/^F-HW-2 · /);
    expect(page.threads[0]!.href).toMatch(/^\/c\/inside-ab#thread-/);
  });
});
