// Comparisons through the browser: build one from the runs explorer, waive a check with a
// justification and see who and when; the demo comparisons from the seeds show the flags
// fairness-checklist.md lists, with evidence. Photographed at 1440×900 and 390×844.
import { expect, type Page, test } from '@playwright/test';
import { e2eEnv, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `e2e/screenshots/comparison-${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `e2e/screenshots/comparison-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('build a comparison from the runs explorer, waive a check, see it recorded', async ({ page }) => {
  await signInAsDemo(page);
  await page.getByRole('checkbox', { name: /Select pgbench tpcb-like/ }).check();
  await page.getByRole('checkbox', { name: /Select pgbench select-only/ }).check();
  await page.getByRole('button', { name: /^Compare/ }).click();
  await expect(page).toHaveURL(/\/compare\?runs=/);
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await shoot(page, 'builder');
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

  const check = page.locator('[data-check="F-HW-1"]');
  await check.getByLabel('Justification for F-HW-1').fill('Both runs on the same demo machine.');
  await check.getByRole('button', { name: 'Waive' }).click();
  await expect(check.getByRole('list', { name: 'Decisions on F-HW-1' })).toContainText(
    /waived by .+ on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC — “Both runs on the same demo machine\.”/,
  );
  await expect(check.locator('.tag.decision-waived')).toBeVisible();
  await shoot(page, 'saved');

  const api = await page.request.get(`${web()}/api/v1/comparisons/${slug}`);
  expect(api.status()).toBe(200);
  const json = await api.json();
  expect(json.checks.find((c: { id: string }) => c.id === 'F-HW-1').decision.decision).toBe('waived');
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
      const check = page.locator(`[data-check="${id}"]`);
      await expect(check, id).toHaveAttribute('data-state', /^(flag|needs_review)$/);
      if ((await check.getAttribute('data-state')) === 'flag')
        await expect(check.locator('table.evidence tbody tr').first(), id).toBeVisible();
      else await expect(check.locator('.hint'), id).toBeVisible();
    }
    if (slug === 'rama-vs-cockroachdb-tpcc') {
      await expect(page.locator('[data-metric="costPerTpmCPerHour"]')).toContainText('$0.0000831');
      await expect(page.locator('[data-metric="costPerTpmCPerHour"]')).toContainText('$0.0000524');
    }
    if (slug === 'spacetimedb-vs-postgres-keynote')
      await expect(page.getByRole('link', { name: /fair/i }).first()).toBeVisible();
    await shoot(page, slug);
  });
