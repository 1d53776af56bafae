// The CI verdict against a real PostgreSQL: a pull request's run against main's history fails
// on a regression and passes once fixed; repetitions are tested together; a regression that
// landed on main is recorded and alerted once; a change already in the history starts a new level.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessibleProject } from '~/server/access-checks';
import { requireProject } from '~/server/access-checks';
import { verdictOf } from '~/server/history/verdict';
import { listNotifications } from '~/server/notifications/read';
import { historyRun, regressedHistory } from './history-support.ts';
import { failure, orgWithPeople } from './support.ts';

let database: TestDatabase;
let db: PrismaClient;
let project: AccessibleProject;
const fx = { owner: '', editor: '', system: '', main: [] as string[] };
const ORIGIN = 'http://levelfield.test';
const wobble = [0.4, -0.7, 0.9, -0.2, 0.1, -0.9, 0.6, -0.4, 0.3, -0.1];

const verdict = (runId: string, baseline?: string) =>
  verdictOf(db, { runId, baseline }, { project, origin: ORIGIN });

beforeAll(async () => {
  database = await createTestDatabase('verdict');
  db = createPrismaClient(database.url, { max: 2 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', {
    owner: { name: 'Olga Owner', role: 'owner' },
    editor: { name: 'Edna Editor', role: 'editor' },
  });
  Object.assign(fx, ids);
  const { id } = await db.project.create({ data: { organizationId: orgId, slug: 'ci', name: 'CI' } });
  project = (await requireProject(db, fx.owner, { projectId: id }, 'view')).project;
  fx.system = (await db.system.create({ data: { projectId: id, name: 'postgresql' } })).id;
  // main: 12 commits at 1 ms p99.
  for (let i = 0; i < 12; i += 1)
    fx.main.push(
      await historyRun(db, {
        projectId: id,
        systemId: fx.system,
        p99: 1000 * (1 + wobble[i % 10]! / 100),
        commit: `m${i}`,
        minute: i,
      }),
    );
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const pr = (p99: number, commit: string, minute: number) =>
  historyRun(db, { projectId: project.id, systemId: fx.system, p99, commit, minute, branch: 'feature' });

describe('CI verdict', () => {
  it('a pull request 30 % slower than main is a regression, with its size and confidence per metric', async () => {
    const slow = await pr(1300, 'f1', 20);
    const v = await verdict(slow, 'main');
    expect(v.verdict).toBe('regression');
    expect(v.baseline).toMatchObject({ branch: 'main', points: 12, runs: 12 });
    expect(v.run).toMatchObject({ branch: 'feature', commit: 'f1', url: `${ORIGIN}/runs/${slow}` });
    const p99 = v.metrics.find((m) => m.metric === 'p99')!;
    expect(p99).toMatchObject({ test: 'student-prediction', regression: true, direction: 'increase' });
    expect(p99.relativeChange).toBeCloseTo(0.3, 1);
    expect(p99.confidence).toBeGreaterThan(0.999);
    expect(v.metrics.find((m) => m.metric === 'throughput')!.direction).toBe('decrease');
    // A pull request alerts nobody: CI tells its author.
    expect(await listNotifications(db, fx.owner)).toEqual([]);
  });

  it('passes once the pull request is fixed, and against its own branch there is no baseline yet', async () => {
    const fixed = await pr(1004, 'f2', 21);
    expect((await verdict(fixed, 'main')).verdict).toBe('pass');
    expect((await verdict(fixed)).verdict).toBe('insufficient');
  });

  it('adds no history for a baseline branch without runs: anyone may name any branch', async () => {
    const run = await pr(1001, 'f2b', 21);
    const before = await db.history.count();
    const v = await verdict(run, 'attacker-branch-1');
    expect(v).toMatchObject({
      verdict: 'insufficient',
      baseline: { branch: 'attacker-branch-1', points: 0 },
    });
    expect(await db.history.count()).toBe(before);
    // A branch with runs is a history like any other: its row holds its settings and decisions.
    await verdict(run, 'main');
    expect(await db.history.count()).toBe(before);
  });

  it('tests a commit’s repetitions together (Welch)', async () => {
    const a = await pr(800, 'f3', 22);
    await pr(805, 'f3', 23);
    const v = await verdict(a, 'main');
    expect(v.verdict).toBe('improvement');
    expect(v.metrics[0]).toMatchObject({ test: 'welch-t', candidateRuns: 2, regression: false });
  });

  it('a regression that landed on main is recorded and alerted to editors and owners, once', async () => {
    const landed = await historyRun(db, {
      projectId: project.id,
      systemId: fx.system,
      p99: 1400,
      commit: 'm12',
      minute: 30,
    });
    expect((await verdict(landed)).verdict).toBe('regression');
    await verdict(landed);
    const owners = await listNotifications(db, fx.owner);
    expect(owners.map((n) => n.summary)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Regression in acme\/ci .*: p99 of latency \+\d+\.\d % at m12, detected$/),
      ]),
    );
    expect(owners).toHaveLength(3); // p50, p99, throughput
    expect(await listNotifications(db, fx.editor)).toHaveLength(3);
  });

  it('asks to come back for a run the ingest API has not summarised yet', async () => {
    const fresh = await pr(1000, 'f9', 40);
    await db.seriesSummary.deleteMany({ where: { series: { runId: fresh } } });
    expect(await failure(verdict(fresh, 'main'))).toMatch(
      /is not summarised yet .*ask again in a few seconds/,
    );
  });

  it('refuses a run that has not finished', async () => {
    const running = await db.run.create({
      data: {
        projectId: project.id,
        name: 'r',
        benchmark: 'pgbench',
        source: 'agent',
        startedAt: new Date(),
      },
    });
    expect(await failure(verdict(running.id))).toMatch(/still running/);
  });
});

