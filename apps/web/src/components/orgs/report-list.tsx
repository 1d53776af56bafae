// Public reports, newest first: on an organization's public and members' pages, and in the
// overview's gallery (with each report's organization).
import Link from 'next/link';
import { formatUtc } from '~/lib/format';
import type { publicReports } from '~/server/reports/read';

/** A report as listed; `org` when the list spans organizations (the overview's gallery). */
type Report = Awaited<ReturnType<typeof publicReports>>[number] & { org?: { slug: string; name: string } };

export function ReportList({ reports, empty }: { reports: readonly Report[]; empty: string }) {
  if (reports.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="card-list" aria-label="Public reports">
      {reports.map((r) => (
        <li key={r.slug} className="card link-card">
          <Link href={`/r/${r.slug}`} className="card-title">
            {r.title}
          </Link>
          <span className="card-meta muted small">
            {r.org ? (
              <Link href={`/o/${r.org.slug}`}>{r.org.name}</Link>
            ) : (
              <span className="mono">/r/{r.slug}</span>
            )}
            <span>
              version {r.version} · {formatUtc(r.publishedAt)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
