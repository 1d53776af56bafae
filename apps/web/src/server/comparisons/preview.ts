// /compare?runs=…&group=…: the selected runs side by side before anything is saved — one entry
// per run, or the groups of repeated runs the viewer made (groups.ts) — with the headline table,
// the checks and the provenance diff, and where the comparison can be saved.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { type ComparisonInput, runChecks } from '@levelfield/fairness';
import { defaultLabel, entriesOf, MAX_ENTRIES, uniqueLabels } from '~/lib/compare-groups';
import { can } from '../access.ts';
import { requireRun } from '../access-checks.ts';
import { provenanceDiff } from './diff.ts';
import { entryInput, loadRunData, type StoredRun, storedRunSelect } from './input.ts';
import { buildHeadline } from './table.ts';

/** `assignment`: each run's entry number (1-based, contiguous); omitted, every run is an entry. */
export async function previewRuns(
  db: PrismaClient,
  viewerId: string | null,
  runIds: string[],
  assignment: number[] = runIds.map((_, i) => i + 1),
) {
  const access = [];
  for (const id of runIds) access.push(await requireRun(db, viewerId, id, 'view'));
  const rows = await db.run.findMany({ where: { id: { in: runIds } }, select: storedRunSelect });
  const byId = new Map(rows.map((r) => [r.id, r as StoredRun]));
  const data = await Promise.all(runIds.map((id) => loadRunData(db, byId.get(id) as StoredRun)));
  const groups = entriesOf(assignment).map((runs) => runs.map((i) => data[i] as (typeof data)[number]));
  const labels = uniqueLabels(groups.map((runs) => defaultLabel(runs.map((d) => d.run.name))));
  const input: ComparisonInput = {
    entries: groups.map((runs, i) => entryInput(labels[i] as string, runs)),
    subject: ['system'],
  };
  const first = access[0];
  return {
    runs: data.map((d, i) => ({
      id: d.run.id,
      name: d.run.name,
      status: d.run.status,
      source: d.run.source,
      entry: assignment[i] as number,
    })),
    entries: groups.map((runs, i) => ({ label: labels[i] as string, runIds: runs.map((d) => d.run.id) })),
    headline: buildHeadline(input, 0),
    // More entries than a comparison may have: the builder asks to group them before checking.
    checks: groups.length <= MAX_ENTRIES ? runChecks(input) : [],
    provenanceDiff: provenanceDiff(input),
    /** Saved into the first run's project, when the viewer may edit it. */
    saveTo:
      first && can(first.role, 'edit')
        ? { projectId: first.project.id, name: `${first.project.organization.slug}/${first.project.slug}` }
        : null,
  };
}
