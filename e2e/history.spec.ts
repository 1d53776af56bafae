// Issue 18 end to end: runs imported by the real agent (`go test -bench` output, one file per
// commit) make a history; a pull request 30 % slower fails `levelfield-agent check --baseline
// main` and its fix passes; the regression then lands on main, the history page marks it where
// it starts, an editor confirms it, and the owner is notified — in the app and through a signed
// Slack-style webhook to a real HTTP server, whose delivery the webhooks page logs.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { AGENT, pgbenchCommand, startAgent } from './agent-runs.ts';
import { createProject, e2eEnv, expectNoSidewaysScroll, PASSWORD, signUp } from './fixtures.ts';

/** The page's chart lookup (the web app's chart component registers it for tests). */
type ChartWindow = Window & {
  __levelfieldChart?: (
    element: Element,
  ) => { getOption(): unknown; convertToPixel(finder: unknown, value: unknown): unknown } | undefined;
};

const web = () => e2eEnv('E2E_WEB_URL');

/** A `go test -bench -count 5` output around `nsPerOp` (the same small wobble every time). */
function goTestOutput(nsPerOp: number): string {
  const lines = [-0.6, 0.2, 0.9, -0.3, 0.4].map(
    (w) => `BenchmarkParse-2   \t 1000000\t      ${(nsPerOp * (1 + w / 100)).toFixed(1)} ns/op`,
  );
  return ['goos: linux', 'goarch: amd64', 'pkg: example.com/parser', ...lines, 'PASS', ''].join('\n');
}

interface Ctx {
  dir: string;
  project: string;
  token: string;
  /** Runs start a minute apart, in the order imported, ending before now. */
  start: number;
  next: number;
}

