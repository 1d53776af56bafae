// Accounts, teams and tokens through the browser: sign-up, organizations and projects, API
// tokens shown once and revoked, invitations, roles, and 404 for private projects. Every page
// is photographed at 1440×900 and on a 390×844 phone into e2e/screenshots/.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createProject, e2eEnv, PASSWORD, signInAsDemo, signUp } from './fixtures.ts';

const web = () => e2eEnv('E2E_WEB_URL');

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/accounts-${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `e2e/screenshots/accounts-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A tRPC mutation over HTTP with the page's cookies (superjson wire format). */
async function trpcMutation(page: Page, path: string, input: unknown) {
  const response = await page.request.post(`${web()}/api/trpc/${path}`, { data: { json: input } });
  return { status: response.status(), body: await response.json() };
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

test('sign up, create an organization and a project, create a token shown once, revoke it', async ({
  page,
  request,
}) => {
  const stamp = Date.now();

  // Sign-up explains a short password and keeps what was typed.
  await page.goto(`${web()}/signup`);
  await page.getByLabel('Email').fill(`owner-${stamp}@example.test`);
  await page.getByLabel('Name').fill('Olga Owner');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#password-error')).toContainText('at least 12 characters');
  await expect(page.getByLabel('Email')).toHaveValue(`owner-${stamp}@example.test`);
  await shoot(page, 'signup-error');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signin\?created=1&email=/);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // A new user owns a personal organization.
  await expect(page).toHaveURL(/\/orgs\/olga-owner(-\d+)?\?welcome=1$/);
  await expect(page.getByRole('heading', { name: 'Olga Owner (personal)' })).toBeVisible();
  await expect(page.getByText('owner', { exact: true }).first()).toBeVisible();
  await shoot(page, 'org-welcome');

  // A second organization, from the organizations list.
  await page.getByRole('link', { name: 'Organizations' }).first().click();
  await expect(page).toHaveURL(/\/orgs$/);
  await shoot(page, 'orgs');
  await page.getByRole('link', { name: 'New organization' }).click();
  await page.getByLabel('Organization name').fill(`Bench Lab ${stamp}`);
  await expect(page.getByLabel('Slug')).toHaveValue(`bench-lab-${stamp}`);
  await shoot(page, 'org-new');
  await page.getByRole('button', { name: 'Create organization' }).click();
  const org = `bench-lab-${stamp}`;
  await expect(page).toHaveURL(new RegExp(`/orgs/${org}$`));

  // The slug is taken now: a second try says so.
  await page.goto(`${web()}/orgs/new`);
  await page.getByLabel('Organization name').fill('Copycat');
  await page.getByLabel('Slug').fill(org);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.locator('p.alert')).toContainText('already taken');

  await page.goto(`${web()}/orgs/${org}/projects/new`);
  await shoot(page, 'project-new');
  const project = await createProject(page, org, 'TPC-C nightly');
  expect(project).toBe('tpc-c-nightly');
  await expect(page.getByRole('heading', { name: 'TPC-C nightly' })).toBeVisible();
  await shoot(page, 'project');

  // Create a token: shown once, with the agent's command line.
  await page.getByRole('link', { name: 'API tokens', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${org}/projects/${project}/tokens$`));
  await expect(page.getByText('No tokens yet.')).toBeVisible();
  await page.getByLabel('Token name').fill('ci runner');
  await page.getByRole('checkbox', { name: /^read/ }).check();
  // Tokens expire in 90 days unless chosen otherwise.
  await expect(page.getByLabel('Expires')).toHaveValue('90');
  await page.getByLabel('Expires').selectOption('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('new-token').textContent())!.trim();
  expect(token).toMatch(/^lf_[A-Za-z0-9_-]{43}$/);
  // The command reads the token into the environment: it never appears on a command line.
  await expect(page.getByTestId('agent-command')).toContainText('read -rs LEVELFIELD_TOKEN');
  await expect(page.getByTestId('agent-command')).toContainText(`--project ${project}`);
  await expect(page.getByTestId('agent-command')).not.toContainText(token);
  await expect(page.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const row = page.locator('tr[data-token="ci runner"]');
  await expect(row).toContainText(token.slice(0, 7));
  await expect(row).toContainText('ingest');
  await expect(row).toContainText('read');
  await expect(row).toContainText('active');
  const in30Days = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await expect(row).toContainText(`until ${in30Days}`);
  await shoot(page, 'token-created');

  // The token works against the ingest API…
  const runBody = {
    project,
    system: { name: 'postgresql', version: '17' },
    benchmark: { name: 'pgbench' },
    name: `token check ${stamp}`,
    startedAt: Date.now(),
  };
  const accepted = await request.post(`${e2eEnv('E2E_INGEST_URL')}/v1/runs`, {
    headers: { authorization: `Bearer ${token}` },
    data: runBody,
  });
  expect(accepted.status(), await accepted.text()).toBe(201);

  // …is never shown again…
  await page.reload();
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  expect(await page.content()).not.toContain(token);

  // …and stops working once revoked.
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Revoke ci runner' }).click();
  await expect(row).toContainText('revoked');
  await expect(page.getByRole('button', { name: 'Revoke ci runner' })).toHaveCount(0);
  await shoot(page, 'token-revoked');
  // The ingest API reuses token lookups for up to 5 s (apps/ingest-api/README.md): revocation
  // must take effect within that bound.
  await expect
    .poll(
      async () =>
        (
          await request.post(`${e2eEnv('E2E_INGEST_URL')}/v1/runs`, {
            headers: { authorization: `Bearer ${token}` },
            data: runBody,
          })
        ).status(),
      { timeout: 8000, intervals: [500] },
    )
    .toBe(401);

  // The account page and menu.
  await page.getByRole('button', { name: /Olga Owner/ }).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
  await shoot(page, 'account-menu');
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await shoot(page, 'account');

  // Sign out deletes the session: the old pages need signing in again.
  await page.getByRole('button', { name: /Olga Owner/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto(`${web()}/orgs`);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Forgs$/);
  await shoot(page, 'signin');
});

test('an owner invites a viewer who cannot create tokens; outsiders get 404 for the private project', async ({
  browser,
}) => {
  const stamp = Date.now();
  const ownerEmail = `lead-${stamp}@example.test`;
  const viewerEmail = `viewer-${stamp}@example.test`;

  const owner = await newPage(browser);
  await signUp(owner, ownerEmail, `Lena Lead ${stamp}`);
  const org = new URL(owner.url()).pathname.split('/').pop()!;
  const project = await createProject(owner, org, 'Secret tuning');

  // Invite: the link is shown once.
  await owner.goto(`${web()}/orgs/${org}/members`);
  await owner.getByLabel('Email').fill(viewerEmail);
  await owner.getByLabel('Invited role').selectOption('viewer');
  await owner.getByRole('button', { name: 'Create invitation link' }).click();
  const link = (await owner.getByTestId('invite-link').textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${web()}/invitations/[A-Za-z0-9_-]{43}$`));
  await expect(owner.getByRole('table', { name: 'Pending invitations' })).toContainText(viewerEmail);
  await shoot(owner, 'members-invite');

  // The invited person signs up from the link and joins.
  const viewer = await newPage(browser);
  await viewer.goto(link);
  await expect(viewer.getByRole('heading', { name: /^Join / })).toBeVisible();
  await shoot(viewer, 'invitation');
  await viewer.getByRole('link', { name: `Create an account as ${viewerEmail}` }).click();
  await expect(viewer.getByLabel('Email')).toHaveValue(viewerEmail);
  await viewer.getByLabel('Name').fill('Vic Viewer');
  await viewer.getByLabel('Password').fill(PASSWORD);
  await viewer.getByRole('button', { name: 'Create account' }).click();
  await expect(viewer).toHaveURL(/\/signin\?created=1&email=.*&callbackUrl=%2Finvitations%2F/);
  await viewer.getByLabel('Password').fill(PASSWORD);
  await viewer.getByRole('button', { name: 'Sign in' }).click();
  await expect(viewer).toHaveURL(/\/invitations\//);
  await viewer.getByRole('button', { name: /^Join / }).click();
  await expect(viewer).toHaveURL(new RegExp(`/orgs/${org}\\?joined=1$`));
  await expect(viewer.getByRole('status')).toContainText('as a viewer');

  // The link is used up.
  await viewer.goto(link);
  await expect(viewer.locator('p.alert')).toContainText('already accepted');
  await shoot(viewer, 'invitation-used');

  // The owner sees the new member; the role select is there for owners only.
  await owner.reload();
  await expect(owner.locator(`tr[data-member="${viewerEmail}"]`)).toContainText('Vic Viewer');
  await expect(owner.getByRole('combobox', { name: /Role of Vic Viewer/ })).toHaveValue('viewer');

  // The viewer sees tokens read-only, and the API refuses them too.
  await viewer.goto(`${web()}/orgs/${org}/projects/${project}/tokens`);
  await expect(viewer.getByRole('note')).toContainText(
    'only editors and owners can create or revoke API tokens',
  );
  await expect(viewer.getByRole('button', { name: 'Create token' })).toHaveCount(0);
  await shoot(viewer, 'tokens-viewer');
  const refused = await trpcMutation(viewer, 'tokens.create', {
    org,
    project,
    name: 'sneaky',
    scopes: ['ingest'],
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error.json.data.code).toBe('FORBIDDEN');
  expect(refused.body.error.json.message).toContain('you are a viewer');
  await viewer.goto(`${web()}/orgs/${org}/members`);
  await expect(viewer.getByRole('button', { name: 'Create invitation link' })).toHaveCount(0);
  await shoot(viewer, 'members-viewer');

  // Owners change roles: the viewer becomes an editor and may create tokens.
  await owner.getByRole('combobox', { name: /Role of Vic Viewer/ }).selectOption('editor');
  await owner.locator(`tr[data-member="${viewerEmail}"]`).getByRole('button', { name: 'Save' }).click();
  await expect(owner.locator(`tr[data-member="${viewerEmail}"]`)).toContainText('Role changed');
  const allowed = await trpcMutation(viewer, 'tokens.create', {
    org,
    project,
    name: 'now allowed',
    scopes: ['read'],
  });
  expect(allowed.status).toBe(200);

  // The members list counts it; removing the member says so first and revokes it with them.
  await owner.reload();
  const member = owner.locator(`tr[data-member="${viewerEmail}"]`);
  await expect(member.locator('td').nth(2)).toHaveText('1');
  owner.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('The 1 API token they created in its projects will be revoked.');
    void dialog.accept();
  });
  await member.getByRole('button', { name: /Remove Vic Viewer/ }).click();
  await expect(member).toHaveCount(0);
  await owner.goto(`${web()}/orgs/${org}/projects/${project}/tokens`);
  await expect(owner.locator('tr', { hasText: 'now allowed' })).toContainText('revoked');
  await shoot(owner, 'tokens-member-removed');

  // A signed-in outsider and an anonymous visitor: 404 for the project, its tokens and the organization.
  const outsider = await newPage(browser);
  await signUp(outsider, `outsider-${stamp}@example.test`, 'Otto Outsider');
  const anonymous = await newPage(browser);
  for (const visitor of [outsider, anonymous]) {
    for (const path of [
      `/orgs/${org}/projects/${project}`,
      `/orgs/${org}/projects/${project}/tokens`,
      `/orgs/${org}`,
    ]) {
      const response = await visitor.goto(`${web()}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(visitor.locator('body')).not.toContainText('Secret tuning');
    }
    const api = await visitor.request.get(
      `${web()}/api/trpc/projects.get?input=${encodeURIComponent(JSON.stringify({ json: { org, project } }))}`,
    );
    expect(api.status()).toBe(404);
  }
  await shoot(anonymous, 'not-found');
  const sneaky = await trpcMutation(outsider, 'tokens.create', {
    org,
    project,
    name: 'x',
    scopes: ['ingest'],
  });
  expect(sneaky.status).toBe(404);
});

