// /r/{slug}/changes?from=1&to=2: what changed between two versions of a report, grouped by
// section (title, table, checks, entries, provenance, disclosure, values, charts), server-rendered.
import type { Metadata } from 'next';
import Link from 'next/link';
import { TableScroll } from '~/components/table/table-scroll';
import { versionSearch } from '~/lib/report-version';
import { type SnapshotChange, snapshotChanges } from '~/server/reports/diff';
import { loadReport, param, type SearchParams, versionParam } from '../load';
import { CompareVersionsForm } from '../versions';
import '../../../../components/comparisons/comparison.css';
import '../report.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }>; searchParams: SearchParams };

const SECTIONS: Record<SnapshotChange['section'], string> = {
  report: 'Title and description',
  table: 'Headline table',
  checks: 'Fairness checks and decisions',
  entries: 'Entries and runs',
  provenance: 'Provenance',
  disclosure: 'Disclosure',
  values: 'Published values',
  charts: 'Chart data',
};

async function load({ params, searchParams }: Props) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const latest = await loadReport(slug, undefined);
  const to = versionParam(param(query, 'to')) ?? latest.latest;
  const from = versionParam(param(query, 'from')) ?? Math.max(1, to - 1);
  const [a, b] = await Promise.all([loadReport(slug, from), loadReport(slug, to)]);
  return { report: latest, from: a, to: b };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { report, from, to } = await load(props);
  return {
    title: `Changes from version ${from.version.version} to ${to.version.version} · ${report.version.title}`,
    robots: { index: false },
  };
}

function Section({ section, changes }: { section: SnapshotChange['section']; changes: SnapshotChange[] }) {
  return (
    <section className="panel changes-section" data-section={section}>
      <h2>
        {SECTIONS[section]} <span className="muted small">({changes.length})</span>
      </h2>
      <TableScroll label={'Changes between versions'}>
        <table className="table changes-table">
          <thead>
            <tr>
              <th>Where</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.label}>
                <td className="where">{c.label}</td>
                <td className="before">{c.before ?? <span className="muted">—</span>}</td>
                <td className="after">{c.after ?? <span className="muted">—</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export default async function ChangesPage(props: Props) {
  const { report, from, to } = await load(props);
  const a = from.version.version;
  const b = to.version.version;
  const changes = a === b ? [] : snapshotChanges(from.version.snapshot, to.version.snapshot);
  const sections = (Object.keys(SECTIONS) as SnapshotChange['section'][]).flatMap((section) => {
    const here = changes.filter((c) => c.section === section);
    return here.length > 0 ? [{ section, changes: here }] : [];
  });
  return (
    <article className="comparison-page report-page">
      <header className="report-head">
        <p className="crumbs muted">
          <Link href={`/r/${report.slug}`}>{report.version.title}</Link> · changes
        </p>
        <h1>
          Version {a} → version {b}
        </h1>
        <p className="muted">
          <Link href={`/r/${report.slug}${versionSearch(a)}`}>Version {a}</Link> (SHA-256{' '}
          {from.version.sha256.slice(0, 12)}…) compared with{' '}
          <Link href={`/r/${report.slug}${versionSearch(b)}`}>version {b}</Link> (SHA-256{' '}
          {to.version.sha256.slice(0, 12)}
          …): {changes.length} change{changes.length === 1 ? '' : 's'}.
        </p>
        <CompareVersionsForm report={report} from={a} to={b} />
      </header>
      {a === b ? (
        <p className="notice">Choose two different versions to see what changed between them.</p>
      ) : sections.length === 0 ? (
        <p className="empty">
          Nothing differs between version {a} and version {b} but their publication.
        </p>
      ) : (
        sections.map((s) => <Section key={s.section} section={s.section} changes={s.changes} />)
      )}
    </article>
  );
}
