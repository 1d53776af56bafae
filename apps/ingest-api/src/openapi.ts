// /openapi.json, generated from the same zod schemas that validate the requests, so the
// document cannot drift from what the server accepts.
import {
  CreateRunRequest,
  CreateRunResponse,
  ErrorResponse,
  FinishRunRequest,
  FinishRunResponse,
  FrameBatch,
  FrameBatchResponse,
  INGEST_LIMITS,
} from '@levelfield/contracts/ingest';
import { z } from 'zod';
import { RUN_ID_MAX_LENGTH } from './routes/params.ts';

export const HealthResponse = z.union([
  z.strictObject({
    status: z.literal('ok'),
    database: z.strictObject({ status: z.literal('up'), latencyMs: z.number() }),
  }),
  z.strictObject({
    status: z.literal('unavailable'),
    database: z.strictObject({ status: z.literal('down'), reason: z.string() }),
  }),
]);

function schema(type: z.ZodType, io: 'input' | 'output') {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
const errors = {
  '4XX': { description: 'The request is wrong; the body says what to fix.', content: json('ErrorResponse') },
  '429': {
    description:
      'Over a limit: requests per API token, or failed authentications per client address (code RATE_LIMITED).',
    headers: {
      'Retry-After': {
        description: 'Whole seconds to wait before retrying.',
        schema: { type: 'integer', minimum: 1 },
      },
    },
    content: json('ErrorResponse'),
  },
  '503': {
    description: 'Shutting down or the database is unreachable: retry.',
    content: json('ErrorResponse'),
  },
};
const runId = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', minLength: 1, maxLength: RUN_ID_MAX_LENGTH },
};

function post(summary: string, request: string, status: string, response: string, withRunId: boolean) {
  return {
    post: {
      summary,
      security: [{ bearer: [] }],
      ...(withRunId ? { parameters: [runId] } : {}),
      requestBody: { required: true, content: json(request) },
      responses: { [status]: { description: summary, content: json(response) }, ...errors },
    },
  };
}

export function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Levelfield ingest API',
      version: '1',
      description:
        'Agent-facing API: runs, frame batches, live subscriptions. Wire contract: docs/ingest-contract.md. ' +
        `Limits: ${INGEST_LIMITS.bodyBytes} bytes per body, ${INGEST_LIMITS.framesPerBatch} frames per batch, ` +
        `${INGEST_LIMITS.histogramBase64Chars} base64 characters per histogram.`,
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Project API token (lf_…)' },
      },
      schemas: {
        CreateRunRequest: schema(CreateRunRequest, 'input'),
        CreateRunResponse: schema(CreateRunResponse, 'output'),
        FrameBatch: schema(FrameBatch, 'input'),
        FrameBatchResponse: schema(FrameBatchResponse, 'output'),
        FinishRunRequest: schema(FinishRunRequest, 'input'),
        FinishRunResponse: schema(FinishRunResponse, 'output'),
        ErrorResponse: schema(ErrorResponse, 'output'),
        HealthResponse: schema(HealthResponse, 'output'),
      },
    },
    paths: {
      '/v1/runs': post('Create a run', 'CreateRunRequest', '201', 'CreateRunResponse', false),
      '/v1/runs/{id}/frames': post(
        'Store a batch of frames (all-or-nothing, idempotent)',
        'FrameBatch',
        '200',
        'FrameBatchResponse',
        true,
      ),
      '/v1/runs/{id}/finish': post(
        'Finish a run (idempotent)',
        'FinishRunRequest',
        '200',
        'FinishRunResponse',
        true,
      ),
      '/v1/runs/{id}/live': {
        get: {
          summary:
            'Live frames of a run (Server-Sent Events: series, frame, finished, reconnect, and revoked when the viewer loses access)',
          parameters: [
            runId,
            {
              name: 'token',
              in: 'query',
              required: false,
              description:
                'For runs of private projects: a live token from the web app, or an API token of the ' +
                'run\'s project with the "read" scope (also accepted as Authorization: Bearer).',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description: 'An event stream',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
            ...errors,
          },
        },
      },
      '/healthz': {
        get: {
          summary: 'Liveness and database reachability',
          responses: {
            '200': { description: 'Healthy', content: json('HealthResponse') },
            '503': { description: 'Database down or shutting down', content: json('HealthResponse') },
          },
        },
      },
      '/metrics': {
        get: {
          summary: 'Prometheus metrics (text format 0.0.4)',
          responses: {
            '200': { description: 'Metrics', content: { 'text/plain': { schema: { type: 'string' } } } },
          },
        },
      },
      '/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: {} } } },
          },
        },
      },
    },
  };
}
