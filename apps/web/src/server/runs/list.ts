// The runs a viewer may see, filtered, sorted and paged for the runs explorer. Visible: every
// run of a project in an organization the viewer belongs to, and runs of public projects.
import 'server-only';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import { runDurationMs, shownStatus } from '~/components/table/run-duration';
import type { RunSort, RunsQuery } from '~/lib/runs-query';
import { storedNamesFor, systemChoices, systemLabel } from '~/lib/system-names';
import { type MainSeries, mainSeriesOf, throughputTrends } from './main-series.ts';

/** Projects whose contents are listed to the viewer: public ones, and those of their organizations. */
export function visibleProjectsWhere(viewerId: string | null): Prisma.ProjectWhereInput {
  return {
    OR: [
      { visibility: 'public' },
      ...(viewerId ? [{ organization: { memberships: { some: { userId: viewerId } } } }] : []),
    ],
  };
}

export function visibleRunsWhere(viewerId: string | null): Prisma.RunWhereInput {
  return { project: visibleProjectsWhere(viewerId) };
}

function filtersWhere(query: RunsQuery, systemNames: readonly string[]): Prisma.RunWhereInput[] {
  const where: Prisma.RunWhereInput[] = [];
  if (query.q) where.push({ name: { contains: query.q, mode: 'insensitive' } });
  // Any stored spelling of the chosen system ("postgres", "PostgreSQL"…): system-names.ts.
  if (query.system) where.push({ system: { name: { in: storedNamesFor(query.system, systemNames) } } });
  if (query.benchmark) where.push({ benchmark: query.benchmark });
  if (query.status) where.push({ status: query.status });
  for (const pair of query.labels) {
    const [key, ...rest] = pair.split('=');
    where.push({ labels: { path: [key!], equals: rest.join('=') } });
  }
  if (query.from) where.push({ startedAt: { gte: new Date(`${query.from}T00:00:00Z`) } });
  if (query.to)
    where.push({ startedAt: { lt: new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) } });
  return where;
}

/** Sorts the database orders by itself; the others are computed (see pageByComputedSort). */
type StoredSort = 'name' | 'benchmark' | 'startedAt' | 'project' | 'source';
// Status is computed: a publication's result shows (and sorts as) "published", not its stored status.
const COMPUTED_SORTS = ['system', 'status', 'duration', 'throughput', 'p50', 'p99'] as const;
type ComputedSort = (typeof COMPUTED_SORTS)[number];
const isComputed = (sort: RunSort): sort is ComputedSort =>
  (COMPUTED_SORTS as readonly string[]).includes(sort);

function orderBy(sort: StoredSort, dir: RunsQuery['dir']): Prisma.RunOrderByWithRelationInput[] {
  const primary: Prisma.RunOrderByWithRelationInput[] =
    sort === 'project'
      ? [{ project: { organization: { slug: dir } } }, { project: { slug: dir } }]
      : [{ [sort]: dir }];
  // A stable tie-breaker, so paging never shows a run twice or skips one.
  return [...primary, { id: 'asc' }];
}

const runSelect = {
  id: true,
  name: true,
  benchmark: true,
  status: true,
  source: true,
  labels: true,
  startedAt: true,
  endedAt: true,
  system: { select: { name: true } },
  project: { select: { slug: true, name: true, visibility: true, organization: { select: { slug: true } } } },
} satisfies Prisma.RunSelect;

type RunTimes = Parameters<typeof runDurationMs>[0];

/** A row's value in a computed sort (null: it has none and goes last either way). */
function computedValue(
  run: RunTimes & { status: string; system: { name: string } | null },
  main: MainSeries | undefined,
  sort: ComputedSort,
): string | number | null {
  switch (sort) {
    case 'system':
      return run.system ? systemLabel(run.system.name).toLowerCase() : null;
    case 'status':
      return shownStatus(run);
    case 'duration':
      return runDurationMs(run);
    case 'throughput':
      return main?.throughput ?? null;
    case 'p50':
      return main?.p50Ms ?? null;
    case 'p99':
      return main?.p99Ms ?? null;
  }
}

/**
 * One page in an order the database cannot give by itself (a normalised system name, a run's
 * length, a figure of its main series): every matching run's value is computed, sorted here
 * (empty values last in either direction, ties by id) and the page's rows read by id. One
 * narrow query for the matching runs and one for their main series, whatever their number.
 */
async function pageByComputedSort(
  db: PrismaClient,
  where: Prisma.RunWhereInput,
  query: RunsQuery & { sort: ComputedSort },
): Promise<string[]> {
  const runs = await db.run.findMany({
    where,
    select: {
      id: true,
      source: true,
      status: true,
      startedAt: true,
      endedAt: true,
      system: { select: { name: true } },
    },
  });
  const mains = ['throughput', 'p50', 'p99'].includes(query.sort)
    ? await mainSeriesOf(
        db,
        runs.map((r) => r.id),
      )
    : new Map<string, MainSeries>();
  const sign = query.dir === 'asc' ? 1 : -1;
  const keyed = runs.map((r) => ({ id: r.id, value: computedValue(r, mains.get(r.id), query.sort) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null)
      return a.value === b.value ? (a.id < b.id ? -1 : 1) : a.value === null ? 1 : -1;
    if (a.value !== b.value) return (a.value < b.value ? -1 : 1) * sign;
    return a.id < b.id ? -1 : 1;
  });
  return keyed.slice((query.page - 1) * query.size, query.page * query.size).map((k) => k.id);
}

async function pageRows(db: PrismaClient, where: Prisma.RunWhereInput, query: RunsQuery) {
  const { sort } = query;
  if (!isComputed(sort))
    return db.run.findMany({
      where,
      orderBy: orderBy(sort, query.dir),
      skip: (query.page - 1) * query.size,
      take: query.size,
      select: runSelect,
    });
  const ids = await pageByComputedSort(db, where, { ...query, sort });
  const rows = await db.run.findMany({ where: { id: { in: ids } }, select: runSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listRuns(db: PrismaClient, viewerId: string | null, query: RunsQuery) {
  const visible = visibleRunsWhere(viewerId);
  const [systems, benchmarks] = await Promise.all([
    db.system.findMany({ where: { runs: { some: visible } }, select: { name: true }, distinct: ['name'] }),
    db.run.findMany({
      where: visible,
      select: { benchmark: true },
      distinct: ['benchmark'],
      orderBy: { benchmark: 'asc' },
    }),
  ]);
  const systemNames = systems.map((s) => s.name);
  const where: Prisma.RunWhereInput = { AND: [visible, ...filtersWhere(query, systemNames)] };
  const [rows, total] = await Promise.all([pageRows(db, where, query), db.run.count({ where })]);
  const mains = await mainSeriesOf(
    db,
    rows.map((r) => r.id),
  );
  const trends = await throughputTrends(
    db,
    [...mains.values()].filter((m) => m.throughput !== null).map((m) => m.seriesId),
  );
  return {
    rows: rows.map((run) => {
      const main = mains.get(run.id) ?? null;
      return {
        ...run,
        labels: (run.labels ?? {}) as Record<string, string>,
        systemLabel: run.system ? systemLabel(run.system.name) : null,
        durationMs: runDurationMs(run),
        main,
        trend: main ? (trends.get(main.seriesId) ?? []) : [],
      };
    }),
    total,
    facets: {
      systems: systemChoices(systemNames).map((c) => c.label),
      benchmarks: benchmarks.map((b) => b.benchmark),
    },
  };
}

export type RunsPage = Awaited<ReturnType<typeof listRuns>>;
export type RunListItem = RunsPage['rows'][number];
