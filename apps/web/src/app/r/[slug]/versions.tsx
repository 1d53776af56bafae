// The versions of a report, newest first, and the form that compares two of them. A plain GET
// form, so it works without JavaScript and its result is a link that can be shared.
import Link from 'next/link';
import { TableScroll } from '~/components/table/table-scroll';
import { formatUtc } from '~/lib/format';
import { versionSearch } from '~/lib/report-version';
import type { LoadedReport } from './load';

export function CompareVersionsForm({
  report,
  from,
  to,
}: {
  report: Pick<LoadedReport, 'slug' | 'versions'>;
  from: number;
  to: number;
}) {
  const options = report.versions.map((v) => (
    <option key={v.version} value={v.version}>
      version {v.version}
    </option>
  ));
  return (
    <form className="inline-form compare-versions" method="get" action={`/r/${report.slug}/changes`}>
      <label>
        Compare{' '}
        <select name="from" defaultValue={from} aria-label="From version">
          {options}
        </select>
      </label>
      <label>
        with{' '}
        <select name="to" defaultValue={to} aria-label="To version">
          {options}
        </select>
      </label>
      <button type="submit" className="button small">
        Show changes
      </button>
    </form>
  );
}

export function Versions({ report }: { report: LoadedReport }) {
  const current = report.version.version;
  return (
    <>
      <TableScroll label={'Versions table'}>
        <table className="table" aria-label="Versions">
          <thead>
            <tr>
              <th>Version</th>
              <th>Title</th>
              <th>Published</th>
              <th>SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {report.versions.map((v) => (
              <tr key={v.version} aria-current={v.version === current ? 'true' : undefined}>
                <td>
                  {v.version === current ? (
                    <strong>{v.version} (this one)</strong>
                  ) : (
                    <Link
                      href={
                        v.version === report.latest
                          ? `/r/${report.slug}`
                          : `/r/${report.slug}${versionSearch(v.version)}`
                      }
                    >
                      {v.version}
                    </Link>
                  )}
                </td>
                <td className="wrap">{v.title}</td>
                <td>
                  {formatUtc(v.publishedAt)}
                  {v.publishedBy ? <span className="muted"> by {v.publishedBy}</span> : null}
                </td>
                <td className="mono small" title={v.sha256}>
                  {v.sha256.slice(0, 12)}…
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {report.versions.length > 1 ? (
        <CompareVersionsForm
          report={report}
          from={current === 1 ? 1 : current - 1}
          to={current === 1 ? 2 : current}
        />
      ) : (
        <p className="muted small">Only one version so far: republishing the comparison adds the next.</p>
      )}
    </>
  );
}
