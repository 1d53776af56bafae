'use client';
import Link from 'next/link';
import { useActionState } from 'react';
import { IDLE } from '~/components/accounts/form-state';
import { FieldError, FormMessage, SubmitButton } from '~/components/accounts/ui';
import { signUpAction } from './actions';

export function SignUpForm({
  callbackUrl,
  email,
  minPassword,
}: {
  callbackUrl: string;
  email: string;
  minPassword: number;
}) {
  const [state, action] = useActionState(signUpAction, IDLE);
  return (
    <form className="form" action={action} noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email ?? email}
          aria-invalid={Boolean(state.fields?.email)}
          aria-describedby="email-error"
        />
        <FieldError state={state} name="email" />
      </label>
      <label>
        Name
        <input
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={state.values?.name ?? ''}
          aria-invalid={Boolean(state.fields?.name)}
          aria-describedby="name-error"
        />
        <FieldError state={state} name="name" />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPassword}
          aria-invalid={Boolean(state.fields?.password)}
          aria-describedby="password-hint password-error"
        />
        {state.fields?.password ? (
          <FieldError state={state} name="password" />
        ) : (
          <span className="hint" id="password-hint">
            At least {minPassword} characters, and not a common password.
          </span>
        )}
      </label>
      <SubmitButton pending="Creating your account…">Create account</SubmitButton>
      <p className="muted form-foot">
        Already have an account?{' '}
        <Link href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in</Link>
      </p>
    </form>
  );
}
