// The scorecard's order: what needs a reader's attention first. Flags, then what a reviewer must
// decide, then what the data cannot tell, then passes. Within a state, the catalogue's order.
import type { ComparisonView } from '~/server/comparisons/view';

export type Check = ComparisonView['checks'][number];
export type CheckState = Check['state'];

export const STATE_ORDER: readonly CheckState[] = ['flag', 'needs_review', 'unknown', 'pass'];

export const CHECK_STATE_LABEL: Record<CheckState, string> = {
  flag: 'flag',
  needs_review: 'needs review',
  unknown: 'unknown',
  pass: 'pass',
};

/** The checks of each state, in STATE_ORDER; a state without checks has an empty list. */
export function byState<C extends { state: CheckState }>(
  checks: readonly C[],
): { state: CheckState; checks: C[] }[] {
  return STATE_ORDER.map((state) => ({ state, checks: checks.filter((c) => c.state === state) }));
}

/** "F-HW-2 · Total resources comparable": how a check is named wherever it is referred to. */
export function checkName(check: { id: string; title: string }): string {
  return `${check.id} · ${check.title}`;
}
