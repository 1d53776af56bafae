'use client';
import Link from 'next/link';
import { EmailField } from '~/components/accounts/fields';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, SubmitButton, TextField } from '~/components/forms/form-parts';
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
  // POST: a press before the page is interactive must not put the password in the address.
  return (
    <form className="form" method="post" onSubmit={form.onSubmit}>
      <FormAlert form={form} />
      <EmailField form={form} email={email} />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton pending={form.pending} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
      <p className="muted form-foot">
        New to Levelfield? <Link href={signUpHref}>Create an account</Link>
      </p>
    </form>
  );
}
