// Every REST and download route's refusals against a real PostgreSQL, called as Next calls the
// route handlers: a missing thing, a bad or missing token, a bad body or query. Each answer has
// the one error shape the OpenAPI document describes (components/schemas/Error), a code whose
// status is the response's, and for the /api/v1 routes a status the document lists for the route.
import { readFileSync } from 'node:fs';
import path_ from 'node:path';
import { ERROR_STATUS } from '@levelfield/contracts/errors';
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { generateToken, hashToken } from '@levelfield/db/tokens';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getComparison } from '~/app/api/v1/comparisons/[slug]/route';
import { POST as postComparison } from '~/app/api/v1/projects/[org]/[project]/comparisons/route';
import { POST as postPublication } from '~/app/api/v1/projects/[org]/[project]/publications/route';
import { POST as postPublished } from '~/app/api/v1/projects/[org]/[project]/published/route';
import { GET as getReport } from '~/app/api/v1/reports/[slug]/route';
import { GET as verifyReport } from '~/app/api/v1/reports/[slug]/verify/route';
import { GET as getRun } from '~/app/api/v1/runs/[id]/route';
import { GET as getVerdict } from '~/app/api/v1/runs/[id]/verdict/route';
import { GET as getSchema } from '~/app/api/v1/schemas/[name]/route';
import { GET as downloadReport } from '~/app/r/[slug]/download/report.json/route';
import { GET as downloadRun } from '~/app/runs/[id]/download/run.json/route';
import { SEEDS_DIR } from '~/server/comparisons/demo';
import { openApiDocument } from '~/server/rest/openapi';
import { orgWithPeople } from './support.ts';

// Anonymous unless a request carries a token: no session outside a Next request.
vi.mock('~/server/auth', () => ({ auth: async () => null, viewerId: async () => null }));

let database: TestDatabase;
let db: PrismaClient;
const tokens = { read: '', write: '', otherProject: '', expired: '' };

async function token(projectId: string, scopes: string[], expiresAt: Date | null = null): Promise<string> {
  const secret = generateToken();
  await db.apiToken.create({
    data: {
      projectId,
      name: scopes.join('+'),
      tokenHash: hashToken(secret),
      prefix: secret.slice(0, 7),
      scopes,
      expiresAt,
    },
  });
  return secret;
}

