// Check results are stored when their inputs change — a comparison saved, a run's declared
// provenance edited, a decision made — never while a page or the API reads a comparison: a read
// only computes. What is stored is the engine's answer over every run of the comparison (no
// reader's view of it), so a decision's row shows the state and evidence it was decided on.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { runChecks } from '@levelfield/fairness';
import { loadComparisonData } from './input.ts';
import { storeCheckResults } from './store.ts';

/** Recomputes a comparison's checks over all its runs and stores those whose state or evidence changed. */
export async function recordChecks(db: PrismaClient, comparisonId: string): Promise<void> {
  const loaded = await loadComparisonData(db, comparisonId);
  if (loaded.input.entries.length === 0) return;
  const results = runChecks(loaded.input);
  const stored = await db.checkResult.findMany({
    where: { comparisonId },
    select: { checkId: true, state: true, evidence: true },
  });
  const byId = new Map(stored.map((s) => [s.checkId, s]));
  const changed = results.filter((r) => {
    const s = byId.get(r.id);
    return !s || s.state !== r.state || JSON.stringify(s.evidence) !== JSON.stringify(r.evidence);
  });
  if (changed.length > 0) await storeCheckResults(db, comparisonId, changed);
}

/** Records the checks of every comparison a run takes part in (after its provenance changed). */
export async function recordChecksOfRun(db: PrismaClient, runId: string): Promise<void> {
  const comparisons = await db.comparison.findMany({
    where: { entries: { some: { runs: { some: { runId } } } } },
    select: { id: true },
  });
  for (const c of comparisons) await recordChecks(db, c.id);
}
