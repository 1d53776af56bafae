import { validationError } from '@levelfield/contracts/errors';
import { CreateRunRequest, FinishRunRequest } from '@levelfield/contracts/ingest';
import type { FastifyInstance } from 'fastify';
import type { IngestContext } from '../context.ts';
import { encodeFinishedNotice } from '../live/messages.ts';
import { createRun } from '../runs/create.ts';
import { finishRun } from '../runs/finish.ts';
import { type RunParams, runId } from './params.ts';

export function runRoutes(app: FastifyInstance, ctx: IngestContext): void {
  app.post('/v1/runs', async (request, reply) => {
    const principal = await ctx.authenticate(request.headers.authorization, 'ingest');
    const parsed = CreateRunRequest.safeParse(request.body);
    if (!parsed.success) throw validationError(parsed.error);
    const id = await createRun(ctx.db, principal, parsed.data);
    return reply.status(201).send({
      id,
      url: `${ctx.webUrl}/runs/${id}`,
      liveUrl: `${ctx.publicIngestUrl}/v1/runs/${id}/live`,
    });
  });

  app.post<RunParams>('/v1/runs/:id/finish', async (request) => {
    const principal = await ctx.authenticate(request.headers.authorization, 'ingest');
    const parsed = FinishRunRequest.safeParse(request.body);
    if (!parsed.success) throw validationError(parsed.error);
    const { changed, ...finished } = await finishRun(ctx.db, principal, runId(request.params), parsed.data);
    if (changed) {
      ctx.hub.publishFinished(finished.id, finished.status);
      // After the frames' notifications (one queue), so other instances see them first.
      await ctx.notifier.publish(finished.id, encodeFinishedNotice(finished.id, ctx.origin, finished.status));
    }
    ctx.rollup.markRun(finished.id);
    return finished;
  });
}
