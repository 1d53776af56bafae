import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeCallbackPath } from '~/server/accounts/callback';
import { auth, oauthProviders } from '~/server/auth';
import { siteOrigin } from '~/server/site';
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
  searchParams: Promise<{ callbackUrl?: string; error?: string; email?: string; created?: string }>;
}) {
  const { callbackUrl, error, email, created } = await searchParams;
  // '' when absent or unsafe: then the sign-in picks where to go.
  const callback = safeCallbackPath(callbackUrl, await siteOrigin(), '');
  if ((await auth())?.user) redirect(callback || '/runs');
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
      {created ? (
        // Sign-up answers the same whether or not the email already had an account.
        <p className="notice ok" role="status">
          Sign in to finish: if {email ?? 'this email'} is new to Levelfield, its account is ready with the
          password you chose; if it already had an account, nothing was changed and its own password still
          applies.
        </p>
      ) : null}
      <SignInForm
        callbackUrl={callback}
        email={email ?? ''}
        welcome={Boolean(created)}
        signUpHref={callback ? `/signup?callbackUrl=${encodeURIComponent(callback)}` : '/signup'}
      />
      {providers.length > 0 ? (
        <div className="oauth">
          <p className="divider">
            <span>or</span>
          </p>
          {providers.map((provider) => (
            <form key={provider.id} action={signInWithProvider}>
              <input type="hidden" name="provider" value={provider.id} />
              <input type="hidden" name="callbackUrl" value={callback} />
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
