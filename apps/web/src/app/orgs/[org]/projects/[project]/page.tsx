import type { Metadata } from 'next';
import Link from 'next/link';
import { ProjectHeader } from '~/components/orgs/ProjectHeader';
import { ListTable } from '~/components/table/list-table';
import { env } from '~/env';
import { formatUtc } from '~/lib/format';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { agentCommand, TOKEN_FILE_HINT } from '~/server/tokens/tokens';
import { ProjectSettingsForm } from './ProjectSettingsForm';

export const dynamic = 'force-dynamic';

type Params = Promise<{ org: string; project: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { org, project } = await params;
  return { title: `${org}/${project}` };
}

export default async function ProjectPage({ params }: { params: Params }) {
  const { org, project: slug } = await params;
  const caller = await serverCaller();
  const project = await guard(caller.projects.get({ org, project: slug }), `/orgs/${org}/projects/${slug}`);
  const histories = await caller.history.ofProject({ org, project: slug });
  const base = `/orgs/${project.organization.slug}/projects/${project.slug}`;
  const member = project.role !== null;
  return (
    <section className="stack">
      <ProjectHeader project={project} active="overview" />

      <dl className="stats" aria-label="Project summary">
        <div>
          <dt>Runs</dt>
          <dd>{project.stats.runs}</dd>
        </div>
        <div>
          <dt>Running now</dt>
          <dd>{project.stats.running}</dd>
        </div>
        <div>
          <dt>Last run</dt>
          <dd className="small-value">{formatUtc(project.stats.lastRunAt)}</dd>
        </div>
        {member ? (
          <div>
            <dt>Active API tokens</dt>
            <dd>{project.stats.activeTokens}</dd>
          </div>
        ) : null}
      </dl>

      <section className="card" aria-labelledby="comparisons-heading">
        <div className="toolbar-row">
          <h2 id="comparisons-heading">Comparisons</h2>
          {project.comparisons.length > 0 ? (
            <Link
              href={`/comparisons?org=${project.organization.slug}&project=${project.slug}`}
              className="button small"
            >
              Search and filter
            </Link>
          ) : null}
        </div>
        <ListTable
          testId="project-comparisons"
          headings={[
            'Comparison',
            { label: 'Entries', className: 'num' },
            { label: 'Flagged checks', className: 'num' },
            'Updated',
          ]}
          rows={project.comparisons}
          empty={
            <p className="muted">
              No comparison yet: select runs under <Link href="/runs">Runs</Link> and choose Compare.
            </p>
          }
        >
          {(c) => (
            <tr key={c.slug}>
              <td>
                <Link href={`/c/${c.slug}`}>{c.title}</Link>
                {/* The default subject goes without saying; an ORM or a configuration does not. */}
                {c.subject.join() === 'system' ? null : (
                  <div className="muted small">Compared on purpose: {c.subject.join(', ')}</div>
                )}
              </td>
              <td className="num">{c.entries}</td>
              <td className="num" title={c.flagged === null ? 'The checklist has not run yet' : undefined}>
                {c.flagged ?? '—'}
              </td>
              <td className="small">{formatUtc(c.updatedAt)}</td>
            </tr>
          )}
        </ListTable>
      </section>

      <section className="card" aria-labelledby="histories-heading">
        <h2 id="histories-heading">Histories</h2>
        <ListTable
          testId="project-histories"
          headings={['History', 'Testbed', { label: 'Runs', className: 'num' }, 'Last run']}
          rows={histories}
          empty={
            <p className="muted">
              No finished run yet. Runs of one benchmark, parameters, system, testbed and branch make a
              history, with its changes detected.
            </p>
          }
        >
          {(h) => (
            <tr key={h.id}>
              <td>
                <Link href={`/h/${h.id}`}>
                  {[h.benchmark, h.system, h.branch].filter(Boolean).join(' · ')}
                </Link>
                {Object.keys(h.parameters).length > 0 ? (
                  <div className="muted small">
                    {Object.entries(h.parameters)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(', ')}
                  </div>
                ) : null}
              </td>
              <td className="small">{h.testbed}</td>
              <td className="num">{h.runs}</td>
              <td className="small">{formatUtc(h.lastRunAt)}</td>
            </tr>
          )}
        </ListTable>
      </section>

      {member ? (
        <div className="two-up">
          <div className="card">
            <h2>Stream a run</h2>
            <p className="muted">
              Wrap your benchmark with levelfield-agent; results appear under Runs while it is going.
              {project.can.manageTokens ? ' Create a token with the ingest scope first.' : ''}
            </p>
            <pre className="command">
              {agentCommand({ server: env().LEVELFIELD_INGEST_URL, project: project.slug })}
            </pre>
            <p className="muted small">{TOKEN_FILE_HINT}</p>
            <Link href={`${base}/tokens`} className="button">
              {project.can.manageTokens ? 'Manage API tokens' : 'See API tokens'}
            </Link>
          </div>
          {project.can.edit ? (
            <div className="card">
              <h2>Add published results</h2>
              <p className="muted">
                Enter a run from a publication’s numbers (source URL, values as printed, measured or
                estimated) or import them as JSON or CSV, to compare it without raw data.
              </p>
              <Link href={`${base}/published/new`} className="button">
                Add published results
              </Link>
            </div>
          ) : null}
          <div className="card">
            <h2>Settings</h2>
            {project.can.edit ? (
              <ProjectSettingsForm
                org={project.organization.slug}
                project={project.slug}
                name={project.name}
                visibility={project.visibility}
                retentionDays={project.rawFrameRetentionDays}
              />
            ) : (
              <p className="muted">Only editors and owners can change the name and visibility.</p>
            )}
          </div>
        </div>
      ) : (
        <p className="notice">
          This is a {project.visibility} project of {project.organization.name}. You can see its runs; members
          manage it.
        </p>
      )}
    </section>
  );
}
