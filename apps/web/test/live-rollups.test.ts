// A live run long enough to be drawn from minute rollups: its page is handed the whole run's
// steady intervals merged together with the newest seq that merge holds, read in one snapshot,
// so the page can add exactly the frames after it and the summary and spectrum advance live. And
// the frames a live page missed in a seq gap, read alone.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { decodeHistogram, encodeCompressed, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_POINTS, ROLLUP_WIDTH_SECONDS } from '~/lib/timeline-model';
import { MissedFramesInput, missedFrames } from '~/server/runs/missed-frames';
import { loadTimelines } from '~/server/runs/timeline';
import { finishedRun, orgWithPeople } from './support';

let database: TestDatabase;
let db: PrismaClient;
let runId = '';
let seriesId = '';
let otherRunId = '';
const start = Date.UTC(2026, 10, 1);
const FRAMES = MAX_POINTS + 100;
/** Minutes the rollup worker has merged so far; the frames after them are not rolled up yet. */
const ROLLED_MINUTES = 30;

const histogramOf = (seq: number) => {
  const h = new Histogram();
  h.recordValue(100 + (seq % 50));
  h.recordValue(1_000 + seq);
  return h;
};
const stats = (h: Histogram) => {
  const { stdDev: _s, count, ...rest } = summarizeHistogram(h);
  return { count: BigInt(count), ...rest };
};

beforeAll(async () => {
  database = await createTestDatabase('live_rollups');
  db = createPrismaClient(database.url, { max: 2 });
  const { orgId } = await orgWithPeople(db, 'acme', { owner: { name: 'O', role: 'owner' } });
  const project = await db.project.create({ data: { organizationId: orgId, slug: 'p', name: 'P' } });
  runId = await finishedRun(db, project.id, 'long');
  const series = await db.series.create({ data: { runId, name: 'latency', kind: 'latency', unit: 'us' } });
  seriesId = series.id;
  otherRunId = await finishedRun(db, project.id, 'other');
  const frames = Array.from({ length: FRAMES }, (_, seq) => {
    const h = histogramOf(seq);
    return {
      seriesId: series.id,
      seq,
      startAt: new Date(start + seq * 1000),
      endAt: new Date(start + (seq + 1) * 1000),
      ...stats(h),
      histogram: Buffer.from(encodeCompressed(h)),
    };
  });
  await db.frame.createMany({ data: frames });
  const perMinute = ROLLUP_WIDTH_SECONDS;
  await db.rollup.createMany({
    data: Array.from({ length: ROLLED_MINUTES }, (_, m) => {
      const merged = new Histogram();
      for (let seq = m * perMinute; seq < (m + 1) * perMinute; seq++) merged.add(histogramOf(seq));
      return {
        seriesId: series.id,
        widthSeconds: ROLLUP_WIDTH_SECONDS,
        bucketStart: new Date(start + m * perMinute * 1000),
        frameCount: perMinute,
        ...stats(merged),
        histogram: Buffer.from(encodeCompressed(merged)),
        durationMs: BigInt(perMinute * 1000),
      };
    }),
  });
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('a live run drawn from minute rollups', () => {
  it('carries every steady interval merged, rolled up or not, and the newest seq in that merge', async () => {
    const [line] = await loadTimelines(db, runId, { live: true });
    expect(line?.resolution).toBe('rollups');
    expect(line?.live?.lastSeq).toBe(FRAMES - 1);
    const merged = decodeHistogram(Buffer.from(line?.live?.merged ?? '', 'base64'));
    // Two samples per interval: the rolled-up minutes and the frames after them, each once.
    expect(merged.totalCount).toBe(2 * FRAMES);
    expect(merged.valueAtPercentile(100)).toBe(histogramOf(FRAMES - 1).valueAtPercentile(100));
  });

  it('carries no live part when the page is not live', async () => {
    const [line] = await loadTimelines(db, runId);
    expect(line?.live).toBeUndefined();
  });
});

describe('the frames a live page missed', () => {
  it('are the stored frames strictly between the two seqs, as the stream sends them', async () => {
    const frames = await missedFrames(db, runId, { seriesId, afterSeq: 100, beforeSeq: 105 });
    expect(frames.map((f) => f.seq)).toEqual([101, 102, 103, 104]);
    const first = frames[0]!;
    expect(first.startMs).toBe(start + 101_000);
    const h = decodeHistogram(Buffer.from(first.histogram ?? '', 'base64'));
    expect(h.totalCount).toBe(2);
  });

  it("are read only through the series' own run", async () => {
    expect(await missedFrames(db, otherRunId, { seriesId, afterSeq: 100, beforeSeq: 105 })).toEqual([]);
  });

  it('refuses a gap too long to fill, or reversed, with what to do instead', () => {
    const long = MissedFramesInput.safeParse({ seriesId, afterSeq: 0, beforeSeq: 5000 });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toMatch(/read the page again/);
    expect(MissedFramesInput.safeParse({ seriesId, afterSeq: 9, beforeSeq: 9 }).success).toBe(false);
  });
});
