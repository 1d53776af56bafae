import type { Metadata } from 'next';
import Link from 'next/link';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';

export const metadata: Metadata = { title: 'Organizations' };
export const dynamic = 'force-dynamic';

export default async function OrganizationsPage() {
  const orgs = await guard((await serverCaller()).orgs.list(), '/orgs');
  return (
    <section className="stack">
      <div className="page-head spread">
        <div>
          <h1>Organizations</h1>
          <p className="muted">
            Projects belong to organizations; your role in one applies to all its projects.
          </p>
        </div>
        <Link href="/orgs/new" className="button primary">
          New organization
        </Link>
      </div>
      {orgs.length === 0 ? (
        <p className="empty">
          You are not in any organization yet. Create one, or ask a colleague to invite you.
        </p>
      ) : (
        <ul className="card-list" aria-label="Your organizations">
          {orgs.map((org) => (
            <li key={org.slug} className="card link-card">
              <Link href={`/orgs/${org.slug}`} className="card-title">
                {org.name}
              </Link>
              <span className="muted mono">{org.slug}</span>
              <span className="card-meta">
                <span className={`role role-${org.role}`}>{org.role}</span>
                <span className="muted">
                  {org.projectCount} {org.projectCount === 1 ? 'project' : 'projects'} · {org.memberCount}{' '}
                  {org.memberCount === 1 ? 'member' : 'members'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