beforeAll(async () => {
  database = await createTestDatabase('rest_errors');
  db = createPrismaClient(database.url);
  // The routes' db() returns the process's one client (server/db.ts): this test's.
  (globalThis as { levelfieldDb?: PrismaClient }).levelfieldDb = db;
  const { orgId } = await orgWithPeople(db, 'acme', { owner: { name: 'Olive', role: 'owner' } });
  const project = await db.project.create({ data: { organizationId: orgId, slug: 'lab', name: 'Lab' } });
  const other = await db.project.create({ data: { organizationId: orgId, slug: 'other', name: 'Other' } });
  tokens.read = await token(project.id, ['read']);
  tokens.write = await token(project.id, ['read', 'write']);
  tokens.expired = await token(project.id, ['read', 'write'], new Date(Date.now() - 1000));
  tokens.otherProject = await token(other.id, ['write']);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

interface ObjectSchema {
  required: string[];
  properties: Record<string, { type: string; enum?: string[]; items?: ObjectSchema }>;
}
/** The documented shape: { error: { code, message, path?, details? } }. */
const documentedError = () =>
  (openApiDocument() as { components: { schemas: { Error: { properties: { error: ObjectSchema } } } } })
    .components.schemas.Error.properties.error;

/** The response is an error of this status and code, in the documented shape; returns its body. */
async function refusal(response: Response, status: number, code: keyof typeof ERROR_STATUS) {
  const schema = documentedError();
  const body = (await response.json()) as { error: Record<string, unknown> };
  expect(response.status).toBe(status);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(schema.properties.code?.enum).toContain(code);
  expect(ERROR_STATUS[code]).toBe(status);
  for (const key of schema.required) expect(body.error).toHaveProperty(key);
  for (const [key, value] of Object.entries(body.error)) {
    const type = schema.properties[key]?.type;
    expect(type, `undocumented field ${key}`).toBeDefined();
    expect(Array.isArray(value) ? 'array' : typeof value).toBe(type);
  }
  expect((body.error.message as string).length).toBeGreaterThan(10);
  for (const detail of (body.error.details ?? []) as Record<string, unknown>[])
    for (const key of schema.properties.details?.items?.required ?? [])
      expect(typeof detail[key]).toBe('string');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return body.error;
}

/** The route's documented error responses: every one refers to the shared Error response. */
function documented(path: string, method: 'get' | 'post'): string[] {
  const paths = (openApiDocument() as { paths: Record<string, Record<string, { responses: object }>> }).paths;
  const responses = Object.entries(paths[path]?.[method]?.responses ?? {});
  const errors = responses.filter(([status]) => Number(status) >= 400);
  for (const [, response] of errors) expect(response).toEqual({ $ref: '#/components/responses/Error' });
  return errors.map(([status]) => status);
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers });
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const params = <T>(value: T) => ({ params: Promise.resolve(value) });

describe('GET /api/v1/runs/{id}', () => {
  it('answers an unknown run, or one the token may not read, RUN_NOT_FOUND', async () => {
    expect(documented('/api/v1/runs/{id}', 'get')).toContain('404');
    await refusal(await getRun(get('/api/v1/runs/nope'), params({ id: 'nope' })), 404, 'RUN_NOT_FOUND');
    await refusal(
      await getRun(get('/api/v1/runs/nope', bearer(tokens.read)), params({ id: 'nope' })),
      404,
      'RUN_NOT_FOUND',
    );
  });
});

describe.each([
  ['/api/v1/runs/{id}', (r: Request) => getRun(r, params({ id: 'nope' }))],
  ['/api/v1/runs/{id}/verdict', (r: Request) => getVerdict(r, params({ id: 'nope' }))],
  ['/api/v1/comparisons/{slug}', (r: Request) => getComparison(r, params({ slug: 'nope' }))],
] as const)('GET %s with a token', (documentedPath, read) => {
  it('refuses an unknown, expired or write-only token for what it is, before looking up what it asks for', async () => {
    expect(documented(documentedPath, 'get')).toEqual(expect.arrayContaining(['401', '403', '404']));
    // A CI job whose token expired is told so, not that its run is gone; the answer is the same
    // whether or not what it asks for exists, so it confirms nothing.
    await refusal(await read(get('/x', bearer('lf_not-a-real-token'))), 401, 'TOKEN_INVALID');
    await refusal(await read(get('/x', bearer(generateToken()))), 401, 'TOKEN_INVALID');
    await refusal(await read(get('/x', bearer(tokens.expired))), 401, 'TOKEN_EXPIRED');
    await refusal(await read(get('/x', bearer(tokens.otherProject))), 403, 'TOKEN_SCOPE');
  });
});

describe('GET /api/v1/runs/{id}/verdict', () => {
  it('answers an unknown run RUN_NOT_FOUND and unprintable query text VALIDATION_FAILED with its field', async () => {
    expect(documented('/api/v1/runs/{id}/verdict', 'get')).toEqual(expect.arrayContaining(['400', '404']));
    await refusal(
      await getVerdict(get('/api/v1/runs/nope/verdict', bearer(tokens.read)), params({ id: 'nope' })),
      404,
      'RUN_NOT_FOUND',
    );
    const error = await refusal(
      await getVerdict(get('/api/v1/runs/nope/verdict?baseline=ma%00in'), params({ id: 'nope' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.path).toBe('baseline');
  });
});

describe('GET /api/v1/comparisons/{slug}', () => {
  it('answers an unknown comparison COMPARISON_NOT_FOUND', async () => {
    expect(documented('/api/v1/comparisons/{slug}', 'get')).toContain('404');
    await refusal(
      await getComparison(get('/api/v1/comparisons/nope', bearer(tokens.read)), params({ slug: 'nope' })),
      404,
      'COMPARISON_NOT_FOUND',
    );
  });
});

describe.each([
  ['/api/v1/reports/{slug}', getReport, '/api/v1/reports/nope'],
  ['/api/v1/reports/{slug}/verify', verifyReport, '/api/v1/reports/nope/verify'],
] as const)('GET %s', (documentedPath, handler, path) => {
  it('answers an unknown report NOT_FOUND, and a malformed version VALIDATION_FAILED', async () => {
    expect(documented(documentedPath, 'get')).toEqual(expect.arrayContaining(['400', '404']));
    await refusal(await handler(get(path), params({ slug: 'nope' })), 404, 'NOT_FOUND');
    for (const query of ['?version=0', '?version=two'])
      expect(
        (
          await refusal(
            await handler(get(`${path}${query}`), params({ slug: 'nope' })),
            400,
            'VALIDATION_FAILED',
          )
        ).path,
      ).toBe('version');
    // The REST API never had the download links' alias: it is not read here.
    await refusal(await handler(get(`${path}?v=0`), params({ slug: 'nope' })), 404, 'NOT_FOUND');
  });
});

describe('GET /api/v1/schemas/{name}.json', () => {
  it('answers an unknown schema NOT_FOUND', async () => {
    expect(documented('/api/v1/schemas/{name}.json', 'get')).toContain('404');
    await refusal(
      await getSchema(get('/api/v1/schemas/nope.json'), params({ name: 'nope.json' })),
      404,
      'NOT_FOUND',
    );
  });
});

describe.each([
  ['/api/v1/projects/{org}/{project}/published', postPublished, '/api/v1/projects/acme/lab/published'],
  ['/api/v1/projects/{org}/{project}/comparisons', postComparison, '/api/v1/projects/acme/lab/comparisons'],
  [
    '/api/v1/projects/{org}/{project}/publications',
    postPublication,
    '/api/v1/projects/acme/lab/publications',
  ],
] as const)('POST %s', (documentedPath, handler, path) => {
  const lab = params({ org: 'acme', project: 'lab' });

  it('refuses a missing, unknown, expired or read-only token, and a token of another project', async () => {
    expect(documented(documentedPath, 'post')).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
    await refusal(await handler(post(path, '{}'), lab), 401, 'TOKEN_MISSING');
    await refusal(await handler(post(path, '{}', bearer('not-a-token')), lab), 401, 'TOKEN_INVALID');
    await refusal(await handler(post(path, '{}', bearer(generateToken())), lab), 401, 'TOKEN_INVALID');
    await refusal(await handler(post(path, '{}', bearer(tokens.read)), lab), 403, 'TOKEN_SCOPE');
    await refusal(await handler(post(path, '{}', bearer(tokens.expired)), lab), 401, 'TOKEN_EXPIRED');
    await refusal(await handler(post(path, '{}', bearer(tokens.otherProject)), lab), 404, 'NOT_FOUND');
    const missing = params({ org: 'acme', project: 'gone' });
    await refusal(await handler(post(path, '{}', bearer(tokens.write)), missing), 404, 'NOT_FOUND');
  });

  it('refuses a body that is not valid, naming the field', async () => {
    const error = await refusal(
      await handler(post(path, '{"slug": 7}', bearer(tokens.write)), lab),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.path ?? error.details).toBeTruthy();
  });
});

describe('POST /api/v1/projects/{org}/{project}/comparisons, body', () => {
  it('says where the JSON broke', async () => {
    const lab = params({ org: 'acme', project: 'lab' });
    const request = post('/api/v1/projects/acme/lab/comparisons', '{"slug": ', bearer(tokens.write));
    await refusal(await postComparison(request, lab), 400, 'BAD_REQUEST');
  });
});

describe('POST /api/v1/projects/{org}/{project}/publications', () => {
  const lab = params({ org: 'acme', project: 'lab' });
  const path = '/api/v1/projects/acme/lab/publications';
  const seed = readFileSync(path_.join(SEEDS_DIR, '001-cockroachdb-tpcc.json'), 'utf8');

  it('stores a seed publication as a user posts it, and posting it again adds nothing', async () => {
    const first = await postPublication(post(path, seed, bearer(tokens.write)), lab);
    expect(first.status).toBe(201);
    const body = (await first.json()) as { created: string[]; runs: { existing: boolean }[] };
    // The project is private: its comparison's slug carries a random suffix.
    expect(body.created).toEqual([expect.stringMatching(/^cockroachdb-tpcc-3-vs-30-nodes--[a-z0-9]{8}$/)]);
    expect(body.runs.every((r) => !r.existing)).toBe(true);
    const again = await postPublication(post(path, seed, bearer(tokens.write)), lab);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: [], existing: body.created });
  });

  it('levels a variant from its original as stored, in a project whose slugs carry a suffix', async () => {
    const variants = readFileSync(path_.join(SEEDS_DIR, '002-spacetimedb-postgres.json'), 'utf8');
    const posted = await postPublication(post(path, variants, bearer(tokens.write)), lab);
    expect(posted.status).toBe(201);
    const { created } = (await posted.json()) as { created: string[] };
    const stored = await db.comparison.findMany({
      where: { slug: { in: created } },
      select: { slug: true, leveledFrom: { select: { slug: true } } },
    });
    const original = stored.find((c) => c.slug.startsWith('spacetimedb-vs-postgres-keynote--'));
    const fair = stored.find((c) => c.slug.startsWith('spacetimedb-vs-postgres-keynote-fair--'));
    expect(original).toBeDefined();
    expect(fair?.leveledFrom?.slug).toBe(original?.slug);
  });

  it('checks every comparison before storing anything, naming the field', async () => {
    const file = JSON.parse(seed) as { id: string; comparisons: { slug: string; baseline: number }[] };
    file.id = 'another-publication';
    file.comparisons[0]!.slug = 'another-comparison';
    file.comparisons[0]!.baseline = 5;
    const error = await refusal(
      await postPublication(post(path, JSON.stringify(file), bearer(tokens.write)), lab),
      400,
      'VALIDATION_FAILED',
    );
    expect(JSON.stringify(error.details)).toMatch(/comparisons\.0\.baseline/);
    expect(await db.comparison.count({ where: { slug: 'another-comparison' } })).toBe(0);
  });
});

describe('POST /api/v1/projects/{org}/{project}/published, body', () => {
  it('refuses a media type it does not read', async () => {
    expect(documented('/api/v1/projects/{org}/{project}/published', 'post')).toContain('415');
    const request = post('/api/v1/projects/acme/lab/published', 'x', {
      ...bearer(tokens.write),
      'content-type': 'text/plain',
    });
    await refusal(
      await postPublished(request, params({ org: 'acme', project: 'lab' })),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});

describe('downloads', () => {
  it('answer an unknown run or report, and a malformed version (or its alias v), in the same shape', async () => {
    await refusal(
      await downloadRun(get('/runs/nope/download/run.json'), params({ id: 'nope' })),
      404,
      'RUN_NOT_FOUND',
    );
    const report = (query: string) =>
      downloadReport(get(`/r/nope/download/report.json${query}`), params({ slug: 'nope' }));
    await refusal(await report(''), 404, 'NOT_FOUND');
    await refusal(await report('?version=0'), 400, 'VALIDATION_FAILED');
    await refusal(await report('?v=x'), 400, 'VALIDATION_FAILED');
  });
});
