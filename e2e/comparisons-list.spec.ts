// The comparisons list (/comparisons) and the public gallery (/gallery): search, the fairness
// state filter from the URL and from the page, sorting, opening a comparison; the gallery for an
// anonymous visitor. Both photographed at 1440×900 and 390×844, where neither may scroll sideways.
import { expect, type Page, test } from '@playwright/test';
import { e2eEnv, shootAtWidths, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');
/** The demo's seed 000, in its public project, published as a public report at start-up. */
const SEED = 'rama-vs-cockroachdb-tpcc';

/** The number in each row's badge of one checklist state ("flag", "needs_review"…). */
async function counts(page: Page, state: string): Promise<number[]> {
  const texts = await page
    .getByRole('table', { name: 'Comparisons' })
    .locator(`tbody .count-${state} strong`)
    .allTextContents();
  return texts.map(Number);
}

test('a member searches the comparisons, filters them by fairness state and opens one', async ({ page }) => {
  await signInAsDemo(page, '/comparisons');
  await expect(page.getByRole('heading', { name: 'Comparisons', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Comparisons' });
  await expect(table.getByRole('link', { name: /.+/ }).first()).toBeVisible();
  await shootAtWidths(page, 'comparisons-list', { hard: true });

  // Search: the URL carries it, and only matching comparisons stay.
  await page.getByLabel('Search comparisons').fill('cockroach');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]q=cockroach/);
  await expect(table.locator(`a[href="/c/${SEED}"]`)).toBeVisible();
  await expect(table.locator('a[href="/c/temporal-databases"]')).toHaveCount(0);

  // The state filter from the page: a select of the form, kept with the search.
  await page.getByLabel('Fairness', { exact: true }).selectOption('flagged');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/state=flagged/);
  await expect(page).toHaveURL(/q=cockroach/);
  const flagged = await counts(page, 'flag');
  expect(flagged.length).toBeGreaterThan(0);
  expect(flagged.every((n) => n > 0)).toBe(true);

  // The state filter from the URL, and its tab: every comparison left has no flag.
  await page.goto(`${web()}/comparisons?state=clear`);
  await expect(page.getByRole('link', { name: 'All clear' })).toHaveAttribute('aria-current', 'page');
  expect((await counts(page, 'flag')).every((n) => n === 0)).toBe(true);
  expect((await counts(page, 'needs_review')).every((n) => n === 0)).toBe(true);

  // The tabs are links: "Has flags" from the page, then sorted by the number of flags.
  await page
    .getByRole('navigation', { name: 'Fairness state' })
    .getByRole('link', { name: 'Has flags' })
    .click();
  await expect(page).toHaveURL(/state=flagged/);
  // The form follows the view a link opened.
  await expect(page.getByLabel('Fairness', { exact: true })).toHaveValue('flagged');
  await table.getByRole('link', { name: /^Flags/ }).click();
  await expect(page).toHaveURL(/sort=flags/);
  const sorted = await counts(page, 'flag');
  expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  await shootAtWidths(page, 'comparisons-list-flagged', { hard: true });

  // A row opens its comparison.
  const first = table.locator('tbody td.name a').first();
  const href = (await first.getAttribute('href'))!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('glance')).toBeVisible();
});

test('the main navigation leads to the comparisons and the gallery', async ({ page }) => {
  await page.goto(`${web()}/`);
  await page.locator('.topnav').getByRole('link', { name: 'Comparisons' }).click();
  await expect(page).toHaveURL(/\/comparisons$/);
  // The demo project is public: an anonymous visitor lists its comparisons too.
  await expect(
    page.getByRole('table', { name: 'Comparisons' }).locator(`a[href="/c/${SEED}"]`),
  ).toBeVisible();
  await page.locator('.topnav').getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
});

test('an anonymous visitor searches the gallery of public reports and opens one', async ({ page }) => {
  await page.goto(`${web()}/gallery`);
  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
  const reports = page.getByRole('list', { name: 'Public reports' });
  const seed = reports.getByRole('listitem').filter({ has: page.locator(`a[href="/r/${SEED}"]`) });
  await expect(seed).toBeVisible();
  await expect(seed).toContainText(/\d+ flagged checks?/);
  await shootAtWidths(page, 'gallery', { hard: true });

  await page.getByRole('searchbox', { name: 'Search reports' }).fill('cockroach');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=cockroach/);
  await expect(seed).toBeVisible();
  await page.goto(`${web()}/gallery?q=no-such-report-anywhere`);
  await expect(page.getByText('No public report matches.')).toBeVisible();

  await page.goto(`${web()}/gallery`);
  await seed.getByRole('link', { name: /.+/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/r/${SEED}$`));
});
