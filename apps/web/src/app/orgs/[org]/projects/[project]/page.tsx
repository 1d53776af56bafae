import type { Metadata } from 'next';
import Link from 'next/link';
import { VisibilityTag } from '~/components/orgs/OrgHeader';
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
      <header className="section-head">
        <p className="crumbs">
          {member ? (
            <>
              <Link href="/orgs">Organizations</Link> /{' '}
              <Link href={`/orgs/${project.organization.slug}`}>{project.organization.name}</Link> /
            </>
          ) : project.visibility === 'public' ? (
            <>
              <Link href={`/o/${project.organization.slug}`}>{project.organization.name}</Link> /
            </>
          ) : (
            <>{project.organization.name} /</>
          )}
        </p>
        <div className="title-row">
          <h1>{project.name}</h1>
          <VisibilityTag visibility={project.visibility} />
          {project.role ? (
            <span className={`role role-${project.role}`} title="Your role in this project's organization">
              {project.role}
            </span>
          ) : null}
        </div>
        {member ? (
          <nav className="tabs" aria-label="Project sections">
            <Link href={base} aria-current="page">
              Overview
            </Link>
            <Link href={`${base}/tokens`}>API tokens</Link>
            {project.can.manageTokens ? <Link href={`${base}/webhooks`}>Webhooks</Link> : null}
            <Link href="/runs">Runs</Link>
          </nav>
        ) : null}
      </header>

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
        {project.comparisons.length === 0 ? (
          <p className="muted">
            No comparison yet: select runs under <Link href="/runs">Runs</Link> and choose Compare.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="project-comparisons">
              <thead>
                <tr>
                  <th>Comparison</th>
                  <th className="num">Entries</th>
                  <th className="num">Flagged checks</th>
                  <th>Updated</th>
                </tr>
              </thead>
              <tbody>
                {project.comparisons.map((c) => (
                  <tr key={c.slug}>
                    <td>
                      <Link href={`/c/${c.slug}`}>{c.title}</Link>
                      {/* The default subject goes without saying; an ORM or a configuration does not. */}
                      {c.subject.join() === 'system' ? null : (
                        <div className="muted small">Compared on purpose: {c.subject.join(', ')}</div>
                      )}
                    </td>
                    <td className="num">{c.entries}</td>
                    <td
                      className="num"
                      title={c.flagged === null ? 'The checklist has not run yet' : undefined}
                    >
                      {c.flagged ?? '—'}
                    </td>
                    <td className="small">{formatUtc(c.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="histories-heading">
        <h2 id="histories-heading">Histories</h2>
        {histories.length === 0 ? (
          <p className="muted">
            No finished run yet. Runs of one benchmark, parameters, system, testbed and branch make a history,
            with its changes detected.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="project-histories">
              <thead>
                <tr>
                  <th>History</th>
                  <th>Testbed</th>
                  <th className="num">Runs</th>
                  <th>Last run</th>
                </tr>
              </thead>
              <tbody>
                {histories.map((h) => (
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
                ))}
              </tbody>
            </table>
          </div>
        )}
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