describe('the latency distribution', () => {
  it('is compared whole (Kolmogorov–Smirnov on merged histograms) when runs stored them', async () => {
    const system = await db.system.create({ data: { projectId: project.id, name: 'redis' } });
    const run = (p99: number, commit: string, minute: number, branch = 'main') =>
      historyRun(db, {
        projectId: project.id,
        systemId: system.id,
        p99,
        commit,
        minute,
        branch,
        histogram: true,
      });
    for (let i = 0; i < 8; i += 1) await run(1000 * (1 + wobble[i]! / 100), `r${i}`, i);
    const slower = await verdict(await run(1300, 'slow', 10, 'feature'), 'main');
    expect(slower.distribution).toMatchObject({
      test: 'kolmogorov-smirnov',
      direction: 'increase',
      regression: true,
    });
    expect(slower.distribution!.statistic).toBeGreaterThan(0.2);
    const same = await verdict(await run(1002, 'same', 11, 'feature'), 'main');
    expect(same.distribution).toMatchObject({ significant: false, regression: false });
    // Runs without histograms have no distribution to compare.
    expect((await verdict(fx.main[11]!)).distribution).toBeNull();
  });
});

describe('a change already in the history', () => {
  it('starts a new level: a run is compared with the runs since the last change', async () => {
    const other = await db.system.create({ data: { projectId: project.id, name: 'mysql' } });
    const runs = await regressedHistory(db, project.id, other.id);
    expect((await verdict(runs[12]!)).verdict).toBe('regression');
    expect((await verdict(runs[19]!)).verdict).toBe('pass');
    // Back at the old level: better than the level since c12 (against all 20 points it would pass).
    const reverted = await historyRun(db, {
      projectId: project.id,
      systemId: other.id,
      p99: 1000,
      commit: 'c20',
      minute: 20,
    });
    const v = await verdict(reverted);
    expect(v.verdict).toBe('improvement');
    expect(v.metrics.find((m) => m.metric === 'p99')!.baselinePoints).toBe(8);
  });
});

