// A project's webhooks and their delivery log, for its editors and owners (the people who manage
// its API tokens: a webhook, like a token, connects the project to something outside). The
// secret is shown once, when the webhook is created.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { webhooksMayGoInternal } from '~/env';
import { CreateWebhook } from '~/lib/schemas/projects';
import { type ProjectRef, requireProject } from '~/server/access-checks';
import { refusedAddress } from './address.ts';
import { newWebhookSecret } from './sign.ts';

/** Deliveries listed per webhook, newest first. */
export const DELIVERIES_LISTED = 50;

export async function createWebhook(
  db: PrismaClient,
  viewerId: string | null,
  ref: ProjectRef,
  input: CreateWebhook,
  allowInternal: () => boolean = webhooksMayGoInternal,
) {
  const { project } = await requireProject(db, viewerId, ref, 'manageTokens');
  const { url, format } = CreateWebhook.parse(input);
  const refused = await refusedAddress(url, allowInternal);
  if (refused) throw new AppError('VALIDATION_FAILED', refused, 'url');
  const secret = newWebhookSecret();
  const webhook = await db.webhook.create({
    data: { projectId: project.id, url, format, secret, createdById: viewerId },
    select: { id: true, url: true, format: true },
  });
  return { ...webhook, secret };
}

export async function listWebhooks(db: PrismaClient, viewerId: string | null, ref: ProjectRef) {
  const { project } = await requireProject(db, viewerId, ref, 'manageTokens');
  return db.webhook.findMany({
    where: { projectId: project.id },
    orderBy: { createdAt: 'asc' },
    select: {
      id: true,
      url: true,
      format: true,
      createdAt: true,
      createdBy: { select: { name: true, email: true } },
      deliveries: {
        orderBy: { createdAt: 'desc' },
        take: DELIVERIES_LISTED,
        select: {
          id: true,
          event: true,
          status: true,
          attempts: true,
          responseStatus: true,
          error: true,
          createdAt: true,
          lastAttemptAt: true,
        },
      },
    },
  });
}

export async function deleteWebhook(db: PrismaClient, viewerId: string | null, ref: ProjectRef, id: string) {
  const { project } = await requireProject(db, viewerId, ref, 'manageTokens');
  const { count } = await db.webhook.deleteMany({ where: { id, projectId: project.id } });
  return { deleted: count };
}
