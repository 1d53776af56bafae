// Review threads and notifications against a real PostgreSQL: who may open, answer, resolve and
// accept a thread; anchors checked against the snapshot of the version being read; notifications
// to participants and publishers, never to the actor, hidden once the report is out of reach;
// anonymous readers see the threads of public reports, by name, never an email.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewAnchor } from '~/lib/schemas/review';
import { loadDemoComparisons } from '~/server/comparisons/demo';
import { listNotifications, markRead, unreadCount } from '~/server/notifications/read';
import { publishReport } from '~/server/reports/publish';
import { getReport } from '~/server/reports/read';
import { commentOnThread, listThreads, openThread, setThreadState } from '~/server/reports/threads';
import { reportsRouter } from '~/server/routers/reports';
import { createCallerFactory, router } from '~/server/trpc';
import { onlyComparisons, seedBySlug } from './seed-publications.ts';
import { outcome as code, failure as message, orgWithPeople } from './support';

const PUBLIC = 'rama-vs-cockroachdb-tpcc';
const PRIVATE = 'rama-vs-cockroachdb-tpcc-99-cross-partition';
/** Its private report's slug: PRIVATE and a random suffix. */
let privateReport = '';
const TITLE = 'Rama vs CockroachDB on TPC-C (140,000 warehouses, RF 3)';

let database: TestDatabase;
let db: PrismaClient;
const fx = {
  owner: '',
  editor: '',
  reviewer: '',
  reviewer2: '',
  nameless: '',
  viewer: '',
  outsider: '',
  org: '',
  thread: '',
};

/** The procedures as a client calls them, input validation included. */
const caller = (viewerId: string | null) =>
  createCallerFactory(router({ reports: reportsRouter }))({ db, viewerId }).reports.threads;

const inbox = async (userId: string) => (await listNotifications(db, userId)).map((n) => n.summary);

const open = (viewerId: string | null, anchor: ReviewAnchor, body = 'Why is this so?', slug = PUBLIC) =>
  openThread(db, viewerId, { slug, version: 1, anchor, body });

