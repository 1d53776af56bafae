// The report's header: what it is, whose, which version of how many, when and by whom it was
// published, who may read it, and its SHA-256 with a link that recomputes it.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { VisibilityTag } from '~/components/orgs/OrgHeader';
import { formatUtc } from '~/lib/format';
import { versionSearch } from '~/lib/report-version';
import type { LoadedReport } from './load';

export function ReportHeader({ report, actions }: { report: LoadedReport; actions?: ReactNode }) {
  const { snapshot } = report.version;
  const verify = `/api/v1/reports/${report.slug}/verify${versionSearch(report.version.version)}`;
  return (
    <header className="report-head">
      <p className="crumbs muted">
        {report.visibility === 'public' ? (
          <Link href={`/o/${report.org.slug}`}>{report.org.name}</Link>
        ) : (
          report.org.name
        )}{' '}
        · report · {snapshot.comparison.project}
      </p>
      <h1>{report.version.title}</h1>
      {snapshot.comparison.description ? <p className="lead">{snapshot.comparison.description}</p> : null}
      <p className="meta report-meta">
        <VisibilityTag visibility={report.visibility} />
        <span>
          Version {report.version.version} of {report.latest}
        </span>
        <span>
          published {formatUtc(report.version.publishedAt)}
          {snapshot.report.publishedBy ? ` by ${snapshot.report.publishedBy}` : ''}
        </span>
      </p>
      <p className="sha small">
        <span className="muted">SHA-256 </span>
        <code data-testid="report-sha256">{report.version.sha256}</code>{' '}
        <a href={verify} className="verify">
          verify
        </a>
      </p>
      {report.version.version !== report.latest ? (
        <p className="notice" role="status">
          You are reading version {report.version.version}. The latest is{' '}
          <Link href={`/r/${report.slug}`}>version {report.latest}</Link>;{' '}
          <Link href={`/r/${report.slug}/changes?from=${report.version.version}&to=${report.latest}`}>
            see what changed
          </Link>
          .
        </p>
      ) : null}
      {actions}
    </header>
  );
}
