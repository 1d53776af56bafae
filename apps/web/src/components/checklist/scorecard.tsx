// The fairness checklist as a scorecard: the counts by state, which are also the filter, then
// the checks in STATE_ORDER, one line each, with the passes folded into one group. Filtering
// needs no JavaScript — the counts are radio buttons and checklist.css hides the other states
// with :has() — so the server-rendered report page filters as the comparison page does.
// No hooks and no 'use client', like CheckItem.
import type { ReactNode } from 'react';
import type { Annotate } from '~/components/provenance/provenance-panel';
import type { DecisionEvent } from '~/server/comparisons/view';
import { CheckItem } from './check-item';
import { byState, type Check, type CheckState } from './order';
import './checklist.css';

type Choice = CheckState | 'all';

/** The radio of a choice; the glance's counts are <label>s of these. One scorecard per page. */
export const filterId = (choice: Choice) => `check-filter-${choice}`;

export const COUNT_LABEL: Record<CheckState, string> = {
  flag: 'flagged',
  needs_review: 'need review',
  unknown: 'unknown',
  pass: 'pass',
};

function FilterChoice({ choice, count }: { choice: Choice; count: number }) {
  return (
    <label className={`check-count count-${choice}`}>
      <input
        type="radio"
        name="check-filter"
        value={choice}
        id={filterId(choice)}
        className="sr-only"
        defaultChecked={choice === 'all'}
        disabled={count === 0}
      />
      {choice === 'all' ? (
        <>
          all <strong>{count}</strong>
        </>
      ) : (
        <>
          <strong>{count}</strong> {COUNT_LABEL[choice]}
        </>
      )}
    </label>
  );
}

export function Scorecard({
  checks,
  history,
  annotate,
  controls,
}: {
  checks: readonly Check[];
  history: Readonly<Record<string, readonly DecisionEvent[]>>;
  /** Report pages: each check's review-thread marker. */
  annotate?: Annotate;
  /** What a reader may do about a check, at the end of it opened (decide, discuss). */
  controls?: (check: Check) => ReactNode;
}) {
  const groups = byState(checks);
  const passes = groups.find((g) => g.state === 'pass')?.checks ?? [];
  const item = (check: Check) => (
    <CheckItem key={check.id} check={check} history={history[check.id] ?? []} annotate={annotate}>
      {controls?.(check)}
    </CheckItem>
  );
  return (
    <div className="scorecard">
      <fieldset className="check-filter" data-testid="check-counts">
        <legend className="sr-only">Show checks</legend>
        <FilterChoice choice="all" count={checks.length} />
        {groups.map((g) => (
          <FilterChoice key={g.state} choice={g.state} count={g.checks.length} />
        ))}
      </fieldset>
      <ul className="checks">{groups.flatMap((g) => (g.state === 'pass' ? [] : g.checks.map(item)))}</ul>
      {passes.length > 0 ? (
        <details className="check-passes">
          <summary>
            {passes.length} {passes.length === 1 ? 'check passes' : 'checks pass'}
          </summary>
          <ul className="checks">{passes.map(item)}</ul>
        </details>
      ) : null}
    </div>
  );
}
