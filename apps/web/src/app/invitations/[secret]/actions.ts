'use server';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import type { FormResult } from '~/lib/form-result';
import type { InvitationSecretInput } from '~/lib/schemas/orgs';
import { signOut } from '~/server/auth';
import { formResult } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

export async function acceptInvitationAction(
  input: z.input<typeof InvitationSecretInput>,
): Promise<FormResult<void>> {
  const result = await formResult(async () => (await serverCaller()).invitations.accept(input));
  if (!result.ok) return result;
  redirect(`/orgs/${result.value.organization.slug}?joined=1`);
}

/** Signs out and comes back to the invitation, to accept it with the invited address. */
export async function signOutToInvitation(formData: FormData): Promise<void> {
  const secret = String(formData.get('secret') ?? '');
  await signOut({ redirectTo: `/signin?callbackUrl=${encodeURIComponent(`/invitations/${secret}`)}` });
}
