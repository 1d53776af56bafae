import type { FastifyInstance } from 'fastify';
import type { IngestContext } from '../context.ts';
import { ingestFrames } from '../frames/ingest.ts';
import { type RunParams, runId } from './params.ts';

export const FRAMES_ROUTE = '/v1/runs/:id/frames';

export function frameRoutes(app: FastifyInstance, ctx: IngestContext): void {
  app.post<RunParams>(FRAMES_ROUTE, async (request) => {
    const principal = await ctx.authenticate(request.headers.authorization, 'ingest');
    return ingestFrames(ctx, principal, runId(request.params), request.body);
  });
}
