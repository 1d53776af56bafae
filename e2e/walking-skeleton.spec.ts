// The thinnest path through every layer: a run created through the ingest API (token auth,
// PostgreSQL) appears in the signed-in runs list (Auth.js, tRPC, Prisma, React).
import { expect, test } from '@playwright/test';
import { e2eEnv, signInAsDemo } from './fixtures.ts';

test('a run created through the ingest API appears in the signed-in runs list', async ({ page, request }) => {
  const name = `walking skeleton ${Date.now()}`;
  const created = await request.post(`${e2eEnv('E2E_INGEST_URL')}/v1/runs`, {
    headers: { authorization: `Bearer ${e2eEnv('E2E_DEMO_TOKEN')}` },
    data: {
      project: 'demo',
      system: { name: 'postgresql', version: '17' },
      benchmark: { name: 'pgbench' },
      name,
      labels: { clients: '4' },
      startedAt: Date.now(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signInAsDemo(page);
  const row = page.locator(`tr[data-run-id="${id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(name);
  await expect(row).toContainText('running');
  await page.screenshot({ path: 'e2e/screenshots/runs-1440.png', fullPage: true });
});

test('an anonymous visitor is sent to sign in', async ({ page }) => {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/runs`);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fruns$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Levelfield' })).toBeVisible();
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/signin`);
  await page.getByLabel('Email').fill('demo@levelfield.local');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Next's route announcer is an (empty) alert too: look for ours by its text.
  await expect(page.getByRole('alert').filter({ hasText: 'do not match' })).toBeVisible();
});

test('the health endpoints report the database', async ({ request }) => {
  const web = await request.get(`${e2eEnv('E2E_WEB_URL')}/api/health`);
  expect(web.status()).toBe(200);
  expect(await web.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  const ingest = await request.get(`${e2eEnv('E2E_INGEST_URL')}/healthz`);
  expect(ingest.status()).toBe(200);
  expect(await ingest.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
});
