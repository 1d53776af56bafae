// The runs explorer, the run page and the declared-provenance editor, in Chromium against the
// full stack (demo history loaded through the ingest API by global-setup).
import { expect, type Page, test } from '@playwright/test';
import { e2eEnv, expectNoSidewaysScroll, holdRequests, signInAsDemo, signUp } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

async function openDemoRun(page: Page, name: RegExp): Promise<string> {
  await signInAsDemo(page);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  return page.url().split('/runs/')[1]!;
}

test('the explorer keeps filters, sorting and columns in the URL', async ({ page }) => {
  await signInAsDemo(page);
  await page.getByLabel('Search run names').fill('select-only');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=select-only/);
  await expect(page.locator('table[aria-label="Runs"] tbody tr')).toHaveCount(1);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Labels' }).check();
  await expect(page).toHaveURL(/cols=.*labels/);
  await expect(page.locator('tbody tr').first()).toContainText('workload=select-only');

  // The link alone reproduces the view.
  const link = page.url();
  const second = await page.context().newPage();
  await second.goto(link);
  await expect(second.locator('tbody tr')).toHaveCount(1);
  await expect(second.getByRole('columnheader', { name: 'Labels' })).toBeVisible();
  await second.close();

  // Sorting is the database's (its collation decides case); the two directions must mirror.
  await page.goto(`${web()}/runs?size=100&sort=name&dir=asc`);
  const ascending = await page.locator('tbody td.name').allTextContents();
  await page.getByRole('button', { name: /^Run/ }).click();
  // Descending is the default direction, so it is left out of the URL.
  await expect(page).toHaveURL(/\?size=100&sort=name$/);
  await expect(page.locator('tbody td.name').first()).toHaveText(ascending[ascending.length - 1]!);
  expect(await page.locator('tbody td.name').allTextContents()).toEqual([...ascending].reverse());
});

test('selecting two runs enables Compare', async ({ page }) => {
  await signInAsDemo(page);
  const compare = page.getByRole('button', { name: /^Compare/ });
  await expect(compare).toBeDisabled();
  await page.getByRole('checkbox', { name: /Select pgbench tpcb-like/ }).check();
  await page.getByRole('checkbox', { name: /Select pgbench select-only/ }).check();
  await expect(compare).toBeEnabled();
  await expect(compare).toHaveText('Compare (2)');
  await page.screenshot({ path: 'e2e/screenshots/runs-explorer-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/runs-explorer-390.png', fullPage: true });
});