describe('a regression fixed a few commits after it landed', () => {
  it('is a level of its own, so the same regression coming back is found again', async () => {
    const other = await db.system.create({ data: { projectId: project.id, name: 'sqlite' } });
    const run = (p99: number, commit: string, minute: number, branch = 'main') =>
      historyRun(db, { projectId: project.id, systemId: other.id, p99, commit, minute, branch });
    for (let i = 0; i < 12; i += 1) await run(1000 * (1 + wobble[i % 10]! / 100), `s${i}`, i);
    // A commit 40 % slower lands on main and CI records it; two more commits keep it; the fix lands.
    expect((await verdict(await run(1400, 's12', 12))).verdict).toBe('regression');
    for (let i = 13; i < 15; i += 1) await run(1400 * (1 + wobble[i % 10]! / 100), `s${i}`, i);
    for (let i = 15; i < 25; i += 1) await run(1000 * (1 + wobble[i % 10]! / 100), `s${i}`, i);
    // Over the whole history detection sees no lasting level; the recorded change and the fix
    // detected after it leave the ten points since the fix (all 25 would give p ≈ 0.017: pass).
    const again = await verdict(await run(1400, 'again', 30, 'feature'), 'main');
    expect(again.verdict).toBe('regression');
    expect(again.metrics.find((m) => m.metric === 'p99')).toMatchObject({
      baselinePoints: 10,
      regression: true,
    });
    // Once dismissed (noise), the recorded change starts no level.
    await db.historyChange.updateMany({
      where: { run: { systemId: other.id } },
      data: { decision: 'dismissed' },
    });
    const dismissed = await verdict(await run(1400, 'again2', 31, 'feature'), 'main');
    expect(dismissed.metrics.find((m) => m.metric === 'p99')!.baselinePoints).toBe(25);
  });
});

describe('baseline runs whose tool ran with other options', () => {
  it('are left out and named, so a change of options is not called a change of the software', async () => {
    const other = await db.system.create({ data: { projectId: project.id, name: 'duckdb' } });
    const prepared = { clients: 2, protocol: 'prepared' };
    const run = (p99: number, commit: string, minute: number, setup?: typeof prepared, branch = 'main') =>
      historyRun(db, { projectId: project.id, systemId: other.id, p99, commit, minute, setup, branch });
    for (let i = 0; i < 12; i += 1) await run(1000 * (1 + wobble[i % 10]! / 100), `o${i}`, i, prepared);
    // A run by an older agent (no setup recorded) can differ from none: it is compared as before.
    const unknown = await verdict(await run(1300, 'u1', 12, undefined, 'feature'), 'main');
    expect(unknown).toMatchObject({ verdict: 'regression', baseline: { points: 12, otherSetup: null } });
    // The same code run with -M simple: slower, and nothing to judge it against.
    const simple = await verdict(await run(1300, 'o12', 13, { clients: 2, protocol: 'simple' }));
    expect(simple.verdict).toBe('insufficient');
    expect(simple.baseline).toMatchObject({
      points: 0,
      otherSetup: { runs: 12, summary: 'workload.parameters.protocol prepared → simple' },
    });
    // Back to -M prepared: the -M simple run is left out of its baseline in turn.
    const back = await verdict(await run(1002, 'o13', 14, prepared));
    expect(back.verdict).toBe('pass');
    expect(back.baseline).toMatchObject({ points: 12, otherSetup: { runs: 1 } });
    expect(back.baseline.otherSetup!.differences).toEqual([
      { setting: 'workload.parameters.protocol', before: 'simple', after: 'prepared' },
    ]);
  });
});

describe('a suite of micro-benchmarks', () => {
  it('is judged on its latencies only: its samples per second are no throughput', async () => {
    const other = await db.system.create({ data: { projectId: project.id, name: 'parser' } });
    const run = (p99: number, commit: string, minute: number) =>
      historyRun(db, { projectId: project.id, systemId: other.id, p99, commit, minute, suite: true });
    for (let i = 0; i < 8; i += 1) await run(1000 * (1 + wobble[i]! / 100), `b${i}`, i);
    const v = await verdict(await run(1300, 'b8', 8));
    expect(v).toMatchObject({ verdict: 'regression', throughputMeasured: false });
    expect(v.metrics.map((m) => m.metric)).toEqual(['p50', 'p99']);
  });
});
