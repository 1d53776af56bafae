// The OpenAPI document of the web app's REST API (/api/v1): what scripts and CI jobs call with a
// project token. Request bodies reference the JSON Schemas the server validates with.
import 'server-only';
import { ERROR_STATUS } from '@levelfield/contracts/errors';
import { VERSION_PARAM } from '~/lib/report-version';
import { jsonSchema } from './schemas.ts';

/**
 * Every error of every route, in one shape (AppError's JSON, rest/http.ts's errorResponse): the
 * same code, message and field path a tRPC client reads in `error.data` (server/trpc.ts).
 */
const ErrorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          enum: Object.keys(ERROR_STATUS),
          description: 'stable: scripts branch on it (the HTTP status follows from it)',
        },
        message: { type: 'string', description: 'what went wrong and what to do about it' },
        path: {
          type: 'string',
          description: 'the offending field, e.g. entries.0.runIds, when there is one',
        },
        details: {
          type: 'array',
          description: 'every problem when there are several, each with its field (and line, for CSV)',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: {
              field: { type: 'string' },
              message: { type: 'string' },
              line: { type: 'integer' },
            },
          },
        },
      },
    },
  },
};

/** Each route's error responses point to the one shared response. */
const error = { $ref: '#/components/responses/Error' };

const json = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object' } } },
});
const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', maxLength: 100 },
});
const project = [pathParam('org', 'organization slug'), pathParam('project', 'project slug')];
/** The report version, by the name every route and link uses (lib/report-version.ts). */
const reportVersion = {
  name: VERSION_PARAM,
  in: 'query',
  required: false,
  description: 'a published version of the report (default: the latest)',
  schema: { type: 'integer', minimum: 1, maximum: 1_000_000 },
};

