// A stored histogram that does not decode (written before ingest checked, or altered in the
// database) must not take down what reads it: the run's time lines and range, a comparison that
// holds the run, and a report published from it. It is left out and counted, so the run page can
// say so.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { encodeCompressed, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '~/server/comparisons/create';
import { getComparison } from '~/server/comparisons/view';
import { publishReport } from '~/server/reports/publish';
import { loadRange, loadTimelines } from '~/server/runs/timeline';
import { finishedRun, orgWithPeople } from './support';

let database: TestDatabase;
let db: PrismaClient;
let owner = '';
let damagedRun = '';
const start = Date.UTC(2026, 10, 1);
/** What a damaged row holds: the right cookie, then garbage. */
/** The comparison's slug: 'with-damage' and a random suffix, as its project is private. */
let comparison = '';
const GARBAGE = Buffer.from([0x1c, 0x84, 0x93, 0x14, 0xff, 0xff, 0xff, 0x7f, 1, 2, 3]);

beforeAll(async () => {
  database = await createTestDatabase('damaged');
  db = createPrismaClient(database.url, { max: 2 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', { owner: { name: 'O', role: 'owner' } });
  owner = ids.owner;
  const project = await db.project.create({ data: { organizationId: orgId, slug: 'p', name: 'P' } });
  damagedRun = await finishedRun(db, project.id, 'damaged');
  const series = await db.series.create({
    data: { runId: damagedRun, name: 'latency', kind: 'latency', unit: 'us' },
  });
  const frames = [0, 1, 2].map((seq) => {
    const h = new Histogram();
    for (let i = 0; i < 10; i++) h.recordValue(100 + seq * 10 + i);
    const { stdDev: _s, count, ...stats } = summarizeHistogram(h);
    return {
      seriesId: series.id,
      seq,
      startAt: new Date(start + seq * 1000),
      endAt: new Date(start + (seq + 1) * 1000),
      count: BigInt(count),
      ...stats,
      histogram: seq === 1 ? GARBAGE : Buffer.from(encodeCompressed(h)),
    };
  });
  await db.frame.createMany({ data: frames });
  ({ slug: comparison } = await createComparison(
    db,
    owner,
    { org: 'acme', project: 'p' },
    {
      slug: 'with-damage',
      title: 'with damage',
      baseline: 0,
      entries: [
        { label: 'Damaged', runIds: [damagedRun] },
        { label: 'Other', runIds: [await finishedRun(db, project.id, 'other')] },
      ],
    },
  ));
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('a stored histogram that does not decode', () => {
  it('is counted on the time line, which still draws every interval from its stored figures', async () => {
    const [line] = await loadTimelines(db, damagedRun);
    expect(line?.damaged).toBe(1);
    expect(line?.points).toHaveLength(3);
  });

  it('is left out of the whole-run figures, which come from the others', async () => {
    const [range] = await loadRange(db, damagedRun, {});
    expect(range?.damaged).toBe(1);
    expect(range?.summary?.count).toBe(20);
  });

  it('does not take down a comparison or a report that holds the run', async () => {
    const view = await getComparison(db, owner, comparison);
    expect(view.entries.map((e) => e.label)).toEqual(['Damaged', 'Other']);
    await expect(publishReport(db, owner, { comparison, visibility: 'private' })).resolves.toMatchObject({
      version: 1,
    });
  });
});
