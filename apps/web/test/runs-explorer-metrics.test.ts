// The runs explorer's figures against a real PostgreSQL: each run's main series (throughput,
// p50, p99 from its stored summary), the throughput sparkline from minute rollups, sorting by
// computed columns, published runs without a duration, and system names under one spelling.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunsQuery } from '~/lib/runs-query';
import { listRuns } from '~/server/runs/list';

let database: TestDatabase;
let db: PrismaClient;

const T0 = Date.UTC(2026, 10, 1, 12);

/** A latency series with its whole-run summary: `count` samples over `seconds`, p50/p99 in `unit`. */
async function latencySeries(
  runId: string,
  s: {
    labels?: Record<string, string>;
    unit: string;
    count: number;
    seconds: number;
    p50: number;
    p99: number;
  },
) {
  const labels = s.labels ?? {};
  const series = await db.series.create({
    data: {
      runId,
      name: 'latency',
      kind: 'latency',
      unit: s.unit,
      labels,
      labelsKey: Object.entries(labels)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    },
  });
  const figures = {
    min: s.p50 / 2,
    max: s.p99 * 2,
    mean: s.p50,
    p50: s.p50,
    p90: s.p99,
    p95: s.p99,
    p99: s.p99,
    p999: s.p99,
  };
  await db.seriesSummary.create({
    data: {
      seriesId: series.id,
      frameCount: s.seconds,
      lastSeq: s.seconds,
      count: BigInt(s.count),
      durationMs: BigInt(s.seconds * 1000),
      ...figures,
    },
  });
  return { id: series.id, figures };
}

async function run(projectId: string, systemId: string, name: string, extra: Record<string, unknown> = {}) {
  return db.run.create({
    data: {
      projectId,
      systemId,
      name,
      benchmark: 'pgbench',
      source: 'agent',
      status: 'succeeded',
      startedAt: new Date(T0),
      endedAt: new Date(T0 + 120_000),
      ...extra,
    },
  });
}

const ids = { slow: '', fast: '', bare: '', published: '', aggregate: '' };

