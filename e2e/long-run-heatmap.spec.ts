// Issue 16: a finished run long enough to be drawn from minute rollups comes without its heatmaps
// in the page's HTML (a day's were a third of it); the page fetches them from runs.heatmaps once
// the charts in view have drawn, and then draws every heatmap.
import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import { expect, test } from '@playwright/test';
import { demoIngestRun, e2eEnv, signInAsDemo } from './fixtures.ts';

/** Forty minutes of 1-s frames: more than the 2,000 points a line is drawn from raw frames. */
const MINUTES = 40;

function frame(startedAt: number, seq: number) {
  const h = new Histogram();
  for (let i = 1; i <= 50; i++) h.recordValue(400 + 20 * i + (seq % 60) * 5);
  const { stdDev: _stdDev, ...summary } = summarizeHistogram(h);
  const startMs = startedAt + seq * 1000;
  return { series: 'l', seq, startMs, endMs: startMs + 1000, ...summary, histogram: encodeBase64(h) };
}

async function finishedLongRun(): Promise<string> {
  // On a minute boundary, so the forty minutes are forty whole rollup buckets.
  const startedAt = Math.floor((Date.now() - (MINUTES + 1) * 60_000) / 60_000) * 60_000;
  const run = await demoIngestRun(`e2e long run ${startedAt}`, startedAt);
  const seqs = Array.from({ length: MINUTES * 60 }, (_, s) => s);
  for (let i = 0; i < seqs.length; i += 1200)
    await run.post(seqs.slice(i, i + 1200).map((s) => frame(startedAt, s)));
  await run.finish(startedAt + MINUTES * 60_000);
  return run.id;
}

test('a long finished run sends its page without the heatmap and draws it after the charts in view', async ({
  page,
}) => {
  const id = await finishedLongRun();
  await signInAsDemo(page);
  const url = `${e2eEnv('E2E_WEB_URL')}/runs/${id}`;
  // The rollup worker merges the forty minutes after the run ends: wait until the page's time
  // line is all of them (one run of forty 1-minute widths in its packed points).
  const pageText = async () => (await (await page.request.get(url)).text()).replace(/\\/g, '');
  await expect.poll(pageText, { timeout: 30_000 }).toContain(`"width":[60000,${MINUTES}]`);
  const html = await pageText();
  expect(html).toContain('"heatmapDeferred":true');
  expect(html).not.toMatch(/"counts":\[\[/);

  const heatmaps = page.waitForResponse((r) => r.url().includes('runs.heatmaps') && r.ok());
  await page.goto(url);
  const response = await heatmaps;
  expect(JSON.stringify(await response.json())).toMatch(/"counts":\[\[/);
  await page.waitForFunction(() => performance.getEntriesByName('levelfield:all-charts-drawn').length > 0);
  const panel = page.locator('section.panel', { hasText: 'Latency heatmap' });
  await expect(panel.locator('canvas').first()).toBeVisible();
  await expect(panel.getByText('Loading the heatmap…')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/run-long-heatmap-1440.png', fullPage: true });
});
