// Comparisons through the browser: build one from the runs explorer, waive a check with a
// justification and see who and when; group repeated runs into entries; the demo comparisons
// from the seeds show the flags docs/fairness.md lists, with evidence. Photographed at
// 1440×900 and 390×844, where the page must not scroll sideways (wide tables scroll inside
// their wrapper).
import { expect, type Page, test } from '@playwright/test';
import { openCheck, openToggle } from './checklist.ts';
import { chartLines, e2eEnv, expectNoSidewaysScroll, shootAtWidths, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

/** Imports published results as the demo user, then selects them (named `${tag} …`) in the explorer and compares them. */
async function importAndCompare(page: Page, tag: string, results: { name: string }[]): Promise<void> {
  await signInAsDemo(page);
  await page.goto(`${web()}/orgs/acme/projects/demo/published/new`);
  const importForm = page.getByRole('form', { name: 'Import published results' });
  await importForm.getByLabel('Contents').fill(JSON.stringify(results));
  await importForm.getByRole('button', { name: 'Import' }).click();
  await expect(importForm.getByRole('status')).toContainText(`Stored ${results.length} published runs`);
  await page.goto(`${web()}/runs?q=${tag}`);
  for (const r of results) await page.getByRole('checkbox', { name: `Select ${r.name}` }).check();
  await page.getByRole('button', { name: `Compare (${results.length})` }).click();
}

test("a project's page lists its comparisons, each a link to the comparison", async ({ page }) => {
  await signInAsDemo(page, '/orgs/acme/projects/demo');
  const list = page.getByTestId('project-comparisons');
  await expect(list).toBeVisible();
  // The demo seeds store 12 comparisons in this project; other tests may add more.
  expect(await list.locator('tbody tr').count()).toBeGreaterThanOrEqual(12);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/project-comparisons-1440.png', fullPage: true });
  // At 1440 px the list fits its panel: no cell is cut off behind a scroll.
  const overflow = await list.evaluate(
    (table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0),
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await list
    .getByRole('link', { name: /Rama vs CockroachDB/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/c\/rama-vs-cockroachdb-tpcc/);
});

test('build a comparison from the runs explorer, waive a check, see it recorded', async ({
  page,
  request,
}) => {
  await signInAsDemo(page);
  await page.getByRole('checkbox', { name: /Select pgbench tpcb-like/ }).check();
  await page.getByRole('checkbox', { name: /Select pgbench select-only/ }).check();
  await page.getByRole('button', { name: /^Compare/ }).click();
  await expect(page).toHaveURL(/\/compare\?runs=/);
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await shootAtWidths(page, 'comparison-builder');
  const slug = `tpcb-vs-select-${Date.now()}`;
  const form = page.getByRole('form', { name: 'Save comparison' });
  await form.getByLabel('Title').fill('tpcb-like vs select-only');
  await form.getByLabel('Slug').fill(slug);
  await form.getByLabel('Label of entry 1').fill('tpcb-like');
  await form.getByLabel('Label of entry 2').fill('select-only');
  await form.getByRole('button', { name: 'Save comparison' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${slug}$`));
  await expect(page.getByRole('heading', { name: 'tpcb-like vs select-only' })).toBeVisible();
  await expect(page.getByTestId('headline')).toContainText('tpcb-like');

  const check = await openCheck(page, 'F-HW-1');
  await openToggle(check, 'decide');
  await check.getByLabel('Justification for F-HW-1').fill('Both runs on the same demo machine.');
  await check.getByRole('button', { name: 'Waive' }).click();
  await expect(check.getByRole('list', { name: 'Decisions on F-HW-1' })).toContainText(
    /waived by .+ on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC — “Both runs on the same demo machine\.”/,
  );
  await expect(check.locator('.tag.decision-waived')).toBeVisible();
  await shootAtWidths(page, 'comparison-saved');

  const api = await page.request.get(`${web()}/api/v1/comparisons/${slug}`);
  expect(api.status()).toBe(200);
  const json = await api.json();
  expect(json.checks.find((c: { id: string }) => c.id === 'F-HW-1').decision.decision).toBe('waived');
  // Scripts read it with a project token (the demo token belongs to acme/demo, where it was saved);
  // `request` carries no session; an unknown token is refused for what it is, before any lookup.
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const withToken = await request.get(
    `${web()}/api/v1/comparisons/${slug}`,
    bearer(e2eEnv('E2E_DEMO_TOKEN')),
  );
  expect(withToken.status()).toBe(200);
  expect((await withToken.json()).slug).toBe(slug);
  const badToken = await request.get(`${web()}/api/v1/comparisons/${slug}`, bearer('lf_not-a-token'));
  expect(badToken.status()).toBe(401);
  expect((await badToken.json()).error.code).toBe('TOKEN_INVALID');
});

test('group repeated runs into entries: the headline shows means and a 95 % interval, the diff what varies', async ({
  page,
}) => {
  // Four published results: two repetitions of each setup; Alpha's second ran on another machine.
  const tag = `grp${Date.now()}`;
  const result = (name: string, tpmC: number, hostType: string) => ({
    system: { name: 'Postgres' },
    benchmark: { name: 'TPC-C' },
    name: `${tag} ${name}`,
    sourceUrl: 'https://example.com/repetitions',
    provenance: {
      nodes: [{ role: 'sut', name: 'db', hardware: { hostType: { value: hostType, origin: 'imported' } } }],
    },
    values: [{ quantity: 'tpmC', value: tpmC, unit: 'tpmC' }],
  });
  const results = [
    result('Alpha rep 1', 1000, 'm5.large'),
    result('Alpha rep 2', 1100, 'm6i.large'),
    result('Bravo rep 1', 2000, 'm5.large'),
    result('Bravo rep 2', 2150, 'm5.large'),
  ];
  await importAndCompare(page, tag, results);
  await expect(page.getByRole('heading', { name: 'Compare 4 runs' })).toBeVisible();
  const entryOf = (name: string) => page.getByLabel(new RegExp(`^Entry of run \\d+: ${tag} ${name}$`));
  await entryOf('Alpha rep 2').selectOption(await entryOf('Alpha rep 1').inputValue());
  await expect(page.getByRole('heading', { name: 'Compare 4 runs in 3 entries' })).toBeVisible();
  await entryOf('Bravo rep 2').selectOption(await entryOf('Bravo rep 1').inputValue());
  await expect(page.getByRole('heading', { name: 'Compare 4 runs in 2 entries' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]group=1,1,2,2$/);
  const preview = page.getByTestId('compare-table');
  await expect(preview.locator('[data-metric="tpmC"]')).toContainText('mean of 2');
  await expect(preview.locator('[data-metric="tpmC"]')).toContainText('95 % CI');
  await shootAtWidths(page, 'comparison-groups-builder');

  const slug = `alpha-vs-bravo-${Date.now()}`;
  const form = page.getByRole('form', { name: 'Save comparison' });
  await expect(form.getByLabel('Label of entry 1')).toHaveValue(`${tag} Alpha`);
  await expect(form.getByLabel('Label of entry 2')).toHaveValue(`${tag} Bravo`);
  await form.getByLabel('Title').fill('Alpha vs Bravo, two runs each');
  await form.getByLabel('Slug').fill(slug);
  await form.getByRole('button', { name: 'Save comparison' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${slug}$`));
  const tpmC = page.getByTestId('headline').locator('[data-metric="tpmC"]');
  await expect(tpmC).toContainText('mean of 2');
  await expect(tpmC).toContainText(/95 % CI [\d.]+–[\d.]+×/);
  const nodes = page.locator('.prov-diff details[data-group="nodes"]');
  await expect(nodes).toHaveAttribute('data-differs', 'true');
  await expect(nodes.locator('tr.differs')).toContainText('varies within group: m5.large / m6i.large');
  await shootAtWidths(page, 'comparison-groups-saved');
});

test('build a sweep of two parameters in the builder (users × warehouses): a line per warehouse count, the optimum marked', async ({
  page,
}) => {
  const tag = `sweep${Date.now()}`;
  const points = [
    { users: '64', warehouses: '100', tpmC: 900 },
    { users: '128', warehouses: '100', tpmC: 1500 },
    { users: '64', warehouses: '1000', tpmC: 800 },
    { users: '128', warehouses: '1000', tpmC: 1700 },
  ];
  const results = points.map((p) => ({
    system: { name: 'MySQL' },
    benchmark: { name: 'TPC-C' },
    name: `${tag} ${p.warehouses}w ${p.users}u`,
    sourceUrl: 'https://example.com/sweep',
    values: [{ quantity: 'tpmC', value: p.tpmC, unit: 'tpmC' }],
  }));
  await importAndCompare(page, tag, results);

  const form = page.getByRole('form', { name: 'Save comparison' });
  const slug = `sweep-${Date.now()}`;
  await form.getByLabel('Title').fill('TPC-C by users and warehouses');
  await form.getByLabel('Slug').fill(slug);
  await form.getByLabel('Compared on purpose').selectOption('scale');
  await form.getByLabel(/The entries are points of a sweep/).check();
  // A point without its value is refused with a message that says which, and nothing is saved.
  await form.getByLabel('Swept parameter (x axis)').fill('users');
  await form.getByRole('button', { name: 'Save comparison' }).click();
  await expect(form.getByRole('alert').first()).toContainText(
    'every entry needs its value of each swept parameter',
  );
  await form.getByLabel(/Second swept parameter/).fill('warehouses');
  await form.getByLabel('Optimal point').selectOption('highest');
  // The runs explorer lists the results in its own order: each row is filled from its label.
  for (let i = 1; i <= 4; i++) {
    const label = await form.getByLabel(`Label of entry ${i}`).inputValue();
    const p = points.find((q) => label.endsWith(`${q.warehouses}w ${q.users}u`));
    expect(p, label).toBeDefined();
    await form.getByLabel(`Parameter value of entry ${i}`, { exact: true }).fill(p?.users ?? '');
    await form.getByLabel(`Second parameter value of entry ${i}`).fill(p?.warehouses ?? '');
  }
  await shootAtWidths(page, 'comparison-sweep-builder');
  await form.getByRole('button', { name: 'Save comparison' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${slug}$`));
  // Published results are listed as published, not as runs that "succeeded".
  const entries = page.locator('ul.cmp-entries');
  await expect(entries.locator('.status-published')).toHaveCount(4);
  await expect(entries).not.toContainText('succeeded');
  await expect(page.getByRole('heading', { name: 'Sweep: tpmC by users × warehouses' })).toBeVisible();
  const chart = page.getByLabel('Sweep: tpmC by users × warehouses');
  await expect
    .poll(async () => (await chartLines(chart)).map((l) => l.name).sort())
    .toEqual(['100 warehouses', '1000 warehouses']);
  // The declared rule marks the highest point: 1000 warehouses at 128 users.
  const marked = await chart.evaluate((element) => {
    type Lookup = { __levelfieldChart?: (e: Element) => { getOption(): unknown } | undefined };
    const option = (window as Lookup).__levelfieldChart?.(element)?.getOption() as {
      series: { name: string; markPoint?: { data: { coord: unknown[] }[] } }[];
    };
    return option.series
      .filter((s) => s.markPoint?.data?.length)
      .map((s) => [s.name, s.markPoint?.data[0]?.coord]);
  });
  expect(marked).toEqual([['1000 warehouses', ['128', 1700]]]);
  await shootAtWidths(page, 'comparison-sweep-saved');
});

const SEED_FLAGS: Record<string, string[]> = {
  'rama-vs-cockroachdb-tpcc': ['F-HW-1', 'F-HW-2', 'F-HW-3', 'F-MEAS-2', 'F-MEAS-7', 'F-MEAS-8', 'F-DISC-3'],
  'rama-vs-cockroachdb-tpcc-99-cross-partition': ['F-WL-5'],
  'spacetimedb-vs-postgres-keynote': [
    'F-CLIENT-1',
    'F-CLIENT-2',
    'F-DUR-2',
    'F-ISO-1',
    'F-DUR-1',
    'F-MEAS-1',
    'F-WL-3',
    'F-DISC-4',
  ],
  'rds-mysql-tpcc': ['F-HW-1', 'F-TOPO-1', 'F-MEAS-5'],
  'temporal-databases': ['F-MEAS-5'],
};

for (const [slug, flags] of Object.entries(SEED_FLAGS))
  test(`demo comparison ${slug} shows its checklist flags with evidence`, async ({ page }) => {
    await page.goto(`${web()}/c/${slug}`);
    for (const id of flags) {
      // Flags show their message unopened; their evidence and other checks' hints take a click.
      const check = page.locator(`[data-check="${id}"]`);
      await expect(check, id).toHaveAttribute('data-state', /^(flag|needs_review)$/);
      if ((await check.getAttribute('data-state')) === 'flag') {
        await expect(check.locator('.check-message'), id).toBeVisible();
        await openToggle(check, 'evidence');
        await expect(check.locator('table.evidence tbody tr').first(), id).toBeVisible();
      } else {
        await openCheck(page, id);
        await expect(check.locator('.hint'), id).toBeVisible();
      }
    }
    if (slug === 'rama-vs-cockroachdb-tpcc') {
      await expect(page.locator('[data-metric="costPerTpmCPerHour"]')).toContainText('$0.0000831');
      await expect(page.locator('[data-metric="costPerTpmCPerHour"]')).toContainText('$0.0000524');
    }
    if (slug === 'spacetimedb-vs-postgres-keynote')
      await expect(page.getByRole('link', { name: /fair/i }).first()).toBeVisible();
    await shootAtWidths(page, `comparison-${slug}`);
  });
