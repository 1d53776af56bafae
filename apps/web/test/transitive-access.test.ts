// Access that follows the data, against a real PostgreSQL: what a comparison, its REST answer, a
// report and a publish show is decided for the reader at the time of reading, run by run — not
// once, when a run was put into a comparison. The cases the direct authorization matrix cannot
// see: visibility changed after a comparison or report was made, membership removed, a run of
// another organization's unlisted project, leveled links across organizations.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { generateToken, hashToken } from '@levelfield/db/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '~/server/comparisons/create';
import { readComparison } from '~/server/comparisons/rest';
import { getComparison } from '~/server/comparisons/view';
import { publishReport } from '~/server/reports/publish';
import { getReport } from '~/server/reports/read';
import { getRunDetail } from '~/server/runs/detail';
import { failure, finishedRun, orgWithPeople } from './support';

let database: TestDatabase;
let db: PrismaClient;
// "home" owns the runs; "away" builds comparisons and reports on them.
const u = { alice: '', carol: '', mallory: '' };
const p = { shared: '', quiet: '', inner: '', away: '' };
const r = { shared: '', quiet: '', inner: '', away: '' };
let readToken = '';
let homeOrgId = '';

const setVisibility = (projectId: string, visibility: 'private' | 'unlisted' | 'public') =>
  db.project.update({ where: { id: projectId }, data: { visibility } });

/** A comparison in the away project: its own run against one of home's. */
async function awayComparison(slug: string, homeRun: string, leveledFrom?: string) {
  await createComparison(
    db,
    u.mallory,
    { org: 'away', project: 'bench' },
    {
      slug,
      title: slug,
      baseline: 0,
      entries: [
        { label: 'Away', runIds: [r.away] },
        { label: 'Home', runIds: [homeRun] },
      ],
      ...(leveledFrom ? { leveledFrom } : {}),
    },
  );
}

/** Every run id a comparison view shows. */
const runIdsOf = (view: { entries: { runs: { id: string }[] }[] }) =>
  view.entries.flatMap((e) => e.runs.map((x) => x.id));

