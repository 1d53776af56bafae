// The generated client can create and read every model on a database built by the migrations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, Prisma, type PrismaClient } from '../src/client.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
let db: PrismaClient;

beforeAll(async () => {
  database = await createTestDatabase('models');
  db = createPrismaClient(database.url, { max: 2 });
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

describe('generated client on the migrated schema', () => {
  it('creates and reads every model', async () => {
    const user = await db.user.create({ data: { email: 'a@example.test', name: 'A' } });
    await db.account.create({
      data: { userId: user.id, type: 'oauth', provider: 'github', providerAccountId: '42' },
    });
    await db.session.create({
      data: { sessionToken: 's1', userId: user.id, expires: new Date(Date.now() + 1e6) },
    });
    await db.verificationToken.create({
      data: { identifier: 'a@example.test', token: 't', expires: new Date() },
    });
    const org = await db.organization.create({ data: { slug: 'org', name: 'Org' } });
    await db.membership.create({ data: { organizationId: org.id, userId: user.id, role: 'owner' } });
    await db.invitation.create({
      data: {
        organizationId: org.id,
        email: 'b@example.test',
        role: 'viewer',
        tokenHash: 'h'.repeat(64),
        expiresAt: new Date(),
        invitedById: user.id,
      },
    });
    const project = await db.project.create({
      data: { organizationId: org.id, slug: 'p', name: 'P', visibility: 'public' },
    });
    const token = await db.apiToken.create({
      data: {
        projectId: project.id,
        name: 'ci',
        tokenHash: 'f'.repeat(64),
        prefix: 'lf_abcd',
        scopes: ['ingest'],
      },
    });
    const system = await db.system.create({ data: { projectId: project.id, name: 'postgresql' } });
    const run = await db.run.create({
      data: {
        projectId: project.id,
        systemId: system.id,
        tokenId: token.id,
        name: 'r',
        benchmark: 'pgbench',
        source: 'agent',
        startedAt: new Date(),
        labels: { clients: '8' },
        provenance: { schemaVersion: 1 },
      },
    });
    const series = await db.series.create({
      data: { runId: run.id, name: 'latency', kind: 'latency', unit: 'us', labels: {}, labelsKey: '' },
    });
    const stats = { count: 10n, min: 1, max: 9, mean: 5, p50: 5, p90: 8, p95: 9, p99: 9, p999: 9 };
    await db.frame.create({
      data: {
        seriesId: series.id,
        seq: 0,
        startAt: new Date(0),
        endAt: new Date(1000),
        histogram: Buffer.from([1, 2]),
        ...stats,
      },
    });
    await db.rollup.create({
      data: { seriesId: series.id, widthSeconds: 60, bucketStart: new Date(0), frameCount: 1, ...stats },
    });
    await db.seriesSummary.create({
      data: { seriesId: series.id, frameCount: 1, lastSeq: 0, durationMs: 1000n, ...stats },
    });
    await db.pendingRollup.create({
      data: { runId: run.id, bucketStart: new Date(0), dueAt: new Date(60_000) },
    });
    const comparison = await db.comparison.create({
      data: { projectId: project.id, slug: 'c', title: 'C', createdById: user.id },
    });
    const entry = await db.comparisonEntry.create({
      data: { comparisonId: comparison.id, position: 0, label: 'A' },
    });
    await db.comparisonEntryRun.create({ data: { entryId: entry.id, runId: run.id } });
    const check = await db.checkResult.create({
      data: {
        comparisonId: comparison.id,
        checkId: 'F-HW-1',
        state: 'flag',
        evidence: [{ field: 'hostType' }],
      },
    });
    await db.checkDecisionEvent.create({
      data: {
        checkResultId: check.id,
        decision: 'waived',
        justification: 'declared difference',
        decidedById: user.id,
        decidedByName: 'A',
      },
    });
    const report = await db.report.create({
      data: { comparisonId: comparison.id, slug: 'c', visibility: 'public' },
    });
    await db.reportVersion.create({
      data: { reportId: report.id, version: 1, title: 'C', snapshot: {}, sha256: '0'.repeat(64) },
    });
    const thread = await db.reviewThread.create({
      data: {
        comparisonId: comparison.id,
        reportId: report.id,
        anchor: { kind: 'check', checkId: 'F-HW-1' },
      },
    });
    await db.reviewComment.create({
      data: { threadId: thread.id, authorId: user.id, body: 'Why c5d vs i8g?' },
    });
    await db.notification.create({
      data: { recipientId: user.id, kind: 'comment', threadId: thread.id, summary: 'A comment on F-HW-1' },
    });
    await db.signInThrottle.create({
      data: { email: 'guessed@example.test', failures: 5, lastFailureAt: new Date() },
    });
    const history = await db.history.create({
      data: {
        id: 'h'.repeat(64),
        projectId: project.id,
        benchmark: 'pgbench',
        identity: { benchmark: 'pgbench' },
      },
    });
    const change = await db.historyChange.create({
      data: {
        historyId: history.id,
        metric: 'p99',
        runId: run.id,
        regression: true,
        relativeChange: 0.2,
        pValue: 0.0001,
      },
    });
    await db.historyChangeEvent.create({
      data: {
        changeId: change.id,
        kind: 'confirmed',
        note: 'a real slowdown',
        decidedById: user.id,
        decidedByName: 'A',
      },
    });
    await db.changeNotification.create({
      data: { recipientId: user.id, changeId: change.id, summary: 'p99 +20 %' },
    });
    const webhook = await db.webhook.create({
      data: { projectId: project.id, url: 'https://hooks.example.test/x', secret: 's'.repeat(32) },
    });
    await db.webhookDelivery.create({
      data: { webhookId: webhook.id, changeId: change.id, event: 'regression', body: '{}' },
    });

    const delegates = db as unknown as Record<string, { count(): Promise<number> }>;
    for (const model of Object.values(Prisma.ModelName)) {
      const delegate = delegates[model.charAt(0).toLowerCase() + model.slice(1)];
      expect(delegate, `no client delegate for ${model}`).toBeDefined();
      expect(await delegate!.count(), `${model} was not created`).toBeGreaterThan(0);
    }

    const read = await db.run.findUniqueOrThrow({
      where: { id: run.id },
      include: {
        series: { include: { frames: true, summary: true } },
        project: { include: { organization: true } },
      },
    });
    expect(read.series[0]?.frames[0]?.count).toBe(10n);
    expect(read.series[0]?.frames[0]?.histogram).toEqual(new Uint8Array([1, 2]));
    expect(read.project.organization.slug).toBe('org');
  });

  it('enforces one frame per (series, seq)', async () => {
    const series = await db.series.findFirstOrThrow();
    const frame = {
      seriesId: series.id,
      seq: 0,
      startAt: new Date(0),
      endAt: new Date(1000),
      count: 1n,
      min: 1,
      max: 1,
      mean: 1,
      p50: 1,
      p90: 1,
      p95: 1,
      p99: 1,
      p999: 1,
    };
    await expect(db.frame.create({ data: frame })).rejects.toThrow(/Unique constraint/);
  });
});
