import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { postToIngest } from '../scripts/demo-runs.ts';

export const DEMO_EMAIL = 'demo@levelfield.local';

export function e2eEnv(
  name: 'E2E_WEB_URL' | 'E2E_INGEST_URL' | 'E2E_DEMO_TOKEN' | 'E2E_DEMO_PASSWORD',
): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through \`npm test\``);
  return value;
}

export async function signInAsDemo(page: Page, callbackPath = '/runs'): Promise<void> {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/signin?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(e2eEnv('E2E_DEMO_PASSWORD'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${callbackPath}$`));
}

export const PASSWORD = 'a long enough password';

export async function signUp(page: Page, email: string, name: string): Promise<void> {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Sign-up answers the same whether or not the email already had an account: sign in next.
  await expect(page).toHaveURL(/\/signin\?created=1&email=/);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/orgs\/[a-z0-9-]+\?welcome=1$/);
}

export async function createProject(
  page: Page,
  org: string,
  name: string,
  visibility = 'Private',
): Promise<string> {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/orgs/${org}/projects/new`);
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('radio', { name: new RegExp(`^${visibility}`) }).check();
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${org}/projects/(?!new$)[a-z0-9-]+$`));
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Creates an API token on the project's token page; returns the token shown once. */
export async function createToken(page: Page, org: string, project: string, name: string): Promise<string> {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/orgs/${org}/projects/${project}/tokens`);
  await page.getByLabel('Token name').fill(name);
  await page.getByRole('button', { name: 'Create token' }).click();
  return (await page.getByTestId('new-token').textContent())!.trim();
}

/** The page must not scroll sideways at its current width (wide tables scroll in their wrapper). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const innerWidth = await page.evaluate(() => window.innerWidth);
  // Polled: charts redraw at the new width a frame after a resize. Soft: a layout fault fails
  // the test, but the functional steps after it still run and report.
  await expect.soft
    .poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0), {
      message: `page width at ${innerWidth} px`,
      timeout: 3000,
    })
    .toBeLessThanOrEqual(innerWidth);
  // When it does scroll, name what sticks out, so the report says where to look.
  const outside = await page.evaluate(() => {
    const width = window.innerWidth;
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 40)}"`;
    // Inside a scroll box that itself fits, an element may run past the edge: that scrolls the box.
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a; a = a.parentElement)
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(a).overflowX))
          return a.getBoundingClientRect().right <= width + 1;
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !clipped(e))
      .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > width + 1))
      .slice(0, 5)
      .map(name);
  });
  if ((await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)) > innerWidth)
    expect.soft(outside, `what sticks out at ${innerWidth} px`).toEqual([]);
}

/**
 * Photographs the page at a desktop (1440×900) and a phone width (390×844) to
 * e2e/screenshots/<name>-<width>.png, each after checking that the page does not scroll sideways
 * there (soft, as above; `hard` fails the test outright, for lists that must fit a phone), and
 * leaves the page at the desktop width. The specs that photograph their pages share it.
 */
export async function shootAtWidths(page: Page, name: string, { hard = false } = {}): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoSidewaysScroll(page);
    if (hard) {
      const widths = await page.evaluate(() => ({
        scroll: document.scrollingElement?.scrollWidth ?? 0,
        inner: window.innerWidth,
      }));
      expect(widths.scroll, `${name} at ${width} px`).toBeLessThanOrEqual(widths.inner);
    }
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The lines an ECharts chart draws (its labelled container), read back from the chart itself. */
export async function chartLines(chart: Locator): Promise<{ name: string; points: number }[]> {
  return chart.evaluate((element) => {
    type Lookup = { __levelfieldChart?: (e: Element) => { getOption(): unknown } | undefined };
    const option = (window as Lookup).__levelfieldChart?.(element)?.getOption() as {
      series: { name: string; data: unknown[] }[];
    };
    return option.series.map((line) => ({ name: line.name, points: line.data.length }));
  });
}

/**
 * A run of the demo project created through the ingest API with one latency series, key `l`:
 * `post` stores frames of it, `finish` ends the run as succeeded.
 */
export async function demoIngestRun(name: string, startedAt: number, warmupMs = 0) {
  const ingest = e2eEnv('E2E_INGEST_URL');
  const token = e2eEnv('E2E_DEMO_TOKEN');
  const { id } = (await postToIngest(`${ingest}/v1/runs`, token, {
    project: 'demo',
    system: { name: 'postgresql' },
    benchmark: { name: 'pgbench' },
    name,
    startedAt,
    warmupMs,
  })) as { id: string };
  const series = [{ key: 'l', name: 'latency', kind: 'latency', unit: 'us', labels: {} }];
  return {
    id,
    post: (frames: unknown[]) => postToIngest(`${ingest}/v1/runs/${id}/frames`, token, { series, frames }),
    finish: (endedAt = Date.now()) =>
      postToIngest(`${ingest}/v1/runs/${id}/finish`, token, { status: 'succeeded', endedAt }),
  };
}

/**
 * Holds the page's requests to matching URLs (those `only` picks, all by default) until the
 * returned function is called: a stream subscribed late, a slow answer.
 */
export async function holdRequests(
  page: Page,
  url: string | ((url: URL) => boolean),
  only: (request: Request) => boolean = () => true,
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (only(route.request())) await held;
    await route.continue();
  });
  return release;
}
