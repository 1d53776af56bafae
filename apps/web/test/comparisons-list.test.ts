// The comparisons list (comparisons.list) and the public gallery (reports.gallery) against a real
// PostgreSQL, through the tRPC procedures the pages call: who sees what (never a private or
// unlisted project's comparison to someone without a role, never a report that is not public),
// what search and each filter narrow to, the checklist counts with decisions applied, and that
// a page is bounded whatever the URL asks for.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonsRouter } from '~/server/routers/comparisons';
import { reportsRouter } from '~/server/routers/reports';
import { createCallerFactory, router } from '~/server/trpc';
import { finishedRun, orgWithPeople } from './support.ts';

let database: TestDatabase;
let db: PrismaClient;
const fx = { member: '', outsider: '' };

const caller = (viewerId: string | null) =>
  createCallerFactory(router({ comparisons: comparisonsRouter, reports: reportsRouter }))({
    db,
    viewerId,
  });
type ListInput = Parameters<ReturnType<typeof caller>['comparisons']['list']>[0];
const list = (viewerId: string | null, input: ListInput = {}) => caller(viewerId).comparisons.list(input);
const slugs = async (viewerId: string | null, input: ListInput = {}) =>
  (await list(viewerId, input)).rows.map((r) => r.slug).sort();

type State = 'pass' | 'flag' | 'unknown' | 'needs_review';

/** A comparison of one run per system, with stored check results (state, and a decision if any). */
async function comparison(
  projectId: string,
  slug: string,
  sides: { system: string; benchmark: string }[],
  checks: [State, ('confirmed' | 'waived')?][],
) {
  const runIds: string[] = [];
  for (const side of sides) {
    const system = await db.system.upsert({
      where: { projectId_name: { projectId, name: side.system } },
      create: { projectId, name: side.system },
      update: {},
    });
    const run = await db.run.create({
      data: {
        projectId,
        systemId: system.id,
        name: `${slug} ${side.system}`,
        benchmark: side.benchmark,
        source: 'agent',
        status: 'succeeded',
        startedAt: new Date(),
      },
    });
    runIds.push(run.id);
  }
  const created = await db.comparison.create({
    data: {
      projectId,
      slug,
      title: `${sides.map((s) => s.system).join(' vs ')} (${slug})`,
      entries: {
        create: runIds.map((runId, position) => ({
          position,
          label: sides[position]!.system,
          runs: { create: [{ runId }] },
        })),
      },
    },
    select: { id: true },
  });
  await db.checkResult.createMany({
    data: checks.map(([state, decision], i) => ({
      comparisonId: created.id,
      checkId: `F-T-${i}`,
      state,
      ...(decision ? { decision, justification: 'decided', decidedAt: new Date() } : {}),
    })),
  });
  return created.id;
}

/** A report with one version whose snapshot holds what the gallery reads. */
async function report(
  comparisonId: string,
  slug: string,
  visibility: 'private' | 'unlisted' | 'public',
  foreignRun?: { id: string; system: string },
) {
  const created = await db.report.create({ data: { slug, comparisonId, visibility } });
  await db.reportVersion.create({
    data: {
      reportId: created.id,
      version: 1,
      title: `Report ${slug}`,
      sha256: 'a'.repeat(64),
      snapshot: {
        entries: [
          {
            label: 'A',
            runs: [{ system: 'postgres', provenance: { run: { benchmark: { value: 'tpcc' } } } }],
          },
          { label: 'B', runs: [{ system: 'cockroachdb', provenance: { run: {} } }] },
          ...(foreignRun ? [{ label: 'C', runs: [{ ...foreignRun, provenance: { run: {} } }] }] : []),
        ],
        checks: [{ state: 'flag' }, { state: 'flag' }, { state: 'pass' }],
        headline: [
          { label: 'Throughput', ratios: [null, null] },
          { label: 'tpmC', ratios: [null, { text: '2.3× higher', ratio: 2.3 }] },
        ],
      },
    },
  });
}

