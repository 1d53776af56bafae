import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthError } from 'next-auth';
import { signIn } from '~/server/auth';

export const metadata: Metadata = { title: 'Sign in' };

/** Only same-site paths, so the sign-in page cannot be used to redirect elsewhere. */
function safeCallback(value: string | undefined): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/runs';
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string }>;
}) {
  const { callbackUrl, error } = await searchParams;
  const target = safeCallback(callbackUrl);
  return (
    <section className="auth-card">
      <h1>Sign in to Levelfield</h1>
      {error ? (
        <p className="alert" role="alert">
          That email and password do not match an account. Check both and try again.
        </p>
      ) : null}
      <form
        className="form"
        action={async (formData: FormData) => {
          'use server';
          try {
            await signIn('credentials', {
              email: String(formData.get('email') ?? ''),
              password: String(formData.get('password') ?? ''),
              redirectTo: target,
            });
          } catch (caught) {
            if (caught instanceof AuthError) {
              redirect(`/signin?error=credentials&callbackUrl=${encodeURIComponent(target)}`);
            }
            throw caught;
          }
        }}
      >
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" className="button primary">
          Sign in
        </button>
      </form>
    </section>
  );
}
