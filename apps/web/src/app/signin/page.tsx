import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeCallback } from '~/server/accounts/cookies';
import { auth, oauthProviders } from '~/server/auth';
import { signInWithProvider } from './actions';
import { SignInForm } from './SignInForm';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

// Auth.js sends OAuth failures back here as ?error=<code>.
const OAUTH_ERRORS: Record<string, string> = {
  OAuthAccountNotLinked:
    'That email address already has a Levelfield account that signs in another way. Sign in with your password; linking providers to an existing account is not automatic, to keep it safe.',
  AccessDenied:
    'The sign-in was cancelled or refused by the provider. Try again, or sign in with your password.',
  Configuration:
    'Single sign-on is not set up correctly on this server. Ask the administrator to check the AUTH_* settings.',
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string; email?: string }>;
}) {
  const { callbackUrl, error, email } = await searchParams;
  const target = safeCallback(callbackUrl, '/runs');
  if ((await auth())?.user) redirect(target);
  const providers = oauthProviders();
  return (
    <section className="auth-card">
      <h1>Sign in to Levelfield</h1>
      {error ? (
        <p className="alert" role="alert">
          {OAUTH_ERRORS[error] ??
            'Signing in did not work. Try again; if it keeps failing, sign in with your password.'}
        </p>
      ) : null}
      <SignInForm
        callbackUrl={target}
        email={email ?? ''}
        signUpHref={callbackUrl ? `/signup?callbackUrl=${encodeURIComponent(target)}` : '/signup'}
      />
      {providers.length > 0 ? (
        <div className="oauth">
          <p className="divider">
            <span>or</span>
          </p>
          {providers.map((provider) => (
            <form key={provider.id} action={signInWithProvider}>
              <input type="hidden" name="provider" value={provider.id} />
              <input type="hidden" name="callbackUrl" value={target} />
              <button type="submit" className="button wide">
                Continue with {provider.name}
              </button>
            </form>
          ))}
        </div>
      ) : null}
    </section>
  );
}
