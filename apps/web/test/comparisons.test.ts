// Comparisons against a real PostgreSQL: the seeds loaded as demo data (idempotent, flags with
// evidence, missing data never passes), creating from runs, decisions with who/when, access.
import { Disclosure } from '@levelfield/contracts/provenance';
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '~/server/comparisons/create';
import { decideCheck } from '~/server/comparisons/decide';
import { loadDemoComparisons } from '~/server/comparisons/demo';
import { previewRuns } from '~/server/comparisons/preview';
import { comparisonJson } from '~/server/comparisons/rest';
import { getComparison } from '~/server/comparisons/view';
import { updateDeclared } from '~/server/runs/update-declared';
import { SEED_COMPARISONS } from './seed-publications.ts';
import { outcome as code, finishedRun, orgWithPeople } from './support.ts';

let database: TestDatabase;
let db: PrismaClient;
const fx = {
  editor: '',
  reviewer: '',
  viewer: '',
  outsider: '',
  project: '',
  privateProject: '',
  runA: '',
  runB: '',
  privateRun: '',
};

beforeAll(async () => {
  database = await createTestDatabase('comparisons');
  db = createPrismaClient(database.url, { max: 2 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', {
    editor: { name: 'Edna Editor', role: 'editor' },
    reviewer: { name: 'Rex Reviewer', role: 'reviewer' },
    viewer: { name: 'Vi Viewer', role: 'viewer' },
    outsider: { name: 'Oz Outsider', role: null },
  });
  Object.assign(fx, ids);
  fx.project = (
    await db.project.create({
      data: { organizationId: orgId, slug: 'demo', name: 'Demo', visibility: 'public' },
    })
  ).id;
  fx.privateProject = (
    await db.project.create({ data: { organizationId: orgId, slug: 'internal', name: 'Internal' } })
  ).id;
  fx.runA = await finishedRun(db, fx.project, 'A');
  fx.runB = await finishedRun(db, fx.project, 'B');
  fx.privateRun = await finishedRun(db, fx.privateProject, 'P');
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('demo comparisons from the seeds', () => {
  it('loads every seed once, with stable slugs and the leveled link', async () => {
    const first = await loadDemoComparisons(db);
    expect(first.created.sort()).toEqual(SEED_COMPARISONS.map((s) => s.slug).sort());
    const again = await loadDemoComparisons(db);
    expect(again.created).toEqual([]);
    expect(await db.comparison.count()).toBe(SEED_COMPARISONS.length);
    // Rama's standard run is shared by the two seed 000 comparisons: stored once.
    expect(await db.run.count({ where: { name: 'Rama TPC-C, 140,000 warehouses (as published)' } })).toBe(1);
    const fair = await getComparison(db, null, 'spacetimedb-vs-postgres-keynote-fair');
    expect(fair.leveledFrom?.slug).toBe('spacetimedb-vs-postgres-keynote');
    const original = await getComparison(db, null, 'spacetimedb-vs-postgres-keynote');
    expect(original.leveledVariants.map((v) => v.slug)).toContain('spacetimedb-vs-postgres-keynote-fair');
    // What a publication declares is stored with the comparison: its subject and its sweep.
    expect((await getComparison(db, null, 'cockroachdb-tpcc-3-vs-30-nodes')).comparison.subject).toEqual([
      'scale',
    ]);
    expect((await getComparison(db, null, 'rds-mysql-tpcc')).sweep?.values).toHaveLength(10);
    const [claim] = (await getComparison(db, null, 'spacetimedb-vs-postgres-keynote-optimized')).claims;
    expect(claim).toMatchObject({ factor: 2.3, entry: 'SpacetimeDB (Rust client)' });
    expect(claim?.computed).toBeCloseTo(73_123 / 32_232, 6);
  });

  for (const seed of SEED_COMPARISONS)
    it(`${seed.slug} raises ${seed.expectedFlags.join(', ')} with evidence, recomputed from the stored runs`, async () => {
      const view = await getComparison(db, null, seed.slug);
      for (const id of seed.expectedFlags) {
        const check = view.checks.find((c) => c.id === id);
        expect(check?.state, id).toMatch(/^(flag|needs_review)$/);
        if (check?.state === 'flag') expect(check.evidence.length, id).toBeGreaterThan(0);
        else expect(check?.hint, id).toBeTruthy();
      }
      for (const id of seed.expectedPasses ?? [])
        expect(view.checks.find((c) => c.id === id)?.state, id).toBe('pass');
      const stored = await db.checkResult.findMany({ where: { comparison: { slug: seed.slug } } });
      expect(stored.length).toBe(view.checks.length);
    });

  it('seed 000 headline reproduces $0.0000524 and $0.0000831 per tpmC per hour; REST JSON has table, ratios, checks', async () => {
    const json = comparisonJson(await getComparison(db, null, 'rama-vs-cockroachdb-tpcc'));
    const cost = json.table.find((r) => r.metric === 'costPerTpmCPerHour');
    expect(cost?.values.map((v) => v.value?.toFixed(7))).toEqual(['0.0000831', '0.0000524']);
    expect(cost?.ratios[1]?.text).toBe('1.6× cheaper');
    expect(
      json.checks.find((c) => c.id === 'F-MEAS-8')?.evidence.some((e) => e.quality === 'estimated'),
    ).toBe(true);
  });
});

describe('creating comparisons and deciding checks', () => {
  it('creates from visible runs; slugs are unique; private runs of another project are not found', async () => {
    const draft = {
      slug: 'a-vs-b',
      title: 'A vs B',
      entries: [
        { label: 'A', runIds: [fx.runA] },
        { label: 'B', runIds: [fx.runB] },
      ],
    };
    expect(await code(createComparison(db, fx.viewer, { projectId: fx.project }, draft))).toBe('FORBIDDEN');
    expect(await createComparison(db, fx.editor, { projectId: fx.project }, draft)).toEqual({
      slug: 'a-vs-b',
    });
    expect(await code(createComparison(db, fx.editor, { projectId: fx.project }, draft))).toBe('CONFLICT');
    const hidden = {
      ...draft,
      slug: 'a-vs-p',
      entries: [
        { label: 'A', runIds: [fx.runA] },
        { label: 'P', runIds: [fx.privateRun] },
      ],
    };
    // The outsider edits their own project but may not see acme/internal's run: it does not exist.
    const own = await db.organization.create({
      data: { slug: 'own', name: 'Own', memberships: { create: { userId: fx.outsider, role: 'editor' } } },
    });
    const ownProject = await db.project.create({ data: { organizationId: own.id, slug: 'p', name: 'P' } });
    expect(await code(createComparison(db, fx.outsider, { projectId: ownProject.id }, hidden))).toBe(
      'NOT_FOUND',
    );
    expect(await code(createComparison(db, fx.outsider, { projectId: fx.project }, hidden))).toBe(
      'FORBIDDEN',
    );
    const view = await getComparison(db, null, 'a-vs-b');
    // Agent runs with empty provenance: nothing to compare, so no check may pass on missing data.
    expect(view.checks.filter((c) => c.state === 'pass' && c.evidence.length === 0).map((c) => c.id)).toEqual(
      [],
    );
  });

  it('reviewers confirm, editors waive, both with a justification recorded with who and when', async () => {
    const base = {
      slug: 'a-vs-b',
      checkId: 'F-HW-1',
      justification: 'Same instance type, checked in the console.',
    };
    expect(await code(decideCheck(db, fx.viewer, { ...base, decision: 'confirmed' }))).toBe('FORBIDDEN');
    expect(await code(decideCheck(db, fx.reviewer, { ...base, decision: 'waived' }))).toBe('FORBIDDEN');
    expect(await code(decideCheck(db, null, { ...base, decision: 'waived' }))).toBe('UNAUTHENTICATED');
    await decideCheck(db, fx.reviewer, { ...base, decision: 'confirmed', justification: 'Needs a look.' });
    const waived = await decideCheck(db, fx.editor, { ...base, decision: 'waived' });
    expect(waived.by).toBe('Edna Editor');
    const view = await getComparison(db, fx.viewer, 'a-vs-b');
    const check = view.checks.find((c) => c.id === 'F-HW-1');
    expect(check?.decision?.decision).toBe('waived');
    expect(check?.decision?.by).toBe('Edna Editor');
    expect(check?.state).toBe(check?.computedState);
    expect(view.history['F-HW-1']?.map((h) => [h.decision, h.by])).toEqual([
      ['waived', 'Edna Editor'],
      ['confirmed', 'Rex Reviewer'],
    ]);
  });

  it('reading a comparison stores nothing; editing the declared provenance of a run stores its checks', async () => {
    const rows = () =>
      db.checkResult.findMany({
        where: { comparison: { slug: 'a-vs-b' } },
        select: { checkId: true, state: true, computedAt: true },
        orderBy: { checkId: 'asc' },
      });
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    // A's hardware changes behind the app's back: a read shows it and writes nothing.
    const run = await db.run.findUniqueOrThrow({ where: { id: fx.runA }, select: { provenance: true } });
    const provenance = run.provenance as { nodes?: unknown[] };
    const withHost = {
      ...provenance,
      nodes: [
        {
          role: 'sut',
          name: 'db',
          count: 1,
          hardware: { hostType: { value: 'c5.9xlarge', origin: 'declared' } },
        },
      ],
    };
    await db.run.update({ where: { id: fx.runA }, data: { provenance: withHost } });
    const view = await getComparison(db, fx.viewer, 'a-vs-b');
    expect(JSON.stringify(view.checks.find((c) => c.id === 'F-HW-1')?.evidence)).toMatch(/c5\.9xlarge/);
    expect(await rows()).toEqual(before);
    // The same change through the app's edit path is stored at once.
    await updateDeclared(db, fx.runA, { provenance: {}, disclosure: Disclosure.parse({}) });
    const after = await rows();
    expect(after.find((r) => r.checkId === 'F-HW-1')?.computedAt.getTime()).toBeGreaterThan(
      before.find((r) => r.checkId === 'F-HW-1')?.computedAt.getTime() ?? 0,
    );
  });

  it('a comparison in a private project does not exist for outsiders', async () => {
    const seedInPrivate = await db.comparison.create({
      data: { projectId: fx.privateProject, slug: 'secret', title: 'S' },
    });
    expect(seedInPrivate.slug).toBe('secret');
    expect(await code(getComparison(db, fx.outsider, 'secret'))).toBe('NOT_FOUND');
    expect(await code(getComparison(db, null, 'secret'))).toBe('NOT_FOUND');
    expect(await code(getComparison(db, fx.viewer, 'secret'))).toBe('ok');
  });
});

describe('groups of repeated runs', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // Two setups, two repetitions each; the second repetition of A ran on another machine.
    const reps: [string, number, string][] = [
      ['Alpha rep 1', 1000, 'm5.large'],
      ['Alpha rep 2', 1100, 'm6i.large'],
      ['Bravo rep 1', 2000, 'm5.large'],
      ['Bravo rep 2', 2150, 'm5.large'],
    ];
    for (const [name, tpmC, hostType] of reps) {
      const run = await db.run.create({
        data: {
          projectId: fx.project,
          name,
          benchmark: 'TPC-C',
          source: 'agent',
          status: 'succeeded',
          startedAt: new Date(),
          provenance: {
            nodes: [
              {
                role: 'sut',
                name: 'db',
                count: 1,
                hardware: { hostType: { value: hostType, origin: 'captured' } },
              },
            ],
          },
          values: [
            {
              metric: 'tpmC',
              value: tpmC,
              unit: 'tpmC',
              labels: {},
              origin: 'captured',
              quality: 'measured',
            },
          ],
        },
      });
      ids.push(run.id);
    }
  });

  it('the builder preview shows each group’s mean and a 95 % interval of the ratio', async () => {
    const preview = await previewRuns(db, fx.editor, ids, [1, 1, 2, 2]);
    expect(preview.entries).toEqual([
      { label: 'Alpha', runIds: [ids[0], ids[1]] },
      { label: 'Bravo', runIds: [ids[2], ids[3]] },
    ]);
    expect(preview.runs.map((r) => r.entry)).toEqual([1, 1, 2, 2]);
    const tpmC = preview.headline.find((r) => r.key === 'tpmC');
    expect(tpmC?.cells.map((c) => [c.value, c.runs.length])).toEqual([
      [1050, 2],
      [2075, 2],
    ]);
    expect(tpmC?.ratios[1]?.ci?.method).toMatch(/Fieller/);
    // Ungrouped, the same runs are four single-run entries without intervals.
    const alone = await previewRuns(db, fx.editor, ids);
    expect(alone.entries).toHaveLength(4);
    expect(alone.headline.find((r) => r.key === 'tpmC')?.ratios[1]?.ci).toBeUndefined();
  });

  it('a saved comparison of groups keeps them; the diff shows a field that varies within a group', async () => {
    await createComparison(
      db,
      fx.editor,
      { projectId: fx.project },
      {
        slug: 'a-vs-b-repeated',
        title: 'A vs B, two runs each',
        entries: [
          { label: 'A', runIds: [ids[0] as string, ids[1] as string] },
          { label: 'B', runIds: [ids[2] as string, ids[3] as string] },
        ],
      },
    );
    const view = await getComparison(db, null, 'a-vs-b-repeated');
    expect(view.entries.map((e) => e.runs.length)).toEqual([2, 2]);
    expect(view.headline.find((r) => r.key === 'tpmC')?.ratios[1]?.ci).toBeDefined();
    const host = view.provenanceDiff
      .flatMap((g) => g.fields)
      .find((f) => f.path === 'nodes.sut.hardware.hostType');
    expect(host?.variants[0]?.map((f) => f?.value)).toEqual(['m5.large', 'm6i.large']);
    expect(host?.variants[1]).toBeNull();
    expect(host?.differs).toBe(true);
  });
});
