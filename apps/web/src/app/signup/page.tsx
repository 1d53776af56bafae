import { PASSWORD_MIN_LENGTH } from '@levelfield/db/passwords';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeCallbackPath } from '~/server/accounts/callback';
import { auth } from '~/server/auth';
import { siteOrigin } from '~/server/site';
import { SignUpForm } from './SignUpForm';

export const metadata: Metadata = { title: 'Create an account' };
export const dynamic = 'force-dynamic';

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; email?: string }>;
}) {
  const { callbackUrl, email } = await searchParams;
  const callback = safeCallbackPath(callbackUrl, await siteOrigin(), '');
  if ((await auth())?.user) redirect(callback || '/orgs');
  return (
    <section className="auth-card">
      <h1>Create your Levelfield account</h1>
      <p className="muted lead">
        You get a personal organization for your first projects; invite your team later.
      </p>
      <SignUpForm callbackUrl={callback} email={email ?? ''} minPassword={PASSWORD_MIN_LENGTH} />
    </section>
  );
}
