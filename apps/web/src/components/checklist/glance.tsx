// "Fairness at a glance", near the top of the comparison and report pages: the counts (each a
// label of the scorecard's filter, so a click there filters the checklist below) and the flagged
// checks by name, linking to each. Whatever else the page holds, the flags are on its first screen.
import { byState, type Check, checkName } from './order';
import { COUNT_LABEL, filterId } from './scorecard';

export function Glance({ checks }: { checks: readonly Check[] }) {
  const groups = byState(checks);
  const flagged = groups.find((g) => g.state === 'flag')?.checks ?? [];
  return (
    <section className="panel glance" aria-labelledby="glance-title" data-testid="glance">
      <div className="glance-head">
        <h2 id="glance-title">Fairness at a glance</h2>
        {groups.map((g) =>
          g.checks.length > 0 ? (
            <label key={g.state} htmlFor={filterId(g.state)} className={`check-count count-${g.state}`}>
              <strong>{g.checks.length}</strong> {COUNT_LABEL[g.state]}
            </label>
          ) : null,
        )}
        <a href="#checks" className="small">
          the checklist
        </a>
      </div>
      {flagged.length > 0 ? (
        <ul className="glance-flags" aria-label="Flagged checks">
          {flagged.map((c) => (
            <li key={c.id}>
              <a href={`#check-${c.id}`}>{checkName(c)}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No check flags an asymmetry between the sides.</p>
      )}
    </section>
  );
}
