// The fairness checklist as a scorecard (issue 17): a seeded comparison with all 39 checks fits in
// about three screens at 1440×900 with its flags on the first, flags come first and the counts
// filter the list — on the comparison page and on the server-rendered report — and "Discuss" on
// a report's check opens the thread form anchored to it. Photographed at 1440 and 390.
import { expect, type Page, test } from '@playwright/test';
import { openCheck } from './checklist.ts';
import { e2eEnv, expectNoSidewaysScroll, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');
/** Seed 002: 39 checks, 10 flagged, and a headline of one row, so the checklist is most of the page. */
const COMPARISON = 'spacetimedb-vs-postgres-keynote';
/** Seed 000, published at start-up with a review thread. */
const REPORT = 'rama-vs-cockroachdb-tpcc';
const STATES = ['flag', 'needs_review', 'unknown', 'pass'];

async function statesShown(page: Page): Promise<string[]> {
  return page
    .locator('#checks [data-check]:visible')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-state') ?? ''));
}

/** Flags first, then needs review, unknown, pass; passes folded; each count filters to its state. */
async function expectScorecard(page: Page): Promise<void> {
  const all = await page
    .locator('#checks [data-check]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-state') ?? ''));
  expect(all).toHaveLength(39);
  const ranks = all.map((state) => STATES.indexOf(state));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  const shown = await statesShown(page);
  expect(shown).not.toContain('pass');
  expect(shown).toHaveLength(all.filter((state) => state !== 'pass').length);
  const passes = all.filter((state) => state === 'pass').length;
  await expect(page.locator('details.check-passes > summary')).toHaveText(`${passes} checks pass`);

  const count = (choice: string) => page.getByTestId('check-counts').locator(`label.count-${choice}`);
  const flags = all.filter((state) => state === 'flag').length;
  await expect(count('flag')).toHaveText(`${flags} flagged`);
  await count('flag').click();
  await expect.poll(() => statesShown(page)).toEqual(Array(flags).fill('flag'));
  await count('pass').click();
  await expect.poll(() => statesShown(page)).toEqual(Array(passes).fill('pass'));
  await count('all').click();
  await expect.poll(() => statesShown(page)).toEqual(shown);
}

type Check = { id: string; title: string; state: string };

/** The checks as the page shows them: a comparison's now, a report's as published. */
async function checksOf(page: Page, path: string): Promise<Check[]> {
  const json = await (await page.request.get(`${web()}/api/v1/${path}`)).json();
  return json.checks ?? json.snapshot.checks;
}

test('a comparison with 39 checks is a scorecard of about three screens, flags on the first', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.goto(`${web()}/c/${COMPARISON}`);
  await expect(page.getByTestId('glance')).toBeVisible();

  // Signed in as the owner: the publish panel and a decision form per check are on the page too.
  // 2,900 px is three 900-px screens and a bit: the checklist was 13,800 px of 16,300 before.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'page height at 1440×900').toBeLessThanOrEqual(2900);
  const flag = (await checksOf(page, `comparisons/${COMPARISON}`)).find((c) => c.state === 'flag')!;
  const link = page.getByTestId('glance').getByRole('link', { name: new RegExp(flag.title) });
  await expect(link).toBeVisible();
  expect((await link.boundingBox())!.y + (await link.boundingBox())!.height).toBeLessThanOrEqual(900);
  await page.screenshot({ path: 'e2e/screenshots/scorecard-comparison-1440.png', fullPage: true });

  await expectScorecard(page);
  // The glance's flag links to its check.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#check-${flag.id}$`));
  await expect(page.locator(`[data-check="${flag.id}"] .check-message`)).toBeInViewport();
  // The glance's count filters the list below; the check linked to stays whatever the filter.
  await page.getByTestId('glance').locator('label.count-unknown').click();
  await expect.poll(async () => new Set(await statesShown(page))).toEqual(new Set(['flag', 'unknown']));
  await expect(page.locator('#checks [data-state="flag"]:visible')).toHaveCount(1);
  await page.getByTestId('check-counts').locator('label.count-all').click();

  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'page width at 390 px').toBeLessThanOrEqual(widths[1]!);
  await page.screenshot({ path: 'e2e/screenshots/scorecard-comparison-390.png', fullPage: true });
});

test('the report orders and filters its checks without JavaScript, and "Discuss" anchors a thread', async ({
  browser,
  page,
}) => {
  // A reader without JavaScript: the server's HTML alone filters (radios and CSS :has()).
  const reader = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    javaScriptEnabled: false,
  });
  const plain = await reader.newPage();
  await plain.goto(`${web()}/r/${REPORT}`);
  await expectScorecard(plain);
  await expect(plain.getByRole('link', { name: /^Discuss/ })).toHaveCount(0);
  await reader.close();

  await signInAsDemo(page);
  await page.goto(`${web()}/r/${REPORT}`);
  const checks = await checksOf(page, `reports/${REPORT}`);
  const flag = checks.find((c) => c.state === 'flag')!;
  await expect(
    page.getByTestId('glance').getByRole('link', { name: new RegExp(flag.title) }),
  ).toBeInViewport();
  await page.screenshot({ path: 'e2e/screenshots/scorecard-report-1440.png' });

  // A pass is folded and closed: Discuss is one click on its line away.
  const pass = checks.find((c) => c.state === 'pass')!;
  const check = await openCheck(page, pass.id);
  await check.getByRole('link', { name: `Discuss ${pass.id} · ${pass.title}` }).click();
  const form = page.getByRole('form', { name: 'Open a thread' });
  await expect(form).toBeInViewport();
  await expect(form.getByRole('combobox').nth(0)).toHaveValue('check');
  await expect(form.getByRole('combobox').nth(1).locator('option:checked')).toHaveText(
    new RegExp(`^${pass.id} — ${pass.title}`),
  );
  await expect(form.getByLabel('Your question or objection')).toBeFocused();
  await form.getByLabel('Your question or objection').fill('Does this pass hold for the 99 % variant too?');
  await form.getByRole('button', { name: /^Open thread on version/ }).click();
  // Threads on a check are headed by its title, not its bare id.
  const thread = page.locator(`[data-review-anchor="check:${pass.id}"]`);
  await expect(thread.locator('h4')).toHaveText(`${pass.id} · ${pass.title}`);
  await expect(thread).toContainText('Does this pass hold for the 99 % variant too?');
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/scorecard-report-390.png' });
});
