import type { Metadata } from 'next';
import { guard } from '~/server/access-page';
import { viewerId } from '~/server/auth';
import { previewRuns } from '~/server/comparisons/preview';
import { db } from '~/server/db';
import { TRPCReactProvider } from '~/trpc/react';
import { SaveComparison } from './save-comparison';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Compare runs' };

type Props = { searchParams: Promise<{ runs?: string }> };

export default async function ComparePage({ searchParams }: Props) {
  const { runs = '' } = await searchParams;
  const ids = [
    ...new Set(
      runs
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 8);
  if (ids.length < 2)
    return (
      <article className="page">
        <h1>Compare runs</h1>
        <p className="empty">Select 2 to 8 runs in the runs explorer and press Compare.</p>
      </article>
    );
  const preview = await guard(previewRuns(db(), await viewerId(), ids), `/compare?runs=${ids.join(',')}`);
  const counts: Record<string, number> = {};
  for (const c of preview.checks) counts[c.state] = (counts[c.state] ?? 0) + 1;
  return (
    <article className="page">
      <header className="page-head">
        <h1>Compare {preview.runs.length} runs</h1>
        <p className="muted">
          {counts.flag ?? 0} fairness checks flag an asymmetry, {counts.unknown ?? 0} lack the provenance to
          decide. Save the comparison to review the checks and share it.
        </p>
      </header>
      <div className="table-wrap">
        <table className="table" data-testid="compare-table">
          <thead>
            <tr>
              <th>Metric</th>
              {preview.runs.map((r) => (
                <th key={r.id}>{r.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.headline.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {row.label} <span className="muted small">{row.unit}</span>
                </th>
                {row.cells.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per run
                  <td key={i}>
                    {c.text ??
                      (c.value === null
                        ? '—'
                        : c.value.toLocaleString('en-US', { maximumFractionDigits: 2 }))}
                    {row.ratios[i] ? <span className="muted small"> {row.ratios[i]?.text}</span> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.saveTo ? (
        <TRPCReactProvider>
          <SaveComparison
            projectId={preview.saveTo.projectId}
            projectName={preview.saveTo.name}
            runs={preview.runs}
          />
        </TRPCReactProvider>
      ) : (
        <p className="muted">Saving needs the editor role in the first run’s project.</p>
      )}
    </article>
  );
}