beforeAll(async () => {
  database = await createTestDatabase('comparisons_list');
  db = createPrismaClient(database.url, { max: 2 });
  const acme = await orgWithPeople(db, 'acme', {
    member: { name: 'Mo Member', role: 'viewer' },
    outsider: { name: 'Oz Outsider', role: null },
  });
  Object.assign(fx, acme.ids);
  const other = await db.organization.create({ data: { slug: 'other', name: 'Other' } });
  const project = async (
    organizationId: string,
    slug: string,
    visibility: 'private' | 'unlisted' | 'public',
  ) => (await db.project.create({ data: { organizationId, slug, name: slug, visibility } })).id;
  const open = await project(acme.orgId, 'open', 'public');
  const inside = await project(acme.orgId, 'inside', 'private');
  const hidden = await project(acme.orgId, 'hidden', 'unlisted');
  const elsewhere = await project(other.id, 'elsewhere', 'public');

  const pgCrdb = await comparison(
    open,
    'pg-crdb',
    [
      { system: 'postgres', benchmark: 'tpcc' },
      { system: 'CockroachDB', benchmark: 'tpcc' },
    ],
    [['flag'], ['flag'], ['needs_review'], ['pass']],
  );
  await comparison(
    open,
    'redis-valkey',
    [
      { system: 'Redis', benchmark: 'memtier' },
      { system: 'Valkey', benchmark: 'memtier' },
    ],
    [['pass'], ['unknown'], ['needs_review', 'confirmed']],
  );
  const insideId = await comparison(
    inside,
    'secret-ab',
    [
      { system: 'SecretDB', benchmark: 'pgbench' },
      { system: 'PostgreSQL', benchmark: 'pgbench' },
    ],
    [['pass'], ['pass']],
  );
  await comparison(hidden, 'hidden-ab', [{ system: 'HiddenDB', benchmark: 'pgbench' }], [['pass']]);
  await comparison(
    elsewhere,
    'other-ab',
    [{ system: 'MySQL', benchmark: 'sysbench' }],
    [['needs_review'], ['needs_review', 'waived'], ['pass']],
  );

  await report(pgCrdb, 'open-public', 'public');
  await report(pgCrdb, 'open-unlisted', 'unlisted');
  await report(insideId, 'inside-private', 'private');
  // A public report of a private project: its snapshot is published; the comparison is not.
  await report(insideId, 'inside-public', 'public');
  // A public report holding another organization's run that has gone private since.
  const gonePrivate = await project(other.id, 'gone-private', 'private');
  const foreign = await finishedRun(db, gonePrivate, 'foreign');
  await report(pgCrdb, 'open-withheld', 'public', { id: foreign, system: 'ForeignDB' });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const PUBLIC = ['other-ab', 'pg-crdb', 'redis-valkey'];

describe('comparisons.list', () => {
  it('lists anonymous visitors and outsiders only public projects’ comparisons', async () => {
    expect(await slugs(null)).toEqual(PUBLIC);
    expect(await slugs(fx.outsider)).toEqual(PUBLIC);
    // Filtering on a private project does not reveal it either.
    expect(await slugs(fx.outsider, { project: 'inside' })).toEqual([]);
    expect(await slugs(null, { q: 'SecretDB' })).toEqual([]);
    const facets = (await list(null)).facets;
    expect(facets.projects.map((p) => p.slug).sort()).toEqual(['elsewhere', 'open']);
    expect(facets.systems).not.toContain('SecretDB');
  });

  it('lists a member their organization’s private and unlisted comparisons too', async () => {
    expect(await slugs(fx.member)).toEqual(['hidden-ab', ...PUBLIC, 'secret-ab'].sort());
    expect(await slugs(fx.member, { project: 'inside' })).toEqual(['secret-ab']);
  });

  it('searches titles, systems and benchmarks', async () => {
    expect(await slugs(null, { q: 'cockroach' })).toEqual(['pg-crdb']);
    expect(await slugs(null, { q: 'MEMTIER' })).toEqual(['redis-valkey']);
    expect(await slugs(null, { q: 'redis-valkey' })).toEqual(['redis-valkey']);
    // LIKE wildcards are text, not patterns.
    expect(await slugs(null, { q: '%' })).toEqual([]);
  });

  it('narrows by organization, project, system, benchmark and fairness state', async () => {
    expect(await slugs(null, { org: 'other' })).toEqual(['other-ab']);
    expect(await slugs(null, { org: 'acme', project: 'open' })).toEqual(['pg-crdb', 'redis-valkey']);
    // Any stored spelling of the system: "postgres" is PostgreSQL.
    expect(await slugs(fx.member, { system: 'PostgreSQL' })).toEqual(['pg-crdb', 'secret-ab']);
    expect(await slugs(null, { benchmark: 'sysbench' })).toEqual(['other-ab']);
    // A confirmed "needs review" is a flag; a waived one still needs review.
    expect(await slugs(null, { state: 'flagged' })).toEqual(['pg-crdb', 'redis-valkey']);
    expect(await slugs(null, { state: 'review' })).toEqual(['other-ab', 'pg-crdb']);
    expect(await slugs(fx.member, { state: 'clear' })).toEqual(['hidden-ab', 'secret-ab']);
  });

  it('shows each row’s systems, benchmark, project and checklist counts, sortable by flags', async () => {
    const page = await list(null, { sort: 'flags' });
    expect(page.rows.map((r) => r.slug)).toEqual(['pg-crdb', 'redis-valkey', 'other-ab']);
    const row = page.rows[0]!;
    expect(row.systems).toEqual(['PostgreSQL', 'CockroachDB']);
    expect(row.benchmarks).toEqual(['tpcc']);
    expect(row.project).toMatchObject({ slug: 'open', organization: { slug: 'acme' } });
    expect(row.checks).toEqual({ flag: 2, needs_review: 1, unknown: 0, pass: 1 });
    expect(page.rows[1]!.checks).toEqual({ flag: 1, needs_review: 0, unknown: 1, pass: 1 });
    expect(page.rows[2]!.checks).toEqual({ flag: 0, needs_review: 2, unknown: 0, pass: 1 });
    const ascending = await list(null, { sort: 'flags', dir: 'asc' });
    expect(ascending.rows[0]!.slug).toBe('other-ab');
  });

  it('bounds the page size whatever is asked, and pages through the rest', async () => {
    const bulk = await db.project.create({
      data: {
        organizationId: (await db.organization.findUniqueOrThrow({ where: { slug: 'other' } })).id,
        slug: 'bulk',
        name: 'bulk',
        visibility: 'public',
      },
    });
    for (let i = 0; i < 30; i++)
      await db.comparison.create({ data: { projectId: bulk.id, slug: `bulk-${i}`, title: `Bulk ${i}` } });
    const first = await list(null, { size: 1000 });
    expect(first.rows).toHaveLength(25);
    expect(first.total).toBe(33);
    const second = await list(null, { size: 1000, page: 2 });
    expect(second.rows).toHaveLength(8);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.slug)).size).toBe(33);
    expect((await list(null, { size: 50 })).rows).toHaveLength(33);
  });
});

