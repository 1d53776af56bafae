import 'server-only';
import { z } from 'zod';
import { DecideChange, HistorySettings } from '~/lib/schemas/history';
import { CreateWebhook, DeleteWebhookInput } from '~/lib/schemas/projects';
import { decideChange } from '~/server/history/decide';
import { historyOfRun, listHistories } from '~/server/history/list';
import { updateSettings } from '~/server/history/settings';
import { getHistory } from '~/server/history/view';
import { siteOrigin } from '~/server/site';
import { ProjectInput, projectProcedure, publicProcedure, router } from '~/server/trpc';
import { createWebhook, deleteWebhook, listWebhooks } from '~/server/webhooks/manage';

const HistoryId = z.object({ historyId: z.string().trim().min(1).max(64) });

export const historyRouter = router({
  get: publicProcedure
    .input(HistoryId.extend({ series: z.string().max(600).optional() }))
    .query(({ ctx, input }) => getHistory(ctx.db, ctx.viewerId, input)),

  ofProject: projectProcedure('view').query(({ ctx }) =>
    listHistories(ctx.db, ctx.viewerId, { projectId: ctx.project.id }),
  ),

  ofRun: publicProcedure
    .input(z.object({ runId: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => historyOfRun(ctx.db, ctx.viewerId, input.runId)),

  decide: publicProcedure.input(DecideChange).mutation(async ({ ctx, input }) => {
    // Webhooks are sent in the background: the answer does not wait for receivers.
    const { deliveries: _, ...decided } = await decideChange(ctx.db, ctx.viewerId, input, {
      origin: await siteOrigin(),
    });
    return decided;
  }),

  updateSettings: publicProcedure
    .input(HistoryId.extend(HistorySettings.shape))
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.viewerId, input)),

  webhooks: projectProcedure('manageTokens').query(({ ctx }) =>
    listWebhooks(ctx.db, ctx.viewerId, { projectId: ctx.project.id }),
  ),

  createWebhook: publicProcedure
    .input(ProjectInput.extend(CreateWebhook.shape))
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.viewerId, input, input)),

  deleteWebhook: publicProcedure
    .input(ProjectInput.extend(DeleteWebhookInput.shape))
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, ctx.viewerId, input, input.id)),
});
