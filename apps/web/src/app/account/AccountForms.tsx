'use client';
import { NewPasswordField } from '~/components/accounts/fields';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, FormNotice, SubmitButton, TextField } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { ChangePasswordForm, UpdateProfileInput } from '~/lib/schemas/accounts';
import { changePasswordAction, updateProfileAction } from './actions';

export function ProfileForm({ name }: { name: string }) {
  const form = useZodForm(UpdateProfileInput, fromAction(updateProfileAction));
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <FormNotice form={form}>Saved.</FormNotice>
      <TextField
        form={form}
        name="name"
        label="Name"
        required
        maxLength={100}
        autoComplete="name"
        defaultValue={name}
      />
      <SubmitButton pending={form.pending} busyLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

export function PasswordForm({ hasPassword, minPassword }: { hasPassword: boolean; minPassword: number }) {
  const form = useZodForm(ChangePasswordForm, fromAction(changePasswordAction), { reset: true });
  // POST: a press before the page is interactive must not put the passwords in the address.
  return (
    <form className="form" method="post" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <FormNotice form={form}>Password changed. Other devices have been signed out.</FormNotice>
      {hasPassword ? (
        <TextField
          form={form}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
      ) : (
        <p className="muted">
          Your account signs in with a provider; set a password to sign in with email too.
        </p>
      )}
      <NewPasswordField form={form} name="newPassword" label="New password" minLength={minPassword} />
      <SubmitButton pending={form.pending} busyLabel="Changing…">
        {hasPassword ? 'Change password' : 'Set password'}
      </SubmitButton>
    </form>
  );
}
