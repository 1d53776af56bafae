// Tables that fit (issue 16), in Chromium against the full stack and its demo data: on the run
// page, the runs explorer, a comparison and a report, at 1440×900 and on a 390×844 phone, no
// table cell or badge is clipped: a table wider than its place scrolls in its frame
// (components/table/table-scroll.tsx), which then shows its cue and takes the keyboard.
// The explorer shows its figures and sorts by p99. Screenshots: e2e/screenshots/tables-*.png.
import { expect, type Page, test } from '@playwright/test';
import { e2eEnv, expectNoSidewaysScroll, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');
const COMPARISON = 'rama-vs-cockroachdb-tpcc';
const REPORT = 'rama-vs-cockroachdb-tpcc';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Everything on the page that reads as a clipped table cell, described for the failure message. */
function clippedInTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
    // Not inside a closed <details> (its content keeps a layout box, hidden) nor display: none.
    const visible = (el: Element) => el.checkVisibility();
    // A cell whose content is wider than the cell itself.
    for (const cell of document.querySelectorAll('table td, table th')) {
      if (visible(cell) && cell.scrollWidth > cell.clientWidth + 1)
        problems.push(`${name(cell)}: content ${cell.scrollWidth}px in a ${cell.clientWidth}px cell`);
    }
    // A badge cut by any box that hides overflow, other than a frame that shows it scrolls.
    for (const badge of document.querySelectorAll('table .badge, table .status, table .tag')) {
      if (!visible(badge)) continue;
      const box = badge.getBoundingClientRect();
      for (let up = badge.parentElement; up; up = up.parentElement) {
        // The frame's outer box clips what its scrolling area shows: the area is judged below.
        if (getComputedStyle(up).overflowX === 'visible' || up.classList.contains('table-scroll')) continue;
        const frame = up.getBoundingClientRect();
        const cut = box.left < frame.left - 1 || box.right > frame.right + 1;
        if (!cut) continue;
        const cued = up.classList.contains('table-scroll-area') && up.parentElement?.dataset.overflow;
        if (!cued) problems.push(`${name(badge)}: cut by ${name(up)}`);
      }
    }
    // A table wider than its place: it must be in a frame that says so and takes the keyboard.
    for (const table of document.querySelectorAll('table')) {
      if (!visible(table)) continue;
      const area = table.closest<HTMLElement>('.table-scroll-area');
      if (!area) {
        const parent = table.parentElement!;
        if (table.getBoundingClientRect().width > parent.clientWidth + 1)
          problems.push(`${name(table)}: wider than its container, outside a scroll frame`);
        continue;
      }
      if (area.scrollWidth <= area.clientWidth + 1) continue;
      const frame = area.parentElement!;
      if (!frame.dataset.overflow) problems.push(`${name(table)}: scrolls without a cue`);
      if (area.tabIndex !== 0 || !area.getAttribute('aria-label'))
        problems.push(`${name(table)}: scrolls but cannot be reached by keyboard`);
      // The cue is drawn: the fade is opaque at the right edge unless scrolled to the end.
      if (frame.dataset.overflow?.includes('right') && getComputedStyle(frame, '::after').opacity !== '1')
        problems.push(`${name(table)}: the fade at the right edge is not shown`);
    }
    return problems;
  });
}

/** At each viewport: the page does not scroll sideways, no table is clipped; a full-page screenshot. */
async function checkFits(page: Page, shot: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    // Frames measure themselves after layout (ResizeObserver); polled until they have.
    await expect
      .poll(() => clippedInTables(page), { message: `${shot} at ${viewport.width} px` })
      .toEqual([]);
    await page.screenshot({ path: `e2e/screenshots/tables-${shot}-${viewport.width}.png`, fullPage: true });
  }
}

/** "3.20 ms", "850 µs", "1.25 s" → milliseconds. */
function millis(text: string): number {
  const match = /^([\d.,]+)\s*(ns|µs|ms|s)$/.exec(text.trim());
  if (!match) throw new Error(`not a latency: "${text}"`);
  const factor = { ns: 1e-6, µs: 1e-3, ms: 1, s: 1000 }[match[2] as 'ns' | 'µs' | 'ms' | 's'];
  return Number(match[1]!.replace(/,/g, '')) * factor;
}

