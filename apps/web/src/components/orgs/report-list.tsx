// An organization's public reports, newest first: on its public page and on its members' page.
import Link from 'next/link';
import { formatUtc } from '~/lib/format';
import type { publicReports } from '~/server/reports/read';

type Report = Awaited<ReturnType<typeof publicReports>>[number];

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
            <span className="mono">/r/{r.slug}</span>
            <span>
              version {r.version} · {formatUtc(r.publishedAt)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
