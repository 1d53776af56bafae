// Sign-in as an attacker tries it, through the browser: callbackUrl values that would send the
// browser to another site after signing in, sign-up probing which emails have accounts, and
// passwords that are too short, common, or the email itself. Parallel guessing is tested at the
// server (apps/web/src/server/accounts/throttle.test.ts): a browser form sends one at a time.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_EMAIL, e2eEnv } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

/** A fresh browser (no session) that refuses, and records, any request to the attacker's host. */
async function isolatedPage(browser: Browser): Promise<{ page: Page; offSite: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const offSite: string[] = [];
  await context.route(
    (url) => url.hostname === 'evil.example' || url.hostname.endsWith('.evil.example'),
    (route) => {
      offSite.push(route.request().url());
      return route.abort();
    },
  );
  return { page: await context.newPage(), offSite };
}

// Query strings as an attacker would write them: not re-encoded, so the browser and the server
// decode them exactly as in a crafted link.
const HOSTILE_QUERIES: [string, string][] = [
  ['a tab between the slashes', '/%09/evil.example'],
  ['a newline between the slashes', '/%0A/evil.example'],
  ['a double-encoded tab', '/%2509/evil.example'],
  ['a protocol-relative URL', '//evil.example'],
  ['slash and backslash', '/%5Cevil.example'],
  ['a dot segment leaving two slashes', '/.//evil.example'],
  ['an absolute URL of another site', 'https://evil.example/'],
  ['a javascript: URL', 'javascript:alert(document.domain)'],
];

for (const [name, query] of HOSTILE_QUERIES) {
  test(`signing in with callbackUrl=${query} (${name}) stays on the site`, async ({ browser }) => {
    const { page, offSite } = await isolatedPage(browser);
    await page.goto(`${web()}/signin?callbackUrl=${query}`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL);
    await page.getByLabel('Password').fill(e2eEnv('E2E_DEMO_PASSWORD'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // An unsafe target is dropped: the sign-in lands where it would without one.
    await expect(page).toHaveURL(`${web()}/runs`);
    // Signed in now, the sign-in page sends the visitor on at once: the same check applies.
    await page.goto(`${web()}/signin?callbackUrl=${query}`);
    await expect(page).toHaveURL(`${web()}/runs`);
    expect(offSite).toEqual([]);
    await page.context().close();
  });
}

test('a safe callbackUrl is still followed after signing in', async ({ browser }) => {
  const { page, offSite } = await isolatedPage(browser);
  await page.goto(`${web()}/signin?callbackUrl=${encodeURIComponent('/orgs/acme/projects/internal')}`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(e2eEnv('E2E_DEMO_PASSWORD'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${web()}/orgs/acme/projects/internal`);
  await expect(page.getByRole('heading', { name: 'Internal experiments' })).toBeVisible();
  expect(offSite).toEqual([]);
  await page.context().close();
});

async function signUpForm(page: Page, email: string, name: string, password: string): Promise<void> {
  await page.goto(`${web()}/signup`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('sign-up answers the same for an email that has an account as for a new one', async ({ browser }) => {
  const stamp = Date.now();
  const fresh = `fresh-${stamp}@example.test`;
  const chosen = `impostor passphrase ${stamp}`;

  // The demo user's email already has an account.
  const { page: taken } = await isolatedPage(browser);
  await signUpForm(taken, DEMO_EMAIL, 'Ivan Impostor', chosen);
  const { page: created } = await isolatedPage(browser);
  await signUpForm(created, fresh, 'Fay Fresh', chosen);

  for (const [page, email] of [
    [taken, DEMO_EMAIL],
    [created, fresh],
  ] as const) {
    await expect(page).toHaveURL(`${web()}/signin?created=1&email=${encodeURIComponent(email)}`);
    await expect(page.locator('p.notice.ok')).toHaveText(
      `Sign in to finish: if ${email} is new to Levelfield, its account is ready with the password you chose; if it already had an account, nothing was changed and its own password still applies.`,
    );
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  }
  await created.screenshot({ path: 'e2e/screenshots/accounts-signup-done-1440.png', fullPage: true });

  // Nothing changed for the existing account: the chosen password does not open it…
  await taken.getByLabel('Password').fill(chosen);
  await taken.getByRole('button', { name: 'Sign in' }).click();
  await expect(taken.getByRole('alert').filter({ hasText: 'do not match' })).toBeVisible();
  // …and the new account opens with it, in its new personal organization.
  await created.getByLabel('Password').fill(chosen);
  await created.getByRole('button', { name: 'Sign in' }).click();
  await expect(created).toHaveURL(/\/orgs\/fay-fresh(-\d+)?\?welcome=1$/);
  await expect(created.getByRole('heading', { name: 'Fay Fresh (personal)' })).toBeVisible();

  await taken.context().close();
  await created.context().close();
});

test('sign-up explains a short password, a common one, and the email as password', async ({ browser }) => {
  const stamp = Date.now();
  const email = `margaret.hamilton.${stamp}@example.test`;
  const { page } = await isolatedPage(browser);
  const cases: [string, string][] = [
    ['eleven char', 'Use a password of at least 12 characters'],
    ['Qwerty123456', 'That password is one of the most common ones, which attackers try first'],
    [`Margaret.Hamilton.${stamp}`, 'Do not use your email address as your password'],
  ];
  for (const [password, message] of cases) {
    await signUpForm(page, email, 'Margaret Hamilton', password);
    await expect(page.locator('#password-error')).toContainText(message);
    await expect(page).toHaveURL(`${web()}/signup`);
    // What was typed is kept, except the password.
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  }
  await page.context().close();
});
