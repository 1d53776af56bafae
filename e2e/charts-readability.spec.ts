// Charts people can read, in Chromium against the full stack (demo history from global-setup):
// latency on a log axis unless the reader asks for linear, a value axis that follows the zoomed
// range, units in ticks and tooltips. Axes are read from each chart's ECharts instance (the
// canvas has no DOM text); screenshots at 1440 px go to e2e/screenshots/charts-*.png.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { e2eEnv, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

/** What the tests use of an ECharts instance. */
interface EChartsLike {
  getModel(): {
    getComponent(type: string): { axis: { type: string; scale: { getExtent(): [number, number] } } };
  };
  getOption(): unknown;
  dispatchAction(action: object): void;
}
/** @levelfield/ui/chart hands out each chart's instance by its element. */
type ChartLookup = { __levelfieldChart?: (element: Element) => EChartsLike | undefined };

interface AxisState {
  type: string;
  /** The axis' extent in its scale's own terms (log axes: powers of ten). */
  extent: [number, number];
}

/** The first value axis of the chart drawn in `chart`. */
function valueAxis(chart: Locator): Promise<AxisState> {
  return chart.evaluate((element) => {
    const instance = (window as ChartLookup).__levelfieldChart?.(element);
    if (!instance) throw new Error('no ECharts instance on this element');
    const { axis } = instance.getModel().getComponent('yAxis');
    return { type: axis.type, extent: axis.scale.getExtent() };
  });
}

/** Hovers the middle of a chart's plot and returns the tooltip's text (its rows run together: "p502.21 ms"). */
async function tooltipText(chart: Locator): Promise<string> {
  const box = (await chart.boundingBox())!;
  await chart.hover({ position: { x: box.width / 2, y: box.height / 2 } });
  // ECharts puts its tooltip beside the canvas, as the chart element's second child.
  const tooltip = chart.locator(':scope > div').filter({ hasText: /\S/ });
  await expect(tooltip).toBeVisible();
  return (await tooltip.textContent()) ?? '';
}

