import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { auth } from '~/server/auth';
import { NewOrgForm } from './NewOrgForm';

export const metadata: Metadata = { title: 'New organization' };
export const dynamic = 'force-dynamic';

export default async function NewOrganizationPage() {
  if (!(await auth())?.user) redirect('/signin?callbackUrl=%2Forgs%2Fnew');
  return (
    <section className="narrow stack">
      <p className="crumbs">
        <Link href="/orgs">Organizations</Link> /
      </p>
      <h1>New organization</h1>
      <p className="muted">You will be its owner. Invite people and create projects next.</p>
      <div className="card">
        <NewOrgForm />
      </div>
    </section>
  );
}