/** Imports one commit's benchmark output with the agent; returns the run's page URL. */
async function importRun(ctx: Ctx, branch: string, commit: string, nsPerOp: number): Promise<string> {
  const file = path.join(ctx.dir, `${branch}-${commit}.txt`);
  await writeFile(file, goTestOutput(nsPerOp));
  // The adapter dates a `go test` output by its modification time.
  const at = new Date(ctx.start + ctx.next++ * 60_000);
  await utimes(file, at, at);
  const result = spawnSync(
    AGENT,
    [
      'import',
      '--server',
      e2eEnv('E2E_INGEST_URL'),
      '--project',
      ctx.project,
      '--system',
      'parser',
      '--adapter',
      'microbench',
      '--no-cloud',
      '--label',
      `branch=${branch}`,
      '--label',
      `commit=${commit}`,
      file,
    ],
    { encoding: 'utf8', env: { ...process.env, LEVELFIELD_TOKEN: ctx.token } },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim().split('\n').pop()!;
}

function check(ctx: Ctx, runUrl: string) {
  return spawnSync(AGENT, ['check', '--web', web(), '--baseline', 'main', runUrl], {
    encoding: 'utf8',
    env: { ...process.env, LEVELFIELD_TOKEN: ctx.token },
  });
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A new user with a project of their own and a token to ingest and read it (the agent's, CI's). */
async function ownerWithToken(browser: Browser, name: string, projectName: string) {
  const stamp = Date.now();
  const owner = await newPage(browser);
  await signUp(owner, `${name.toLowerCase().replace(' ', '-')}-${stamp}@example.test`, `${name} ${stamp}`);
  const org = new URL(owner.url()).pathname.split('/')[2]!;
  const project = await createProject(owner, org, projectName);
  await owner.goto(`${web()}/orgs/${org}/projects/${project}/tokens`);
  await owner.getByLabel('Token name').fill('ci');
  await owner.getByRole('checkbox', { name: /^read/ }).check();
  await owner.getByRole('button', { name: 'Create token' }).click();
  const token = (await owner.getByTestId('new-token').textContent())!.trim();
  return { owner, org, project, token };
}

/** The owner invites an editor, who signs up from the link and joins. */
async function inviteEditor(owner: Page, browser: Browser, org: string, email: string): Promise<Page> {
  await owner.goto(`${web()}/orgs/${org}/members`);
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Invited role').selectOption('editor');
  await owner.getByRole('button', { name: 'Create invitation link' }).click();
  const link = (await owner.getByTestId('invite-link').textContent())!.trim();
  const editor = await newPage(browser);
  await editor.goto(link);
  await editor.getByRole('link', { name: `Create an account as ${email}` }).click();
  await editor.getByLabel('Name').fill('Eddie Editor');
  await editor.getByLabel('Password').fill(PASSWORD);
  await editor.getByRole('button', { name: 'Create account' }).click();
  await expect(editor).toHaveURL(/\/signin\?created=1&email=.*&callbackUrl=%2Finvitations%2F/);
  await editor.getByLabel('Password').fill(PASSWORD);
  await editor.getByRole('button', { name: 'Sign in' }).click();
  await expect(editor).toHaveURL(/\/invitations\//);
  await editor.getByRole('button', { name: /^Join / }).click();
  await expect(editor).toHaveURL(new RegExp(`/orgs/${org}\\?joined=1$`));
  return editor;
}

test('a regression: the CI check fails and passes once fixed; the history marks it; confirming it notifies', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  expect(existsSync(AGENT), 'the agent is built by `npm test` (turbo run build)').toBe(true);
  const stamp = Date.now();
  const { owner, org, project, token } = await ownerWithToken(browser, 'Hana History', 'Parser benchmarks');
  const editor = await inviteEditor(owner, browser, org, `editor-${stamp}@example.test`);

  const ctx: Ctx = {
    dir: await mkdtemp(path.join(tmpdir(), 'levelfield-history-')),
    project,
    token,
    start: Date.now() - 2 * 3600_000,
    next: 0,
  };
  for (let i = 0; i < 12; i += 1) await importRun(ctx, 'main', `c${String(i).padStart(2, '0')}`, 100);

  // A pull request that makes parsing 30 % slower fails the check; its fix passes.
  const slowUrl = await importRun(ctx, 'slow-parser', 'p1', 130);
  const slow = check(ctx, slowUrl);
  expect(slow.status, slow.stdout + slow.stderr).toBe(1);
  expect(slow.stdout).toContain('### Levelfield: 🔴 **Regression**');
  expect(slow.stdout).toMatch(/\| p99 latency \| 10\d ns \| 13\d ns \| \+\d\d\.\d % \|.*\*\*worse\*\* \|/);
  // A `go test -bench` suite's samples per second are no throughput: neither judged nor missed.
  expect(slow.stdout).not.toMatch(/\| throughput \||Not judged/);
  // The verdict route reads like the run: a private project's run is not found without the token;
  // a baseline that is no branch name is refused, naming it.
  const slowRun = `${web()}/api/v1/runs/${slowUrl.split('/runs/')[1]}/verdict`;
  expect((await request.get(slowRun)).status()).toBe(404);
  const bad = await request.get(`${slowRun}?baseline=%00main`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(bad.status()).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('baseline');
  const fixed = check(ctx, await importRun(ctx, 'slow-parser', 'p2', 100));
  expect(fixed.status, fixed.stdout + fixed.stderr).toBe(0);
  expect(fixed.stdout).toContain('✅ **No significant change**');

  // The regression lands on main anyway.
  for (let i = 12; i < 20; i += 1) await importRun(ctx, 'main', `c${i}`, 130);

  await owner.goto(`${web()}/orgs/${org}/projects/${project}`);
  const histories = owner.getByTestId('project-histories');
  await expect(histories.locator('tbody tr')).toHaveCount(2); // main and the pull request's branch
  await histories.getByRole('link', { name: /· main$/ }).click();
  await expect(owner).toHaveURL(/\/h\/[0-9a-f]{24}$/);
  const historyUrl = owner.url();
  await expect(owner.getByRole('heading', { level: 1 })).toContainText('parser · main');
  await expect(owner.getByText('20 in 20 points')).toBeVisible();
  const p99 = owner.locator('.history-change[data-metric="p99"]');
  // The last runs are summarised by the ingest API moments after their import.
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByRole('status').filter({ hasText: 'not summarised yet' })).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
  await expect(p99).toContainText(/p99 latency \+\d\d\.\d % — regression/);
  await expect(p99.getByRole('link', { name: 'commit c12' })).toBeVisible();
  await expect(p99.locator('.tag')).toHaveText('open');
  await expect(owner.locator('[aria-label^="Latency p50 and p99"] canvas')).toBeVisible();
  await expect(owner.locator('[aria-label^="Throughput of"]')).toHaveCount(0);
  // The change is marked at c12 on the chart.
  const marks = await owner.evaluate(() => {
    const element = document.querySelector('[aria-label^="Latency p50 and p99"]')!;
    const option = (window as ChartWindow).__levelfieldChart?.(element)?.getOption() as {
      series: { markLine?: { data: { xAxis: string }[] } }[];
    };
    return option.series.flatMap((s) => s.markLine?.data.map((d) => d.xAxis) ?? []);
  });
  expect(marks).toEqual(['c12']); // one line where p50 and p99 both change
  await owner.screenshot({ path: 'e2e/screenshots/history-1440.png', fullPage: true });
  // A run's dot opens the run: c12's p99 dot, found where the chart drew it.
  const chart = owner.locator('[aria-label^="Latency p50 and p99"]');
  const dot = await chart.evaluate((element) => {
    const instance = (window as ChartWindow).__levelfieldChart!(element)!;
    const option = instance.getOption() as {
      series: { type: string; name: string; data: { value: [string, number] }[] }[];
    };
    const p99Dots = option.series.findIndex((s) => s.type === 'scatter' && s.name === 'p99 latency');
    const item = option.series[p99Dots]!.data.find((d) => d.value[0] === 'c12')!;
    return instance.convertToPixel({ seriesIndex: p99Dots }, item.value) as number[];
  });
  // The href is read before the click: the click navigates away from the link.
  const c12 = await p99.getByRole('link', { name: 'commit c12' }).getAttribute('href');
  await chart.click({ position: { x: dot[0]!, y: dot[1]! } });
  await expect(owner).toHaveURL(new RegExp(`${c12}$`));
  await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
  await owner.goto(historyUrl);
  await owner.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(owner);
  await owner.screenshot({ path: 'e2e/screenshots/history-390.png', fullPage: true });

  // The owner adds a Slack-compatible webhook pointing at a receiver of this test.
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    incoming.on('end', () => {
      received.push({ headers: incoming.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/slack`;
  await owner.setViewportSize({ width: 1440, height: 900 });
  await owner.goto(`${web()}/orgs/${org}/projects/${project}/webhooks`);
  await owner.getByLabel('Address').fill(hookUrl);
  await owner.getByLabel('Payload').selectOption('slack');
  await owner.getByRole('button', { name: 'Add webhook' }).click();
  const secret = (await owner.getByTestId('new-webhook-secret').textContent())!.trim();

  // The editor confirms it, saying why.
  await editor.goto(historyUrl);
  const change = editor.locator('.history-change[data-metric="p99"]');
  await change.getByRole('button', { name: 'Confirm' }).click();
  await expect(change.locator('.field-error')).toContainText('Say why');
  await change
    .getByLabel(/^Why, for the change in p99 latency/)
    .fill('The new tokenizer allocates per token.');
  await change.getByRole('button', { name: 'Confirm' }).click();
  await expect(change.locator('.tag')).toHaveText('confirmed');
  await expect(change).toContainText('confirmed by Eddie Editor');
  await expect(change).toContainText('The new tokenizer allocates per token.');

  // The webhook got a signed {"text"} …
  await expect.poll(() => received.length).toBe(1);
  receiver.close();
  const [hook] = received;
  const timestamp = String(hook!.headers['levelfield-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${hook!.body}`).digest('hex')}`;
  expect(hook!.headers['levelfield-signature']).toBe(expected);
  expect(Object.keys(JSON.parse(hook!.body))).toEqual(['text']);
  expect(JSON.parse(hook!.body).text).toContain('confirmed by Eddie Editor');
  // … and its delivery is in the log.
  await owner.reload();
  const log = owner.getByRole('table', { name: `Deliveries to ${hookUrl}` });
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr')).toContainText('regression.confirmed');
  await expect(log.locator('tbody tr')).toContainText('delivered');
  await owner.screenshot({ path: 'e2e/screenshots/webhooks-1440.png', fullPage: true });

  // The owner hears of it in the app too.
  await owner.goto(`${web()}/notifications`);
  const notification = owner.getByRole('link', {
    name: /^Regression in .*: p99 of time_per_op\{benchmark=BenchmarkParse-2,pkg=example.com\/parser\} \+\d\d\.\d % at c12, confirmed by Eddie Editor$/,
  });
  await expect(notification).toBeVisible();
  await expect(owner.getByRole('link', { name: /Notifications: 1 unread/ })).toBeVisible();
  await notification.click();
  await expect(owner).toHaveURL(new RegExp(`${historyUrl.split('/h/')[1]}#change-`));
});

test('pgbench run with fewer clients: the history marks where the options changed, and the check leaves the other runs out', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { owner, project, token } = await ownerWithToken(browser, 'Otto Options', 'Options');

  // Real pgbench under the real agent: three commits with -c 2, then two with -c 1.
  let last = '';
  for (const [commit, clients] of [
    ['o1', 2],
    ['o2', 2],
    ['o3', 2],
    ['o4', 1],
    ['o5', 1],
  ] as const) {
    const run = startAgent({
      command: await pgbenchCommand(3, clients),
      system: 'postgresql',
      project,
      token,
      labels: { branch: 'main', commit },
    });
    expect(await run.exited, run.output()).toBe(0);
    last = await run.runId();
  }
  // The check waits while the ingest API summarises the run; its baseline left out the -c 2 runs.
  const verdict = check({ dir: '', project, token, start: 0, next: 0 }, `${web()}/runs/${last}`);
  expect(verdict.stdout, verdict.stderr).toContain(
    'Left out: 3 baseline run(s) whose tool ran with other options than this run (latest: client.connections 2 → 1).',
  );

  await owner.goto(`${web()}/runs/${last}`);
  await owner.getByRole('link', { name: 'History', exact: true }).click();
  await expect(owner).toHaveURL(/\/h\/[0-9a-f]{24}$/);
  const changed = owner.getByRole('list', { name: 'Options changed' });
  await expect(changed).toContainText('commit o4: client.connections 2 → 1');
  const marks = await owner.evaluate(() => {
    const element = document.querySelector('[aria-label^="Latency p50 and p99"]')!;
    const option = (window as ChartWindow).__levelfieldChart?.(element)?.getOption() as {
      series: { markLine?: { data: { xAxis: string; label: { formatter: string } }[] } }[];
    };
    return option.series.flatMap((s) => s.markLine?.data.map((d) => [d.xAxis, d.label.formatter]) ?? []);
  });
  expect(marks).toContainEqual(['o4', 'options changed']);
  await owner.screenshot({ path: 'e2e/screenshots/history-options-1440.png', fullPage: true });
});
