'use client';
import { useActionState } from 'react';
import { IDLE } from '~/components/accounts/form-state';
import { FieldError, FormMessage, SubmitButton } from '~/components/accounts/ui';
import { changePasswordAction, updateProfileAction } from './actions';

export function ProfileForm({ name }: { name: string }) {
  const [state, action] = useActionState(updateProfileAction, IDLE);
  return (
    <form className="form" action={action} noValidate>
      <FormMessage state={state} />
      <label>
        Name
        <input
          name="name"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={state.values?.name ?? name}
        />
        <FieldError state={state} name="name" />
      </label>
      <SubmitButton pending="Saving…">Save</SubmitButton>
    </form>
  );
}

export function PasswordForm({ hasPassword, minPassword }: { hasPassword: boolean; minPassword: number }) {
  const [state, action] = useActionState(changePasswordAction, IDLE);
  return (
    <form className="form" action={action} noValidate key={state.status === 'ok' ? 'done' : 'form'}>
      <FormMessage state={state} />
      {hasPassword ? (
        <label>
          Current password
          <input name="currentPassword" type="password" autoComplete="current-password" required />
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
        />
        <span className="hint">At least {minPassword} characters, and not a common password.</span>
        <FieldError state={state} name="newPassword" />
      </label>
      <SubmitButton pending="Changing…">{hasPassword ? 'Change password' : 'Set password'}</SubmitButton>
    </form>
  );
}
