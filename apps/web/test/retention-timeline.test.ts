// A short run whose raw frames retention has deleted (issue 20: frames kept N days, minute rollups
// kept) is drawn from its rollups, not shown empty; and a finished run page that leaves its heatmaps
// for runs.heatmaps (issue 16) still gets every one of them.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { encodeCompressed, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsRouter } from '~/server/routers/runs';
import { loadHeatmaps, loadTimelines } from '~/server/runs/timeline';
import { createCallerFactory } from '~/server/trpc';

let database: TestDatabase;
let db: PrismaClient;
let runId = '';
const start = Date.UTC(2026, 9, 1);

beforeAll(async () => {
  database = await createTestDatabase('retention_timeline');
  db = createPrismaClient(database.url, { max: 2 });
  const org = await db.organization.create({ data: { slug: 'o', name: 'O' } });
  const project = await db.project.create({ data: { organizationId: org.id, slug: 'p', name: 'P' } });
  runId = (
    await db.run.create({
      data: {
        projectId: project.id,
        name: 'expired',
        benchmark: 'b',
        source: 'agent',
        status: 'succeeded',
        startedAt: new Date(start),
      },
    })
  ).id;
  const series = await db.series.create({ data: { runId, name: 'latency', kind: 'latency', unit: 'us' } });
  const minute = new Histogram();
  for (let i = 0; i < 120; i++) minute.recordValue(100 + i);
  const { stdDev: _s, count, ...stats } = summarizeHistogram(minute);
  for (const m of [0, 1])
    await db.rollup.create({
      data: {
        seriesId: series.id,
        widthSeconds: 60,
        bucketStart: new Date(start + m * 60_000),
        frameCount: 60,
        warmupFrames: 0,
        durationMs: 60_000n,
        count: BigInt(count),
        ...stats,
        histogram: Buffer.from(encodeCompressed(minute)),
      },
    });
  // The summary still counts the 120 frames the run had; retention deleted them all.
  await db.seriesSummary.create({
    data: {
      seriesId: series.id,
      frameCount: 120,
      lastSeq: 119,
      count: BigInt(count * 2),
      ...stats,
      durationMs: 120_000n,
    },
  });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('a run whose raw frames expired', () => {
  it('is drawn from its minute rollups', async () => {
    const [series] = await loadTimelines(db, runId);
    expect(series!.resolution).toBe('rollups');
    expect(series!.points.map((p) => p.t)).toEqual([start, start + 60_000]);
    expect(series!.points[0]!.count).toBe(120);
  });
});

describe('a finished run page that defers its heatmaps', () => {
  it('sends the points without the heatmap, and runs.heatmaps gives the heatmap the page would have had', async () => {
    const [whole] = await loadTimelines(db, runId);
    const [deferred] = await loadTimelines(db, runId, { deferHeatmaps: true });
    expect(whole!.heatmap.counts.length).toBeGreaterThan(0);
    expect(deferred!.heatmapDeferred).toBe(true);
    expect(deferred!.heatmap.counts).toEqual([]);
    expect(deferred!.points).toEqual(whole!.points);
    expect(await loadHeatmaps(db, runId)).toEqual([{ seriesId: whole!.seriesId, heatmap: whole!.heatmap }]);
  });

  it("keeps a private run's heatmaps from a visitor without a role, as the page does", async () => {
    const anonymous = createCallerFactory(runsRouter)({ db, viewerId: null });
    await expect(anonymous.heatmaps({ runId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
