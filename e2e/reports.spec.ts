// Reports through the browser: publish a comparison, read it as an anonymous visitor with its
// review threads, republish with a change and see the change between versions, verify both
// versions' hashes; then crawl everything an anonymous visitor can reach of the published reports
// (pages, changes, embeds, downloads, the API, Open Graph images, the organization's public page)
// and find no private marker — neither the private project's nor things added after publishing.
// Screenshots of the report page, an embed and the print view go to e2e/screenshots/.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { openCheck, openToggle } from './checklist.ts';
import { e2eEnv, expectNoSidewaysScroll, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');
/** seed 004; the demo report is seed 000 (rama-vs-cockroachdb-tpcc), published at start-up */
const COMPARISON = 'temporal-databases';
const PRIVATE_REPORT = 'rds-mysql-tpcc';
const MARKER = 'PRIVATE-MARKER';

async function publish(page: Page, comparison: string, visibility: string, title?: string): Promise<string> {
  await page.goto(`${web()}/c/${comparison}`);
  const panel = page.locator('details.publish-panel');
  await panel.locator('summary').click();
  const form = page.getByRole('form', { name: 'Publish report' });
  if (title) await form.getByLabel('Title').fill(title);
  await form.getByRole('radio', { name: new RegExp(`^${visibility}`) }).check();
  await form.getByRole('button', { name: /^Publish/ }).click();
  const status = form.getByRole('status');
  await expect(status).toContainText(/(Published|Unchanged since) version \d+/);
  return (await status.textContent()) ?? '';
}

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

async function flaggedCheck(request: APIRequestContext, comparison: string): Promise<string> {
  const json = await (await request.get(`${web()}/api/v1/comparisons/${comparison}`)).json();
  const flagged = (json.checks as { id: string; state: string; decision: unknown }[]).find(
    (c) => c.state === 'flag' && !c.decision,
  );
  expect(flagged, `${comparison} has an undecided flagged check`).toBeTruthy();
  return flagged!.id;
}

async function waive(page: Page, comparison: string, checkId: string, justification: string): Promise<void> {
  await page.goto(`${web()}/c/${comparison}`);
  const check = await openCheck(page, checkId);
  await openToggle(check, 'decide');
  await check.getByLabel(`Justification for ${checkId}`).fill(justification);
  await check.getByRole('button', { name: 'Waive' }).click();
  await expect(check.getByRole('list', { name: `Decisions on ${checkId}` })).toContainText(justification);
}

test('publish, review anonymously, republish with a change, diff and verify both versions', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await signInAsDemo(page);
  expect(await publish(page, COMPARISON, 'public')).toContain('Published version 1');
  // Nothing changed: no new version.
  expect(await publish(page, COMPARISON, 'public')).toContain('Unchanged since version 1');

  // A reviewer's thread (the demo owner may review too), anchored to a flagged check by its
  // "Discuss" action: the form opens with that check chosen.
  const checkId = await flaggedCheck(request, COMPARISON);
  await page.goto(`${web()}/r/${COMPARISON}`);
  await page
    .locator(`[data-check="${checkId}"]`)
    .getByRole('link', { name: /^Discuss/ })
    .click();
  const form = page.getByRole('form', { name: 'Open a thread' });
  // A label wrapping a select takes the options' text into its name: read the selects in order.
  const [about, anchor] = [form.getByRole('combobox').nth(0), form.getByRole('combobox').nth(1)];
  await expect(about).toHaveValue('check');
  await expect(anchor.locator('option:checked')).toHaveText(new RegExp(`^${checkId} — `));
  await form.getByLabel('Your question or objection').fill('Were both systems run on the same hardware?');
  await form.getByRole('button', { name: 'Open thread on version 1' }).click();
  await expect(page.locator('#review')).toContainText('Were both systems run on the same hardware?');

  // Anonymous: the report, its hash and the thread, no editing controls.
  const visitor = await anonymousPage(browser);
  const response = await visitor.goto(`${web()}/r/${COMPARISON}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByTestId('report-sha256')).toContainText(/[0-9a-f]{64}/);
  await expect(visitor.locator('#review')).toContainText('Were both systems run on the same hardware?');
  await expect(visitor.locator(`[data-anchor-check="${checkId}"]`)).toBeVisible();
  await expect(visitor.getByRole('form', { name: 'Open a thread' })).toHaveCount(0);
  await expect(visitor.getByRole('form', { name: 'Change who may read this report' })).toHaveCount(0);

  // Republish with a change: waive the check, publish version 2.
  await waive(page, COMPARISON, checkId, 'Same instance type on both sides, per the tool README.');
  expect(await publish(page, COMPARISON, 'public')).toContain('Published version 2');
  await visitor.goto(`${web()}/r/${COMPARISON}`);
  await visitor.getByLabel('From version').selectOption('1');
  await visitor.getByLabel('To version').selectOption('2');
  await visitor.getByRole('button', { name: 'Show changes' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/r/${COMPARISON}/changes\\?from=1&to=2`));
  const checks = visitor.locator('[data-section="checks"]');
  await expect(checks).toContainText(checkId);
  await expect(checks).toContainText('waived: Same instance type on both sides');

  for (const version of [1, 2]) {
    const verify = await request.get(`${web()}/api/v1/reports/${COMPARISON}/verify?version=${version}`);
    expect(verify.status()).toBe(200);
    expect(await verify.json()).toEqual({
      slug: COMPARISON,
      version,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      prevSha256: version === 1 ? null : expect.stringMatching(/^[0-9a-f]{64}$/),
      valid: true,
      broken: null,
    });
  }
  // The hash on the page is the one verify answers for.
  const latest = await (await request.get(`${web()}/api/v1/reports/${COMPARISON}/verify`)).json();
  await visitor.goto(`${web()}/r/${COMPARISON}`);
  await expect(visitor.getByTestId('report-sha256')).toContainText(latest.sha256);
  await visitor.context().close();
});

