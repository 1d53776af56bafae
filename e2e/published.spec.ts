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
  // A file saved in a legacy encoding is refused before anything in it is altered; a UTF-8 one is
  // read as it is.
  const file = form.getByLabel('File');
  const named = (name: string, text: string, encoding: BufferEncoding) => ({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, encoding),
  });
  await file.setInputFiles(named('legacy.csv', `${rows[0]}\nM\u00fcller`, 'latin1'));
  await expect(form.getByRole('alert')).toContainText('legacy.csv is not UTF-8 text');
  await file.setInputFiles(named('utf8.csv', `${rows[0]}\nM\u00fcller`, 'utf8'));
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Contents')).toHaveValue(`${rows[0]}\nM\u00fcller`);

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
  await form.getByRole('button', { name: 'Add a node' }).click();
  await form.getByLabel('Instance type, node 1').fill('c5d.9xlarge');
  await form.getByLabel('Memory, node 1').fill('72');
  await form.getByLabel('Count, node 1').fill('3');
  await form.getByLabel('Software versions').fill('postgresql 17.2');
  await form.getByText('Cost', { exact: true }).click();
  await form.getByLabel('Cost: cluster cost per hour').fill('5.18');
  await form.getByLabel('Author affiliation').fill('Example Corp (vendor)');
  await form.getByLabel('AI assistance').selectOption('no');
  await form.getByRole('button', { name: 'Save result' }).click();
  await expect(form.getByRole('alert')).toContainText('node 1 Memory: write a size with its unit');
  await form.getByLabel('Memory, node 1').fill('72 GiB');
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

/** Enters one result through the form; returns its run id. */
async function enterResult(
  page: Page,
  r: {
    system: string;
    name: string;
    tpmC: string;
    nodes: { role?: string; count?: string; hostType?: string; vcpus?: string; zone?: string }[];
    isolation: string;
    affiliation: string;
  },
): Promise<string> {
  await page.goto(`${web()}/orgs/acme/projects/demo/published/new`);
  const form = page.getByRole('form', { name: 'Enter a published result' });
  await form.getByLabel('System', { exact: true }).fill(r.system);
  await form.getByLabel('Benchmark', { exact: true }).fill('TPC-C');
  await form.getByLabel('Run name').fill(r.name);
  await form.getByLabel('Source URL').fill('https://example.com/acme-vs-other');
  await form.getByLabel('Quantity, row 1').fill('tpmC');
  await form.getByLabel('Value, row 1').fill(r.tpmC);
  for (const [i, n] of r.nodes.entries()) {
    await form.getByRole('button', { name: 'Add a node' }).click();
    const at = `node ${i + 1}`;
    if (n.role) await form.getByLabel(`Role, ${at}`).selectOption(n.role);
    if (n.count) await form.getByLabel(`Count, ${at}`).fill(n.count);
    if (n.hostType) await form.getByLabel(`Instance type, ${at}`).fill(n.hostType);
    if (n.vcpus) await form.getByLabel(`vCPUs, ${at}`).fill(n.vcpus);
    if (n.zone) await form.getByLabel(`Zone, ${at}`).fill(n.zone);
  }
  await form.getByText('Settings', { exact: true }).click();
  await form.getByLabel('Settings: isolation level').fill(r.isolation);
  await form.getByLabel('Author affiliation').fill(r.affiliation);
  await form.getByRole('button', { name: 'Save result' }).click();
  const link = form.getByRole('status').getByRole('link', { name: r.name });
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!.split('/').pop()!;
}

test('a publication with three nodes entered by form shows the flags its setup raises', async ({ page }) => {
  const tag = `nodes${Date.now()}`;
  await signInAsDemo(page);
  const acme = await enterResult(page, {
    system: 'AcmeDB',
    name: `${tag} AcmeDB, 3 nodes`,
    tpmC: '900000',
    nodes: [
      { role: 'sut', count: '3', hostType: 'c5d.9xlarge', vcpus: '36', zone: 'us-east-1a' },
      { role: 'client', hostType: 'c5.2xlarge', vcpus: '8', zone: 'us-east-1a' },
      { role: 'aux', count: '3', hostType: 'm5.large', vcpus: '2', zone: 'us-east-1a' },
    ],
    isolation: 'read committed',
    affiliation: 'AcmeDB Inc. (makers of AcmeDB)',
  });
  await shoot(page, 'three-nodes');
  const other = await enterResult(page, {
    system: 'OtherDB',
    name: `${tag} OtherDB`,
    tpmC: '500000',
    nodes: [{ role: 'sut', count: '3', hostType: 'c5d.9xlarge', vcpus: '36', zone: 'us-east-1a' }],
    isolation: 'serializable',
    affiliation: 'AcmeDB Inc. (makers of AcmeDB)',
  });

  await page.goto(`${web()}/compare?runs=${acme},${other}`);
  const save = page.getByRole('form', { name: 'Save comparison' });
  await save.getByLabel('Title').fill(`${tag} AcmeDB vs OtherDB`);
  await save.getByLabel('Slug').fill(tag);
  await save.getByLabel('Compared on purpose').selectOption('system');
  await save.getByRole('button', { name: 'Save comparison' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${tag}$`));
  await expect(page.getByTestId('subject')).toContainText('Compared on purpose: system');
  const state = (id: string) => page.locator(`[data-check="${id}"]`);
  // Isolation differs; AcmeDB's vendor publishes both sides; the auxiliary nodes count in AcmeDB's footprint.
  await expect(state('F-ISO-1')).toHaveAttribute('data-state', 'flag');
  await expect(state('F-DISC-3')).toHaveAttribute('data-state', 'flag');
  await expect(state('F-HW-2')).toHaveAttribute('data-state', 'flag');
  await expect(state('F-HW-2')).toContainText('114');
  // The same instance type for the system under test on both sides is not an asymmetry.
  await expect(state('F-HW-1')).not.toHaveAttribute('data-state', 'flag');
  await page.screenshot({ path: 'e2e/screenshots/published-three-nodes-checks-1440.png', fullPage: true });
});
