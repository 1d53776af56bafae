// Issue 5's path end to end: sign up → project → token → levelfield-agent wrapping a real
// pgbench → the live run page gains points, heatmap columns, spectrum and summary while it runs
// and says how fresh it is (issue 16) → the finished page's summary agrees with pgbench's own
// transaction count.
import { existsSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { AGENT, pgbenchCommand, startAgent } from './agent-runs.ts';
import { createProject, createToken, e2eEnv, signUp } from './fixtures.ts';

const drawnIntervals = (page: Page) =>
  page.evaluate(
    () =>
      Object.keys((window as unknown as { __levelfieldLiveDrawn?: object }).__levelfieldLiveDrawn ?? {})
        .length,
  );

test('a pgbench run streamed by the agent is watched live and summarized', async ({ page }) => {
  test.setTimeout(180_000);
  expect(existsSync(AGENT), 'the agent is built by `npm test` (turbo run build)').toBe(true);
  const stamp = Date.now();
  await signUp(page, `runner-${stamp}@example.test`, `Rita Runner ${stamp}`);
  const org = new URL(page.url()).pathname.split('/')[2]!;
  const project = await createProject(page, org, 'Live pgbench');
  const token = await createToken(page, org, project, 'laptop agent');

  const runName = `e2e live pgbench ${stamp}`;
  // Long enough that the live checks below run while it goes on, also on a busy machine.
  const run = startAgent({
    command: await pgbenchCommand(40),
    system: 'postgresql',
    project,
    token,
    name: runName,
  });

  // Find the run while it is going and open its page.
  await expect(async () => {
    await page.goto(`${e2eEnv('E2E_WEB_URL')}/runs?q=${encodeURIComponent(runName)}`);
    await expect(page.getByRole('link', { name: runName })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('link', { name: runName }).click();
  await expect(page.locator('.run-head .status')).toHaveText('running');
  await expect(page.getByText(/running for/)).toBeVisible();

  // The charts gain points without a reload.
  await expect.poll(() => drawnIntervals(page), { timeout: 15_000 }).toBeGreaterThan(0);
  const before = await drawnIntervals(page);
  await expect.poll(() => drawnIntervals(page), { timeout: 15_000 }).toBeGreaterThan(before + 2);
  await page.screenshot({ path: 'e2e/screenshots/run-live-1440.png', fullPage: true });

  // Heatmap, spectrum and summary table advance live too (issue 16), and the page says how fresh
  // it is. Two screenshots of each panel 2 s apart differ while the run goes on.
  await expect(page.getByTestId('freshness')).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('freshness')).toHaveText(/^live · \d+\.\d s behind$/);
  const panel = (title: string) =>
    page.locator('section.panel', { has: page.getByRole('heading', { name: title }) });
  const heatmap = panel('Latency heatmap').first();
  const spectrum = panel('Percentile spectrum');
  const count = page.locator('table[aria-label="Summary per series"] tbody tr').first().locator('td').nth(1);
  const before2s = {
    heat: await heatmap.screenshot(),
    spectrum: await spectrum.screenshot(),
    count: await count.textContent(),
  };
  await page.waitForTimeout(2000);
  expect(Buffer.compare(await heatmap.screenshot(), before2s.heat), 'the heatmap moved in 2 s').not.toBe(0);
  expect(
    Buffer.compare(await spectrum.screenshot(), before2s.spectrum),
    'the spectrum moved in 2 s',
  ).not.toBe(0);
  expect(await count.textContent(), 'the summary count grew in 2 s').not.toBe(before2s.count);

  expect(await run.exited, `agent output:\n${run.output()}`).toBe(0);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(run.output())?.[1]);
  expect(processed).toBeGreaterThan(0);

  // The page learns that the run finished and shows the summary of every transaction.
  await expect(page.locator('.run-head .status')).toHaveText('succeeded', { timeout: 30_000 });
  await expect(page.getByTestId('freshness')).toHaveText('finished');
  const summary = page.locator('table[aria-label="Summary per series"] tbody tr').first();
  await expect(summary.locator('td').nth(1)).toHaveText(processed.toLocaleString('en-US'), {
    timeout: 15_000,
  });
  await page.screenshot({ path: 'e2e/screenshots/run-finished-1440.png', fullPage: true });
});

test('a pgbench run of two weighted scripts names each series by its script, as pgbench does', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await signUp(page, `scripts-${stamp}@example.test`, `Sam Scripts ${stamp}`);
  const org = new URL(page.url()).pathname.split('/')[2]!;
  const project = await createProject(page, org, 'Two scripts');
  const token = await createToken(page, org, project, 'agent');
  const run = startAgent({
    command: await pgbenchCommand(3, 2, ['-b', 'simple-update@2', '-b', 'select-only@8']),
    system: 'postgresql',
    project,
    token,
  });
  expect(await run.exited, run.output()).toBe(0);
  // pgbench's own summary numbers its scripts from 1: so does the page.
  expect(run.output()).toContain('SQL script 1: <builtin: simple update>');
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/runs/${await run.runId()}`);
  const rows = page.locator('table[aria-label="Summary per series"] tbody');
  await expect(rows).toContainText('latency (script 1: builtin simple-update @2)');
  await expect(rows).toContainText('latency (script 2: builtin select-only @8)');
});
