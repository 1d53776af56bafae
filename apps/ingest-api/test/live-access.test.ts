// Live streams end when their viewer loses access: API token revoked, project made private,
// member removed. Through real HTTP against the real server process (dist/main.mjs) and a real
// PostgreSQL, with a short re-check period set through the environment. The bound is counted in
// re-checks, not measured in time: a change committed before check n + 1 started must have ended
// the stream by that check (the server logs which check ended it).
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { hashToken } from '@levelfield/db/tokens';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db.ts';
import { newId } from '../src/ids.ts';
import { LiveHub } from '../src/live/hub.ts';
import { LiveAccessMonitor } from '../src/live/monitor.ts';
import { signLiveToken } from '../src/live-token.ts';
import { createIngestMetrics } from '../src/metrics.ts';
import {
  api,
  batch,
  createToken,
  type Fixture,
  openLive,
  runRequest,
  type SpawnedServer,
  seedFixture,
  spawnServer,
} from './fixtures.ts';

const SECRET = 'z'.repeat(40);
let database: TestDatabase;
let fixture: Fixture;
let sql: pg.Pool;
let server: SpawnedServer;

beforeAll(async () => {
  database = await createTestDatabase('ingest_live_access');
  fixture = await seedFixture(database.url);
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  server = await spawnServer(database.url, {
    INGEST_LIVE_RECHECK_MS: '100',
    LEVELFIELD_LIVE_TOKEN_SECRET: SECRET,
  });
});

afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  await sql?.end();
  await database?.drop();
});

/** A project of its own (so tests do not change each other's) with an ingest token; returns both. */
async function project(visibility: 'public' | 'private') {
  const id = newId();
  const slug = `p-${id}`;
  await sql.query(
    `INSERT INTO projects (id, organization_id, slug, name, visibility) VALUES ($1, $2, $3, $3, $4::"Visibility")`,
    [id, fixture.organizationId, slug, visibility],
  );
  const ingest = await createToken(sql, id, ['ingest']);
  const run = await api(server.url, ingest).post('/v1/runs', runRequest(slug));
  expect(run.status).toBe(201);
  return { id, slug, ingest, runId: run.body.id as string };
}

async function member(): Promise<string> {
  const userId = newId();
  await sql.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [userId, `${userId}@acme.test`]);
  await sql.query(
    `INSERT INTO memberships (id, organization_id, user_id, role) VALUES ($1, $2, $3, 'viewer')`,
    [newId(), fixture.organizationId, userId],
  );
  return userId;
}

function liveToken(runId: string, userId: string): string {
  return signLiveToken({ runId, userId, expiresAt: Date.now() + 60_000 }, SECRET);
}

/** A hub and an access monitor over `db`, checking only when told to (no timer). */
function monitorOver(db: Queryable) {
  const hub = new LiveHub();
  const metrics = createIngestMetrics({
    liveSubscribers: () => hub.size,
    pool: () => ({ total: 0, idle: 0, waiting: 0 }),
  });
  const monitor = new LiveAccessMonitor({
    db,
    hub,
    intervalMs: 3_600_000,
    metrics: { checks: metrics.liveChecks, revoked: metrics.liveRevoked },
    log: () => {},
  });
  return { hub, monitor };
}

async function watch(runId: string, token?: string) {
  const live = await openLive(`${server.url}/v1/runs/${runId}/live${token ? `?token=${token}` : ''}`);
  expect(live.status).toBe(200);
  await live.next((e) => e.event === 'hello');
  return live;
}

/** Re-checks started so far (the server's own counter). */
async function checksStarted(): Promise<number> {
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^levelfield_live_access_checks_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
}

/**
 * The check that ended the streams of a run for a reason, from the server's log (its stderr may
 * arrive after the stream's last event: wait for the line).
 */
async function endingCheck(runId: string, reason: string): Promise<number> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    for (const line of server.stderr.join('').split('\n')) {
      if (!line.includes('ended streams that lost access')) continue;
      const entry = JSON.parse(line) as { runId: string; reason: string; check: number };
      if (entry.runId === runId && entry.reason === reason) return entry.check;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server logged no ending of ${runId}'s streams for ${reason}`);
}

/** Waits for the stream's last event and checks it ended within one re-check of the change. */
async function expectRevoked(
  live: Awaited<ReturnType<typeof watch>>,
  runId: string,
  reason: string,
  checksBeforeChange: number,
) {
  const revoked = await live.next((e) => e.event === 'revoked');
  expect(revoked.data).toEqual({ runId, reason, message: expect.stringMatching(/\w/) });
  await live.next(() => false).catch(() => {});
  expect(live.ended).toBe(true);
  expect(await endingCheck(runId, reason)).toBeLessThanOrEqual(checksBeforeChange + 1);
}

