// The version's downloads, all built from its snapshot, and the API addresses that serve and
// verify it.
import { versionSearch } from '~/lib/report-version';
import { hasHistograms } from './download/files';
import type { LoadedReport } from './load';

export function Downloads({ report }: { report: LoadedReport }) {
  const v = versionSearch(report.version.version);
  const base = `/r/${report.slug}/download`;
  const api = `/api/v1/reports/${report.slug}`;
  return (
    <>
      <ul className="downloads-list">
        <li>
          <a href={`${base}/report.json${v}`} download>
            report.json
          </a>{' '}
          <span className="muted small">
            the whole snapshot of version {report.version.version} with its SHA-256
          </span>
        </li>
        <li>
          <a href={`${base}/table.csv${v}`} download>
            table.csv
          </a>{' '}
          <span className="muted small">the headline table: metric, unit, entry, value, text, ratio</span>
        </li>
        {hasHistograms(report.version.snapshot) ? (
          <li>
            <a href={`${base}/histograms.hlog${v}`} download>
              histograms.hlog
            </a>{' '}
            <span className="muted small">
              HdrHistogram interval log: each run’s whole-run latency histogram, tagged entry/run/series
            </span>
          </li>
        ) : null}
      </ul>
      <p className="muted small">
        API:{' '}
        <a href={`${api}${v}`}>
          GET {api}
          {v}
        </a>{' '}
        · <a href={`${api}/verify${v}`}>verify</a> (re-checks the hash chain: each version's SHA-256 over its
        snapshot and the version before it).
      </p>
    </>
  );
}