describe('reports.gallery', () => {
  it('lists public reports only, to anyone, from their snapshots', async () => {
    const page = await caller(null).reports.gallery({});
    expect(page.reports.map((r) => r.slug).sort()).toEqual(['inside-public', 'open-public', 'open-withheld']);
    const card = page.reports.find((r) => r.slug === 'open-public')!;
    expect(card).toMatchObject({
      title: 'Report open-public',
      sides: ['A', 'B'],
      systems: ['PostgreSQL', 'CockroachDB'],
      benchmarks: ['tpcc'],
      headline: 'tpmC: 2.3× higher',
      flagged: 2,
      org: { slug: 'acme' },
    });
    // A member sees the same gallery: private and unlisted reports are never in it.
    expect((await caller(fx.member).reports.gallery({})).total).toBe(3);
  });

  it('lists a version it may not show by its title only, and never finds it by what it withholds', async () => {
    const card = (await caller(null).reports.gallery({})).reports.find((r) => r.slug === 'open-withheld')!;
    expect(card).toEqual({
      slug: 'open-withheld',
      version: 1,
      title: 'Report open-withheld',
      publishedAt: expect.any(Date),
      org: { slug: 'acme', name: 'Acme' },
      withheld: true,
    });
    expect((await caller(null).reports.gallery({ q: 'ForeignDB' })).reports).toEqual([]);
    expect((await caller(null).reports.gallery({ q: 'open-withheld' })).reports).toHaveLength(1);
  });

  it('searches titles and systems', async () => {
    expect((await caller(null).reports.gallery({ q: 'inside-public' })).reports.map((r) => r.slug)).toEqual([
      'inside-public',
    ]);
    expect((await caller(null).reports.gallery({ q: 'cockroach' })).total).toBe(3);
    expect((await caller(null).reports.gallery({ q: 'nothing like it' })).total).toBe(0);
  });
});
