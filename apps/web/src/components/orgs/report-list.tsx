// Public reports, newest first: on an organization's public and members' pages, and in the
// overview's gallery (with each report's organization). /gallery lays out its own list, with more
// in each card, from the same ReportCard.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatUtc } from '~/lib/format';

/** A report as a card shows it; `org` when the list spans organizations (the galleries). */
interface CardReport {
  slug: string;
  title: string;
  version: number;
  publishedAt: Date;
  org?: { slug: string; name: string };
}

/**
 * One report as a card: its title linking to it, what `children` add (the gallery's systems and
 * checks), then where it belongs (its organization, or its address) and which version when.
 */
export function ReportCard({
  report: r,
  className,
  children,
}: {
  report: CardReport;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <li className={['card link-card', className].filter(Boolean).join(' ')}>
      <Link href={`/r/${r.slug}`} className="card-title">
        {r.title}
      </Link>
      {children}
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
  );
}

export function ReportList({ reports, empty }: { reports: readonly CardReport[]; empty: string }) {
  if (reports.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="card-list" aria-label="Public reports">
      {reports.map((r) => (
        <ReportCard key={r.slug} report={r} />
      ))}
    </ul>
  );
}
