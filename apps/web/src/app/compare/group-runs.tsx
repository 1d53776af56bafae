'use client';
// Which entry each selected run belongs to. Runs in one entry are repetitions of one setup. The
// choice lives in the URL (`group`), so the server re-renders the preview with the groups'
// means and intervals and the link can be shared.
import { StatusBadge } from '@levelfield/ui/badge';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useOptimistic, useTransition } from 'react';
import { shownStatus } from '~/components/table/run-duration';
import { TableScroll } from '~/components/table/table-scroll';
import { builderSearch, normalizeAssignment } from '~/lib/compare-groups';

interface Props {
  runs: { id: string; name: string; status: string; source: string; entry: number }[];
}

export function GroupRuns({ runs }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // Shown at once; the URL (and the server's preview) follow.
  const [assignment, setAssignment] = useOptimistic(runs.map((r) => r.entry));
  const ids = runs.map((r) => r.id);
  const apply = (next: number[]) =>
    startTransition(() => {
      setAssignment(normalizeAssignment(next));
      router.replace(`/compare${builderSearch(ids, next)}`, { scroll: false });
    });
  const grouped = assignment.some((g, i) => g !== i + 1);
  return (
    <section className="panel" aria-busy={pending} aria-labelledby="group-runs-title">
      <h2 id="group-runs-title">Entries and repetitions</h2>
      <p className="muted small">
        Each entry is one side of the comparison. Put repeated runs of the same setup into one entry: the
        headline then shows their mean, and a 95 % confidence interval of the ratio when the entry and the
        baseline both have two or more runs.
      </p>
      <TableScroll label="Selected runs and their entries">
        <table className="table group-runs">
          <thead>
            <tr>
              <th>Entry</th>
              <th>Run</th>
              <th>Status</th>
              <th>Source</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r, i) => (
              <tr key={r.id}>
                <td>
                  <select
                    aria-label={`Entry of run ${i + 1}: ${r.name}`}
                    value={assignment[i]}
                    onChange={(e) => apply(assignment.map((g, j) => (j === i ? Number(e.target.value) : g)))}
                  >
                    {runs.map((_, n) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: entry numbers are positions
                      <option key={n} value={n + 1}>
                        Entry {n + 1}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <Link href={`/runs/${r.id}`}>{r.name}</Link>
                </td>
                <td>
                  <StatusBadge status={shownStatus(r)} />
                </td>
                <td>
                  <span className="tag">{r.source}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {grouped ? (
        <button type="button" className="button" onClick={() => apply(runs.map((_, i) => i + 1))}>
          One entry per run
        </button>
      ) : null}
    </section>
  );
}
