// loadRange on a long series: minute rollups inside the range, frames at its edges, must give
// exactly what merging every frame of the range gives.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import {
  countBands,
  decodeHistogram,
  encodeBands,
  encodeCompressed,
  Histogram,
} from '@levelfield/metrics/hdr';
import { mergeHistograms, summarizeHistogram } from '@levelfield/metrics/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_POINTS } from '~/lib/timeline-model';
import { loadRange, loadTimelines } from '~/server/runs/timeline';

let database: TestDatabase;
let db: PrismaClient;
let runId = '';
const FRAMES = MAX_POINTS + 400;
const start = Date.UTC(2026, 10, 1);
const histograms: Histogram[] = [];

beforeAll(async () => {
  database = await createTestDatabase('range');
  db = createPrismaClient(database.url, { max: 2 });
  const org = await db.organization.create({ data: { slug: 'o', name: 'O' } });
  const project = await db.project.create({
    data: { organizationId: org.id, slug: 'p', name: 'P', visibility: 'public' },
  });
  const run = await db.run.create({
    data: {
      projectId: project.id,
      name: 'long',
      benchmark: 'b',
      source: 'agent',
      startedAt: new Date(start),
    },
  });
  runId = run.id;
  const series = await db.series.create({ data: { runId, name: 'latency', kind: 'latency', unit: 'us' } });
  const rows = [];
  for (let seq = 0; seq < FRAMES; seq++) {
    const h = new Histogram();
    for (let i = 0; i < 5; i++) h.recordValue(100 + ((seq * 37 + i * 11) % 900));
    histograms.push(h);
    const { stdDev: _s, count, ...stats } = summarizeHistogram(h);
    rows.push({
      seriesId: series.id,
      seq,
      startAt: new Date(start + seq * 1000),
      endAt: new Date(start + (seq + 1) * 1000),
      warmup: seq < 90,
      count: BigInt(count),
      ...stats,
      histogram: Buffer.from(encodeCompressed(h)),
    });
  }
  await db.frame.createMany({ data: rows });
  // What the ingest API's rollup worker stores: one merged histogram per minute.
  for (let minute = 0; minute * 60 < FRAMES; minute++) {
    const part = histograms.slice(minute * 60, minute * 60 + 60);
    const merged = mergeHistograms(part);
    const { stdDev: _s, count, ...stats } = summarizeHistogram(merged);
    const warmupFrames = rows.slice(minute * 60, minute * 60 + 60).filter((r) => r.warmup).length;
    await db.rollup.create({
      data: {
        seriesId: series.id,
        widthSeconds: 60,
        bucketStart: new Date(start + minute * 60_000),
        frameCount: part.length,
        warmupFrames,
        durationMs: BigInt(part.length * 1000),
        count: BigInt(count),
        ...stats,
        histogram: Buffer.from(encodeCompressed(merged)),
      },
    });
  }
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

function exact(fromSeq: number, toSeq: number, includeWarmup: boolean) {
  const part = histograms.slice(fromSeq, toSeq).filter((_, i) => includeWarmup || fromSeq + i >= 90);
  return summarizeHistogram(mergeHistograms(part));
}

describe('loadRange on a long series', () => {
  it('matches the exact merge of every frame for a range with ragged edges', async () => {
    const [result] = await loadRange(db, runId, { fromMs: start + 125_500, toMs: start + 1_990_000 });
    // Frames starting at seq 126 … 1989 (start ≥ from, start < to), warm-up (seq < 90) outside anyway.
    const want = exact(126, 1990, false);
    expect(result!.summary).toMatchObject({
      count: want.count,
      p50: want.p50,
      p99: want.p99,
      max: want.max,
      min: want.min,
    });
    expect(result!.summary!.durationSeconds).toBe(1990 - 126);
  });

  it('leaves the warm-up out unless asked, also where it shares a minute with steady frames', async () => {
    const [steady] = await loadRange(db, runId, { fromMs: start, toMs: start + 600_000 });
    const [all] = await loadRange(db, runId, { fromMs: start, toMs: start + 600_000, includeWarmup: true });
    expect(steady!.summary!.count).toBe(exact(0, 600, false).count);
    expect(all!.summary!.count).toBe(exact(0, 600, true).count);
    expect(all!.summary!.count - steady!.summary!.count).toBe(90 * 5);
  });
});

describe('the heatmap of a long series', () => {
  const columnTotals = (counts: number[][]) => counts.map((row) => row.reduce((a, b) => a + b, 0));

  it('comes from the rollups, every sample of a minute in its column, with or without stored bands', async () => {
    // Written before bands existed: the histograms are counted into bands when read.
    const [legacy] = await loadTimelines(db, runId);
    expect(legacy!.resolution).toBe('rollups');
    expect(columnTotals(legacy!.heatmap.counts)).toEqual(legacy!.points.map((p) => p.count));
    expect(legacy!.heatmap.edges.length).toBeLessThanOrEqual(49);

    // As the rollup worker stores them now: the same heatmap, from the stored bands alone.
    const rollups = await db.rollup.findMany({ where: { series: { runId } } });
    for (const r of rollups)
      await db.rollup.update({
        where: {
          seriesId_widthSeconds_bucketStart: {
            seriesId: r.seriesId,
            widthSeconds: r.widthSeconds,
            bucketStart: r.bucketStart,
          },
        },
        data: { bands: Buffer.from(encodeBands(countBands(decodeHistogram(r.histogram as Uint8Array)))) },
      });
    const [banded] = await loadTimelines(db, runId);
    expect(banded!.heatmap).toEqual(legacy!.heatmap);
  });
});