beforeAll(async () => {
  database = await createTestDatabase('transitive');
  db = createPrismaClient(database.url, { max: 2 });
  const home = await orgWithPeople(db, 'home', {
    alice: { name: 'Alice', role: 'owner' },
    carol: { name: 'Carol', role: 'viewer' },
  });
  const away = await orgWithPeople(db, 'away', { mallory: { name: 'Mallory', role: 'owner' } });
  homeOrgId = home.orgId;
  u.alice = home.ids.alice;
  u.carol = home.ids.carol;
  u.mallory = away.ids.mallory;
  await db.membership.create({ data: { organizationId: away.orgId, userId: u.carol, role: 'editor' } });
  const project = (orgId: string, slug: string, visibility: 'private' | 'unlisted' | 'public') =>
    db.project.create({ data: { organizationId: orgId, slug, name: slug, visibility } }).then((x) => x.id);
  p.shared = await project(home.orgId, 'shared', 'public');
  p.quiet = await project(home.orgId, 'quiet', 'unlisted');
  p.inner = await project(home.orgId, 'inner', 'private');
  p.away = await project(away.orgId, 'bench', 'public');
  r.shared = await finishedRun(db, p.shared, 'SHARED-RUN');
  r.quiet = await finishedRun(db, p.quiet, 'QUIET-RUN');
  r.inner = await finishedRun(db, p.inner, 'INNER-RUN');
  r.away = await finishedRun(db, p.away, 'AWAY-RUN');
  readToken = generateToken();
  await db.apiToken.create({
    data: {
      projectId: p.away,
      name: 't',
      tokenHash: hashToken(readToken),
      prefix: 'lf_xxxx',
      scopes: ['read'],
    },
  });
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('a public run that its owner makes private afterwards', () => {
  beforeAll(async () => {
    await awayComparison('took-shared', r.shared);
    await publishReport(db, u.mallory, { comparison: 'took-shared', visibility: 'public' });
    await setVisibility(p.shared, 'private');
  });
  afterAll(() => setVisibility(p.shared, 'public'));

  it('is withheld from the comparison page for outsiders and anonymous readers, and the page says so', async () => {
    for (const reader of [u.mallory, null]) {
      const view = await getComparison(db, reader, 'took-shared');
      expect(runIdsOf(view)).toEqual([r.away]);
      expect(JSON.stringify(view)).not.toContain('SHARED-RUN');
      expect(view.withheld).toEqual([{ label: 'Home', position: 1, runs: 1 }]);
    }
  });

  it('stays visible to the members of its own organization', async () => {
    expect(runIdsOf(await getComparison(db, u.alice, 'took-shared'))).toEqual([r.away, r.shared]);
  });

  it('is withheld from the REST answer, anonymous or with a read token of the comparison’s project', async () => {
    for (const credential of [{ kind: 'anonymous' as const }, { kind: 'token' as const, token: readToken }]) {
      const json = await readComparison(db, 'took-shared', credential);
      expect(JSON.stringify(json)).not.toContain(r.shared);
      expect(json?.withheld).toEqual([{ label: 'Home', position: 1, runs: 1 }]);
    }
  });

  it('withholds the report version published while it was public, and leaves it out of the next one', async () => {
    expect(await failure(getReport(db, null, 'took-shared', 1))).toMatch(
      /withheld.*1 run of another organization/,
    );
    const next = await publishReport(db, u.mallory, { comparison: 'took-shared', visibility: 'public' });
    expect(next.version).toBe(2);
    const report = await getReport(db, null, 'took-shared', 2);
    expect(JSON.stringify(report.version.snapshot)).not.toContain('SHARED-RUN');
    expect(report.version.snapshot.withheld).toEqual([{ label: 'Home', position: 1, runs: 1 }]);
  });

  it('shows its owner where it is used', async () => {
    const detail = await getRunDetail(db, u.alice, r.shared);
    expect(detail.usedIn).toEqual([
      {
        org: 'away',
        project: 'bench',
        comparison: { slug: 'took-shared', title: 'took-shared' },
        reports: ['took-shared'],
      },
    ]);
  });
});

describe('a run of another organization’s unlisted project', () => {
  it('shows to whoever has the link, but never lands in a report', async () => {
    await awayComparison('took-quiet', r.quiet);
    expect(runIdsOf(await getComparison(db, u.mallory, 'took-quiet'))).toEqual([r.away, r.quiet]);
    await publishReport(db, u.mallory, { comparison: 'took-quiet', visibility: 'public' });
    const { snapshot } = (await getReport(db, null, 'took-quiet')).version;
    expect(JSON.stringify(snapshot)).not.toContain('QUIET-RUN');
    expect(snapshot.withheld).toEqual([{ label: 'Home', position: 1, runs: 1 }]);
  });
});

describe('a member who puts a private run into another organization’s public comparison', () => {
  it('never shows it to that comparison’s readers, and loses it when removed from the organization', async () => {
    await createComparison(
      db,
      u.carol,
      { org: 'away', project: 'bench' },
      {
        slug: 'took-inner',
        title: 'took-inner',
        baseline: 0,
        entries: [
          { label: 'Away', runIds: [r.away] },
          { label: 'Home', runIds: [r.inner] },
        ],
      },
    );
    expect(runIdsOf(await getComparison(db, null, 'took-inner'))).toEqual([r.away]);
    expect(runIdsOf(await getComparison(db, u.mallory, 'took-inner'))).toEqual([r.away]);
    expect(runIdsOf(await getComparison(db, u.carol, 'took-inner'))).toEqual([r.away, r.inner]);
    // Carol may publish in away, but the run is not hers to publish.
    await publishReport(db, u.carol, { comparison: 'took-inner', visibility: 'public' });
    expect(JSON.stringify((await getReport(db, null, 'took-inner')).version.snapshot)).not.toContain(
      'INNER-RUN',
    );
    await db.membership.deleteMany({ where: { userId: u.carol, organizationId: homeOrgId } });
    expect(runIdsOf(await getComparison(db, u.carol, 'took-inner'))).toEqual([r.away]);
  });

  it('does not name another organization’s comparison to the run’s owner when they may not open it', async () => {
    await setVisibility(p.away, 'private');
    const uses = (await getRunDetail(db, u.alice, r.inner)).usedIn;
    expect(uses).toEqual([{ org: 'away', project: 'bench', comparison: null, reports: ['took-inner'] }]);
    await setVisibility(p.away, 'public');
  });
});

describe('leveled links across organizations', () => {
  beforeAll(async () => {
    await createComparison(
      db,
      u.alice,
      { org: 'home', project: 'shared' },
      {
        slug: 'home-original',
        title: 'Home original',
        baseline: 0,
        entries: [
          { label: 'A', runIds: [r.shared] },
          { label: 'B', runIds: [await finishedRun(db, p.shared, 'SHARED-RUN-2')] },
        ],
      },
    );
    await publishReport(db, u.alice, { comparison: 'home-original', visibility: 'public' });
    await awayComparison('away-variant', r.away, 'home-original');
    await publishReport(db, u.mallory, { comparison: 'away-variant', visibility: 'public' });
  });

  it('never writes an outsider’s variant into the original’s page or its next report version', async () => {
    expect((await getComparison(db, u.alice, 'home-original')).leveledVariants).toEqual([]);
    await db.comparison.update({ where: { slug: 'home-original' }, data: { title: 'Home original, v2' } });
    await publishReport(db, u.alice, { comparison: 'home-original', visibility: 'public' });
    const { snapshot } = (await getReport(db, null, 'home-original')).version;
    expect(snapshot.related).toEqual([]);
  });

  it('links the variant to its original only while the reader may open the original', async () => {
    expect((await getComparison(db, null, 'away-variant')).leveledFrom?.slug).toBe('home-original');
    await setVisibility(p.shared, 'private');
    expect((await getComparison(db, null, 'away-variant')).leveledFrom).toBeNull();
    expect((await getComparison(db, u.mallory, 'away-variant')).leveledFrom).toBeNull();
    expect((await getComparison(db, u.alice, 'away-variant')).leveledFrom?.slug).toBe('home-original');
    await setVisibility(p.shared, 'public');
  });
});