beforeAll(async () => {
  database = await createTestDatabase('review');
  db = createPrismaClient(database.url, { max: 2 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', {
    owner: { name: 'Olga Owner', role: 'owner' },
    editor: { name: 'Edna Editor', role: 'editor' },
    reviewer: { name: 'Rex Reviewer', role: 'reviewer' },
    reviewer2: { name: 'Rita Reviewer', role: 'reviewer' },
    nameless: { name: null, role: 'reviewer' },
    viewer: { name: 'Vi Viewer', role: 'viewer' },
    outsider: { name: 'Oz Outsider', role: null },
  });
  Object.assign(fx, ids);
  fx.org = orgId;
  await db.project.create({
    data: { organizationId: orgId, slug: 'demo', name: 'Demo', visibility: 'public' },
  });
  await loadDemoComparisons(db, onlyComparisons([PUBLIC, PRIVATE]));
  // Edna publishes the public report, Olga the private one: each is its report's publisher.
  await publishReport(db, fx.editor, { comparison: PUBLIC, visibility: 'public' });
  ({ slug: privateReport } = await publishReport(db, fx.owner, {
    comparison: PRIVATE,
    visibility: 'private',
  }));
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('opening threads', () => {
  it('needs the reviewer role in the report’s organization', async () => {
    const anchor = { kind: 'check', checkId: 'F-HW-1' } as const;
    expect(await code(open(null, anchor))).toBe('UNAUTHENTICATED');
    expect(await code(open(fx.outsider, anchor))).toBe('FORBIDDEN');
    expect(await code(open(fx.viewer, anchor))).toBe('FORBIDDEN');
    expect(await code(open(fx.outsider, anchor, 'x', privateReport))).toBe('NOT_FOUND');
    expect(await message(open(fx.viewer, anchor))).toMatch(/needs the reviewer role or higher in acme/);
  });

  it('opens a thread with its first comment and tells the publishers, not the opener', async () => {
    const created = await open(
      fx.reviewer,
      { kind: 'check', checkId: 'F-HW-1' },
      '  Are these the same CPU generation?  ',
    );
    fx.thread = created.id;
    const [thread] = await listThreads(db, fx.reviewer, PUBLIC);
    expect(thread).toMatchObject({
      id: created.id,
      state: 'open',
      anchorKey: 'check:F-HW-1',
      anchorLabel: 'F-HW-1',
      reportVersion: 1,
      openedBy: 'Rex Reviewer',
    });
    expect(thread?.comments.map((c) => [c.author, c.body, c.event])).toEqual([
      ['Rex Reviewer', 'Are these the same CPU generation?', null],
    ]);
    expect(await inbox(fx.editor)).toEqual([`Rex Reviewer opened a thread on F-HW-1 in '${TITLE}'`]);
    expect(await inbox(fx.reviewer)).toEqual([]);
    expect(await inbox(fx.owner)).toEqual([]);
  });

  it('accepts a table cell, a run’s provenance field; refuses what the version does not show', async () => {
    const report = await getReport(db, fx.reviewer, PUBLIC, 1);
    const entry = report.version.snapshot.entries[0];
    const run = entry?.runs[0]?.id ?? '';
    const label = entry?.label ?? '';
    const tpmC = { kind: 'cell', metric: 'tpmC', entry: label } as const;
    const cpu = { kind: 'field', entry: label, run, path: 'nodes.sut.hardware.hostType' } as const;
    expect(await code(open(fx.reviewer2, tpmC))).toBe('ok');
    expect(await code(open(fx.reviewer2, cpu))).toBe('ok');

    expect(await message(open(fx.reviewer, { kind: 'check', checkId: 'F-XX-9' }))).toMatch(
      /^Version 1 has no check F-XX-9; anchor to one of its checks \(F-/,
    );
    expect(await message(open(fx.reviewer, { ...tpmC, metric: 'qph' }))).toBe(
      `Version 1's headline table has no cell for qph of "${label}"; pick a cell from the table.`,
    );
    expect(await message(open(fx.reviewer, { ...tpmC, entry: 'Oracle' }))).toMatch(
      /no cell for tpmC of "Oracle"/,
    );
    expect(await message(open(fx.reviewer, { ...cpu, run: 'no-such-run' }))).toBe(
      `Version 1 has no run no-such-run in the entry "${label}"; pick a run from the report.`,
    );
    expect(await message(open(fx.reviewer, { ...cpu, path: 'hardware.fluxCapacitor' }))).toMatch(
      /records no provenance field hardware\.fluxCapacitor/,
    );
    // Published numbers only: the report draws no throughput chart to take a range of.
    expect(await message(open(fx.reviewer, { kind: 'range', chart: 'throughput', from: 0, to: 60 }))).toBe(
      'Version 1 has no throughput chart; anchor to a check, a table cell or a field instead.',
    );
    expect(await code(open(fx.reviewer, { kind: 'check', checkId: 'F-XX-9' }))).toBe('VALIDATION_FAILED');
    expect(
      await message(openThread(db, fx.reviewer, { slug: PUBLIC, version: 7, anchor: tpmC, body: 'x' })),
    ).toMatch(/has no version 7/);
  });

  it('validates the input as a client sends it: a body, trimmed, at most 10,000 characters', async () => {
    const anchor = { kind: 'check', checkId: 'F-HW-2' } as const;
    const send = (body: string) => caller(fx.reviewer).open({ slug: PUBLIC, version: 1, anchor, body });
    expect(await message(send('   '))).toMatch(/Write a comment first/);
    expect(await message(send('x'.repeat(10_001)))).toMatch(/at most 10,000 characters/);
    expect(await message(send('marked this thread resolved'))).toMatch(
      /use the Resolve, Reopen or Accept button/,
    );
    expect(
      await message(
        caller(fx.reviewer).open({
          slug: PUBLIC,
          version: 1,
          anchor: { kind: 'range', chart: 'spectrum', from: 9, to: 1 },
          body: 'x',
        }),
      ),
    ).toMatch(/a range ends after it starts/);
    expect(await code(send(` ${'y'.repeat(10_000)} `))).toBe('ok');
  });
});

describe('answering and changing state', () => {
  it('reviewers comment; participants and publishers hear of it, the commenter does not', async () => {
    expect(await code(commentOnThread(db, fx.viewer, { threadId: fx.thread, body: 'me too' }))).toBe(
      'FORBIDDEN',
    );
    expect(await code(commentOnThread(db, null, { threadId: fx.thread, body: 'me too' }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(await code(commentOnThread(db, fx.reviewer, { threadId: 'nope', body: 'me too' }))).toBe(
      'NOT_FOUND',
    );
    await markRead(db, fx.editor);
    await commentOnThread(db, fx.reviewer2, { threadId: fx.thread, body: 'Same question about the memory.' });
    const said = `Rita Reviewer commented on F-HW-1 in '${TITLE}'`;
    expect(await inbox(fx.reviewer)).toEqual([said]);
    expect((await inbox(fx.editor))[0]).toBe(said);
    expect(await inbox(fx.reviewer2)).toEqual([]);
    expect(await unreadCount(db, fx.editor)).toBe(1);
  });

  it('reviewers resolve and reopen; only the publishing side accepts; each change is in the history', async () => {
    const threadId = fx.thread;
    expect(await code(setThreadState(db, fx.viewer, { threadId, state: 'resolved' }))).toBe('FORBIDDEN');
    expect(await message(setThreadState(db, fx.reviewer, { threadId, state: 'accepted' }))).toMatch(
      /^Publishing reports needs the editor role or higher in acme; you are a reviewer/,
    );
    expect(await setThreadState(db, fx.reviewer, { threadId, state: 'resolved' })).toMatchObject({
      state: 'resolved',
      changed: true,
    });
    // Resolving again (a second click, a second reviewer at once) records nothing more.
    expect(await setThreadState(db, fx.reviewer2, { threadId, state: 'resolved' })).toMatchObject({
      changed: false,
    });
    await setThreadState(db, fx.editor, { threadId, state: 'accepted' });
    await setThreadState(db, fx.reviewer2, { threadId, state: 'open' });
    const thread = (await listThreads(db, null, PUBLIC)).find((t) => t.id === threadId);
    expect(thread?.state).toBe('open');
    expect(thread?.comments.map((c) => [c.author, c.event])).toEqual([
      ['Rex Reviewer', null],
      ['Rita Reviewer', null],
      ['Rex Reviewer', 'resolved'],
      ['Edna Editor', 'accepted'],
      ['Rita Reviewer', 'open'],
    ]);
  });

  it('a state change notifies the participants only, never the actor', async () => {
    const rex = await inbox(fx.reviewer);
    expect(rex).toContain(`Edna Editor accepted the thread on F-HW-1 in '${TITLE}'`);
    expect(rex).toContain(`Rita Reviewer reopened the thread on F-HW-1 in '${TITLE}'`);
    expect(rex).not.toContain(`Rex Reviewer resolved the thread on F-HW-1 in '${TITLE}'`);
    expect(await inbox(fx.reviewer2)).toEqual([
      `Edna Editor accepted the thread on F-HW-1 in '${TITLE}'`,
      `Rex Reviewer resolved the thread on F-HW-1 in '${TITLE}'`,
    ]);
    // Edna published the report and accepted (so she takes part now): she hears of the reopening.
    expect((await inbox(fx.editor))[0]).toBe(`Rita Reviewer reopened the thread on F-HW-1 in '${TITLE}'`);
    const kinds = await db.notification.groupBy({ by: ['kind'], _count: true, orderBy: { kind: 'asc' } });
    expect(kinds.map((k) => k.kind)).toEqual(['comment', 'thread_state']);
  });
});

describe('reading threads', () => {
  it('anonymous readers see a public report’s threads, by name, never an email', async () => {
    await open(fx.nameless, { kind: 'check', checkId: 'F-HW-2' }, 'No name on my account.');
    const anonymous = await listThreads(db, null, PUBLIC);
    expect(anonymous.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(anonymous)).not.toMatch(/@example\.test/);
    expect(anonymous.at(-1)?.openedBy).toBe('a reviewer');
    expect(await code(listThreads(db, fx.outsider, PUBLIC))).toBe('ok');
    // Members of the organization know each other: they see the email where there is no name.
    expect((await listThreads(db, fx.viewer, PUBLIC)).at(-1)?.openedBy).toBe('nameless@example.test');
  });

  it('a private report’s threads do not exist for outsiders and anonymous readers', async () => {
    await open(fx.reviewer, { kind: 'check', checkId: 'F-WL-5' }, 'Is 99 % realistic?', privateReport);
    expect(await code(listThreads(db, null, privateReport))).toBe('NOT_FOUND');
    expect(await code(listThreads(db, fx.outsider, privateReport))).toBe('NOT_FOUND');
    expect(await listThreads(db, fx.viewer, privateReport)).toHaveLength(1);
    expect(await code(caller(null).list({ slug: 'no-such-report' }))).toBe('NOT_FOUND');
  });
});

describe('notifications', () => {
  it('link to the thread on the report; marking read touches only one’s own', async () => {
    const [latest] = await listNotifications(db, fx.reviewer);
    expect(latest?.href).toBe(`/r/${PUBLIC}#thread-${fx.thread}`);
    const before = await unreadCount(db, fx.reviewer);
    expect(before).toBeGreaterThan(0);
    // Someone else's ids change nothing.
    expect(await markRead(db, fx.editor, [latest?.id ?? ''])).toBe(0);
    expect(await markRead(db, fx.reviewer, [latest?.id ?? ''])).toBe(1);
    expect(await unreadCount(db, fx.reviewer)).toBe(before - 1);
    await markRead(db, fx.reviewer);
    expect(await unreadCount(db, fx.reviewer)).toBe(0);
  });

  it('are hidden, and not counted, once the recipient can no longer read the report', async () => {
    const [thread] = await listThreads(db, fx.owner, privateReport);
    await commentOnThread(db, fx.reviewer2, { threadId: thread?.id ?? '', body: 'Only members see this.' });
    const secret = `Rita Reviewer commented on F-WL-5 in '${seedBySlug(PRIVATE).title}'`;
    expect(await inbox(fx.reviewer)).toContain(secret);
    const unread = await unreadCount(db, fx.reviewer);
    await db.membership.delete({
      where: { organizationId_userId: { organizationId: fx.org, userId: fx.reviewer } },
    });
    try {
      expect(await inbox(fx.reviewer)).not.toContain(secret);
      expect(await unreadCount(db, fx.reviewer)).toBe(unread - 1);
      // The public report's notifications stay: anyone may read it.
      expect(await inbox(fx.reviewer)).toContain(`Rita Reviewer commented on F-HW-1 in '${TITLE}'`);
    } finally {
      await db.membership.create({ data: { organizationId: fx.org, userId: fx.reviewer, role: 'reviewer' } });
    }
  });
});
