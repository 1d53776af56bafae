// The runs a viewer may see, filtered, sorted and paged for the runs explorer. Visible: every
// run of a project in an organization the viewer belongs to, and runs of public projects.
import 'server-only';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import type { RunsQuery } from '~/lib/runs-query';

export function visibleRunsWhere(viewerId: string | null): Prisma.RunWhereInput {
  return {
    project: {
      OR: [
        { visibility: 'public' },
        ...(viewerId ? [{ organization: { memberships: { some: { userId: viewerId } } } }] : []),
      ],
    },
  };
}

function filtersWhere(query: RunsQuery): Prisma.RunWhereInput[] {
  const where: Prisma.RunWhereInput[] = [];
  if (query.q) where.push({ name: { contains: query.q, mode: 'insensitive' } });
  if (query.system) where.push({ system: { name: query.system } });
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

function orderBy(query: RunsQuery): Prisma.RunOrderByWithRelationInput[] {
  const primary: Prisma.RunOrderByWithRelationInput =
    query.sort === 'system' ? { system: { name: query.dir } } : { [query.sort]: query.dir };
  // A stable tie-breaker, so paging never shows a run twice or skips one.
  return [primary, { id: 'asc' }];
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

export async function listRuns(db: PrismaClient, viewerId: string | null, query: RunsQuery) {
  const visible = visibleRunsWhere(viewerId);
  const where: Prisma.RunWhereInput = { AND: [visible, ...filtersWhere(query)] };
  const [rows, total, systems, benchmarks] = await Promise.all([
    db.run.findMany({
      where,
      orderBy: orderBy(query),
      skip: (query.page - 1) * query.size,
      take: query.size,
      select: runSelect,
    }),
    db.run.count({ where }),
    db.system.findMany({
      where: { runs: { some: visible } },
      select: { name: true },
      distinct: ['name'],
      orderBy: { name: 'asc' },
    }),
    db.run.findMany({
      where: visible,
      select: { benchmark: true },
      distinct: ['benchmark'],
      orderBy: { benchmark: 'asc' },
    }),
  ]);
  return {
    rows: rows.map((run) => ({
      ...run,
      labels: (run.labels ?? {}) as Record<string, string>,
      durationMs: run.endedAt ? run.endedAt.getTime() - run.startedAt.getTime() : null,
    })),
    total,
    facets: { systems: systems.map((s) => s.name), benchmarks: benchmarks.map((b) => b.benchmark) },
  };
}

export type RunsPage = Awaited<ReturnType<typeof listRuns>>;
export type RunListItem = RunsPage['rows'][number];
