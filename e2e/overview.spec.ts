// The overview at /: anonymous visitors see what is published (reports, public comparisons and
// runs); a signed-in member also sees live runs and their organizations' comparisons. Photographed
// at 1440×900 and 390×844, where the page must not scroll sideways.
import { expect, test } from '@playwright/test';
import { e2eEnv, shootAtWidths, signInAsDemo } from './fixtures.ts';

test('an anonymous visitor sees published reports and public comparisons, each a link', async ({ page }) => {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/`);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const reports = page.getByRole('list', { name: 'Public reports' });
  await expect(reports.getByRole('listitem').first()).toBeVisible();
  const comparisons = page.getByRole('list', { name: 'Comparisons' });
  // The demo project is public: its comparisons are listed (newest first; other tests add more).
  const first = comparisons.getByRole('link').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Live now' })).toHaveCount(0);
  await shootAtWidths(page, 'overview-anonymous');
  const slug = (await first.getAttribute('href'))!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${slug}$`));
});

test('a member sees live runs and recent runs beside the comparisons', async ({ page }) => {
  await signInAsDemo(page, '/');
  await expect(page.getByRole('heading', { name: 'Live now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent runs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All runs →' })).toBeVisible();
  await shootAtWidths(page, 'overview-member');
});
