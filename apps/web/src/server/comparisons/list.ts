// The comparisons list at /comparisons: every comparison the viewer may see (those of public
// projects, and every one of their organizations' projects: the overview's rule), searched,
// filtered, sorted and paged in the database. Fairness states come from the stored check results
// with reviewers' decisions applied as the comparison page applies them (a confirmed "needs
// review" is a flag), so a row's counts match the page's "Fairness at a glance".
import 'server-only';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import type { ComparisonsQuery } from '~/lib/comparisons-query';
import { escapeLike } from '~/lib/like';
import { storedNamesFor, systemChoices, systemLabel } from '~/lib/system-names';
import { visibleProjectsWhere } from '../runs/list.ts';

/** A check that counts as a flag: flagged by the engine, or confirmed by a reviewer. */
const FLAGGED: Prisma.CheckResultWhereInput = {
  OR: [{ state: 'flag' }, { state: 'needs_review', decision: 'confirmed' }],
};
/** A check still reading "needs review" (a waiver leaves it so; a confirmation makes it a flag). */
const IN_REVIEW: Prisma.CheckResultWhereInput = {
  state: 'needs_review',
  OR: [{ decision: null }, { decision: 'waived' }],
};

/**
 * Runs whose system and benchmark a row may name: those the viewer could open directly (a
 * comparison can hold another organization's run that has since gone private; its page withholds
 * it, so the list neither shows it nor matches a search against it).
 */
function openableRunWhere(viewerId: string | null): Prisma.RunWhereInput {
  return {
    project: {
      OR: [
        { visibility: { in: ['public', 'unlisted'] } },
        ...(viewerId ? [{ organization: { memberships: { some: { userId: viewerId } } } }] : []),
      ],
    },
  };
}

/** A comparison with an openable run matching `run`. */
const withRun = (run: Prisma.RunWhereInput): Prisma.ComparisonWhereInput => ({
  entries: { some: { runs: { some: { run } } } },
});

function filtersWhere(
  query: ComparisonsQuery,
  openRun: Prisma.RunWhereInput,
  systemNames: readonly string[],
): Prisma.ComparisonWhereInput[] {
  const where: Prisma.ComparisonWhereInput[] = [];
  if (query.q) {
    const contains = { contains: escapeLike(query.q), mode: 'insensitive' } as const;
    where.push({
      OR: [
        { title: contains },
        { slug: contains },
        { entries: { some: { label: contains } } },
        withRun({ ...openRun, system: { name: contains } }),
        withRun({ ...openRun, benchmark: contains }),
      ],
    });
  }
  if (query.org) where.push({ project: { organization: { slug: query.org } } });
  if (query.project) where.push({ project: { slug: query.project } });
  if (query.system)
    where.push(withRun({ ...openRun, system: { name: { in: storedNamesFor(query.system, systemNames) } } }));
  if (query.benchmark) where.push(withRun({ ...openRun, benchmark: query.benchmark }));
  if (query.state === 'flagged') where.push({ checks: { some: FLAGGED } });
  if (query.state === 'review') where.push({ checks: { some: IN_REVIEW } });
  if (query.state === 'clear')
    where.push({ checks: { some: {} } }, { checks: { none: FLAGGED } }, { checks: { none: IN_REVIEW } });
  return where;
}

export interface CheckCounts {
  flag: number;
  needs_review: number;
  unknown: number;
  pass: number;
}

/** The checklist's counts per comparison, decisions applied (see FLAGGED and IN_REVIEW). */
async function checkCounts(db: PrismaClient, ids: readonly string[]): Promise<Map<string, CheckCounts>> {
  const groups = await db.checkResult.groupBy({
    by: ['comparisonId', 'state', 'decision'],
    where: { comparisonId: { in: [...ids] } },
    _count: { _all: true },
  });
  const counts = new Map<string, CheckCounts>(
    ids.map((id) => [id, { flag: 0, needs_review: 0, unknown: 0, pass: 0 }]),
  );
  for (const g of groups) {
    const state = g.state === 'needs_review' && g.decision === 'confirmed' ? 'flag' : g.state;
    const row = counts.get(g.comparisonId);
    if (row) row[state] += g._count._all;
  }
  return counts;
}

/**
 * The page's ids by number of flags (ties: newest first, then id), counted by the database for
 * every matching comparison: a count per comparison, never the checks themselves.
 */