test('the runs explorer shows figures, sorts by p99, shows published runs as published, and fits', async ({
  page,
}) => {
  await signInAsDemo(page);
  // Every demo run on one page: the seeds' published runs are newer than the demo's pgbench run.
  await page.goto(`${web()}/runs?size=100`);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'p50' }).check();
  await expect(page).toHaveURL(/cols=.*p50/);
  const rows = page.locator('table[aria-label="Runs"] tbody tr');
  const demo = rows.filter({ hasText: 'pgbench tpcb-like' });
  await expect(demo.locator('td[data-col="throughput"]')).toHaveText(/^[\d.]+k?$/);
  await expect(demo.locator('td[data-col="p50"]')).toHaveText(/^[\d.]+ (µs|ms|s)$/);
  await expect(demo.locator('td[data-col="p99"]')).toHaveText(/^[\d.]+ (µs|ms|s)$/);
  await expect(demo.locator('td[data-col="trend"] svg.sparkline polyline')).toHaveCount(1);

  // Labels and the trend have no order, and say so by offering none; the others are buttons.
  await expect(page.getByRole('columnheader', { name: 'Trend' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Duration' }).getByRole('button')).toHaveCount(1);

  // A published run: "published" with its date, no duration, never "succeeded".
  const published = rows.filter({ has: page.locator('.status-published') }).first();
  await expect(published.locator('td[data-col="status"]')).toHaveText('published');
  await expect(published.locator('td[data-col="startedAt"]')).toHaveText(/^published \d{4}-\d{2}-\d{2}$/);
  await expect(published.locator('td[data-col="duration"]')).toHaveText('—');

  // One choice per system, whatever the stored spellings.
  const systems = (await page.getByLabel('System').locator('option').allTextContents()).map((s) =>
    s.toLowerCase(),
  );
  expect(new Set(systems).size).toBe(systems.length);

  // Sorting by p99: the server's order, highest first, runs without a p99 last.
  await page.goto(`${web()}/runs?size=100`);
  await page.getByRole('button', { name: /^p99/ }).click();
  await expect(page).toHaveURL(/sort=p99/);
  await expect(page.getByRole('columnheader', { name: /^p99/ })).toHaveAttribute('aria-sort', 'descending');
  const p99s = await page.locator('td[data-col="p99"]').allTextContents();
  const measured = p99s.filter((t) => t !== '—');
  expect(measured.length).toBeGreaterThanOrEqual(2);
  expect(p99s.slice(0, measured.length)).toEqual(measured);
  const values = measured.map(millis);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  // And back: lowest first.
  await page.getByRole('button', { name: /^p99/ }).click();
  await expect(page).toHaveURL(/sort=p99&dir=asc|dir=asc&sort=p99/);
  const ascending = (await page.locator('td[data-col="p99"]').allTextContents())
    .filter((t) => t !== '—')
    .map(millis);
  expect(ascending).toEqual([...values].reverse());

  await page.goto(`${web()}/runs`);
  await checkFits(page, 'explorer');
  // At 1440 px the default columns fit without scrolling (names wrap at their spaces).
  await page.setViewportSize(VIEWPORTS[0]);
  await expect(page.locator('.table-scroll.sticky-2')).not.toHaveAttribute('data-overflow', /./);
  await page.setViewportSize(VIEWPORTS[1]);
  // On the phone the table scrolls in its frame: the cue is there, and the run name stays in view.
  const frame = page.locator('.table-scroll').filter({ has: page.locator('table[aria-label="Runs"]') });
  await expect(frame).toHaveAttribute('data-overflow', /right/);
  const area = frame.locator('.table-scroll-area');
  await area.evaluate((el) => el.scrollBy({ left: 400 }));
  await expect(frame).toHaveAttribute('data-overflow', /left/);
  const name = page.locator('td[data-col="name"]').first();
  const box = (await name.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeLessThan(80);
  await page.screenshot({ path: 'e2e/screenshots/tables-explorer-scrolled-390.png' });
});

test('the run page fits, and says how long the run ran', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(`${web()}/runs?q=pgbench`);
  await page
    .getByRole('link', { name: /pgbench tpcb-like/ })
    .first()
    .click();
  await expect(page.getByRole('table', { name: 'Summary per series' })).toBeVisible();
  await expect(page.locator('.run-head .meta')).toContainText(/3 min 0 s/);
  await checkFits(page, 'run');
});

test('a published run says published on its page, with no duration', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(`${web()}/runs?size=100`);
  const published = page
    .locator('table[aria-label="Runs"] tbody tr')
    .filter({ has: page.locator('.status-published') })
    .first();
  await published.locator('td[data-col="name"] a').click();
  const meta = page.locator('.run-head .meta');
  await expect(meta.locator('.status')).toHaveText('published');
  await expect(meta).toContainText(/published \d{4}-\d{2}-\d{2}/);
  await expect(meta).not.toContainText(/succeeded|\b0 s\b/);
  // A published result's date (seed 000's, the publication's) is not called "Started".
  await page.goto(`${web()}/runs?size=100`);
  await page
    .locator('table[aria-label="Runs"] tbody tr')
    .filter({ hasText: 'CockroachDB TPC-C, 140,000 warehouses (as published)' })
    .first()
    .locator('td[data-col="name"] a')
    .click();
  const provenance = page.locator('.provenance');
  await expect(provenance).toContainText('Date (run or published)');
  await expect(provenance).not.toContainText(/\bStarted\b/);
});

test('a comparison fits, its provenance diff unfolded', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(`${web()}/c/${COMPARISON}`);
  await page.locator('details.prov-section > summary').click();
  await expect(page.locator('details.prov-section')).toHaveAttribute('open', '');
  await checkFits(page, 'comparison');
  // Up close on the phone: the headline table and the unfolded diff, each in its frame.
  await page.locator('table.cmp-table').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/tables-comparison-headline-390.png' });
  await page.locator('.prov-diff details[open]').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/tables-comparison-diff-390.png' });
});

test('a report fits', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(`${web()}/r/${REPORT}`);
  await expect(page.locator('table').first()).toBeVisible();
  const diff = page.locator('details.prov-section > summary');
  if (await diff.count()) await diff.first().click();
  await checkFits(page, 'report');
});
