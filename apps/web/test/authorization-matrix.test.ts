// The authorization matrix against a real PostgreSQL: every role × every action × every
// visibility, in two organizations, through the real operations (the functions and procedures
// the pages and the API call), each cell its own test. The expected outcomes are written out
// below by hand — deliberately not computed with access.ts's `decide`, which is what is tested.
//
// Each organization has an owner, an editor, a reviewer and a viewer, and per visibility one
// project of that visibility holding a comparison published as a report of the same visibility.
// The "non-member" of one organization is the owner of the other: power in one organization
// must give nothing in the other.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '~/server/comparisons/create';
import { decideCheck } from '~/server/comparisons/decide';
import { getComparison } from '~/server/comparisons/view';
import { decideChange } from '~/server/history/decide';
import { historyOfRun } from '~/server/history/list';
import { getHistory } from '~/server/history/view';
import { updateProject } from '~/server/projects/projects';
import { publishReport } from '~/server/reports/publish';
import { getReport } from '~/server/reports/read';
import { openThread } from '~/server/reports/threads';
import { comparisonsRouter } from '~/server/routers/comparisons';
import { reportsRouter } from '~/server/routers/reports';
import { tokensRouter } from '~/server/routers/tokens';
import { createCallerFactory, router } from '~/server/trpc';
import { createWebhook } from '~/server/webhooks/manage';
import { regressedHistory } from './history-support.ts';
import { finishedRun, outcome } from './support';

type Visibility = 'private' | 'unlisted' | 'public';
type Who = 'owner' | 'editor' | 'reviewer' | 'viewer' | 'non-member' | 'anonymous';
type Action =
  | 'view'
  | 'edit'
  | 'review'
  | 'waive a check'
  | 'publish'
  | 'manage tokens'
  | 'decide a change'
  | 'manage webhooks';
type Outcome = 'ok' | 'NOT_FOUND' | 'FORBIDDEN' | 'UNAUTHENTICATED';

const ACTIONS: Action[] = [
  'view',
  'edit',
  'review',
  'waive a check',
  'publish',
  'manage tokens',
  'decide a change',
  'manage webhooks',
];

