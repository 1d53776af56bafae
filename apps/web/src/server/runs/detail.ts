// One run as the run page shows it. Access is checked by requireRun (~/server/access): an
// unknown run and one the viewer may not see both throw NOT_FOUND.
import 'server-only';
import { Disclosure, Provenance, webUrlOrNull } from '@levelfield/contracts/provenance';
import type { PrismaClient } from '@levelfield/db/client';
import { permissionsOf } from '~/server/access';
import { requireRun } from '~/server/access-checks';
import { runUsedIn } from './used-in.ts';

export async function getRunDetail(db: PrismaClient, viewerId: string | null, runId: string) {
  const { role } = await requireRun(db, viewerId, runId, 'view');
  const run = await db.run.findUniqueOrThrow({
    where: { id: runId },
    include: {
      system: { select: { name: true } },
      project: {
        select: {
          id: true,
          slug: true,
          name: true,
          visibility: true,
          organization: { select: { slug: true, name: true } },
        },
      },
    },
  });
  // Members of the run's organization see where it is used; outsiders never see others' uses.
  const usedIn = role && viewerId ? await runUsedIn(db, viewerId, runId) : null;
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
    framesQuarantined: run.framesQuarantined,
    seriesFolded: (run.seriesFolded ?? {}) as Record<string, number>,
    sourceUrl: webUrlOrNull(run.sourceUrl),
    provenance: provenance.success ? provenance.data : Provenance.parse({}),
    disclosure: disclosure.success ? disclosure.data : Disclosure.parse({}),
    project: {
      id: run.project.id,
      slug: run.project.slug,
      name: run.project.name,
      visibility: run.project.visibility,
      organization: run.project.organization.slug,
    },
    usedIn,
    viewerRole: role,
    can: permissionsOf(role),
  };
}

export type RunDetail = Awaited<ReturnType<typeof getRunDetail>>;
