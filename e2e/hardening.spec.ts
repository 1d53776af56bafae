// The running web app's defences, seen from the browser and from a script: every page sends a
// Content-Security-Policy whose script nonce is fresh per request and is the one on the page's
// scripts, and pages still work under it (no violation while a run, a comparison and a report
// load and hydrate); the static headers; an oversized tRPC body is refused.
import { expect, type Page, test } from '@playwright/test';
import { e2eEnv, signInAsDemo } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

/** Collects the page's CSP violations (the browser logs each as a console error). */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test('pages send a per-request script nonce, and the scripts on the page carry it', async ({ request }) => {
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const first = await request.get(`${web()}/runs`);
  const second = await request.get(`${web()}/runs`);
  const csp = first.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(nonceOf(csp)).not.toBe(nonceOf(second.headers()['content-security-policy'] ?? ''));
  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(csp)}"`);
  const headers = first.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  expect(headers['x-frame-options']).toBe('DENY');
});

test('a report chart embed may be framed anywhere, and nothing else may', async ({ request }) => {
  const embed = await request.get(`${web()}/r/rama-vs-cockroachdb-tpcc/embed/spectrum`);
  expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.headers()['x-frame-options']).toBeUndefined();
});

/** React attaches its fiber to the elements it hydrated: present only if the page's scripts ran. */
const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__react')));

test('runs, comparisons and reports load and hydrate under the policy without a violation', async ({
  page,
}) => {
  const violations = watchViolations(page);
  await signInAsDemo(page);
  // The demo's pgbench run (the newest run may be one of figures only, which draws no chart).
  await page
    .getByRole('link', { name: /pgbench tpcb-like/ })
    .first()
    .click();
  // Charts are drawn by client code: a canvas means the page's scripts ran.
  await expect(page.locator('canvas').first()).toBeVisible();
  for (const path of ['/c/temporal-databases', '/r/rama-vs-cockroachdb-tpcc']) {
    await page.goto(`${web()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => hydrated(page)).toBe(true);
  }
  expect(violations).toEqual([]);
});

test('a tRPC body past the limit is refused with 413', async ({ request }) => {
  const response = await request.post(`${web()}/api/trpc/published.import`, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ json: { padding: 'x'.repeat(6_000_000) } }),
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toMatch(/larger than 5,000,000 bytes/);
});