test('the run page draws its charts and summarizes without the warm-up', async ({ page }) => {
  await openDemoRun(page, /pgbench tpcb-like/);
  for (const label of [
    'Latency percentiles over time',
    'Throughput over time',
    'Latency heatmap',
    'Percentile spectrum',
  ]) {
    await expect(page.locator(`[aria-label^="${label}"] canvas`).first()).toBeVisible();
  }
  const summary = page.locator('table[aria-label="Summary per series"] tbody tr').first();
  await expect(summary).toContainText('latency');
  const countWithout = Number((await summary.locator('td').nth(1).textContent())!.replaceAll(',', ''));
  // Until the server answers, the page shows no figures for the warm-up included (the page's
  // own, without the warm-up, would pass for them).
  const answer = await holdRequests(page, (url) => url.pathname.includes('runs.range'));
  await page.getByLabel(/include warm-up/).check();
  await expect(page.getByTestId('summary-pending')).toHaveText('Reading the summary with the warm-up…');
  await expect(page.locator('table[aria-label="Summary per series"]')).toHaveCount(0);
  answer();
  await expect(page.getByText('updating…')).toHaveCount(0);
  await expect
    .poll(async () => Number((await summary.locator('td').nth(1).textContent())!.replaceAll(',', '')))
    .toBeGreaterThan(countWithout);
  await expect(page.getByText('warm-up 15 s (left out of summaries)')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/run-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/run-390.png', fullPage: true });
});

test('downloads: summary CSV, run JSON and an HdrHistogram log', async ({ page }) => {
  const id = await openDemoRun(page, /pgbench select-only/);
  const csv = await page.request.get(`${web()}/runs/${id}/download/summary.csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const [header, row] = (await csv.text()).trim().split('\r\n');
  expect(header).toBe(
    'series,labels,unit,count,duration_s,throughput_per_s,min,mean,p50,p90,p95,p99,p99.9,max',
  );
  expect(row).toMatch(/^latency,txn=transaction,us,\d+,165,/);
  const json = await (await page.request.get(`${web()}/runs/${id}/download/run.json`)).json();
  expect(json).toMatchObject({ id, status: 'succeeded', benchmark: { name: 'pgbench' } });
  const hlogLink = page.getByRole('link', { name: 'latency .hlog' });
  const hlog = await page.request.get(`${web()}${await hlogLink.getAttribute('href')}`);
  const lines = (await hlog.text()).trim().split('\n');
  expect(lines.filter((l) => l.startsWith('Tag=latency,'))).toHaveLength(180);
  expect(lines.some((l) => l.startsWith('#[StartTime:'))).toBe(true);
});

test('an editor declares provenance and disclosure; bad input is refused with the field named', async ({
  page,
}) => {
  const id = await openDemoRun(page, /pgbench select-only/);
  await page.getByRole('link', { name: 'Edit declared values' }).click();
  await page.screenshot({ path: 'e2e/screenshots/run-edit-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/run-edit-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.locator('input[name="topology.replicationFactor"]').fill('3');
  await page.locator('input[name="cost.currency"]').fill('USD');
  await page.getByLabel(/Artefacts/).fill('not a url');
  await page.getByRole('button', { name: 'Save declared values' }).click();
  await expect(page.locator('.alert[role="alert"]')).toContainText('artefacts');
  await page.getByLabel(/Artefacts/).fill('https://example.org/harness.tar.gz');
  await page.getByLabel('AI assistance', { exact: true }).selectOption('yes');
  await page.getByRole('checkbox', { name: 'harness-code' }).check();
  await page.getByLabel(/Tools and models/).fill('Claude Code');
  await page.getByRole('button', { name: 'Save declared values' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${id}$`));
  const field = page.locator('[data-field="topology.replicationFactor"]');
  await expect(field).toContainText('3');
  await expect(field).toContainText('declared');
  await expect(page.getByRole('heading', { name: 'AI assistance declared' })).toBeVisible();
  await expect(page.getByText('Claude Code')).toBeVisible();
});

test('a private run is a 404 for an anonymous visitor and a non-member, on the page and the REST API', async ({
  page,
  request,
  browser,
}) => {
  await signInAsDemo(page);
  await page.goto(`${web()}/runs?q=PRIVATE-MARKER`);
  const href = await page.getByRole('link', { name: /PRIVATE-MARKER/ }).getAttribute('href');
  const id = href!.split('/runs/')[1]!;
  // The `request` fixture shares no cookies with the signed-in page: it is an anonymous visitor.
  const anonymous = request;
  const pageResponse = await anonymous.get(`${web()}/runs/${id}`);
  expect(pageResponse.status()).toBe(404);
  expect(await pageResponse.text()).not.toContain('PRIVATE-MARKER');
  const api = await anonymous.get(`${web()}/api/v1/runs/${id}`);
  expect(api.status()).toBe(404);
  // A signed-in outsider gets the same answer as an anonymous visitor.
  const outsider = await browser.newPage();
  await signUp(outsider, `outsider-${Date.now()}@example.test`, 'Otto Outsider');
  const outsiderPage = await outsider.goto(`${web()}/runs/${id}`);
  expect(outsiderPage?.status()).toBe(404);
  await expect(outsider.getByText('PRIVATE-MARKER')).toHaveCount(0);
  expect((await outsider.request.get(`${web()}/api/v1/runs/${id}`)).status()).toBe(404);
  await outsider.close();
  const withToken = await anonymous.get(`${web()}/api/v1/runs/${id}`, {
    headers: { authorization: `Bearer ${e2eEnv('E2E_DEMO_TOKEN')}` },
  });
  expect(withToken.status(), 'the demo token belongs to the public project').toBe(404);
});
