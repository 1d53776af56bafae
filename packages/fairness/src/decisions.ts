// Reviewer decisions on check results. A person confirms a finding (it is an asymmetry) or waives
// it (it does not matter here) with a written justification; the engine's evidence is never dropped.
import { CheckDecision, type CheckResult } from './schema.ts';

/**
 * Applies decisions to results: the latest decision per check id (by `at`) wins.
 * - confirmed: a `needs_review` or `flag` check becomes `flag`;
 * - waived: the state stays as computed, with the decision attached.
 * The computed state is kept in `computedState` whenever a decision is attached.
 */
export function applyDecisions(
  results: readonly CheckResult[],
  decisions: readonly CheckDecision[],
): CheckResult[] {
  const latest = new Map<string, CheckDecision>();
  for (const raw of decisions) {
    const d = CheckDecision.parse(raw);
    const prev = latest.get(d.checkId);
    if (!prev || Date.parse(d.at) >= Date.parse(prev.at)) latest.set(d.checkId, d);
  }
  return results.map((r) => {
    const d = latest.get(r.id);
    if (!d) return r;
    const computedState = r.computedState ?? r.state;
    const state =
      d.decision === 'confirmed' && (computedState === 'needs_review' || computedState === 'flag')
        ? 'flag'
        : computedState;
    return { ...r, state, computedState, decision: d, evidence: [...r.evidence] };
  });
}

/** True when a result still waits for a person: needs review and not decided. */
export function isOpen(result: CheckResult): boolean {
  return result.state === 'needs_review' && !result.decision;
}
