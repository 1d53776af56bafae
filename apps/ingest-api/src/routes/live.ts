import { AppError } from '@levelfield/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../auth.ts';
import type { IngestContext } from '../context.ts';
import { checkLiveAccess } from '../live/access.ts';
import { sseEvent } from '../live/hub.ts';
import { type RunParams, runId } from './params.ts';

/** A subscriber this far behind is dropped; its browser reconnects and catches up from the web app. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export const LIVE_ROUTE = '/v1/runs/:id/live';

export function liveRoutes(app: FastifyInstance, ctx: IngestContext): void {
  app.get<RunParams & { Querystring: { token?: string | string[] } }>(LIVE_ROUTE, async (request, reply) => {
    // ?token=a&token=b parses as an array, which no credential check reads (it was a 500).
    if (Array.isArray(request.query.token)) {
      throw new AppError('VALIDATION_FAILED', 'token is given more than once: pass one ?token=', 'token');
    }
    const token = request.query.token ?? bearerToken(request.headers.authorization);
    const id = runId(request.params);
    const { status, viewer } = await checkLiveAccess(
      ctx.db,
      ctx.authenticate,
      id,
      token,
      ctx.liveTokenSecret,
    );
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      // Browsers subscribe from the web app's origin; the stream's authorization is its token,
      // never a cookie, so no credentials are allowed.
      'access-control-allow-origin': new URL(ctx.webUrl).origin,
      vary: 'origin',
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: 2000\n${sseEvent('hello', { runId: id, status })}`);
    if (status !== 'running') {
      raw.end(sseEvent('finished', { runId: id, status }));
      return;
    }
    const unsubscribe = ctx.hub.subscribe(
      id,
      {
        write: (text) => {
          if (!text || raw.destroyed || raw.writableEnded) return;
          if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
          else raw.write(text);
        },
        end: () => raw.end(),
      },
      viewer,
    );
    raw.on('close', unsubscribe);
  });
}
