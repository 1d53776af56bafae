import type { Metadata } from 'next';
import Link from 'next/link';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { NewProjectForm } from './NewProjectForm';

export const metadata: Metadata = { title: 'New project' };
export const dynamic = 'force-dynamic';

export default async function NewProjectPage({ params }: { params: Promise<{ org: string }> }) {
  const { org: slug } = await params;
  const org = await guard((await serverCaller()).orgs.get({ org: slug }), `/orgs/${slug}/projects/new`);
  return (
    <section className="narrow stack">
      <p className="crumbs">
        <Link href="/orgs">Organizations</Link> / <Link href={`/orgs/${org.slug}`}>{org.name}</Link> /
      </p>
      <h1>New project</h1>
      {org.can.edit ? (
        <div className="card">
          <NewProjectForm org={org.slug} />
        </div>
      ) : (
        <p className="alert" role="alert">
          Creating projects needs the editor role or higher in {org.slug}; you are a {org.role}. Ask an owner
          of {org.slug} to change your role.
        </p>
      )}
    </section>
  );
}
