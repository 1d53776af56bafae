'use client';
import Link from 'next/link';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { SignInForm as Schema } from '~/lib/schemas/accounts';
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
  const form = useZodForm(
    Schema,
    fromAction((input) => signInWithPassword(input, { callbackUrl, welcome })),
  );
  return (
    <form className="form" onSubmit={form.onSubmit}>
      <FormAlert form={form} />
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={email}
          {...form.field('email')}
        />
        <FieldError form={form} path="email" />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <FieldError form={form} path="password" />
      </label>
      <SubmitButton pending={form.pending} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
      <p className="muted form-foot">
        New to Levelfield? <Link href={signUpHref}>Create an account</Link>
      </p>
    </form>
  );
}
