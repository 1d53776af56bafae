'use client';
import { useActionState } from 'react';
import { IDLE } from '~/components/accounts/form-state';
import { FormMessage, SubmitButton } from '~/components/accounts/ui';
import { acceptInvitationAction } from './actions';

export function AcceptForm({ secret, orgName }: { secret: string; orgName: string }) {
  const [state, action] = useActionState(acceptInvitationAction, IDLE);
  return (
    <form action={action} className="form">
      <FormMessage state={state} />
      <input type="hidden" name="secret" value={secret} />
      <SubmitButton pending="Joining…">{`Join ${orgName}`}</SubmitButton>
    </form>
  );
}