// biome-ignore format: the expected outcomes read as a table
const EXPECTED: [Visibility, Who, ...Outcome[]][] = [
  //            who            view          edit            review          waive a check   publish         manage tokens   decide a change manage webhooks
  ['private',  'owner',        'ok',         'ok',           'ok',           'ok',           'ok',           'ok',           'ok',           'ok'],
  ['private',  'editor',       'ok',         'ok',           'ok',           'ok',           'ok',           'ok',           'ok',           'ok'],
  ['private',  'reviewer',     'ok',         'FORBIDDEN',    'ok',           'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['private',  'viewer',       'ok',         'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['private',  'non-member',   'NOT_FOUND',  'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND'],
  ['private',  'anonymous',    'NOT_FOUND',  'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND',    'NOT_FOUND'],
  ['unlisted', 'owner',        'ok',         'ok',           'ok',           'ok',           'ok',           'ok',           'ok',           'ok'],
  ['unlisted', 'editor',       'ok',         'ok',           'ok',           'ok',           'ok',           'ok',           'ok',           'ok'],
  ['unlisted', 'reviewer',     'ok',         'FORBIDDEN',    'ok',           'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['unlisted', 'viewer',       'ok',         'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['unlisted', 'non-member',   'ok',         'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['unlisted', 'anonymous',    'ok',         'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED'],
  ['public',   'owner',        'ok',         'ok',           'ok',           'ok',           'ok',           'ok',           'ok',           'ok'],
  ['public',   'editor',       'ok',         'ok',           'ok',           'ok',           'ok',           'ok',           'ok',           'ok'],
  ['public',   'reviewer',     'ok',         'FORBIDDEN',    'ok',           'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['public',   'viewer',       'ok',         'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['public',   'non-member',   'ok',         'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN',    'FORBIDDEN'],
  ['public',   'anonymous',    'ok',         'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED'],
];

const ORGS = ['north', 'south'] as const;
type Org = (typeof ORGS)[number];
const MEMBER_ROLES = ['owner', 'editor', 'reviewer', 'viewer'] as const;

/** One project of one visibility in one organization, with its comparison published as a report. */
interface Target {
  org: Org;
  project: string;
  projectId: string;
  /** What its slugs are made from ("acme-private"). */
  name: string;
  /** The comparison's slug (with a random suffix unless the project is public). */
  slug: string;
  /** Its report's slug (with a random suffix unless the report is public). */
  reportSlug: string;
  runIds: [string, string];
  checkId: string;
  /** A history with a regression detected in p99 at `regressionRunId`. */
  historyId: string;
  regressionRunId: string;
}

let database: TestDatabase;
let db: PrismaClient;
const users = {} as Record<Org, Record<(typeof MEMBER_ROLES)[number], string>>;
const targets = {} as Record<Org, Record<Visibility, Target>>;
let created = 0;

const callTokens = (viewerId: string | null) =>
  createCallerFactory(router({ tokens: tokensRouter }))({ db, viewerId }).tokens;
const callLists = (viewerId: string | null) =>
  createCallerFactory(router({ comparisons: comparisonsRouter, reports: reportsRouter }))({ db, viewerId });

/** Who acts: a member of the target's organization, the other organization's owner, or nobody. */
function actor(who: Who, org: Org): string | null {
  if (who === 'anonymous') return null;
  if (who === 'non-member') return users[org === 'north' ? 'south' : 'north'].owner;
  return users[org][who];
}

/** The real operation behind each action. */
const OPERATIONS: Record<
  Action,
  (viewerId: string | null, t: Target, visibility: Visibility) => Promise<string>
> = {
  // Reading the report (its own visibility), the comparison behind it and a history (the project's).
  view: async (viewerId, t) => {
    const [report, comparison, history] = await Promise.all([
      outcome(getReport(db, viewerId, t.reportSlug)),
      outcome(getComparison(db, viewerId, t.slug)),
      outcome(getHistory(db, viewerId, { historyId: t.historyId })),
    ]);
    return report === comparison && comparison === history
      ? report
      : `report ${report}, comparison ${comparison}, history ${history}`;
  },
  edit: (viewerId, t) =>
    outcome(
      createComparison(
        db,
        viewerId,
        { projectId: t.projectId },
        {
          slug: `${t.name}-edit-${++created}`,
          title: 'Matrix edit',
          entries: [
            { label: 'one', runIds: [t.runIds[0]] },
            { label: 'two', runIds: [t.runIds[1]] },
          ],
        },
      ),
    ),
  review: (viewerId, t) =>
    outcome(
      openThread(db, viewerId, {
        slug: t.reportSlug,
        version: 1,
        anchor: { kind: 'check', checkId: t.checkId },
        body: 'Is this comparable?',
      }),
    ),
  'waive a check': (viewerId, t) =>
    outcome(
      decideCheck(db, viewerId, {
        slug: t.slug,
        checkId: 'F-HW-1',
        decision: 'waived',
        justification: 'Both sides ran on the same machine.',
      }),
    ),
  publish: (viewerId, t, visibility) =>
    outcome(publishReport(db, viewerId, { comparison: t.slug, visibility })),
  'manage tokens': (viewerId, t) =>
    outcome(
      callTokens(viewerId).create({ org: t.org, project: t.project, name: 'matrix', scopes: ['read'] }),
    ),
  // A note leaves the decision as it is and alerts nobody, so every cell can repeat it.
  'decide a change': (viewerId, t) =>
    outcome(
      decideChange(
        db,
        viewerId,
        {
          historyId: t.historyId,
          series: 'latency',
          metric: 'p99',
          runId: t.regressionRunId,
          kind: 'annotated',
          note: 'Matrix note.',
        },
        { origin: 'http://levelfield.test' },
      ),
    ),
  'manage webhooks': (viewerId, t) =>
    outcome(
      createWebhook(
        db,
        viewerId,
        { org: t.org, project: t.project },
        { url: 'https://hooks.example.test/x' },
      ),
    ),
};

async function createTarget(org: Org, organizationId: string, visibility: Visibility): Promise<Target> {
  const project = `${visibility}-project`;
  const { id: projectId } = await db.project.create({
    data: { organizationId, slug: project, name: `${org} ${visibility}`, visibility },
  });
  const runIds: [string, string] = [
    await finishedRun(db, projectId, 'one'),
    await finishedRun(db, projectId, 'two'),
  ];
  const name = `${org}-${visibility}`;
  const owner = users[org].owner;
  const { slug } = await createComparison(
    db,
    owner,
    { projectId },
    {
      slug: name,
      title: `${org} ${visibility}`,
      entries: [
        { label: 'one', runIds: [runIds[0]] },
        { label: 'two', runIds: [runIds[1]] },
      ],
    },
  );
  const { slug: reportSlug } = await publishReport(db, owner, { comparison: slug, visibility });
  const report = await getReport(db, owner, reportSlug, 1);
  const checkId = report.version.snapshot.checks[0]?.id;
  if (!checkId) throw new Error(`the report ${reportSlug} has no checks to anchor a thread to`);
  const { id: systemId } = await db.system.create({ data: { projectId, name: 'postgresql' } });
  const history = await regressedHistory(db, projectId, systemId);
  const historyId = await historyOfRun(db, owner, history[0]!);
  return {
    org,
    project,
    projectId,
    name,
    slug,
    reportSlug,
    runIds,
    checkId,
    historyId,
    regressionRunId: history[12]!,
  };
}

beforeAll(async () => {
  database = await createTestDatabase('matrix');
  db = createPrismaClient(database.url, { max: 2 });
  for (const org of ORGS) {
    users[org] = {} as (typeof users)[Org];
    for (const role of MEMBER_ROLES)
      users[org][role] = (
        await db.user.create({ data: { email: `${role}@${org}.example.test`, name: `${org} ${role}` } })
      ).id;
    const { id } = await db.organization.create({
      data: {
        slug: org,
        name: org,
        memberships: { create: MEMBER_ROLES.map((role) => ({ userId: users[org][role], role })) },
      },
    });
    targets[org] = {} as (typeof targets)[Org];
    for (const visibility of ['private', 'unlisted', 'public'] as const)
      targets[org][visibility] = await createTarget(org, id, visibility);
  }
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const cases = ORGS.flatMap((org) =>
  EXPECTED.flatMap(([visibility, who, ...outcomes]) =>
    ACTIONS.map((action, i) => ({ org, visibility, who, action, expected: outcomes[i] as Outcome })),
  ),
);

describe('authorization matrix', () => {
  it('covers every role × action × visibility in both organizations', () => {
    expect(cases).toHaveLength(2 * 6 * 8 * 3);
    expect(new Set(cases.map((c) => `${c.org} ${c.visibility} ${c.who} ${c.action}`)).size).toBe(
      cases.length,
    );
  });

  // Titles such as "north: reviewer → publish on a public project and report = FORBIDDEN".
  it.each(
    cases.map(
      (c) =>
        [
          `${c.org}: ${c.who} → ${c.action} on a ${c.visibility} project and report = ${c.expected}`,
          c,
        ] as const,
    ),
  )('%s', async (_title, { org, visibility, who, action, expected }) => {
    const target = targets[org][visibility];
    expect(await OPERATIONS[action](actor(who, org), target, visibility)).toBe(expected);
  });
});

// Lists: who finds the target's comparison in /comparisons (comparisons.list) and its report in
// /gallery (reports.gallery). Unlisted means what it says: opened by its link, listed to members only.
// biome-ignore format: the expected outcomes read as a table
const LISTED: [Visibility, Who, 'listed' | 'not listed', 'in gallery' | 'not in gallery'][] = [
  ['private',  'owner',      'listed',     'not in gallery'],
  ['private',  'viewer',     'listed',     'not in gallery'],
  ['private',  'non-member', 'not listed', 'not in gallery'],
  ['private',  'anonymous',  'not listed', 'not in gallery'],
  ['unlisted', 'owner',      'listed',     'not in gallery'],
  ['unlisted', 'viewer',     'listed',     'not in gallery'],
  ['unlisted', 'non-member', 'not listed', 'not in gallery'],
  ['unlisted', 'anonymous',  'not listed', 'not in gallery'],
  ['public',   'owner',      'listed',     'in gallery'],
  ['public',   'viewer',     'listed',     'in gallery'],
  ['public',   'non-member', 'listed',     'in gallery'],
  ['public',   'anonymous',  'listed',     'in gallery'],
];

describe('lists of comparisons and reports', () => {
  it.each(
    ORGS.flatMap((org) =>
      LISTED.map(
        ([visibility, who, listed, gallery]) =>
          [
            `${org}: ${who} → a ${visibility} project's comparison is ${listed}, its report ${gallery}`,
            { org, visibility, who, listed, gallery },
          ] as const,
      ),
    ),
  )('%s', async (_title, { org, visibility, who, listed, gallery }) => {
    const { name, slug, reportSlug } = targets[org][visibility];
    const lists = callLists(actor(who, org));
    const [comparisons, reports] = await Promise.all([
      lists.comparisons.list({ q: name, size: 50 }),
      lists.reports.gallery({ q: name }),
    ]);
    expect(comparisons.rows.some((c) => c.slug === slug) ? 'listed' : 'not listed').toBe(listed);
    expect(reports.reports.some((r) => r.slug === reportSlug) ? 'in gallery' : 'not in gallery').toBe(
      gallery,
    );
  });
});

describe('slugs', () => {
  it('of what outsiders may not see are unguessable, so asking for their names confirms nothing', async () => {
    for (const visibility of ['private', 'unlisted'] as const) {
      const hidden = targets.north[visibility];
      expect(hidden.slug).toMatch(new RegExp(`^${hidden.name}--[a-z0-9]{8}$`));
      expect(hidden.reportSlug).toMatch(new RegExp(`^${hidden.name}--[a-z0-9]{8}$`));
      // South's owner asks for north's names in south's public project: both are free.
      const open = targets.south.public;
      const asked = await createComparison(
        db,
        users.south.owner,
        { projectId: open.projectId },
        {
          slug: hidden.name,
          title: 'Guess',
          entries: [
            { label: 'one', runIds: [open.runIds[0]] },
            { label: 'two', runIds: [open.runIds[1]] },
          ],
        },
      );
      expect(asked.slug).toBe(hidden.name);
      expect(
        (await publishReport(db, users.south.owner, { comparison: asked.slug, visibility: 'public' })).slug,
      ).toBe(hidden.name);
    }
    // A public one holds the slug asked for, and asking for it again is refused: it is public.
    expect(targets.north.public.slug).toBe(targets.north.public.name);
    expect(
      await outcome(
        createComparison(
          db,
          users.south.owner,
          { projectId: targets.south.public.projectId },
          {
            slug: targets.north.public.name,
            title: 'Taken',
            entries: [
              { label: 'one', runIds: [targets.south.public.runIds[0]] },
              { label: 'two', runIds: [targets.south.public.runIds[1]] },
            ],
          },
        ),
      ),
    ).toBe('CONFLICT');
  });

  it('of what stops being public move off the names they were public under', async () => {
    const organizationId = (await db.organization.findUniqueOrThrow({ where: { slug: 'south' } })).id;
    const { id: projectId } = await db.project.create({
      data: { organizationId, slug: 'going-private', name: 'Going private', visibility: 'public' },
    });
    const runIds = [await finishedRun(db, projectId, 'one'), await finishedRun(db, projectId, 'two')];
    const owner = users.south.owner;
    const entries = [
      { label: 'one', runIds: [runIds[0]!] },
      { label: 'two', runIds: [runIds[1]!] },
    ];
    const compared = await createComparison(
      db,
      owner,
      { projectId },
      { slug: 'once-public', title: 'T', entries },
    );
    const published = await publishReport(db, owner, { comparison: compared.slug, visibility: 'public' });
    expect([compared.slug, published.slug]).toEqual(['once-public', 'once-public']);
    const { id: comparisonId } = await db.comparison.findUniqueOrThrow({ where: { slug: compared.slug } });

    // The report made unlisted: a new address, and the one it was public under opens nothing.
    const unlisted = await callLists(owner).reports.setVisibility({
      slug: 'once-public',
      visibility: 'unlisted',
    });
    expect(unlisted.moved).toBe(true);
    expect(unlisted.slug).toMatch(/^once-public--[a-z0-9]{8}$/);
    expect(await outcome(getReport(db, null, 'once-public'))).toBe('NOT_FOUND');
    expect(await outcome(getReport(db, null, unlisted.slug))).toBe('ok');
    // Its new address stays through later changes, public again included.
    const again = await callLists(owner).reports.setVisibility({
      slug: unlisted.slug,
      visibility: 'private',
    });
    expect([again.slug, again.moved]).toEqual([unlisted.slug, false]);

    // So does one published again as unlisted, and its new version names the new address.
    const second = await createComparison(
      db,
      owner,
      { projectId },
      { slug: 'republished', title: 'T', entries },
    );
    await publishReport(db, owner, { comparison: second.slug, visibility: 'public' });
    const republished = await publishReport(db, owner, { comparison: second.slug, visibility: 'unlisted' });
    expect(republished.slug).toMatch(/^republished--[a-z0-9]{8}$/);
    expect(await outcome(getReport(db, null, 'republished'))).toBe('NOT_FOUND');

    // The project made private: its comparison moves too, and north may now ask for the name.
    await updateProject(db, projectId, { name: 'Going private', visibility: 'private' });
    const moved = await db.comparison.findUniqueOrThrow({
      where: { id: comparisonId },
      select: { slug: true },
    });
    expect(moved.slug).toMatch(/^once-public--[a-z0-9]{8}$/);
    const open = targets.north.public;
    const asked = await createComparison(
      db,
      users.north.owner,
      { projectId: open.projectId },
      {
        slug: 'once-public',
        title: 'Free again',
        entries: [
          { label: 'one', runIds: [open.runIds[0]] },
          { label: 'two', runIds: [open.runIds[1]] },
        ],
      },
    );
    expect(asked.slug).toBe('once-public');
  });
});
