'use server';
// Server actions of the organization pages. Each one calls the tRPC procedure (which checks
// access) and turns its errors into form state.
import type { Role } from '@levelfield/db/client';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { FormState } from '~/components/accounts/form-state';
import { formError, formValues } from '~/server/form-errors';
import { serverCaller } from '~/server/root';
import { siteOrigin } from '~/server/site';

function text(formData: FormData, name: string): string {
  return String(formData.get(name) ?? '');
}

export async function createOrganizationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['name', 'slug']);
  let slug: string;
  try {
    slug = (await (await serverCaller()).orgs.create(values)).slug;
  } catch (error) {
    return formError(error, values);
  }
  redirect(`/orgs/${slug}`);
}

export async function createProjectAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['name', 'slug', 'visibility']);
  const org = text(formData, 'org');
  let slug: string;
  try {
    const project = await (await serverCaller()).projects.create({
      org,
      name: values.name ?? '',
      slug: values.slug ?? '',
      visibility: values.visibility as 'private',
    });
    slug = project.slug;
  } catch (error) {
    return formError(error, values);
  }
  redirect(`/orgs/${org}/projects/${slug}`);
}

export async function updateProjectAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['name', 'visibility']);
  const [org, project] = [text(formData, 'org'), text(formData, 'project')];
  try {
    await (await serverCaller()).projects.update({
      org,
      project,
      name: values.name ?? '',
      visibility: values.visibility as 'private',
    });
  } catch (error) {
    return formError(error, values);
  }
  revalidatePath(`/orgs/${org}`, 'layout');
  return { status: 'ok', message: 'Saved.', values };
}

export async function changeRoleAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const org = text(formData, 'org');
  try {
    await (await serverCaller()).orgs.changeRole({
      org,
      userId: text(formData, 'userId'),
      role: text(formData, 'role') as Role,
    });
  } catch (error) {
    return formError(error);
  }
  revalidatePath(`/orgs/${org}/members`);
  return { status: 'ok', message: 'Role changed.' };
}

export async function removeMemberAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const org = text(formData, 'org');
  try {
    await (await serverCaller()).orgs.removeMember({ org, userId: text(formData, 'userId') });
  } catch (error) {
    return formError(error);
  }
  revalidatePath(`/orgs/${org}/members`);
  return { status: 'ok', message: 'Removed.' };
}

export interface InviteState extends FormState {
  link?: string;
  invited?: { email: string; role: Role; expiresAt: string };
}

export async function inviteAction(_previous: InviteState, formData: FormData): Promise<InviteState> {
  const values = formValues(formData, ['email', 'role']);
  const org = text(formData, 'org');
  try {
    const invitation = await (await serverCaller()).invitations.create({
      org,
      email: values.email ?? '',
      role: values.role as Role,
    });
    revalidatePath(`/orgs/${org}/members`);
    return {
      status: 'ok',
      link: `${await siteOrigin()}${invitation.path}`,
      invited: {
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
      },
    };
  } catch (error) {
    return formError(error, values);
  }
}

export async function revokeInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const org = text(formData, 'org');
  try {
    await (await serverCaller()).invitations.revoke({ org, invitationId: text(formData, 'invitationId') });
  } catch (error) {
    return formError(error);
  }
  revalidatePath(`/orgs/${org}/members`);
  return { status: 'ok', message: 'Invitation revoked.' };
}
