'use server';
// Server actions of the organization pages. Each one calls the tRPC procedure (which checks
// access and parses the input with the form's schema) and hands its refusal back to the form.
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import type { FormResult } from '~/lib/form-result';
import type {
  ChangeRoleInput,
  CreateInvitationInput,
  CreateOrganizationInput,
  RemoveMemberInput,
  RevokeInvitationInput,
} from '~/lib/schemas/orgs';
import type { CreateProjectInput, UpdateProjectInput } from '~/lib/schemas/projects';
import { callAndRefresh, formResult } from '~/server/form-errors';
import type { Withdrawn } from '~/server/orgs/orgs';
import { serverCaller } from '~/server/root';
import { siteOrigin } from '~/server/site';

export async function createOrganizationAction(
  input: z.input<typeof CreateOrganizationInput>,
): Promise<FormResult<void>> {
  const result = await formResult(async () => (await serverCaller()).orgs.create(input));
  if (!result.ok) return result;
  redirect(`/orgs/${result.value.slug}`);
}

export async function createProjectAction(
  org: string,
  input: z.input<typeof CreateProjectInput>,
): Promise<FormResult<void>> {
  const result = await formResult(async () => (await serverCaller()).projects.create({ org, ...input }));
  if (!result.ok) return result;
  redirect(`/orgs/${org}/projects/${result.value.slug}`);
}

export async function updateProjectAction(
  ref: { org: string; project: string },
  input: z.input<typeof UpdateProjectInput>,
): Promise<FormResult<void>> {
  return callAndRefresh([`/orgs/${ref.org}`, 'layout'], (caller) =>
    caller.projects.update({ ...ref, ...input }),
  );
}

/** Returns what the change took back (revoked tokens, deleted invitations), for the form to say. */
export async function changeRoleAction(
  org: string,
  input: z.input<typeof ChangeRoleInput>,
): Promise<FormResult<Withdrawn>> {
  return formResult(async () => (await serverCaller()).orgs.changeRole({ org, ...input }), {
    revalidate: [`/orgs/${org}/members`],
  });
}

export async function removeMemberAction(
  org: string,
  input: z.input<typeof RemoveMemberInput>,
): Promise<FormResult<Withdrawn>> {
  return formResult(async () => (await serverCaller()).orgs.removeMember({ org, ...input }), {
    revalidate: [`/orgs/${org}/members`],
  });
}

export interface Invited {
  /** The invitation's link: in this response only, never stored or shown again. */
  link: string;
  email: string;
  role: string;
  expiresAt: string;
}

export async function inviteAction(
  org: string,
  input: z.input<typeof CreateInvitationInput>,
): Promise<FormResult<Invited>> {
  return formResult(
    async () => {
      const invitation = await (await serverCaller()).invitations.create({ org, ...input });
      return {
        link: `${await siteOrigin()}${invitation.path}`,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },
    { revalidate: [`/orgs/${org}/members`] },
  );
}

export async function revokeInvitationAction(
  org: string,
  input: z.input<typeof RevokeInvitationInput>,
): Promise<FormResult<void>> {
  return callAndRefresh([`/orgs/${org}/members`], (caller) => caller.invitations.revoke({ org, ...input }));
}
