import type { Metadata } from 'next';
import Link from 'next/link';
import { VisibilityTag } from '~/components/orgs/OrgHeader';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { TRPCReactProvider } from '~/trpc/react';
import { EnterResultForm, ImportResultsForm } from './PublishedForms';

export const dynamic = 'force-dynamic';

type Params = Promise<{ org: string; project: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { org, project } = await params;
  return { title: `Add published results · ${org}/${project}` };
}

export default async function NewPublishedPage({ params }: { params: Params }) {
  const { org, project: slug } = await params;
  const back = `/orgs/${org}/projects/${slug}/published/new`;
  const project = await guard((await serverCaller()).projects.get({ org, project: slug }), back);
  const base = `/orgs/${project.organization.slug}/projects/${project.slug}`;
  return (
    <section className="stack">
      <header className="section-head">
        <p className="crumbs">
          <Link href="/orgs">Organizations</Link> /{' '}
          <Link href={`/orgs/${project.organization.slug}`}>{project.organization.name}</Link> /{' '}
          <Link href={base}>{project.name}</Link> /
        </p>
        <div className="title-row">
          <h1>Add published results</h1>
          <VisibilityTag visibility={project.visibility} />
        </div>
        <p className="muted">
          Enter a run from a publication’s printed numbers — a vendor blog, a paper, a TPC disclosure — so it
          can be compared without raw data. Each value keeps the figure as printed, the section it came from
          and whether the publication measured or estimated it; the fairness checks flag estimated values.
        </p>
      </header>
      {project.can.edit ? (
        <TRPCReactProvider>
          <EnterResultForm org={project.organization.slug} project={project.slug} />
          <ImportResultsForm org={project.organization.slug} project={project.slug} />
        </TRPCReactProvider>
      ) : (
        <p className="alert" role="alert">
          Only editors of {project.name} can add published results. Ask an owner of{' '}
          {project.organization.name} for the editor role.
        </p>
      )}
    </section>
  );
}
