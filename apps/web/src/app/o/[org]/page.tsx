// /o/{org}: what an organization publishes, for anyone: its public reports and public projects.
// (/orgs/{org} is the members' page: settings, members, every project.)
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { ReportList } from '~/components/orgs/report-list';
import { ListTable } from '~/components/table/list-table';
import { formatUtc } from '~/lib/format';
import { guard } from '~/server/access-page';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { publicOrganization } from '~/server/orgs/public-page';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ org: string }> };

const load = cache(async (slug: string) =>
  guard(publicOrganization(db(), await viewerId(), slug), `/o/${slug}`),
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await load((await params).org);
  return {
    title: page.org.name,
    description: `Benchmark reports and projects published by ${page.org.name} on Levelfield.`,
  };
}

export default async function PublicOrganizationPage({ params }: Props) {
  const page = await load((await params).org);
  return (
    <section className="stack">
      <header className="section-head">
        <p className="crumbs muted">Organization</p>
        <div className="title-row">
          <h1>{page.org.name}</h1>
          {page.member ? (
            <Link href={`/orgs/${page.org.slug}`} className="button small">
              Members’ page
            </Link>
          ) : null}
        </div>
        <p className="muted">Public benchmark reports and projects of {page.org.name}.</p>
      </header>
      {page.member ? (
        <p className="notice" role="status">
          You are a member: this is the page everyone sees. Only public reports and public projects are
          listed.
        </p>
      ) : null}
      <h2>Reports</h2>
      <ReportList reports={page.reports} empty="No public reports yet." />
      <h2>Projects</h2>
      <ListTable
        label="Public projects"
        headings={['Project', { label: 'Runs', className: 'num' }, 'Last run']}
        rows={page.projects}
        empty={<p className="empty">No public projects.</p>}
      >
        {(p) => (
          <tr key={p.id}>
            <td className="name">
              <Link href={`/orgs/${page.org.slug}/projects/${p.slug}`}>{p.name}</Link>
            </td>
            <td className="num">{p.runCount}</td>
            <td>{formatUtc(p.lastRunAt)}</td>
          </tr>
        )}
      </ListTable>
      {page.projects.length > 0 ? (
        <p>
          <Link href={`/comparisons?org=${page.org.slug}`}>The comparisons of {page.org.name} →</Link>
        </p>
      ) : null}
    </section>
  );
}
