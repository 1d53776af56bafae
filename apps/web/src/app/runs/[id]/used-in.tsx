// "Used in": for members of the run's organization, every comparison that holds this run, in
// any organization, and its public reports — what changes if the project's visibility changes.
import Link from 'next/link';
import type { RunUse } from '~/server/runs/used-in';

export function UsedIn({ uses }: { uses: RunUse[] }) {
  return (
    <section className="panel" data-testid="used-in">
      <h2>Used in</h2>
      {uses.length === 0 ? (
        <p className="muted">No comparison holds this run yet.</p>
      ) : (
        <ul>
          {uses.map((u, i) => (
            <li key={u.comparison?.slug ?? `hidden-${i}`}>
              {u.comparison ? (
                <Link href={`/c/${u.comparison.slug}`}>{u.comparison.title}</Link>
              ) : (
                'A comparison'
              )}{' '}
              <span className="muted">
                in {u.org}/{u.project}
                {u.comparison ? '' : ' (a project you cannot open)'}
              </span>
              {u.reports.map((slug) => (
                <span key={slug}>
                  {' · '}
                  <Link href={`/r/${slug}`}>report /r/{slug}</Link>
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        Comparisons and reports of other organizations show this run only while its project is public (or, for
        comparisons, to readers who may open it); make the project private and they withhold it.
      </p>
    </section>
  );
}
