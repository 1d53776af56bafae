// The REST read API's access rules (runs and comparisons: one rule, server/read-access.ts) and
// the run summary, against a real PostgreSQL.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { generateToken, hashToken } from '@levelfield/db/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readComparison } from '~/server/comparisons/rest';
import { getRunDetail } from '~/server/runs/detail';
import { readRun } from '~/server/runs/read-api';

let database: TestDatabase;
let db: PrismaClient;
const fx = {
  publicRun: '',
  publishedRun: '',
  privateRun: '',
  member: '',
  outsider: '',
  readToken: '',
  ingestOnly: '',
  otherProject: '',
  revoked: '',
  expired: '',
};

async function token(
  projectId: string,
  scopes: string[],
  revoked = false,
  expiresAt?: Date,
): Promise<string> {
  const plain = generateToken();
  await db.apiToken.create({
    data: {
      projectId,
      name: 't',
      tokenHash: hashToken(plain),
      prefix: plain.slice(0, 7),
      scopes,
      revokedAt: revoked ? new Date() : null,
      expiresAt: expiresAt ?? null,
    },
  });
  return plain;
}

beforeAll(async () => {
  database = await createTestDatabase('readapi');
  db = createPrismaClient(database.url, { max: 2 });
  fx.member = (await db.user.create({ data: { email: 'm@example.test' } })).id;
  fx.outsider = (await db.user.create({ data: { email: 'o@example.test' } })).id;
  const org = await db.organization.create({
    data: { slug: 'o', name: 'O', memberships: { create: { userId: fx.member, role: 'viewer' } } },
  });
  const open = await db.project.create({
    data: { organizationId: org.id, slug: 'open', name: 'Open', visibility: 'public' },
  });
  const closed = await db.project.create({
    data: { organizationId: org.id, slug: 'closed', name: 'Closed' },
  });
  const startedAt = new Date(Date.UTC(2026, 10, 1));
  fx.publicRun = (
    await db.run.create({
      data: { projectId: open.id, name: 'pub', benchmark: 'pgbench', source: 'agent', startedAt },
    })
  ).id;
  fx.publishedRun = (
    await db.run.create({
      data: {
        projectId: open.id,
        name: 'printed',
        benchmark: 'tpcc',
        source: 'published',
        startedAt,
        sourceUrl: 'https://example.com/post',
        values: [{ metric: 'tpmC', value: 1_250_000, unit: 'tpm', text: '1.25M tpmC', origin: 'imported' }],
      },
    })
  ).id;
  const privateRun = await db.run.create({
    data: { projectId: closed.id, name: 'PRIVATE-MARKER', benchmark: 'pgbench', source: 'agent', startedAt },
  });
  fx.privateRun = privateRun.id;
  const series = await db.series.create({
    data: { runId: privateRun.id, name: 'latency', kind: 'latency', unit: 'us' },
  });
  await db.seriesSummary.create({
    data: {
      seriesId: series.id,
      frameCount: 60,
      lastSeq: 59,
      count: 120_000n,
      durationMs: 60_000n,
      min: 90,
      max: 9000,
      mean: 400,
      p50: 350,
      p90: 600,
      p95: 800,
      p99: 1500,
      p999: 4000,
    },
  });
  // A comparison in each project, for GET /api/v1/comparisons/{slug}.
  for (const [projectId, slug, runId] of [
    [closed.id, 'private-comparison', fx.privateRun],
    [open.id, 'public-comparison', fx.publicRun],
  ] as const)
    await db.comparison.create({
      data: {
        projectId,
        slug,
        title: slug,
        entries: { create: [{ position: 0, label: 'only', runs: { create: [{ runId }] } }] },
      },
    });
  fx.readToken = await token(closed.id, ['ingest', 'read']);
  fx.ingestOnly = await token(closed.id, ['ingest']);
  fx.otherProject = await token(open.id, ['read']);
  fx.revoked = await token(closed.id, ['read'], true);
  fx.expired = await token(closed.id, ['read'], false, new Date(Date.now() - 1000));
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

describe('readRun', () => {
  it('says when a finished run’s summaries are still to be written, so a script asks again', async () => {
    const run = await db.run.create({
      data: {
        projectId: (await db.run.findUniqueOrThrow({ where: { id: fx.publicRun } })).projectId,
        name: 'just finished',
        benchmark: 'pgbench',
        source: 'agent',
        status: 'succeeded',
        startedAt: new Date(),
        series: { create: { name: 'latency', kind: 'latency', unit: 'us' } },
      },
    });
    const read = await readRun(db, run.id, { kind: 'anonymous' });
    expect(read).toMatchObject({ summaryPending: true, series: [{ summary: null }] });
  });

  it('returns a published result’s figures as printed and where they were printed', async () => {
    const run = await readRun(db, fx.publishedRun, { kind: 'anonymous' });
    expect(run).toMatchObject({
      source: 'published',
      sourceUrl: 'https://example.com/post',
      values: [{ metric: 'tpmC', value: 1_250_000, text: '1.25M tpmC' }],
    });
    expect((await readRun(db, fx.publicRun, { kind: 'anonymous' }))?.values).toEqual([]);
  });

  it('answers a public run anonymously', async () => {
    expect((await readRun(db, fx.publicRun, { kind: 'anonymous' }))?.name).toBe('pub');
  });

  it('hides a private run from anonymous visitors and non-members', async () => {
    expect(await readRun(db, fx.privateRun, { kind: 'anonymous' })).toBeNull();
    expect(await readRun(db, fx.privateRun, { kind: 'session', userId: fx.outsider })).toBeNull();
  });

  it('answers a private run to a member and to a read token of its project only', async () => {
    expect((await readRun(db, fx.privateRun, { kind: 'session', userId: fx.member }))?.name).toBe(
      'PRIVATE-MARKER',
    );
    expect((await readRun(db, fx.privateRun, { kind: 'token', token: fx.readToken }))?.name).toBe(
      'PRIVATE-MARKER',
    );
    for (const token of [fx.ingestOnly, fx.otherProject, fx.revoked, fx.expired, 'lf_not-a-token']) {
      expect(await readRun(db, fx.privateRun, { kind: 'token', token })).toBeNull();
    }
  });

  it('returns the per-series summary with throughput over the measured duration', async () => {
    const run = await readRun(db, fx.privateRun, { kind: 'token', token: fx.readToken });
    expect(run?.summaryPending).toBe(false);
    expect(run?.series[0]?.summary).toMatchObject({
      count: 120_000,
      p50: 350,
      p99: 1500,
      p999: 4000,
      throughput: 2000,
      durationSeconds: 60,
    });
  });

  it('says how many frames the agent kept because the ingest API refused them, and what it folded', async () => {
    const ok = await readRun(db, fx.publicRun, { kind: 'anonymous' });
    expect(ok).toMatchObject({ framesQuarantined: 0, seriesFolded: {} });
    const lost = await db.run.create({
      data: {
        projectId: (await db.run.findUniqueOrThrow({ where: { id: fx.publicRun } })).projectId,
        name: 'lost frames',
        benchmark: 'k6',
        source: 'agent',
        status: 'succeeded',
        startedAt: new Date(Date.UTC(2026, 10, 2)),
        framesQuarantined: 412,
        seriesFolded: { http_req_duration: 6279 },
      },
    });
    expect(await readRun(db, lost.id, { kind: 'anonymous' })).toMatchObject({
      status: 'succeeded',
      framesQuarantined: 412,
      seriesFolded: { http_req_duration: 6279 },
    });
    // The run page's header reads the same from the run's detail.
    expect(await getRunDetail(db, null, lost.id)).toMatchObject({
      framesQuarantined: 412,
      seriesFolded: { http_req_duration: 6279 },
    });
  });
});

describe('readComparison', () => {
  it('answers a private project’s comparison to a member and to a read token of that project only', async () => {
    const read = (slug: string, credential: Parameters<typeof readComparison>[2]) =>
      readComparison(db, slug, credential).then((c) => c?.slug ?? null);
    expect(await read('private-comparison', { kind: 'token', token: fx.readToken })).toBe(
      'private-comparison',
    );
    expect(await read('private-comparison', { kind: 'session', userId: fx.member })).toBe(
      'private-comparison',
    );
    // A token of another project (even a public one), without the read scope, revoked or malformed: nothing.
    for (const token of [fx.otherProject, fx.ingestOnly, fx.revoked, fx.expired, 'lf_not-a-token'])
      expect(await read('private-comparison', { kind: 'token', token })).toBeNull();
    expect(await read('private-comparison', { kind: 'anonymous' })).toBeNull();
    expect(await read('private-comparison', { kind: 'session', userId: fx.outsider })).toBeNull();
    expect(await read('no-such-comparison', { kind: 'token', token: fx.readToken })).toBeNull();
  });

  it('answers a public project’s comparison anonymously; a token reads its own project only, as for runs', async () => {
    const json = await readComparison(db, 'public-comparison', { kind: 'anonymous' });
    expect(json).toMatchObject({
      slug: 'public-comparison',
      project: 'o/open',
      entries: [{ label: 'only' }],
    });
    expect(json?.checks.length).toBeGreaterThan(0);
    expect(
      await readComparison(db, 'public-comparison', { kind: 'token', token: fx.otherProject }),
    ).not.toBeNull();
    expect(await readComparison(db, 'public-comparison', { kind: 'token', token: fx.readToken })).toBeNull();
  });
});
