import { PASSWORD_MIN_LENGTH } from '@levelfield/db/passwords';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeCallback } from '~/server/accounts/cookies';
import { auth } from '~/server/auth';
import { SignUpForm } from './SignUpForm';

export const metadata: Metadata = { title: 'Create an account' };
export const dynamic = 'force-dynamic';

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; email?: string }>;
}) {
  const { callbackUrl, email } = await searchParams;
  if ((await auth())?.user) redirect(safeCallback(callbackUrl, '/orgs'));
  return (
    <section className="auth-card">
      <h1>Create your Levelfield account</h1>
      <p className="muted lead">
        You get a personal organization for your first projects; invite your team later.
      </p>
      <SignUpForm
        callbackUrl={safeCallback(callbackUrl, '')}
        email={email ?? ''}
        minPassword={PASSWORD_MIN_LENGTH}
      />
    </section>
  );
}
