'use server';
import type { z } from 'zod';
import type { FormResult } from '~/lib/form-result';
import type { CreateWebhook, DeleteWebhookInput } from '~/lib/schemas/projects';
import { callAndRefresh, formResult } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

type ProjectRef = { org: string; project: string };

export async function createWebhookAction(
  ref: ProjectRef,
  input: CreateWebhook,
): Promise<FormResult<{ url: string /** The signing secret: in this response only. */; secret: string }>> {
  return formResult(
    async () => {
      const { url, secret } = await (await serverCaller()).history.createWebhook({ ...ref, ...input });
      return { url, secret };
    },
    { revalidate: [`/orgs/${ref.org}/projects/${ref.project}/webhooks`] },
  );
}

export async function deleteWebhookAction(
  ref: ProjectRef,
  input: z.input<typeof DeleteWebhookInput>,
): Promise<FormResult<void>> {
  return callAndRefresh([`/orgs/${ref.org}/projects/${ref.project}/webhooks`], (caller) =>
    caller.history.deleteWebhook({ ...ref, ...input }),
  );
}
