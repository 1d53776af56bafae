// The agent closes its last interval a whole interval after it opened, though the tool exited
// inside it: the time line cuts it to the run's end, and the throughput line leaves it out rather
// than draw a few operations over a whole second as a collapse.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { encodeCompressed, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intervalRates } from '~/components/charts/chart-options';
import { loadTimelines } from '~/server/runs/timeline';

let database: TestDatabase;
let db: PrismaClient;
let runId = '';
const start = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  database = await createTestDatabase('partial');
  db = createPrismaClient(database.url, { max: 2 });
  const org = await db.organization.create({ data: { slug: 'o', name: 'O' } });
  const project = await db.project.create({ data: { organizationId: org.id, slug: 'p', name: 'P' } });
  const run = await db.run.create({
    data: {
      projectId: project.id,
      name: 'ends inside its last interval',
      benchmark: 'pgbench',
      source: 'agent',
      status: 'succeeded',
      startedAt: new Date(start),
      endedAt: new Date(start + 4_300),
    },
  });
  runId = run.id;
  const series = await db.series.create({ data: { runId, name: 'latency', kind: 'latency', unit: 'us' } });
  // 1,000 operations a second; the last interval holds the 300 of its first 300 ms.
  const frames = [1000, 1000, 1000, 1000, 300].map((n, seq) => {
    const h = new Histogram();
    for (let i = 0; i < n; i++) h.recordValue(500 + (i % 100));
    const { stdDev: _s, count, ...stats } = summarizeHistogram(h);
    return {
      seriesId: series.id,
      seq,
      startAt: new Date(start + seq * 1000),
      endAt: new Date(start + (seq + 1) * 1000),
      count: BigInt(count),
      ...stats,
      histogram: Buffer.from(encodeCompressed(h)),
    };
  });
  await db.frame.createMany({ data: frames });
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('a run that ended inside its last interval', () => {
  it('draws that interval to the run’s end and leaves it out of the throughput line', async () => {
    const [line] = await loadTimelines(db, runId);
    expect(line!.points.map((p) => p.end - start)).toEqual([1000, 2000, 3000, 4000, 4300]);
    expect(line!.points.at(-1)!.t).toBe(start + 4000);
    // Four whole seconds at 1,000 ops/s; not a fifth point at 300 ops/s.
    expect(intervalRates(line!.points).map((r) => r.rate)).toEqual([1000, 1000, 1000, 1000]);
  });
});
