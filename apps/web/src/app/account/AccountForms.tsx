'use client';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, FormNotice, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { ChangePasswordForm, UpdateProfileInput } from '~/lib/schemas/accounts';
import { changePasswordAction, updateProfileAction } from './actions';

export function ProfileForm({ name }: { name: string }) {
  const form = useZodForm(UpdateProfileInput, fromAction(updateProfileAction));
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <FormNotice form={form}>Saved.</FormNotice>
      <label>
        Name
        <input
          name="name"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={name}
          {...form.field('name')}
        />
        <FieldError form={form} path="name" />
      </label>
      <SubmitButton pending={form.pending} busyLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

export function PasswordForm({ hasPassword, minPassword }: { hasPassword: boolean; minPassword: number }) {
  const form = useZodForm(ChangePasswordForm, fromAction(changePasswordAction), {
    // Clear the passwords once changed.
    onSuccess: (_done, element) => element.reset(),
  });
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <FormNotice form={form}>Password changed. Other devices have been signed out.</FormNotice>
      {hasPassword ? (
        <label>
          Current password
          <input
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            {...form.field('currentPassword')}
          />
          <FieldError form={form} path="currentPassword" />
        </label>
      ) : (
        <p className="muted">
          Your account signs in with a provider; set a password to sign in with email too.
        </p>
      )}
      <label>
        New password
        <input
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPassword}
          {...form.field('newPassword', 'new-password-hint')}
        />
        <span className="hint" id="new-password-hint">
          At least {minPassword} characters, and not a common password.
        </span>
        <FieldError form={form} path="newPassword" />
      </label>
      <SubmitButton pending={form.pending} busyLabel="Changing…">
        {hasPassword ? 'Change password' : 'Set password'}
      </SubmitButton>
    </form>
  );
}
