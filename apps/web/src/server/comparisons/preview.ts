// /compare?runs=…: the selected runs side by side before anything is saved — one entry per run,
// the headline table, the checks and the provenance diff, and where the comparison can be saved.
import type { PrismaClient } from '@levelfield/db/client';
import { type ComparisonInput, runChecks } from '@levelfield/fairness';
import { can, requireRun } from '../access.ts';
import { provenanceDiff } from './diff.ts';
import { loadRunData, type StoredRun, storedRunSelect, toRunInput } from './input.ts';
import { buildHeadline } from './table.ts';

export async function previewRuns(db: PrismaClient, viewerId: string | null, runIds: string[]) {
  const access = [];
  for (const id of runIds) access.push(await requireRun(db, viewerId, id, 'view'));
  const rows = await db.run.findMany({ where: { id: { in: runIds } }, select: storedRunSelect });
  const byId = new Map(rows.map((r) => [r.id, r as StoredRun]));
  const data = await Promise.all(runIds.map((id) => loadRunData(db, byId.get(id) as StoredRun)));
  const labels = data.map((d) => d.run.name);
  const unique = labels.map((l, i) => (labels.indexOf(l) === i ? l : `${l} (${i + 1})`));
  const input: ComparisonInput = {
    entries: data.map((d, i) => ({
      label: unique[i] as string,
      ...(d.run.system ? { system: d.run.system.name } : {}),
      runs: [toRunInput(d)],
    })),
  };
  const first = access[0];
  return {
    runs: data.map((d, i) => ({
      id: d.run.id,
      name: d.run.name,
      label: unique[i] as string,
      status: d.run.status,
      source: d.run.source,
    })),
    headline: buildHeadline(input, 0),
    checks: runChecks(input),
    provenanceDiff: provenanceDiff(input),
    /** Saved into the first run's project, when the viewer may edit it. */
    saveTo:
      first && can(first.role, 'edit')
        ? { projectId: first.project.id, name: `${first.project.organization.slug}/${first.project.slug}` }
        : null,
  };
}
