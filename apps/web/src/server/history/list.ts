// The histories of a project (its page lists them) and the history of one run (its page links
// to it). Rows are created here the first time a history is seen, so every link has a target.
import 'server-only';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import { describeTestbed, historyIdentity } from '~/lib/history-key';
import { type ProjectRef, requireProject, requireRun } from '~/server/access-checks';
import { ensureHistory, historyIdOf, runKeySelect } from './key.ts';

export async function listHistories(db: PrismaClient, viewerId: string | null, ref: ProjectRef) {
  const { project } = await requireProject(db, viewerId, ref, 'view');
  const runs = await db.run.findMany({
    where: { projectId: project.id, status: 'succeeded', source: { not: 'published' } },
    orderBy: [{ startedAt: 'asc' }, { id: 'asc' }],
    select: runKeySelect,
  });
  const histories = new Map<
    string,
    { identity: ReturnType<typeof historyIdentity>; systemId: string | null; runs: number; lastRunAt: Date }
  >();
  for (const run of runs) {
    const identity = historyIdentity(run);
    const id = historyIdOf(identity);
    const entry = histories.get(id) ?? {
      identity,
      systemId: run.systemId,
      runs: 0,
      lastRunAt: run.startedAt,
    };
    entry.runs += 1;
    entry.lastRunAt = run.startedAt;
    histories.set(id, entry);
  }
  await db.history.createMany({
    data: [...histories.entries()].map(([id, h]) => ({
      id,
      projectId: project.id,
      benchmark: h.identity.benchmark,
      systemId: h.systemId,
      identity: h.identity as unknown as Prisma.InputJsonValue,
    })),
    skipDuplicates: true,
  });
  return [...histories.entries()]
    .map(([id, h]) => ({
      id,
      benchmark: h.identity.benchmark,
      system: h.identity.system,
      parameters: h.identity.parameters,
      branch: h.identity.branch,
      testbed: describeTestbed(h.identity.testbed),
      runs: h.runs,
      lastRunAt: h.lastRunAt,
    }))
    .sort((a, b) => b.lastRunAt.getTime() - a.lastRunAt.getTime());
}
export type HistorySummary = Awaited<ReturnType<typeof listHistories>>[number];

/** The id of the history the run belongs to (its row created when missing). */
export async function historyOfRun(db: PrismaClient, viewerId: string | null, runId: string) {
  await requireRun(db, viewerId, runId, 'view');
  const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: runKeySelect });
  return ensureHistory(db, run);
}
