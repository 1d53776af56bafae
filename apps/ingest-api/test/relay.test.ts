// The relay (src/live/relay.ts) on a real PostgreSQL: frames stored by a server process, notices
// handed to an in-process relay whose reads go through a real pool wrapped to count them and, for
// one run, to hold them until released. Shows that one run's backlog is read in one query and
// delivered in commit order, and that a run whose read is stuck does not hold up another.
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db.ts';
import { LiveHub } from '../src/live/hub.ts';
import { encodeFinishedNotice, encodeFramesNotice } from '../src/live/messages.ts';
import { NoticeRelay } from '../src/live/relay.ts';
import {
  api,
  batch,
  type Fixture,
  runRequest,
  type SpawnedServer,
  seedFixture,
  spawnServer,
  T0,
} from './fixtures.ts';

let database: TestDatabase;
let fixture: Fixture;
let pool: pg.Pool;
let server: SpawnedServer;

beforeAll(async () => {
  database = await createTestDatabase('ingest_relay');
  fixture = await seedFixture(database.url);
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  server = await spawnServer(database.url);
});

afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
  await pool?.end();
  await database?.drop();
});

/** A run with `seconds` stored batches of two series; returns its id and series ids by key. */
async function storedRun(seconds: number): Promise<{ runId: string; seriesIds: Map<string, string> }> {
  const client = api(server.url, fixture.token);
  const runId = (await client.post('/v1/runs', runRequest())).body.id as string;
  for (let seq = 0; seq < seconds; seq += 1)
    expect((await client.post(`/v1/runs/${runId}/frames`, batch(seq, 2))).status).toBe(200);
  const { rows } = await pool.query<{ id: string; txn: string }>(
    `SELECT id, labels->>'txn' AS txn FROM series WHERE run_id = $1`,
    [runId],
  );
  return { runId, seriesIds: new Map(rows.map((row) => [row.txn, row.id])) };
}

/** The run's series keys in the order a notice's frames are read (by series id). */
const inReadOrder = (seriesIds: Map<string, string>) =>
  ['s0', 's1'].sort((a, b) => seriesIds.get(a)!.localeCompare(seriesIds.get(b)!, 'en'));

/** The notice another instance would have sent for the batch of `seq` (acceptedAt = seq). */
const noticeOf = (runId: string, seriesIds: Map<string, string>, seq: number) =>
  encodeFramesNotice({
    runId,
    origin: 'other-instance',
    acceptedAt: seq,
    frames: ['s0', 's1'].map((key) => ({ series: seriesIds.get(key)!, seq, startMs: T0 + seq * 1000 })),
  });

/** Frame events a subscriber of `runId` received, as series key:seq:acceptedAt. */
function subscriber(hub: LiveHub, runId: string, keys: Map<string, string>) {
  const byId = new Map([...keys].map(([key, id]) => [id, key]));
  const seen: string[] = [];
  let finished = false;
  hub.subscribe(
    runId,
    {
      write(text) {
        for (const block of text.split('\n\n')) {
          if (block.startsWith('event: finished')) finished = true;
          if (!block.startsWith('event: frame')) continue;
          const frame = JSON.parse(block.split('\ndata: ')[1]!) as {
            series: string;
            seq: number;
            acceptedAt: number;
          };
          seen.push(`${byId.get(frame.series)}:${frame.seq}:${frame.acceptedAt}`);
        }
      },
      end() {},
    },
    { grantedBy: 'visibility' },
  );
  return { seen, finished: () => finished };
}

describe('the notice relay', () => {
  it("reads one run's queued notices in one query and delivers them in commit order", async () => {
    const { runId, seriesIds } = await storedRun(6);
    const hub = new LiveHub();
    const viewer = subscriber(hub, runId, seriesIds);
    let queries = 0;
    const db: Queryable = {
      query: ((...args: Parameters<pg.Pool['query']>) => {
        queries += 1;
        return pool.query(...args);
      }) as Queryable['query'],
    };
    const relay = new NoticeRelay({ origin: 'this-instance', hub, db, log: (m) => expect.fail(m) });
    // The first notice starts a read; the other five and the end arrive while it is in flight.
    for (let seq = 0; seq < 6; seq += 1) relay.handle(noticeOf(runId, seriesIds, seq));
    relay.handle(encodeFinishedNotice(runId, 'other-instance', 'succeeded'));
    await relay.settled();
    expect(queries).toBe(2);
    expect(viewer.seen).toEqual(
      Array.from({ length: 6 }, (_, seq) =>
        inReadOrder(seriesIds).map((key) => `${key}:${seq}:${seq}`),
      ).flat(),
    );
    expect(viewer.finished()).toBe(true);
    hub.closeAll(1000);
  });

  it('does not hold up a run behind another whose read is stuck', async () => {
    const slow = await storedRun(1);
    const fast = await storedRun(1);
    const hub = new LiveHub();
    const slowViewer = subscriber(hub, slow.runId, slow.seriesIds);
    const fastViewer = subscriber(hub, fast.runId, fast.seriesIds);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const db: Queryable = {
      query: (async (...args: Parameters<pg.Pool['query']>) => {
        const values = args[1] as unknown[] | undefined;
        if (JSON.stringify(values).includes(slow.seriesIds.get('s0')!)) await held;
        return pool.query(...args);
      }) as Queryable['query'],
    };
    const relay = new NoticeRelay({ origin: 'this-instance', hub, db, log: (m) => expect.fail(m) });
    relay.handle(noticeOf(slow.runId, slow.seriesIds, 0));
    relay.handle(noticeOf(fast.runId, fast.seriesIds, 0));
    // The fast run's frames arrive while the slow run's read is still held.
    for (let i = 0; i < 200 && fastViewer.seen.length < 2; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(fastViewer.seen).toEqual(inReadOrder(fast.seriesIds).map((key) => `${key}:0:0`));
    expect(slowViewer.seen).toEqual([]);
    release();
    await relay.settled();
    expect(slowViewer.seen).toEqual(inReadOrder(slow.seriesIds).map((key) => `${key}:0:0`));
    hub.closeAll(1000);
  });
});
