// A run whose tool prints figures rather than samples (wrk: an end-of-test summary only) shows
// those figures on its page as the tool printed them, and no empty charts. Before, a wrk run's
// page showed "No latency intervals in this range yet." and an empty throughput chart: none of
// wrk's figures, although the agent had stored every one.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startAgent } from './agent-runs.ts';
import { e2eEnv } from './fixtures.ts';

test('a wrk run page shows wrk’s printed figures and no empty throughput chart', async ({ page }) => {
  test.setTimeout(120_000);
  expect(
    spawnSync('wrk', ['--version']).error,
    'wrk is needed (Debian: apt-get install wrk)',
  ).toBeUndefined();
  const server = createServer((_, res) => res.end('hello\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const run = startAgent({
      command: ['wrk', '-t1', '-c2', '-d2s', '--latency', `http://127.0.0.1:${port}/`],
      system: `node-http@${process.versions.node}`,
      name: `e2e wrk figures ${Date.now()}`,
    });
    const runId = await run.runId();
    expect(await run.exited, run.output()).toBe(0);
    // wrk's own summary: "     50%  123.00us" and "Requests/sec:  12345.67".
    const p50 = /^\s+50%\s+(\S+)$/m.exec(run.output())?.[1];
    const requests = /^\s*(\d+) requests in /m.exec(run.output())?.[1];
    expect(p50, run.output()).toBeTruthy();

    // The ingest API writes the whole-run summaries moments after the run ends (until then the
    // page says "not summarized yet"): read the page again until they are there.
    const figures = page.getByTestId('printed-figures');
    const p50Cell = figures.locator('tr[data-series="latency_p50"] td').nth(2);
    await expect(async () => {
      await page.goto(`${e2eEnv('E2E_WEB_URL')}/runs/${runId}`);
      await expect(p50Cell).toHaveText(/^[\d.]+ (ns|µs|ms|s)$/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    // The same figure wrk printed, in the page's units (wrk prints 2 decimals, the page 3 digits).
    const printed = Number.parseFloat(p50!) * (p50!.endsWith('us') ? 1e-3 : p50!.endsWith('ms') ? 1 : 1e3);
    const shown = await p50Cell.textContent();
    const [value, unit] = (shown ?? '').split(' ');
    const shownMs = Number.parseFloat(value!) * (unit === 'µs' ? 1e-3 : unit === 's' ? 1e3 : 1);
    expect(Math.abs(shownMs - printed) / printed).toBeLessThan(0.005);
    await expect(figures.locator('tr[data-series="requests"] td').nth(2)).toHaveText(
      Number(requests).toLocaleString('en-US'),
    );
    // No histogram intervals: no throughput chart to leave empty, and no promise of figures to come.
    await expect(page.getByRole('heading', { name: 'Throughput' })).toHaveCount(0);
    await expect(page.getByText('No latency intervals in this range.')).toBeVisible();
  } finally {
    server.close();
  }
});
