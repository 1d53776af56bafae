// A project's header on its own pages (overview, API tokens): where it sits, its name, visibility
// and the viewer's role, and the tabs between its pages. As OrgHeader is an organization's.
import type { Role } from '@levelfield/db/client';
import Link from 'next/link';
import { VisibilityTag } from './OrgHeader';

interface HeaderProject {
  slug: string;
  name: string;
  visibility: string;
  /** The viewer's role in the project's organization; null for someone outside it (a public project). */
  role: Role | null;
  organization: { slug: string; name: string };
  can: { manageTokens: boolean };
}

export function ProjectHeader({
  project,
  active,
}: {
  project: HeaderProject;
  active: 'overview' | 'tokens';
}) {
  const base = `/orgs/${project.organization.slug}/projects/${project.slug}`;
  const member = project.role !== null;
  return (
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
      {/* Its sections are members' business: someone outside sees the overview alone. */}
      {member ? (
        <nav className="tabs" aria-label="Project sections">
          <Link href={base} aria-current={active === 'overview' ? 'page' : undefined}>
            Overview
          </Link>
          <Link href={`${base}/tokens`} aria-current={active === 'tokens' ? 'page' : undefined}>
            API tokens
          </Link>
          {project.can.manageTokens ? <Link href={`${base}/webhooks`}>Webhooks</Link> : null}
          <Link href="/runs">Runs</Link>
        </nav>
      ) : null}
    </header>
  );
}
