// Says which entries lost runs to access rules (a comparison's reader, a report's publisher), so
// a shorter table never passes for the whole comparison.
import type { WithheldRuns } from '~/server/comparisons/input';

export function WithheldNotice({ withheld, who }: { withheld: readonly WithheldRuns[]; who: string }) {
  if (withheld.length === 0) return null;
  const total = withheld.reduce((n, w) => n + w.runs, 0);
  return (
    <p className="notice" role="status" data-testid="withheld">
      {total} run{total === 1 ? ' is' : 's are'} withheld from {who}:{' '}
      {withheld.map((w) => `${w.label} (${w.runs})`).join(', ')}. Their owners do not share them with{' '}
      {who === 'you' ? 'you' : 'the publisher'} (a private or unlisted project of another organization); every
      figure and check here leaves them out.
    </p>
  );
}
