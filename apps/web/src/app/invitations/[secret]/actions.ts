'use server';
import { redirect } from 'next/navigation';
import type { FormState } from '~/components/accounts/form-state';
import { signOut } from '~/server/auth';
import { formError } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

export async function acceptInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  let slug: string;
  try {
    const accepted = await (await serverCaller()).invitations.accept({
      secret: String(formData.get('secret') ?? ''),
    });
    slug = accepted.organization.slug;
  } catch (error) {
    return formError(error);
  }
  redirect(`/orgs/${slug}?joined=1`);
}

/** Signs out and comes back to the invitation, to accept it with the invited address. */
export async function signOutToInvitation(formData: FormData): Promise<void> {
  const secret = String(formData.get('secret') ?? '');
  await signOut({ redirectTo: `/signin?callbackUrl=${encodeURIComponent(`/invitations/${secret}`)}` });
}
