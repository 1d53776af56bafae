import type { Metadata } from 'next';
import Link from 'next/link';
import { OrgHeader, VisibilityTag } from '~/components/orgs/OrgHeader';
import { ReportList } from '~/components/orgs/report-list';
import { ListTable } from '~/components/table/list-table';
import { formatUtc } from '~/lib/format';
import { guard } from '~/server/access-page';
import { db } from '~/server/db';
import { publicReports } from '~/server/reports/read';
import { serverCaller } from '~/server/root';

export const dynamic = 'force-dynamic';

type Params = Promise<{ org: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: (await params).org };
}

export default async function OrganizationPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<{ welcome?: string; joined?: string }>;
}) {
  const { org: slug } = await params;
  const { welcome, joined } = await searchParams;
  const org = await guard((await serverCaller()).orgs.get({ org: slug }), `/orgs/${slug}`);
  const reports = await publicReports(db(), org.slug);
  return (
    <section className="stack">
      <OrgHeader org={org} role={org.role} active="projects" />
      {welcome ? (
        <p className="notice" role="status">
          Welcome to Levelfield! This is your personal organization. Create a project, then an API token, and
          start a run with levelfield-agent.
        </p>
      ) : null}
      {joined ? (
        <p className="notice ok" role="status">
          You joined {org.name} as {org.role === 'owner' || org.role === 'editor' ? 'an' : 'a'} {org.role}.
        </p>
      ) : null}
      <div className="toolbar-row">
        <h2>Projects</h2>
        <div className="toolbar-actions">
          <Link href={`/comparisons?org=${org.slug}`} className="button small">
            Comparisons
          </Link>
          {org.can.edit ? (
            <Link href={`/orgs/${org.slug}/projects/new`} className="button primary">
              New project
            </Link>
          ) : null}
        </div>
      </div>
      <ListTable
        label="Projects"
        headings={['Project', 'Slug', 'Visibility', { label: 'Runs', className: 'num' }, 'Last run']}
        rows={org.projects}
        empty={
          <p className="empty">
            No projects yet.{' '}
            {org.can.edit
              ? 'Create one to get an API token for levelfield-agent.'
              : 'An editor or owner can create one.'}
          </p>
        }
      >
        {(project) => (
          <tr key={project.id}>
            <td className="name">
              <Link href={`/orgs/${org.slug}/projects/${project.slug}`}>{project.name}</Link>
            </td>
            <td className="mono">{project.slug}</td>
            <td>
              <VisibilityTag visibility={project.visibility} />
            </td>
            <td className="num">{project.runCount}</td>
            <td>{formatUtc(project.lastRunAt)}</td>
          </tr>
        )}
      </ListTable>
      <div className="toolbar-row">
        <h2>Public reports</h2>
        <Link href={`/o/${org.slug}`} className="button small">
          Public page
        </Link>
      </div>
      <ReportList
        reports={reports}
        empty="No public reports yet. Publish one from a comparison; private and unlisted reports are not listed."
      />
    </section>
  );
}
