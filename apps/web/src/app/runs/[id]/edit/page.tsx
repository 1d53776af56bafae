import type { Metadata } from 'next';
import Link from 'next/link';
import { guard } from '~/server/access-page';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { getRunDetail } from '~/server/runs/detail';
import { TRPCReactProvider } from '~/trpc/react';
import { DeclaredForm } from './declared-form';

export const metadata: Metadata = { title: 'Edit declared provenance' };
export const dynamic = 'force-dynamic';

export default async function EditDeclaredPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const run = await guard(getRunDetail(db(), await viewerId(), id), `/runs/${id}/edit`);
  if (!run.can.edit) {
    return (
      <section className="auth-card" role="alert">
        <h1>Editors only</h1>
        <p>
          Declared provenance and disclosure can be changed by the project’s owners and editors. Ask an owner
          for the editor role.
        </p>
        <Link href={`/runs/${run.id}`}>Back to the run</Link>
      </section>
    );
  }
  return (
    <section className="edit-declared">
      <p className="crumbs muted">
        <Link href={`/runs/${run.id}`}>{run.name}</Link>
      </p>
      <h1>Declared provenance and disclosure</h1>
      <p className="muted">
        What the agent could not see for itself: cost, topology, settings, who ran it and with what help.
        Values you enter are marked <em>declared</em>; a captured value you override stays on record beside
        yours.
      </p>
      <TRPCReactProvider>
        <DeclaredForm runId={run.id} provenance={run.provenance} disclosure={run.disclosure} />
      </TRPCReactProvider>
    </section>
  );
}