beforeAll(async () => {
  database = await createTestDatabase('runsmetrics');
  db = createPrismaClient(database.url, { max: 2 });
  const org = await db.organization.create({ data: { slug: 'm', name: 'M' } });
  const project = await db.project.create({
    data: { organizationId: org.id, slug: 'bench', name: 'Bench', visibility: 'public' },
  });
  const [lower, upper, mysql] = await Promise.all(
    ['postgresql', 'PostgreSQL', 'mysql'].map((name) =>
      db.system.create({ data: { projectId: project.id, name } }),
    ),
  );

  // 'slow': p99 9 ms (in µs), 100 ops/s on its untagged series; a tagged series has more samples
  // and must not be chosen over it.
  const slow = await run(project.id, lower!.id, 'slow run');
  const aggregate = await latencySeries(slow.id, {
    unit: 'us',
    count: 12_000,
    seconds: 120,
    p50: 2000,
    p99: 9000,
  });
  await latencySeries(slow.id, {
    labels: { script: '0' },
    unit: 'us',
    count: 50_000,
    seconds: 120,
    p50: 1,
    p99: 1,
  });
  const minute = (i: number, count: number, warmupFrames = 0) =>
    db.rollup.create({
      data: {
        seriesId: aggregate.id,
        widthSeconds: 60,
        bucketStart: new Date(T0 + i * 60_000),
        frameCount: 60,
        warmupFrames,
        count: BigInt(count),
        durationMs: BigInt(60_000),
        ...aggregate.figures,
      },
    });
  await minute(0, 600, 60); // all warm-up: not in the sparkline
  await minute(1, 6_000);
  await minute(2, 3_000);

  // 'fast': p99 5 ms (in ms), 500 ops/s.
  const fast = await run(project.id, upper!.id, 'fast run', { startedAt: new Date(T0 + 1000) });
  await latencySeries(fast.id, { unit: 'ms', count: 60_000, seconds: 120, p50: 1, p99: 5 });

  // 'bare': still running, nothing summarised yet.
  const bare = await run(project.id, mysql!.id, 'bare run', { status: 'running', endedAt: null });

  // A published run: started and ended at its publication date.
  const published = await run(project.id, upper!.id, 'published run', {
    source: 'published',
    startedAt: new Date(T0 - 86_400_000),
    endedAt: new Date(T0 - 86_400_000),
  });
  Object.assign(ids, {
    slow: slow.id,
    fast: fast.id,
    bare: bare.id,
    published: published.id,
    aggregate: aggregate.id,
  });
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

const list = (params: Record<string, string> = {}) => listRuns(db, null, parseRunsQuery(params));
const names = (page: Awaited<ReturnType<typeof list>>) => page.rows.map((r) => r.name);

describe('runs explorer figures', () => {
  it('reads throughput, p50 and p99 of the untagged latency series, in ms and ops/s', async () => {
    const page = await list();
    const slow = page.rows.find((r) => r.id === ids.slow)!;
    expect(slow.main).toMatchObject({ seriesId: ids.aggregate, throughput: 100, p50Ms: 2, p99Ms: 9 });
    const fast = page.rows.find((r) => r.id === ids.fast)!;
    expect(fast.main).toMatchObject({ throughput: 500, p50Ms: 1, p99Ms: 5 });
    expect(page.rows.find((r) => r.id === ids.bare)!.main).toBeNull();
  });

  it('draws the sparkline from the minute rollups, warm-up minutes left out', async () => {
    const page = await list();
    expect(page.rows.find((r) => r.id === ids.slow)!.trend).toEqual([100, 50]);
    expect(page.rows.find((r) => r.id === ids.bare)!.trend).toEqual([]);
  });

  it('sorts by p99, p50 and throughput, runs without figures last either way', async () => {
    expect(names(await list({ sort: 'p99', dir: 'desc' })).slice(0, 2)).toEqual(['slow run', 'fast run']);
    expect(names(await list({ sort: 'p99', dir: 'asc' })).slice(0, 2)).toEqual(['fast run', 'slow run']);
    expect(names(await list({ sort: 'p50', dir: 'asc' })).slice(0, 2)).toEqual(['fast run', 'slow run']);
    expect(names(await list({ sort: 'throughput', dir: 'desc' })).slice(0, 2)).toEqual([
      'fast run',
      'slow run',
    ]);
    for (const dir of ['asc', 'desc'])
      expect(new Set(names(await list({ sort: 'p99', dir })).slice(2))).toEqual(
        new Set(['bare run', 'published run']),
      );
  });

  it('gives published runs no duration and sorts by duration without them', async () => {
    const page = await list({ sort: 'duration', dir: 'desc' });
    expect(page.rows.find((r) => r.id === ids.published)!.durationMs).toBeNull();
    expect(page.rows.find((r) => r.id === ids.slow)!.durationMs).toBe(120_000);
    expect(names(page).slice(-2).sort()).toEqual(['bare run', 'published run']);
  });

  it('sorts by project and source in the database', async () => {
    const bySource = await list({ sort: 'source', dir: 'desc' });
    expect(bySource.rows[0]!.source).toBe('published');
    expect((await list({ sort: 'project' })).total).toBe(4);
  });

  it('lists one PostgreSQL in the filter and matches both stored spellings', async () => {
    const page = await list();
    expect(page.facets.systems).toEqual(['MySQL', 'PostgreSQL']);
    expect(page.rows.find((r) => r.id === ids.slow)!.systemLabel).toBe('PostgreSQL');
    const filtered = await list({ system: 'PostgreSQL' });
    expect(names(filtered).sort()).toEqual(['fast run', 'published run', 'slow run']);
    expect((await list({ system: 'postgres' })).total).toBe(3);
    expect((await list({ system: 'oracle' })).total).toBe(0);
  });

  it('sorts by the system as shown, not as stored', async () => {
    const page = await list({ sort: 'system', dir: 'asc' });
    expect(page.rows.map((r) => r.systemLabel)).toEqual(['MySQL', 'PostgreSQL', 'PostgreSQL', 'PostgreSQL']);
  });
});