export function openApiDocument(): object {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Levelfield REST API',
      version: '1',
      description:
        'Read runs, comparisons and reports; enter published results and create comparisons. Public projects read anonymously; otherwise send a session cookie or "Authorization: Bearer <token>" with a project token (scopes: read to read, write to write; a token reaches its own project only). A token that is unknown, revoked or expired is refused with 401, one without the scope with 403, whatever it asks for.',
    },
    components: {
      securitySchemes: {
        token: { type: 'http', scheme: 'bearer', description: 'a project API token (lf_…)' },
      },
      responses: {
        Error: {
          description:
            'An error: a stable code, a message that says what to do, and the field where there is one',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Error: ErrorSchema,
        PublishedResult: jsonSchema('published-result'),
        Comparison: jsonSchema('comparison'),
        Publication: jsonSchema('publication'),
        Provenance: jsonSchema('provenance'),
      },
    },
    security: [{ token: [] }, {}],
    paths: {
      '/api/v1/runs/{id}': {
        get: {
          summary:
            'A run with its provenance, disclosure and per-series summary; a published result also with its values as printed and sourceUrl. summaryPending: the run ended moments ago and its summaries are still to be written (ask again).',
          parameters: [pathParam('id', 'run id')],
          responses: { 200: json('the run'), 401: error, 403: error, 404: error },
        },
      },
      '/api/v1/runs/{id}/verdict': {
        get: {
          summary:
            'The CI verdict on a finished run against its history (what levelfield-agent check prints)',
          description:
            'verdict is regression (a metric of p50, p99 and throughput significantly worse than the baseline since its last change, not dismissed), improvement, pass, or insufficient (fewer than 5 baseline points). The baseline is the run’s history on the baseline branch: same benchmark, parameters, system and testbed. docs/history.md.',
          parameters: [
            pathParam('id', 'run id'),
            {
              name: 'baseline',
              in: 'query',
              required: false,
              description: 'the branch whose history is the baseline (default: the run’s own)',
              schema: { type: 'string', maxLength: 200 },
            },
            {
              name: 'series',
              in: 'query',
              required: false,
              description:
                'the latency series, e.g. latency or time_per_op{benchmark=BenchmarkParse} (default: the history’s)',
              schema: { type: 'string', maxLength: 600 },
            },
          ],
          responses: {
            200: json(
              '{ verdict, run, baseline, history, series, unit, settings, metrics: [{ metric, baselineMean, candidateMean, relativeChange, pValue, confidence, test, significant, regression, dismissed }], distribution: Kolmogorov–Smirnov of the merged histograms, or null }',
            ),
            400: error,
            401: error,
            403: error,
            404: error,
            409: error,
          },
        },
      },
      '/api/v1/comparisons/{slug}': {
        get: {
          summary: 'A comparison: entries, headline table, ratios and every fairness check with its evidence',
          parameters: [pathParam('slug', 'comparison slug')],
          responses: { 200: json('the comparison'), 401: error, 403: error, 404: error },
        },
      },
      '/api/v1/reports/{slug}': {
        get: {
          summary: 'One published version of a report with its snapshot and SHA-256',
          parameters: [pathParam('slug', 'report slug'), reportVersion],
          responses: { 200: json('the report version'), 400: error, 404: error },
        },
      },
      '/api/v1/reports/{slug}/verify': {
        get: {
          summary: 'Re-checks the report’s hash chain up to a version (docs/reports.md)',
          parameters: [pathParam('slug', 'report slug'), reportVersion],
          responses: {
            200: json('{ slug, version, sha256, prevSha256, valid, broken: { version, reason } | null }'),
            400: error,
            404: error,
          },
        },
      },
      '/api/v1/projects/{org}/{project}/published': {
        post: {
          summary: 'Enter published results (all or nothing; idempotent)',
          description:
            'The body is one published result or an array of them (JSON), or the CSV of README "Published results" (text/csv). A result stored before answers with its run and existing: true. Needs the write scope.',
          parameters: project,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { $ref: '#/components/schemas/PublishedResult' },
                    { type: 'array', items: { $ref: '#/components/schemas/PublishedResult' }, maxItems: 500 },
                  ],
                },
              },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          responses: {
            200: json('every result was stored before: { runs: [{ id, name, existing: true }] }'),
            201: json('{ runs: [{ id, name, existing }] }'),
            400: error,
            401: error,
            403: error,
            404: error,
            413: error,
            415: error,
          },
        },
      },
      '/api/v1/projects/{org}/{project}/publications': {
        post: {
          summary: 'Enter a whole publication: its results and the comparisons built from them',
          description:
            'Everything is checked before anything is stored (each problem names its field). Results stored before are found again; a comparison whose slug exists is left as it is. Needs the write scope.',
          parameters: project,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Publication' } } },
          },
          responses: {
            200: json('nothing new: { created: [], existing: [slug], runs: [{ id, name, existing: true }] }'),
            201: json('{ created: [slug], existing: [slug], runs: [{ id, name, existing }] }'),
            400: error,
            401: error,
            403: error,
            404: error,
            409: error,
            413: error,
          },
        },
      },
      '/api/v1/projects/{org}/{project}/comparisons': {
        post: {
          summary: 'Create a comparison of the project’s runs; its checks are computed at once',
          description:
            'The answer’s slug is the comparison’s address: the one asked for in a public project (409 when taken), else the one asked for with "--" and 8 random letters and digits, so that it cannot be guessed.',
          parameters: project,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Comparison' } } },
          },
          responses: {
            201: json('{ slug, url, api }'),
            400: error,
            401: error,
            403: error,
            404: error,
            409: error,
          },
        },
      },
      '/api/v1/schemas/{name}.json': {
        get: {
          summary: 'JSON Schema of provenance, disclosure, published-result, publication or comparison',
          parameters: [
            pathParam('name', 'provenance | disclosure | published-result | publication | comparison'),
          ],
          responses: {
            200: {
              description: 'a JSON Schema (draft 2020-12)',
              content: { 'application/schema+json': { schema: { type: 'object' } } },
            },
            404: error,
          },
        },
      },
    },
  };
}
