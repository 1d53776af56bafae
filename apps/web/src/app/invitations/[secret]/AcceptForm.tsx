'use client';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { InvitationSecretInput } from '~/lib/schemas/orgs';
import { acceptInvitationAction } from './actions';

export function AcceptForm({ secret, orgName }: { secret: string; orgName: string }) {
  const form = useZodForm(InvitationSecretInput, fromAction(acceptInvitationAction));
  return (
    <form onSubmit={form.onSubmit} className="form">
      <FormAlert form={form} />
      <input type="hidden" name="secret" value={secret} />
      <SubmitButton pending={form.pending} busyLabel="Joining…">{`Join ${orgName}`}</SubmitButton>
    </form>
  );
}
