'use client';
import Link from 'next/link';
import { useActionState } from 'react';
import { IDLE } from '~/components/accounts/form-state';
import { FormMessage, SubmitButton } from '~/components/accounts/ui';
import { signInWithPassword } from './actions';

export function SignInForm({
  callbackUrl,
  email,
  welcome,
  signUpHref,
}: {
  callbackUrl: string;
  email: string;
  /** Just signed up: land in the new personal organization. */
  welcome: boolean;
  signUpHref: string;
}) {
  const [state, action] = useActionState(signInWithPassword, IDLE);
  return (
    <form className="form" action={action}>
      <FormMessage state={state} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {welcome ? <input type="hidden" name="welcome" value="1" /> : null}
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email ?? email}
        />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <SubmitButton pending="Signing in…">Sign in</SubmitButton>
      <p className="muted form-foot">
        New to Levelfield? <Link href={signUpHref}>Create an account</Link>
      </p>
    </form>
  );
}
