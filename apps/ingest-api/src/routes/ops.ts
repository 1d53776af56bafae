import { probeDatabase } from '@levelfield/db/health';
import type { FastifyInstance } from 'fastify';
import type { IngestContext } from '../context.ts';
import { openApiDocument } from '../openapi.ts';

export function opsRoutes(app: FastifyInstance, ctx: IngestContext): void {
  const document = JSON.stringify(openApiDocument(ctx.publicIngestUrl));

  app.get('/healthz', async (_request, reply) => {
    if (ctx.draining) {
      return reply
        .status(503)
        .send({ status: 'unavailable', database: { status: 'down', reason: 'shutting down' } });
    }
    const database = await probeDatabase(() => ctx.db.query('SELECT 1'));
    if (database.status === 'up') return { status: 'ok', database };
    return reply.status(503).send({ status: 'unavailable', database });
  });

  app.get('/metrics', async (_request, reply) =>
    reply.type('text/plain; version=0.0.4; charset=utf-8').send(ctx.metrics.registry.render()),
  );

  app.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(document));
}
