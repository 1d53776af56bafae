'use server';
import { revalidatePath } from 'next/cache';
import type { FormState } from '~/components/accounts/form-state';
import { formError } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

export interface CreateWebhookState extends FormState {
  /** The signing secret: in this response only. */
  created?: { url: string; secret: string };
}

export async function createWebhookAction(
  _previous: CreateWebhookState,
  formData: FormData,
): Promise<CreateWebhookState> {
  const [org, project] = [String(formData.get('org') ?? ''), String(formData.get('project') ?? '')];
  const url = String(formData.get('url') ?? '');
  const format = formData.get('format') === 'slack' ? 'slack' : 'json';
  try {
    const created = await (await serverCaller()).history.createWebhook({ org, project, url, format });
    revalidatePath(`/orgs/${org}/projects/${project}/webhooks`);
    return { status: 'ok', created: { url: created.url, secret: created.secret } };
  } catch (error) {
    return formError(error, { url, format });
  }
}

export async function deleteWebhookAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const [org, project] = [String(formData.get('org') ?? ''), String(formData.get('project') ?? '')];
  try {
    await (await serverCaller()).history.deleteWebhook({
      org,
      project,
      id: String(formData.get('id') ?? ''),
    });
  } catch (error) {
    return formError(error);
  }
  revalidatePath(`/orgs/${org}/projects/${project}/webhooks`);
  return { status: 'ok', message: 'Deleted.' };
}
