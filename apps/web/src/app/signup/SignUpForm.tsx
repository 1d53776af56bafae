'use client';
import Link from 'next/link';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
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
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
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
        Name
        <input name="name" autoComplete="name" required maxLength={100} {...form.field('name')} />
        <FieldError form={form} path="name" />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPassword}
          {...form.field('password', form.fieldErrors.password ? undefined : 'password-hint')}
        />
        {form.fieldErrors.password ? (
          <FieldError form={form} path="password" />
        ) : (
          <span className="hint" id="password-hint">
            At least {minPassword} characters, and not a common password.
          </span>
        )}
      </label>
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
