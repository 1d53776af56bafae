// One run as the run page shows it, if the viewer may see it (null otherwise: callers answer 404).
import { Disclosure, Provenance } from '@levelfield/contracts/provenance';
import type { PrismaClient } from '@levelfield/db/client';
import { visibleRunsWhere } from './list.ts';

export async function getRunDetail(db: PrismaClient, viewerId: string | null, runId: string) {
  const run = await db.run.findFirst({
    where: { AND: [{ id: runId }, visibleRunsWhere(viewerId)] },
    include: {
      system: { select: { name: true } },
      project: {
        select: {
          id: true,
          slug: true,
          name: true,
          visibility: true,
          organization: {
            select: {
              slug: true,
              name: true,
              memberships: { where: { userId: viewerId ?? '' }, select: { role: true } },
            },
          },
        },
      },
    },
  });
  if (!run) return null;
  const role = run.project.organization.memberships[0]?.role ?? null;
  // Stored documents were validated on the way in; parsing again fills defaults for old rows.
  const provenance = Provenance.safeParse(run.provenance);
  const disclosure = Disclosure.safeParse(run.disclosure ?? {});
  return {
    id: run.id,
    name: run.name,
    benchmark: run.benchmark,
    benchmarkVersion: run.benchmarkVersion,
    system: run.system?.name ?? null,
    systemVersion: run.systemVersion,
    status: run.status,
    source: run.source,
    labels: (run.labels ?? {}) as Record<string, string>,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    exitCode: run.exitCode,
    warmupMs: run.warmupMs,
    sourceUrl: run.sourceUrl,
    provenance: provenance.success ? provenance.data : Provenance.parse({}),
    disclosure: disclosure.success ? disclosure.data : Disclosure.parse({}),
    project: {
      id: run.project.id,
      slug: run.project.slug,
      name: run.project.name,
      visibility: run.project.visibility,
      organization: run.project.organization.slug,
    },
    viewerRole: role,
  };
}

export type RunDetail = NonNullable<Awaited<ReturnType<typeof getRunDetail>>>;
