// One fairness check as the comparison page and the report page show it: a one-line summary
// (state, id, title, the message cut to a line) that opens to the message, the reviewer's hint,
// the evidence with each value's origin, what is missing, and every decision with who, when and
// why. Flags open by themselves: a reader should not have to click to learn what is unfair.
// No hooks and no 'use client': the report page renders it on the server, the comparison page
// on the client with its decision form as children.
import { describeField, describePathsIn } from '@levelfield/contracts/field-labels';
import { OriginBadge } from '@levelfield/ui/badge';
import type { ReactNode } from 'react';
import { type Annotate, formatValue } from '~/components/provenance/provenance-panel';
import { TableScroll } from '~/components/table/table-scroll';
import type { DecisionEvent } from '~/server/comparisons/view';
import { CHECK_STATE_LABEL, type Check } from './order';

function Evidence({ evidence }: { evidence: Check['evidence'] }) {
  return (
    <TableScroll label="Evidence">
      <table className="table evidence">
        <thead>
          <tr>
            <th>Entry</th>
            <th>Field</th>
            <th>Value</th>
            <th>Origin</th>
          </tr>
        </thead>
        <tbody>
          {evidence.map((ev, i) => {
            const field = describeField(ev.field);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: evidence has no id
              <tr key={i}>
                <td>{ev.entry}</td>
                <td className="small" title={field.help} data-path={ev.field}>
                  {field.label}
                </td>
                <td>
                  {formatValue(ev.value as never, field.unit)}
                  {ev.quality && ev.quality !== 'measured' ? (
                    <span className="tag warn">{ev.quality}</span>
                  ) : null}
                </td>
                <td>
                  {ev.origin === 'derived' ? (
                    <span className="badge">derived</span>
                  ) : (
                    <OriginBadge origin={ev.origin} />
                  )}
                  {ev.source ? (
                    <span className="source small" title={ev.source}>
                      {' '}
                      {ev.source.length > 80 ? `${ev.source.slice(0, 80)}…` : ev.source}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Every decision, newest first; a decision without recorded history still says who, when and why. */
function Decisions({ check, history }: { check: Check; history: readonly DecisionEvent[] }) {
  const events: readonly DecisionEvent[] =
    history.length > 0 ? history : check.decision ? [check.decision] : [];
  if (events.length === 0) return null;
  return (
    <ol className="decision-history small" aria-label={`Decisions on ${check.id}`}>
      {events.map((h) => (
        <li key={h.at + h.by}>
          <strong>{h.decision}</strong> by {h.by} on {h.at.replace('T', ' ').slice(0, 16)} UTC — “
          {h.justification}”
        </li>
      ))}
    </ol>
  );
}

export function CheckItem({
  check,
  history,
  annotate,
  children,
}: {
  check: Check;
  history: readonly DecisionEvent[];
  /** Report pages: shown in the check's summary line (its review threads' marker). */
  annotate?: Annotate;
  /** What a reader may do about the check (the decision form, "Discuss"), beside its evidence. */
  children?: ReactNode;
}) {
  return (
    <li
      className={`check check-${check.state}`}
      id={`check-${check.id}`}
      data-check={check.id}
      data-anchor-check={check.id}
      data-state={check.state}
    >
      <details className="check-details" open={check.state === 'flag'}>
        <summary className="check-head">
          <span className={`check-state state-${check.state}`}>{CHECK_STATE_LABEL[check.state]}</span>
          <span className="mono check-id">{check.id}</span>
          <strong className="check-title">{check.title}</strong>
          {check.decision ? (
            <span className={`tag decision-${check.decision.decision}`}>{check.decision.decision}</span>
          ) : null}
          {/* The message cut to what is left of the line; hidden once the check is open. */}
          <span className="check-short muted small" aria-hidden="true">
            {describePathsIn(check.message)}
          </span>
          {annotate ? annotate(`check:${check.id}`) : null}
        </summary>
        <div className="check-body">
          <p className="check-message">{describePathsIn(check.message)}</p>
          {check.evidence.length > 0 ? (
            <details className="check-evidence">
              <summary>Evidence ({check.evidence.length})</summary>
              <Evidence evidence={check.evidence} />
            </details>
          ) : null}
          {children}
          {check.hint ? <p className="hint">Reviewer hint: {describePathsIn(check.hint)}</p> : null}
          {check.missing && check.missing.length > 0 ? (
            <p className="muted small">
              Missing: {check.missing.map((m) => `${m.entry}: ${describeField(m.field).label}`).join('; ')}
            </p>
          ) : null}
          <Decisions check={check} history={history} />
        </div>
      </details>
    </li>
  );
}
