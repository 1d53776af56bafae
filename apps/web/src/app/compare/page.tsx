import type { Metadata } from 'next';
import { HeadlineTable } from '~/components/comparisons/headline-table';
import { builderSearch, entryCountProblem, MAX_BUILDER_RUNS, parseAssignment } from '~/lib/compare-groups';
import { guard } from '~/server/access-page';
import { viewerId } from '~/server/auth';
import { previewRuns } from '~/server/comparisons/preview';
import { db } from '~/server/db';
import { TRPCReactProvider } from '~/trpc/react';
import { GroupRuns } from './group-runs';
import { SaveComparison } from './save-comparison';
import '../../components/comparisons/comparison.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Compare runs' };

type Props = { searchParams: Promise<{ runs?: string; group?: string }> };

export default async function ComparePage({ searchParams }: Props) {
  const { runs = '', group } = await searchParams;
  const selected = [
    ...new Set(
      runs
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const ids = selected.slice(0, MAX_BUILDER_RUNS);
  if (ids.length < 2)
    return (
      <article className="page">
        <h1>Compare runs</h1>
        <p className="empty">
          Select 2 to {MAX_BUILDER_RUNS} runs in the runs explorer and press Compare; repeated runs of one
          setup can then be grouped into one entry.
        </p>
      </article>
    );
  const assignment = parseAssignment(ids.length, group);
  const preview = await guard(
    previewRuns(db(), await viewerId(), ids, assignment),
    `/compare${builderSearch(ids, assignment)}`,
  );
  const problem = entryCountProblem(preview.entries.length, ids.length);
  const counts: Record<string, number> = {};
  for (const c of preview.checks) counts[c.state] = (counts[c.state] ?? 0) + 1;
  return (
    <article className="page comparison-page">
      <header className="page-head">
        <h1>
          Compare {preview.runs.length} runs
          {preview.entries.length < preview.runs.length
            ? ` in ${preview.entries.length} entr${preview.entries.length === 1 ? 'y' : 'ies'}`
            : ''}
        </h1>
        <p className="muted">
          {problem ??
            `${counts.flag ?? 0} fairness ${counts.flag === 1 ? 'check flags' : 'checks flag'} an asymmetry, ${counts.unknown ?? 0} ${counts.unknown === 1 ? 'lacks' : 'lack'} the provenance to decide. Save the comparison to review the checks and share it.`}
        </p>
        {selected.length > ids.length ? (
          <p className="notice">
            The builder takes {MAX_BUILDER_RUNS} runs at most; the last {selected.length - ids.length} were
            left out.
          </p>
        ) : null}
      </header>
      <GroupRuns runs={preview.runs} />
      <section className="panel">
        <h2>Headline</h2>
        <HeadlineTable
          testId="compare-table"
          entries={preview.entries}
          headline={preview.headline}
          baseline={0}
        />
      </section>
      {preview.saveTo ? (
        <TRPCReactProvider>
          <SaveComparison
            projectId={preview.saveTo.projectId}
            projectName={preview.saveTo.name}
            entries={preview.entries}
            problem={problem}
          />
        </TRPCReactProvider>
      ) : (
        <p className="muted">Saving needs the editor role in the first run’s project.</p>
      )}
    </article>
  );
}
