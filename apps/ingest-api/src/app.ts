// The HTTP surface: routes, the single error format, and refusal of new work while draining.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { refuseContentEncoding, utf8Body } from '@levelfield/contracts/body';
import { AppError } from '@levelfield/contracts/errors';
import { INGEST_LIMITS } from '@levelfield/contracts/ingest';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { IngestContext } from './context.ts';
import { RateLimited } from './rate-limit.ts';
import { FRAMES_ROUTE, frameRoutes } from './routes/frames.ts';
import { LIVE_ROUTE, liveRoutes } from './routes/live.ts';
import { opsRoutes } from './routes/ops.ts';
import { runRoutes } from './routes/runs.ts';

/** PostgreSQL error classes that mean "the database is not there right now", not "bad input". */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P)/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Maps any thrown value to the one error format; unknown errors say nothing about internals. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode } = (error ?? {}) as Partial<FastifyError>;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(
        'BODY_TOO_LARGE',
        `the body exceeds ${INGEST_LIMITS.bodyBytes} bytes: send fewer frames per batch`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'send the body as JSON with Content-Type: application/json',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 'the body is empty: send a JSON object');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', 'Content-Length does not match the body');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('VALIDATION_FAILED', 'a path parameter is too long: check the run id', 'id');
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST', 'the URL is not valid: check its percent-encoding');
  }
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) {
    return new AppError('DATABASE_UNAVAILABLE', 'the database is unavailable: retry later');
  }
  if (error instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('BAD_REQUEST', 'the body is not valid JSON');
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new AppError('BAD_REQUEST', 'the request could not be read: check its headers and body');
  }
  return new AppError('INTERNAL', 'internal error: it was logged; retry later');
}

/** Requests Node's HTTP parser refuses never reach fastify; they still get the JSON error format. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', 'the URL or headers are too large: shorten them')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError(
            'REQUEST_TIMEOUT',
            'the request did not arrive in time: send its headers and whole body without pausing',
          )
        : new AppError('BAD_REQUEST', 'the HTTP request could not be parsed');
  const body = JSON.stringify(appError.toJSON());
  socket.end(
    `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface AppOptions {
  /**
   * Reverse proxies whose X-Forwarded-For names the client (addresses or CIDRs): the address
   * failed authentications are counted against. Unset: the connection's own address.
   */
  trustProxy?: string[];
  /** How long a request's headers and body may take to arrive, ms (default REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
}

/**
 * Node's own default. Fastify turns Node's request timeout off, so a body that never ended (a
 * chunked body trickling a byte at a time, a Content-Length never reached) held its connection
 * and its slot among the requests in flight forever; a 1 MiB batch arrives well within this
 * even over a slow link.
 */
export const REQUEST_TIMEOUT_MS = 300_000;

export function buildApp(ctx: IngestContext, options: AppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: false,
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
    bodyLimit: INGEST_LIMITS.bodyBytes,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    // As Node does for its own request timeout: a headers timeout past it stops either from firing.
    http: { headersTimeout: Math.min(60_000, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS) },
    // Draining is answered below in the API's own error format.
    return503OnClosing: false,
    // Bodies are validated by zod; fastify's proto-poisoning guard stays on.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    clientErrorHandler: answerClientError,
    // Malformed URLs and over-long path parameters are answered before routing.
    frameworkErrors: (error, _request, reply) => {
      const appError = toAppError(error);
      (reply as unknown as FastifyReply).status(appError.status).send(appError.toJSON());
    },
  });

  // Only JSON bodies: anything else is a 415 that says so, not a confusing validation error.
  app.removeContentTypeParser('text/plain');
  // JSON is UTF-8 (RFC 8259). Decoded leniently, a Latin-1 body or a cut character was stored
  // with U+FFFD in place of the bytes ("Müller" became "M\uFFFDller"), and a gzip body was
  // answered "not valid JSON": both are refused here, saying what to send instead.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      refuseContentEncoding(request.headers['content-encoding'], 'JSON');
      text = utf8Body(body as Buffer, 'JSON');
    } catch (error) {
      return done(error as AppError);
    }
    parseJson(request, text, done);
  });

  // Requests in flight, live streams aside (they end when the run does, or on drain): a drain
  // waits for these, then closes whatever connections are left (server.ts).
  const counted = new WeakSet<object>();
  const done = (request: object) => {
    if (counted.delete(request)) ctx.inFlight -= 1;
  };
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('onRequestAbort', async (request) => done(request));

  app.addHook('onRequest', async (request, reply) => {
    if (!ctx.draining) {
      if (request.routeOptions.url !== LIVE_ROUTE) {
        counted.add(request);
        ctx.inFlight += 1;
      }
      return;
    }
    reply.header('connection', 'close');
    if (request.url !== '/healthz') {
      throw new AppError(
        'SHUTTING_DOWN',
        'this instance is shutting down: retry (another instance will answer)',
      );
    }
  });
  // Limits are checked before a body is read: a refused request costs no parsing.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith('/v1/')) ctx.limits.admit(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (ctx.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === FRAMES_ROUTE) ctx.metrics.batchSeconds.observe(reply.elapsedTime / 1000);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RateLimited) {
      ctx.metrics.rateLimited.inc(1, { limit: error.limit });
      return reply.status(429).header('retry-after', String(error.retryAfterSeconds)).send(error.toJSON());
    }
    const appError = toAppError(error);
    if (appError.status === 401) ctx.limits.failed(request);
    if (appError.status >= 500 && appError.code !== 'SHUTTING_DOWN') {
      ctx.log('error', 'request failed', {
        method: request.method,
        url: request.url,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
    if (request.routeOptions.url === FRAMES_ROUTE) {
      const frames = (request.body as { frames?: unknown } | undefined)?.frames;
      ctx.metrics.framesRejected.inc(Array.isArray(frames) ? frames.length : 0, { reason: appError.code });
    }
    return reply.status(appError.status).send(appError.toJSON());
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(new AppError('NOT_FOUND', `no endpoint ${request.method} ${request.url.split('?')[0]}`).toJSON()),
  );

  runRoutes(app, ctx);
  frameRoutes(app, ctx);
  liveRoutes(app, ctx);
  opsRoutes(app, ctx);
  return app;
}