test("the demo user sees the demo organization's private project; an anonymous visitor gets 404", async ({
  page,
  browser,
}) => {
  await signInAsDemo(page, '/orgs/acme/projects/internal');
  await expect(page.getByRole('heading', { name: 'Internal experiments' })).toBeVisible();
  const anonymous = await newPage(browser);
  const response = await anonymous.goto(`${web()}/orgs/acme/projects/internal`);
  expect(response?.status()).toBe(404);
  const open = await anonymous.goto(`${web()}/orgs/acme/projects/demo`);
  expect(open?.status()).toBe(200);
  await expect(anonymous.getByRole('heading', { name: 'Public benchmarks' })).toBeVisible();
  await shoot(anonymous, 'project-public-anonymous');
});

test('after five wrong passwords the next sign-in waits, even with the right password, and says so', async ({
  browser,
}) => {
  const email = `guessed-${Date.now()}@example.test`;
  const owner = await newPage(browser);
  await signUp(owner, email, 'Gus Guessed');
  const page = await newPage(browser);
  const attempt = async (password: string) => {
    await page.goto(`${web()}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  for (let i = 0; i < 5; i += 1) {
    await attempt(`wrong guess ${i}`);
    await expect(page.locator('p.alert')).toContainText('do not match an account');
  }
  await attempt(PASSWORD);
  await expect(page.locator('p.alert')).toContainText(
    /Too many failed sign-ins for this email\. Wait \d+ seconds/,
  );
  await expect(page).toHaveURL(/\/signin/);
  await shoot(page, 'signin-throttled');
});
