// A comparison's checklist as four small counts (flag, needs review, unknown, pass), in the
// scorecard's order and colours, so a row reads like the comparison page's "Fairness at a glance".
import { CHECK_STATE_LABEL, STATE_ORDER } from '~/components/checklist/order';
import type { CheckCounts as Counts } from '~/server/comparisons/list';
import '~/components/checklist/checklist.css';

export function CheckCounts({ counts }: { counts: Counts }) {
  const total = STATE_ORDER.reduce((sum, state) => sum + counts[state], 0);
  if (total === 0) return <span className="muted small">not checked yet</span>;
  return (
    <span className="count-badges">
      {STATE_ORDER.map((state) => (
        <span
          key={state}
          className={`count-badge count-${state}${counts[state] === 0 ? ' none' : ''}`}
          title={`${counts[state]} ${CHECK_STATE_LABEL[state]}`}
        >
          <strong>{counts[state]}</strong> {CHECK_STATE_LABEL[state]}
        </span>
      ))}
    </span>
  );
}
