'use client';
import Link from 'next/link';
import { EmailField, NewPasswordField } from '~/components/accounts/fields';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, SubmitButton, TextField } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { SignUpForm as Schema } from '~/lib/schemas/accounts';
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
  const form = useZodForm(
    Schema,
    fromAction((input) => signUpAction(input, callbackUrl)),
  );
  // POST: a press before the page is interactive must not put the password in the address.
  return (
    <form className="form" method="post" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <EmailField form={form} email={email} />
      <TextField form={form} name="name" label="Name" autoComplete="name" required maxLength={100} />
      <NewPasswordField form={form} name="password" label="Password" minLength={minPassword} />
      <SubmitButton pending={form.pending} busyLabel="Creating your account…">
        Create account
      </SubmitButton>
      <p className="muted form-foot">
        Already have an account?{' '}
        <Link href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in</Link>
      </p>
    </form>
  );
}