describe('open live streams', () => {
  it('end when their API token is revoked, and only those', async () => {
    const { id, runId } = await project('private');
    const [kept, revokedToken] = [await createToken(sql, id, ['read']), await createToken(sql, id, ['read'])];
    const [staying, leaving] = [await watch(runId, kept), await watch(runId, revokedToken)];
    await sql.query('UPDATE api_tokens SET revoked_at = now() WHERE token_hash = $1', [
      hashToken(revokedToken),
    ]);
    await expectRevoked(leaving, runId, 'token-revoked', await checksStarted());
    expect(staying.ended).toBe(false);
    await staying.close();
  });

  it('end when their API token expires', async () => {
    const { id, runId } = await project('private');
    const expiring = await createToken(sql, id, ['read']);
    const live = await watch(runId, expiring);
    await sql.query(
      `UPDATE api_tokens SET expires_at = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE token_hash = $1`,
      [hashToken(expiring)],
    );
    await expectRevoked(live, runId, 'token-revoked', await checksStarted());
  });

  it('end for anonymous viewers when the project is made private; members and its tokens stay', async () => {
    const { id, ingest, runId } = await project('public');
    const userId = await member();
    const anonymous = await watch(runId);
    const asMember = await watch(runId, liveToken(runId, userId));
    const withToken = await watch(runId, await createToken(sql, id, ['read']));
    await sql.query(`UPDATE projects SET visibility = 'private' WHERE id = $1`, [id]);
    await expectRevoked(anonymous, runId, 'project-private', await checksStarted());
    // The others still receive frames.
    expect((await api(server.url, ingest).post(`/v1/runs/${runId}/frames`, batch(0, 1))).status).toBe(200);
    await asMember.next((e) => e.event === 'frame');
    await withToken.next((e) => e.event === 'frame');
    await Promise.all([asMember.close(), withToken.close()]);
  });

  it('end when the viewer is removed from the organization', async () => {
    const { runId } = await project('private');
    const [removed, remaining] = [await member(), await member()];
    const leaving = await watch(runId, liveToken(runId, removed));
    const staying = await watch(runId, liveToken(runId, remaining));
    await sql.query('DELETE FROM memberships WHERE user_id = $1', [removed]);
    await expectRevoked(leaving, runId, 'member-removed', await checksStarted());
    expect(staying.ended).toBe(false);
    await staying.close();
    // The same live token no longer opens a stream, with the answer an unknown run gets.
    const again = await fetch(`${server.url}/v1/runs/${runId}/live?token=${liveToken(runId, removed)}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'RUN_NOT_FOUND' } });
  });
});

describe('the access monitor', () => {
  it('leaves alone a viewer who subscribed while a check was reading access', async () => {
    // The real pool, its first answer held until a member subscribes: that member was not asked
    // about, so the answer says nothing of them (before, they read as removed).
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let asked = 0;
    const holding = {
      query: async (config: pg.QueryConfig) => {
        asked += 1;
        const result = await sql.query(config);
        if (asked === 1) await held;
        return result;
      },
    } as unknown as Queryable;
    const { hub, monitor } = monitorOver(holding);
    const { runId } = await project('private');
    const [first, second] = await Promise.all([member(), member()]);
    const ended: string[] = [];
    const sink = (who: string) => ({ write: () => {}, end: () => ended.push(who) });
    hub.subscribe(runId, sink('first'), { userId: first, grantedBy: 'member' });
    const checking = monitor.check();
    await expect.poll(() => asked).toBe(1);
    hub.subscribe(runId, sink('second'), { userId: second, grantedBy: 'member' });
    answer();
    await checking;
    expect(ended).toEqual([]);
    // The next check asks about both, and both are members.
    await monitor.check();
    expect(ended).toEqual([]);
    expect(hub.size).toBe(2);
    await monitor.stop();
  });

  it('checks every watched run and viewer with one query per check', async () => {
    const queries: string[] = [];
    // The real pool, counting the statements sent through it.
    const counted = {
      query: (config: pg.QueryConfig) => {
        queries.push(config.text);
        return sql.query(config);
      },
    } as unknown as Queryable;
    const { hub, monitor } = monitorOver(counted);
    const runs = await Promise.all([project('private'), project('public'), project('private')]);
    const users = await Promise.all([member(), member()]);
    const ended: string[] = [];
    for (const { runId } of runs) {
      for (let i = 0; i < 20; i += 1) {
        const userId = users[i % 2]!;
        hub.subscribe(
          runId,
          { write: () => {}, end: () => ended.push(runId) },
          { userId, grantedBy: 'member' },
        );
      }
    }
    await monitor.check();
    expect(queries).toHaveLength(1);
    expect(ended).toEqual([]);
    await sql.query('DELETE FROM memberships WHERE user_id = $1', [users[0]]);
    await monitor.check();
    expect(queries).toHaveLength(2);
    // Half the viewers of each private run; the public run stays open to all.
    expect(ended.sort()).toEqual(
      [...Array(10).fill(runs[0]!.runId), ...Array(10).fill(runs[2]!.runId)].sort(),
    );
    expect(hub.size).toBe(40);
    await monitor.stop();
  });
});
