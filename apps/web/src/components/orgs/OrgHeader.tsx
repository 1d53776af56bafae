import type { Role } from '@levelfield/db/client';
import Link from 'next/link';

export function OrgHeader({
  org,
  role,
  active,
}: {
  org: { slug: string; name: string };
  role: Role;
  active: 'projects' | 'members';
}) {
  return (
    <header className="section-head">
      <p className="crumbs">
        <Link href="/orgs">Organizations</Link> /
      </p>
      <div className="title-row">
        <h1>{org.name}</h1>
        <span className={`role role-${role}`} title="Your role in this organization">
          {role}
        </span>
      </div>
      <nav className="tabs" aria-label={`${org.name} sections`}>
        <Link href={`/orgs/${org.slug}`} aria-current={active === 'projects' ? 'page' : undefined}>
          Projects
        </Link>
        <Link href={`/orgs/${org.slug}/members`} aria-current={active === 'members' ? 'page' : undefined}>
          Members
        </Link>
      </nav>
    </header>
  );
}

export function VisibilityTag({ visibility }: { visibility: string }) {
  return <span className={`visibility visibility-${visibility}`}>{visibility}</span>;
}
