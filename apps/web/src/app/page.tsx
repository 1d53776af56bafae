// `/`: the overview. Anyone sees the public reports and what public projects hold; a signed-in
// member also sees their organizations' live and recent runs, comparisons and open review threads.
import type { Metadata } from 'next';
import Link from 'next/link';
import { ReportList } from '~/components/orgs/report-list';
import { RunStatusBadge, RunWhen } from '~/components/table/run-status';
import { formatUtc } from '~/lib/format';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { overview } from '~/server/overview/overview';
import './overview.css';

export const metadata: Metadata = { title: 'Overview' };
export const dynamic = 'force-dynamic';

type Overview = Awaited<ReturnType<typeof overview>>;

function RunCards({ runs, label }: { runs: Overview['live']; label: string }) {
  return (
    <ul className="card-list" aria-label={label}>
      {runs.map((run) => (
        <li key={run.id} className="card link-card">
          <Link href={`/runs/${run.id}`} className="card-title">
            {run.name}
          </Link>
          <span className="card-meta muted small">
            <RunStatusBadge run={run} />
            <span>{run.benchmark}</span>
            <span>
              {run.project.organization.slug}/{run.project.slug}
            </span>
            <RunWhen run={run} prefix />
          </span>
        </li>
      ))}
    </ul>
  );
}

export default async function OverviewPage() {
  const page = await overview(db(), await viewerId());
  return (
    <section className="stack overview">
      <header className="page-head">
        <h1>Overview</h1>
        <p className="muted">
          {page.signedIn
            ? 'What is running, what changed, and what waits for a reviewer in your organizations — and what everyone has published.'
            : 'Benchmark reports and comparisons published on Levelfield, each with its provenance and fairness checklist.'}{' '}
          {page.signedIn ? null : <Link href="/signin?callbackUrl=%2F">Sign in</Link>}
        </p>
      </header>

      {page.signedIn ? (
        <section aria-labelledby="live-title">
          <h2 id="live-title">Live now</h2>
          {page.live.length === 0 ? (
            <p className="empty">No run is streaming. Start one with levelfield-agent run.</p>
          ) : (
            <RunCards runs={page.live} label="Live runs" />
          )}
        </section>
      ) : null}

      {page.threads.length > 0 ? (
        <section aria-labelledby="threads-title">
          <h2 id="threads-title">Open review threads</h2>
          <ul className="card-list" aria-label="Open review threads">
            {page.threads.map((t) => (
              <li key={t.id} className="card link-card">
                <Link href={t.href} className="card-title">
                  {t.topic}
                </Link>
                <span className="card-meta muted small">
                  <span>{t.comparison.title}</span>
                  <span>
                    {t.comments} comment{t.comments === 1 ? '' : 's'} · {formatUtc(t.updatedAt)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="comparisons-title">
        <h2 id="comparisons-title">Comparisons</h2>
        {page.comparisons.length === 0 ? (
          <p className="empty">No comparison yet: select runs in the explorer and compare them.</p>
        ) : (
          <ul className="card-list" aria-label="Comparisons">
            {page.comparisons.map((c) => (
              <li key={c.slug} className="card link-card">
                <Link href={`/c/${c.slug}`} className="card-title">
                  {c.title}
                </Link>
                <span className="card-meta muted small">
                  <span>{c.where}</span>
                  <span>{c.entries} entries</span>
                  <span className={c.flagged > 0 ? 'flagged-count' : undefined}>
                    {c.flagged} flagged check{c.flagged === 1 ? '' : 's'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link href="/comparisons">All comparisons →</Link>
        </p>
      </section>

      <section aria-labelledby="reports-title">
        <h2 id="reports-title">Published reports</h2>
        <ReportList reports={page.reports} empty="No public report yet." />
        <p>
          <Link href="/gallery">The gallery of public reports →</Link>
        </p>
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title">Recent runs</h2>
        {page.recent.length === 0 ? (
          <p className="empty">No finished run yet.</p>
        ) : (
          <RunCards runs={page.recent} label="Recent runs" />
        )}
        {page.signedIn ? (
          <p>
            <Link href="/runs">All runs →</Link>
          </p>
        ) : null}
      </section>
    </section>
  );
}
