// Per-token request limits and per-address limits on failed authentication, through real HTTP
// against a real PostgreSQL. The limits refill so slowly (one token per 1,000 s) that no refill
// can happen during the test: what passes or fails never depends on timing.
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningIngest, startIngest } from '../src/server.ts';
import { batch, type Fixture, runRequest, seedFixture } from './fixtures.ts';

let database: TestDatabase;
let fixture: Fixture;
let server: RunningIngest;

beforeAll(async () => {
  database = await createTestDatabase('ingest_limits');
  fixture = await seedFixture(database.url);
  server = await startIngest({
    databaseUrl: database.url,
    host: '127.0.0.1',
    port: 0,
    webUrl: 'http://web.test',
    rateLimits: { tokenPerSecond: 0.001, tokenBurst: 3, failuresPerMinute: 0.06, failureBurst: 2 },
    // Each test client names its own address, as a reverse proxy would.
    trustProxy: ['127.0.0.1'],
    log: () => {},
  });
});

afterAll(async () => {
  await server?.drain();
  await database?.drop();
});

function request(path: string, options: { token?: string; from: string; body?: unknown }) {
  return fetch(`${server.url}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      'x-forwarded-for': options.from,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function expectLimited(response: Response, message: RegExp) {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  const body = (await response.json()) as { error: { message: string } };
  expect(body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(message) } });
  expect(body.error.message).toContain(`retry in ${response.headers.get('retry-after')} s`);
}

describe('per-token limits', () => {
  it('answers 429 with Retry-After once a token has used its burst, on every route, for that token only', async () => {
    const from = '192.0.2.1';
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await request('/v1/runs', { token: fixture.token, from, body: runRequest() })).status);
    }
    expect(statuses).toEqual([201, 201, 201]);
    await expectLimited(
      await request('/v1/runs', { token: fixture.token, from, body: runRequest() }),
      /this API token is over its limit/,
    );
    // The same token on another route and from another address: the bucket is the token's.
    await expectLimited(
      await request('/v1/runs/any/frames', { token: fixture.token, from: '192.0.2.2', body: batch(0) }),
      /over its limit/,
    );
    // Also when it travels as ?token= (a live stream of a run that exists).
    const run = (await (
      await request('/v1/runs', { token: fixture.otherToken, from, body: runRequest('other') })
    ).json()) as { id: string };
    await expectLimited(
      await request(`/v1/runs/${run.id}/live?token=${fixture.token}`, { from }),
      /over its limit/,
    );
    // Another token is not affected.
    const other = await request('/v1/runs', { token: fixture.otherToken, from, body: runRequest('other') });
    expect(other.status).toBe(201);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('levelfield_ingest_rate_limited_total{limit="token"} 3');
  });
});

describe('per-address limits on failed authentication', () => {
  it('refuses an address that failed too often, before looking anything up, whatever token it sends next', async () => {
    const from = '198.51.100.7';
    const unknown = `lf_${'A'.repeat(43)}`;
    for (const token of [unknown, 'not-a-token']) {
      const response = await request('/v1/runs', { token, from, body: runRequest() });
      expect(response.status).toBe(401);
    }
    await expectLimited(
      await request('/v1/runs', { token: unknown, from, body: runRequest() }),
      /too many failed authentications from this address/,
    );
    // Even a valid token from that address waits: guessing must not continue under a good one.
    await expectLimited(
      await request('/v1/runs', { token: fixture.privateToken, from, body: runRequest('internal') }),
      /too many failed authentications/,
    );
    // Another address is not affected.
    const elsewhere = await request('/v1/runs', {
      token: fixture.privateToken,
      from: '198.51.100.8',
      body: runRequest('internal'),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('counts failed live-stream tokens too', async () => {
    const from = '203.0.113.9';
    const id = (await (
      await request('/v1/runs', { token: fixture.privateToken, from, body: runRequest('internal') })
    ).json()) as { id: string };
    for (let i = 0; i < 2; i += 1) {
      const response = await request(`/v1/runs/${id.id}/live?token=forged.token`, { from });
      expect(response.status).toBe(401);
    }
    await expectLimited(
      await request(`/v1/runs/${id.id}/live?token=forged.token`, { from }),
      /too many failed authentications/,
    );
  });
});
