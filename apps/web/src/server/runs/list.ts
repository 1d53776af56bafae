// Which runs a viewer may see: every run of a project they are a member of, and runs of
// public projects. Plain function so tRPC, pages and tests share it.
import type { PrismaClient } from '@levelfield/db/client';
import { z } from 'zod';

export const ListRunsInput = z.object({
  limit: z.number().int().min(1).max(200).default(50),
});

export async function listRuns(
  db: PrismaClient,
  viewerId: string | null,
  input: z.infer<typeof ListRunsInput>,
) {
  const rows = await db.run.findMany({
    where: {
      project: {
        OR: [
          { visibility: 'public' },
          ...(viewerId ? [{ organization: { memberships: { some: { userId: viewerId } } } }] : []),
        ],
      },
    },
    orderBy: { startedAt: 'desc' },
    take: input.limit,
    select: {
      id: true,
      name: true,
      benchmark: true,
      status: true,
      source: true,
      startedAt: true,
      endedAt: true,
      system: { select: { name: true } },
      project: {
        select: { slug: true, name: true, visibility: true, organization: { select: { slug: true } } },
      },
    },
  });
  return rows.map((run) => ({
    ...run,
    durationMs: run.endedAt ? run.endedAt.getTime() - run.startedAt.getTime() : null,
  }));
}

export type RunListItem = Awaited<ReturnType<typeof listRuns>>[number];
