import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { auth } from '~/server/auth';
import { serverCaller } from '~/server/root';
import type { RunListItem } from '~/server/runs/list';

export const metadata: Metadata = { title: 'Runs' };
export const dynamic = 'force-dynamic';

function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

function RunRow({ run }: { run: RunListItem }) {
  return (
    <tr data-run-id={run.id}>
      <td className="name">{run.name}</td>
      <td>{run.system?.name ?? '—'}</td>
      <td>{run.benchmark}</td>
      <td>
        <span className={`status status-${run.status}`}>{run.status}</span>
      </td>
      <td>
        <time dateTime={run.startedAt.toISOString()}>
          {run.startedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC
        </time>
      </td>
      <td className="num">{formatDuration(run.durationMs)}</td>
      <td>
        {run.project.organization.slug}/{run.project.slug}
        {run.project.visibility === 'private' ? <span className="tag">private</span> : null}
      </td>
    </tr>
  );
}

export default async function RunsPage() {
  const session = await auth();
  if (!session?.user) redirect('/signin?callbackUrl=/runs');
  const runs = await (await serverCaller()).runs.list({ limit: 50 });
  return (
    <section>
      <div className="page-head">
        <h1>Runs</h1>
        <p className="muted">{runs.length} most recent runs you can see</p>
      </div>
      {runs.length === 0 ? (
        <p className="empty">
          No runs yet. Start one with levelfield-agent; the start command prints the exact command line.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table" aria-label="Runs">
            <thead>
              <tr>
                <th>Run</th>
                <th>System</th>
                <th>Benchmark</th>
                <th>Status</th>
                <th>Started</th>
                <th className="num">Duration</th>
                <th>Project</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
