// Published results through the browser: an editor imports a CSV with one bad row, reads the
// error that names the row, fixes it, imports it again without duplicates, and finds the runs in
// the runs explorer with source 'published'; one result entered by form with its setup and
// disclosure. Photographed at 1440×900 and 390×844.
import { expect, type Page, test } from '@playwright/test';
import { e2eEnv, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `e2e/screenshots/published-${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `e2e/screenshots/published-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('import a CSV of published results: a bad row is named, fixed, and the runs appear', async ({
  page,
}) => {
  const tag = `pub${Date.now()}`;
  const url = 'https://blog.redplanetlabs.com/rama-tpcc';
  const rows = [
    'run,system,benchmark,source_url,published,quantity,value,text,unit,origin,quality,source',
    `"${tag} Rama, 4 nodes",Rama,TPC-C,${url},2025-03-01,tpmC,1684437,"1,684,437",tpmC,imported,measured,Table 1`,
    `"${tag} Rama, 4 nodes",Rama,TPC-C,${url},2025-03-01,latency.delivery.complete.p50,1100,"1,100*",ms,estimated,,"Latency table, footnote *"`,
    `${tag} CockroachDB,CockroachDB,TPC-C,${url},2025-03-01,tpmC,"1,684,437",,tpmC,imported,measured,Table 1`,
  ];
  await signInAsDemo(page);
  await page.goto(`${web()}/orgs/acme/projects/demo`);
  await page.getByRole('link', { name: 'Add published results' }).click();
  await expect(page).toHaveURL(/\/orgs\/acme\/projects\/demo\/published\/new$/);
  await expect(page.getByRole('heading', { name: 'Add published results' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Import published results' });
  await form.getByLabel('Contents').fill(rows.join('\n'));
  await form.getByRole('button', { name: 'Import' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toContainText('Nothing was stored');
  await expect(alert).toContainText('Line 4, value');
  await expect(alert).toContainText('“1,684,437” is not a number');
  await shoot(page, 'error');

  rows[3] = `${tag} CockroachDB,CockroachDB,TPC-C,${url},2025-03-01,tpmC,1684437,"1,684,437",tpmC,imported,measured,Table 1`;
  await form.getByLabel('Contents').fill(rows.join('\n'));
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByRole('status')).toContainText('Stored 2 published runs');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await shoot(page, 'stored');

  // The same file again adds nothing and says so.
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByRole('status')).toContainText('Already stored, not added again');
  await expect(form.getByRole('status')).not.toContainText('Stored 2');

  await page.goto(`${web()}/runs?q=${tag}&cols=name,system,benchmark,source,startedAt`);
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('row')).toHaveCount(3);
  for (const name of [`${tag} Rama, 4 nodes`, `${tag} CockroachDB`]) {
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('published');
    await expect(row).toContainText('TPC-C');
  }
  await shoot(page, 'explorer');
});

test('enter one published result through the form', async ({ page }) => {
  const tag = `form${Date.now()}`;
  await signInAsDemo(page);
  await page.goto(`${web()}/orgs/acme/projects/demo/published/new`);
  const form = page.getByRole('form', { name: 'Enter a published result' });
  await form.getByLabel('System', { exact: true }).fill('Postgres');
  await form.getByLabel('Benchmark', { exact: true }).fill('TPC-C');
  await form.getByLabel('Run name').fill(`${tag} Postgres vendor blog`);
  await form.getByLabel('Source URL').fill('https://example.com/pg-tpcc');
  await form.getByLabel('Quantity, row 1').fill('tpmC');
  await form.getByLabel('Value, row 1').fill('lots');
  await form.getByRole('button', { name: 'Add a value' }).click();
  await form.getByLabel('Quantity, row 2').fill('latency.new_order.complete.p99');
  await form.getByLabel('Value, row 2').fill('45');
  await form.getByLabel('Unit, row 2').fill('ms');
  await form.getByLabel('Quality, row 2').selectOption('estimated');
  await form.getByLabel('Instance type').fill('c5d.9xlarge');
  await form.getByLabel('Memory per node').fill('72');
  await form.getByLabel('Nodes').fill('3');
  await form.getByLabel('Software versions').fill('postgresql 17.2');
  await form.getByLabel('Cluster cost per hour (USD)').fill('5.18');
  await form.getByLabel('Author affiliation').fill('Example Corp (vendor)');
  await form.getByLabel('AI assistance').selectOption('no');
  await form.getByRole('button', { name: 'Save result' }).click();
  await expect(form.getByRole('alert')).toContainText('memory: write a size with its unit');
  await form.getByLabel('Memory per node').fill('72 GiB');
  await form.getByRole('button', { name: 'Save result' }).click();
  await expect(form.getByRole('alert')).toContainText('Value row 1, value');
  await form.getByLabel('Value, row 1').fill('500000');
  await form.getByRole('button', { name: 'Save result' }).click();
  await expect(form.getByRole('status')).toContainText(`Stored 1 published run: ${tag} Postgres vendor blog`);
  await shoot(page, 'form');

  // The setup is the run's provenance, imported from the source; the affiliation its disclosure.
  await form
    .getByRole('status')
    .getByRole('link', { name: `${tag} Postgres vendor blog` })
    .click();
  const host = page.locator('[data-field="nodes.0.hostType"]');
  await expect(host).toContainText('c5d.9xlarge');
  await expect(host).toContainText('imported');
  await expect(page.locator('[data-field="nodes.0.memoryBytes"]')).toContainText('72 GiB');
  await expect(page.locator('[data-field="topology.nodeCount"]')).toContainText('3');
  await expect(page.locator('[data-field="software.components"]')).toContainText('postgresql=17.2');
  await expect(page.locator('[data-field="cost.clusterCostPerHour"]')).toContainText('5.18');
  await expect(page.getByText('Example Corp (vendor)')).toBeVisible();
});
