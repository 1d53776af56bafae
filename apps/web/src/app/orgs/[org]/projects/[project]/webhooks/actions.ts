'use server';
import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import type { FormResult } from '~/lib/form-result';
import type { CreateWebhook, DeleteWebhookInput } from '~/lib/schemas/projects';
import { formResult } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

type ProjectRef = { org: string; project: string };

export async function createWebhookAction(
  ref: ProjectRef,
  input: CreateWebhook,
): Promise<FormResult<{ url: string /** The signing secret: in this response only. */; secret: string }>> {
  const result = await formResult(async () => {
    const { url, secret } = await (await serverCaller()).history.createWebhook({ ...ref, ...input });
    return { url, secret };
  });
  if (result.ok) revalidatePath(`/orgs/${ref.org}/projects/${ref.project}/webhooks`);
  return result;
}

export async function deleteWebhookAction(
  ref: ProjectRef,
  input: z.input<typeof DeleteWebhookInput>,
): Promise<FormResult<void>> {
  const result = await formResult(async () => {
    await (await serverCaller()).history.deleteWebhook({ ...ref, ...input });
  });
  if (result.ok) revalidatePath(`/orgs/${ref.org}/projects/${ref.project}/webhooks`);
  return result;
}
