// A comparison of publications that printed only a quantity of their own (a blog's "tps") shows
// that figure as its headline. Before, such figures were folded under "1 more figure from the
// publication" even when they were the only ones, and the headline table had no row at all.
import { expect, test } from '@playwright/test';
import { e2eEnv, signInAsDemo } from './fixtures.ts';

test('a publication’s only figures are the headline, not folded away', async ({ page }) => {
  const web = e2eEnv('E2E_WEB_URL');
  const tag = `hl${Date.now()}`;
  const url =
    'https://blog.siddjain.com/2023/02/08/performance-comparison-of-mysql-vs-postgres-on-tpc-c-benchmark';
  await signInAsDemo(page);
  await page.goto(`${web}/orgs/acme/projects/demo/published/new`);
  const form = page.getByRole('form', { name: 'Import published results' });
  await form
    .getByLabel('Contents')
    .fill(
      [
        'run,system,benchmark,source_url,published,quantity,value,text,unit',
        `${tag} MySQL,MySQL,sysbench-tpcc,${url},2023-02-08,tps,50,50 tx/s,1/s`,
        `${tag} PostgreSQL,PostgreSQL,sysbench-tpcc,${url},2023-02-08,tps,51,51 tx/s,1/s`,
      ].join('\n'),
    );
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByRole('status')).toContainText('Stored 2 published runs');

  await page.goto(`${web}/runs?q=${tag}`);
  await page.getByRole('checkbox', { name: /select all/i }).check();
  await page.getByRole('button', { name: 'Compare (2)' }).click();
  await page.waitForURL(/\/compare\?runs=/);
  const headline = page.getByTestId('compare-table');
  const row = headline.locator('tr[data-metric^="value:"]');
  await expect(row).toHaveCount(1);
  await expect(row).toBeVisible();
  await expect(row).toContainText('50 tx/s');
  await expect(row).toContainText('51 tx/s');
  await expect(headline).not.toContainText('more figure');
});