test('an anonymous crawl of published reports finds no private marker', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInAsDemo(page);
  // A private report carrying the marker in its title, and a marker added to a public report's
  // comparison after it was published (its report must keep showing the snapshot).
  await publish(page, PRIVATE_REPORT, 'private', `${MARKER} instance sizing`);
  // Its address is unguessable: the comparison's slug and a random suffix.
  const opened = page.getByRole('form', { name: 'Publish report' }).getByRole('status').getByRole('link');
  const privateSlug = (await opened.getAttribute('href'))!.replace('/r/', '');
  expect(privateSlug).toMatch(new RegExp(`^${PRIVATE_REPORT}--[a-z0-9]{8}$`));
  await publish(page, COMPARISON, 'public');
  // Any check will do (the first test may have decided the only flagged one): a decision's
  // justification lands on the comparison page at once, and must not reach the report.
  const { checks } = await (await request.get(`${web()}/api/v1/comparisons/${COMPARISON}`)).json();
  await waive(page, COMPARISON, checks[0].id, `${MARKER} note added after publishing`);

  const visited = new Map<string, number>();
  const fetchText = async (path: string) => {
    const response = await request.get(`${web()}${path}`, { maxRedirects: 0 });
    visited.set(path, response.status());
    const body = await response.body();
    return response.headers()['content-type']?.startsWith('image/') ? '' : body.toString('utf8');
  };
  const texts: string[] = [];
  for (const slug of ['rama-vs-cockroachdb-tpcc', COMPARISON]) {
    const api = await (await request.get(`${web()}/api/v1/reports/${slug}`)).json();
    for (let v = 1; v <= api.latest; v++) {
      const { snapshot } = await (await request.get(`${web()}/api/v1/reports/${slug}?version=${v}`)).json();
      // Published figures carry no histograms: their reports offer no .hlog download.
      const measured = (snapshot.entries as { runs: { histograms: unknown[] }[] }[]).some((e) =>
        e.runs.some((r) => r.histograms.length > 0),
      );
      if (measured) texts.push(await fetchText(`/r/${slug}/download/histograms.hlog?v=${v}`));
      for (const path of [
        `/r/${slug}?v=${v}`,
        `/r/${slug}/embed/spectrum?v=${v}`,
        `/r/${slug}/embed/throughput?v=${v}`,
        `/r/${slug}/embed/sweep?v=${v}`,
        `/r/${slug}/download/report.json?v=${v}`,
        `/r/${slug}/download/table.csv?v=${v}`,
        `/api/v1/reports/${slug}?version=${v}`,
        `/api/v1/reports/${slug}/verify?version=${v}`,
      ])
        texts.push(await fetchText(path));
    }
    texts.push(await fetchText(`/r/${slug}/changes?from=1&to=${api.latest}`));
    texts.push(await fetchText(`/r/${slug}/opengraph-image`));
  }
  texts.push(await fetchText('/o/acme'));
  for (const path of [
    `/r/${privateSlug}`,
    `/r/${privateSlug}/embed/spectrum`,
    `/r/${privateSlug}/download/report.json`,
    `/r/${privateSlug}/opengraph-image`,
    `/api/v1/reports/${privateSlug}`,
    `/api/v1/reports/${privateSlug}/verify`,
  ]) {
    texts.push(await fetchText(path));
    expect(visited.get(path), `${path} for an anonymous visitor`).toBe(404);
  }
  // Every public surface answered (an embed of a chart a report lacks is a 404 too).
  for (const [path, status] of visited)
    if (!path.includes(PRIVATE_REPORT) && !path.includes('/embed/'))
      expect(status, `${path} for an anonymous visitor`).toBe(200);
  expect(visited.size).toBeGreaterThan(20);
  texts.forEach((text, i) => {
    expect(text.includes(MARKER), `response ${[...visited.keys()][i]} contains ${MARKER}`).toBe(false);
  });
  // The marker is really there for members: the crawl would have found a leak.
  await page.goto(`${web()}/r/${privateSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(MARKER);
});

test('screenshots: report page at 1440 and 390, an embed, the print view', async ({ browser }) => {
  const visitor = await anonymousPage(browser);
  const slug = 'rama-vs-cockroachdb-tpcc';
  await visitor.goto(`${web()}/r/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Rama');
  await expect(visitor.locator('#review')).toContainText('Riley Reviewer');
  await expectNoSidewaysScroll(visitor);
  await visitor.screenshot({ path: 'e2e/screenshots/report-1440.png' });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(visitor);
  await visitor.screenshot({ path: 'e2e/screenshots/report-390.png' });

  await visitor.setViewportSize({ width: 640, height: 400 });
  await visitor.goto(`${web()}/r/${slug}/embed/spectrum`);
  await expect(visitor.locator('canvas').first()).toBeVisible();
  await expect(visitor.locator(`a[href^="/r/${slug}"]`)).toBeVisible();
  await expect(visitor.locator('figcaption')).toContainText('Rama vs CockroachDB');
  await visitor.screenshot({ path: 'e2e/screenshots/report-embed.png' });

  await visitor.setViewportSize({ width: 800, height: 1100 });
  await visitor.goto(`${web()}/r/${slug}`);
  await visitor.emulateMedia({ media: 'print' });
  await expect(visitor.locator('.report-toc')).toBeHidden();
  await expect(visitor.locator('.embed-snippet').first()).toBeHidden();
  await visitor.screenshot({ path: 'e2e/screenshots/report-print.png' });
  await visitor.context().close();
});
