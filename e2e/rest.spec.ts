// The REST API for scripts and CI jobs, as a script uses it: a project token with the write
// scope enters a publication's results and creates a comparison; a read token reads its checks.
// The refusals say what to do: no token, a read-only token, a misspelt field, a bare value.
import { expect, test } from '@playwright/test';
import { e2eEnv, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');
const url = 'https://example.com/kafka-vs-other';

function result(name: string, system: string, settings: Record<string, unknown>, hostType: string) {
  return {
    system: { name: system, version: '3.6' },
    benchmark: { name: 'OpenMessaging Benchmark' },
    name,
    sourceUrl: url,
    provenance: {
      nodes: [
        {
          role: 'sut',
          name: 'brokers',
          count: 3,
          hardware: { hostType: { value: hostType, origin: 'imported', source: url } },
        },
      ],
      settings,
    },
    disclosure: { affiliation: 'Example Streaming Inc.' },
    values: [{ quantity: 'throughput', value: 605, unit: 'MB/s', text: '605 MB/s' }],
  };
}

test('a script enters published results and compares them with a write token, and reads the checks', async ({
  page,
  playwright,
}) => {
  const tag = `rest${Date.now()}`;
  await signInAsDemo(page);
  await page.goto(`${web()}/orgs/acme/projects/demo/tokens`);
  await page.getByLabel('Token name').fill(`${tag} ci`);
  await page.getByRole('checkbox', { name: /^write/ }).check();
  await page.getByRole('checkbox', { name: /^read/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByTestId('new-token')).toHaveText(/^lf_/);
  const token = (await page.getByTestId('new-token').textContent())!.trim();
  await page.getByLabel('Token name').fill(`${tag} reader`);
  await page.getByRole('checkbox', { name: /^ingest/ }).uncheck();
  await page.getByRole('checkbox', { name: /^write/ }).uncheck();
  await page.getByRole('checkbox', { name: /^read/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  // The token shown once is replaced by the new one when the second is created.
  await expect(page.getByTestId('new-token')).not.toHaveText(token);
  const readOnly = (await page.getByTestId('new-token').textContent())!.trim();

  // A script: no session cookie, only what it sends.
  const api = await playwright.request.newContext();
  const endpoint = `${web()}/api/v1/projects/acme/demo/published`;
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const body = [
    result(
      `${tag} Kafka`,
      'Kafka',
      { durability: { value: 'fsync disabled', origin: 'imported', source: url } },
      'i3en.2xlarge',
    ),
    result(
      `${tag} Other`,
      'OtherMQ',
      { durability: { value: 'fsync on every write', origin: 'imported', source: url } },
      'i3en.2xlarge',
    ),
  ];

  // Refusals first: nothing is stored by any of them.
  expect((await api.post(endpoint, { data: body })).status()).toBe(401);
  const scoped = await api.post(endpoint, { data: body, headers: auth(readOnly) });
  expect(scoped.status()).toBe(403);
  expect((await scoped.json()).error.message).toMatch(/write scope/);
  const misspelt = structuredClone(body);
  (misspelt[0]!.provenance.nodes[0]!.hardware as Record<string, unknown>).vCPUs = {
    value: 8,
    origin: 'imported',
  };
  const typo = await api.post(endpoint, { data: misspelt, headers: auth(token) });
  expect(typo.status()).toBe(400);
  expect(JSON.stringify(await typo.json())).toMatch(/did you mean “vcpus”/);
  const bare = structuredClone(body);
  (bare[1]!.provenance.settings as Record<string, unknown>).isolationLevel = 'serializable';
  const shape = await api.post(endpoint, { data: bare, headers: auth(token) });
  expect(shape.status()).toBe(400);
  expect(JSON.stringify(await shape.json())).toMatch(/write each field as \{ \\"value\\"/);

  const stored = await api.post(endpoint, { data: body, headers: auth(token) });
  expect(stored.status()).toBe(201);
  const runs = (await stored.json()).runs as { id: string; existing: boolean }[];
  expect(runs.map((r) => r.existing)).toEqual([false, false]);
  const again = await api.post(endpoint, { data: body, headers: auth(token) });
  expect(again.status(), 'the same results again add nothing').toBe(200);

  const created = await api.post(`${web()}/api/v1/projects/acme/demo/comparisons`, {
    headers: auth(token),
    data: {
      slug: tag,
      title: `${tag} Kafka vs OtherMQ`,
      entries: [
        { label: 'Kafka', runIds: [runs[0]!.id] },
        { label: 'OtherMQ', runIds: [runs[1]!.id] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const read = await api.get(`${web()}/api/v1/comparisons/${tag}`, { headers: auth(readOnly) });
  expect(read.status()).toBe(200);
  const checks = (await read.json()).checks as { id: string; state: string }[];
  const state = (id: string) => checks.find((c) => c.id === id)?.state;
  expect(state('F-DUR-1'), 'fsync disabled vs fsync on every write').toBe('flag');
  expect(state('F-HW-1'), 'the same brokers').not.toBe('flag');

  const openapi = await (await api.get(`${web()}/api/v1/openapi.json`)).json();
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/projects/{org}/{project}/published',
      '/api/v1/projects/{org}/{project}/comparisons',
    ]),
  );
  const schema = await api.get(`${web()}/api/v1/schemas/provenance.json`);
  expect(schema.status()).toBe(200);
  expect(JSON.stringify(await schema.json())).toContain('isolationLevel');
});