async function pageByFlags(db: PrismaClient, where: Prisma.ComparisonWhereInput, query: ComparisonsQuery) {
  const [all, flagged] = await Promise.all([
    db.comparison.findMany({ where, select: { id: true, updatedAt: true } }),
    db.checkResult.groupBy({
      by: ['comparisonId'],
      where: { ...FLAGGED, comparison: where },
      _count: { _all: true },
    }),
  ]);
  const flags = new Map(flagged.map((f) => [f.comparisonId, f._count._all]));
  const sign = query.dir === 'asc' ? 1 : -1;
  all.sort(
    (a, b) =>
      ((flags.get(a.id) ?? 0) - (flags.get(b.id) ?? 0)) * sign ||
      b.updatedAt.getTime() - a.updatedAt.getTime() ||
      (a.id < b.id ? -1 : 1),
  );
  return all.slice((query.page - 1) * query.size, query.page * query.size).map((c) => c.id);
}

export async function listComparisons(db: PrismaClient, viewerId: string | null, query: ComparisonsQuery) {
  const visible: Prisma.ComparisonWhereInput = { project: visibleProjectsWhere(viewerId) };
  const openRun = openableRunWhere(viewerId);
  const runInList: Prisma.RunWhereInput = {
    ...openRun,
    entryRuns: { some: { entry: { comparison: visible } } },
  };
  const [projects, systems, benchmarks] = await Promise.all([
    db.project.findMany({
      where: { ...visibleProjectsWhere(viewerId), comparisons: { some: {} } },
      select: { slug: true, name: true, organization: { select: { slug: true, name: true } } },
      orderBy: [{ organization: { slug: 'asc' } }, { slug: 'asc' }],
    }),
    db.system.findMany({ where: { runs: { some: runInList } }, select: { name: true }, distinct: ['name'] }),
    db.run.findMany({
      where: runInList,
      select: { benchmark: true },
      distinct: ['benchmark'],
      orderBy: { benchmark: 'asc' },
    }),
  ]);
  const systemNames = systems.map((s) => s.name);
  const where: Prisma.ComparisonWhereInput = { AND: [visible, ...filtersWhere(query, openRun, systemNames)] };

  const select = {
    id: true,
    slug: true,
    title: true,
    updatedAt: true,
    project: { select: { slug: true, name: true, organization: { select: { slug: true, name: true } } } },
    entries: {
      orderBy: { position: 'asc' },
      select: {
        label: true,
        runs: {
          where: { run: openRun },
          select: { run: { select: { benchmark: true, system: { select: { name: true } } } } },
        },
      },
    },
  } satisfies Prisma.ComparisonSelect;
  const byDate = async () =>
    db.comparison.findMany({
      where,
      select,
      orderBy: [{ updatedAt: query.dir }, { id: 'asc' }],
      skip: (query.page - 1) * query.size,
      take: query.size,
    });
  const byFlags = async () => {
    const ids = await pageByFlags(db, where, query);
    const rows = await db.comparison.findMany({ where: { id: { in: ids } }, select });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  const [rows, total] = await Promise.all([
    query.sort === 'flags' ? byFlags() : byDate(),
    db.comparison.count({ where }),
  ]);
  const counts = await checkCounts(
    db,
    rows.map((r) => r.id),
  );

  return {
    rows: rows.map((c) => {
      const runs = c.entries.flatMap((e) => e.runs.map((r) => r.run));
      const distinct = (xs: (string | null | undefined)[]) => [
        ...new Set(xs.filter((x): x is string => !!x)),
      ];
      return {
        slug: c.slug,
        title: c.title,
        updatedAt: c.updatedAt,
        project: c.project,
        /** Each side's label, as the comparison names it ("PostgreSQL 17", "CockroachDB"). */
        sides: c.entries.map((e) => e.label),
        systems: distinct(runs.map((r) => (r.system ? systemLabel(r.system.name) : null))),
        benchmarks: distinct(runs.map((r) => r.benchmark)),
        checks: counts.get(c.id) ?? { flag: 0, needs_review: 0, unknown: 0, pass: 0 },
      };
    }),
    total,
    facets: {
      projects: projects.map((p) => ({ slug: p.slug, name: p.name, org: p.organization })),
      systems: systemChoices(systemNames).map((c) => c.label),
      benchmarks: benchmarks.map((b) => b.benchmark),
    },
  };
}

export type ComparisonsPage = Awaited<ReturnType<typeof listComparisons>>;
export type ComparisonListItem = ComparisonsPage['rows'][number];