async function openTpcbRun(page: Page): Promise<void> {
  await signInAsDemo(page);
  await page.getByRole('link', { name: /pgbench tpcb-like/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/pgbench tpcb-like/);
}

test('latency reads on a log axis, switches to linear, rescales when zoomed; tooltips carry units', async ({
  page,
}) => {
  await openTpcbRun(page);
  const lines = page.locator('[aria-label^="Latency percentiles over time"]').first();
  await expect(lines.locator('canvas')).toBeVisible();
  const summary = page.locator('table[aria-label="Summary per series"] tbody tr').first();
  // One latency series: named by its metric, not "latency {txn=transaction}".
  await expect(summary.locator('td').first()).toHaveText('latency');
  await expect(summary).toContainText(/\d[\d.]*k? ops\/s/);
  await expect(page.getByRole('heading', { name: 'Latency percentiles — latency' })).toBeVisible();

  const log = await valueAxis(lines);
  expect(log.type).toBe('log');
  const toggle = page.getByLabel('log latency axis');
  await expect(toggle).toBeChecked();
  await page.screenshot({ path: 'e2e/screenshots/charts-run-log-1440.png', fullPage: true });

  const latencyTip = await tooltipText(lines);
  expect(latencyTip).toMatch(/UTC/);
  expect(latencyTip).toMatch(/p50[\d.]+ (µs|ms|s)/);
  const throughput = page.locator('[aria-label="Throughput over time"]');
  expect(await tooltipText(throughput)).toMatch(/latency[\d.]+k? ops\/s/);
  const spectrum = page.locator('[aria-label="Percentile spectrum"]');
  expect(await tooltipText(spectrum)).toMatch(/^[\d.]+%.*latency[\d.]+ (µs|ms|s)/);

  await toggle.uncheck();
  await expect.poll(async () => (await valueAxis(lines)).type).toBe('value');
  const whole = await valueAxis(lines);
  // The demo run stalls two minutes in (latency × 9): on the whole run the axis reaches past it.
  expect(whole.extent[1]).toBeGreaterThanOrEqual(80);
  await page.screenshot({ path: 'e2e/screenshots/charts-run-linear-1440.png', fullPage: true });

  // Zoom to a minute before the stall, as the slider or the mouse wheel would.
  const zoomed = await lines.evaluate((element) => {
    const instance = (window as ChartLookup).__levelfieldChart!(element)!;
    const { dataset } = instance.getOption() as { dataset: { source: { t: number[] } }[] };
    const t = dataset[0]!.source.t;
    instance.dispatchAction({ type: 'dataZoom', startValue: t[30], endValue: t[90] });
    return t[90]! - t[30]!;
  });
  await expect(page.getByText(/^Range \d\d:\d\d:\d\d–\d\d:\d\d:\d\d UTC/)).toBeVisible();
  await expect(page.getByText('updating…')).toHaveCount(0);
  await expect.poll(async () => (await valueAxis(lines)).extent[1]).toBeLessThan(whole.extent[1] / 2);
  expect(zoomed).toBe(60_000);
  await page.screenshot({ path: 'e2e/screenshots/charts-run-zoomed-1440.png', fullPage: true });

  // Back to log: the zoomed range stays (a log axis rounds to powers of ten, so both read 100 ms here).
  await toggle.check();
  await expect.poll(async () => (await valueAxis(lines)).type).toBe('log');
  await expect(page.getByText(/^Range \d\d:\d\d:\d\d–\d\d:\d\d:\d\d UTC/)).toBeVisible();
});

test('the compare builder names measured latency rows humanly and prints them in ms or µs', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.getByRole('checkbox', { name: /Select pgbench tpcb-like/ }).check();
  await page.getByRole('checkbox', { name: /Select pgbench select-only/ }).check();
  await page.getByRole('button', { name: /^Compare/ }).click();
  const table = page.getByTestId('compare-table');
  const p99 = table.locator('tr[data-metric$=":p99"]');
  await expect(p99.locator('th')).toHaveText('latency p99');
  await expect(p99.locator('td').first()).toContainText(/^[\d.]+ (µs|ms)/);
  await expect(table).not.toContainText(/\bus\b|\{/);
  await page.screenshot({ path: 'e2e/screenshots/charts-compare-builder-1440.png', fullPage: true });
});

test('a report embed labels its latency ticks with units and its nines axis at 50 %, 90 %, 99 %', async ({
  page,
}) => {
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto(`${web()}/r/rama-vs-cockroachdb-tpcc/embed/spectrum`);
  const chart = page.locator('[role="img"]').first();
  await expect(chart.locator('canvas')).toBeVisible();
  const axis = await chart.evaluate((element) => {
    const option = (window as ChartLookup).__levelfieldChart!(element)!.getOption() as {
      xAxis: { axisLabel: { customValues: number[] } }[];
      yAxis: { name?: string }[];
    };
    return { ticks: option.xAxis[0]!.axisLabel.customValues, yName: option.yAxis[0]!.name ?? '' };
  });
  // Published p50 … p99: ticks at the median, 90 % and 99 %.
  expect(axis.ticks).toEqual([2, 10, 100]);
  // The ticks carry their unit (800 ms, 2 s): no axis name to contradict them.
  expect(axis.yName).toBe('');
  await page.screenshot({ path: 'e2e/screenshots/charts-report-embed.png' });
});

test('a comparison names provenance fields and check evidence in words, with help, never as paths', async ({
  page,
}) => {
  await page.goto(`${web()}/c/rama-vs-cockroachdb-tpcc`);
  const path = /\b(nodes|run|software|topology|workload|settings|client|measurement|cost)\.[A-Za-z]/;
  const diffRows = page.locator('.prov-diff th[scope="row"]');
  await expect(diffRows.first()).toBeAttached();
  for (const text of await diffRows.allTextContents()) expect(text).not.toMatch(path);
  const hostType = page.locator('.prov-diff tr[data-path="nodes.sut.hardware.hostType"] th');
  await expect(hostType).toHaveText('Host type · system under test');
  await expect(hostType).toHaveAttribute('title', /instance type/i);
  const evidenceFields = page.locator('table.evidence tbody td[data-path]');
  await expect(evidenceFields.first()).toBeAttached();
  for (const text of await evidenceFields.allTextContents()) expect(text).not.toMatch(path);
  await page.locator('[data-check="F-HW-1"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/charts-comparison-labels-1440.png' });
  // The diff starts folded to its summary line; a folded table has no width to overflow.
  await page.locator('details.prov-section > summary').click();
  await expect(page.locator('details.prov-section')).toHaveAttribute('open', '');
  await page.locator('.prov-diff').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/charts-comparison-diff-1440.png' });
  // At 1440 px every diff table fits its panel: prose values wrap, no badge is pushed out of view.
  const overflowing = await page
    .locator('.prov-diff details[open] .table-scroll-area')
    .evaluateAll((wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 1).length);
  expect(overflowing).toBe(0);
});
