// Issue 16: a live run page has no gaps. Frames stored while the page had no stream (its
// subscription held back, as a reconnect or a slow start would; or answered with an error, as an
// expired token is) are read once the next frame shows the gap in seq — just those frames, not the
// whole page — so the summary table counts every interval.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import { expect, type Page, test } from '@playwright/test';
import { pgbenchCommand, startAgent } from './agent-runs.ts';
import { demoIngestRun, e2eEnv, holdRequests, signInAsDemo } from './fixtures.ts';

const SAMPLES = 300;

function frame(startedAt: number, seq: number, warmup = false) {
  const h = new Histogram();
  for (let i = 1; i <= SAMPLES; i++) h.recordValue(500 + 10 * i + 100 * seq);
  const { stdDev: _stdDev, ...summary } = summarizeHistogram(h);
  const startMs = startedAt + seq * 1000;
  return { series: 'l', seq, startMs, endMs: startMs + 1000, warmup, ...summary, histogram: encodeBase64(h) };
}

/** A live run of the demo project with frames 0–2 stored, the first `warmup` of them warm-up; `post` stores more. */
async function liveRun(warmup = 0) {
  const startedAt = Date.now() - 10_000;
  const run = await demoIngestRun(`e2e live gaps ${startedAt}`, startedAt, warmup * 1000);
  const post = (seqs: number[]) => run.post(seqs.map((s) => frame(startedAt, s, s < warmup)));
  await post([0, 1, 2]);
  return { id: run.id, post, finish: () => run.finish() };
}

const summaryCount = (page: Page) =>
  page.locator('table[aria-label="Summary per series"] tbody tr').first().locator('td').nth(1);
const intervals = (n: number) => (n * SAMPLES).toLocaleString('en-US');

test('frames stored while the page had no stream are read again, so nothing is missing', async ({ page }) => {
  const { id, post, finish } = await liveRun();
  // Hold the page's subscription until frames 3 and 4 are stored: it never receives them.
  const subscribe = await holdRequests(page, '**/v1/runs/*/live*');
  await signInAsDemo(page, `/runs/${id}`);
  await expect(summaryCount(page)).toHaveText(intervals(3));
  // Without its stream the page cannot tell a stalled run: it says it is connecting.
  await expect(page.getByTestId('freshness')).toHaveAttribute('data-state', 'waiting', { timeout: 15_000 });
  await expect(page.getByTestId('freshness')).toContainText('connecting to the live stream');
  // The gap is filled by reading just the missed frames, not the whole page again.
  const reads = { missed: 0, page: 0 };
  page.on('request', (request) => {
    const headers = request.headers();
    if (request.url().includes('runs.missedFrames')) reads.missed += 1;
    else if (headers.rsc === '1' && !headers['next-router-prefetch']) reads.page += 1;
  });
  await post([3, 4]);
  subscribe();
  await page.waitForResponse('**/v1/runs/*/live*');
  await post([5]);
  await expect(summaryCount(page)).toHaveText(intervals(6));
  await expect(page.getByTestId('freshness')).toHaveAttribute('data-state', /live|stalled/);
  expect(reads).toEqual({ missed: 1, page: 0 });

  await finish();
  await expect(page.getByTestId('freshness')).toHaveText('finished');
});

test('with the warm-up included, the summary advances with each frame, not with the server every 5 s', async ({
  page,
}) => {
  // Frames 0 and 1 are warm-up, frame 2 steady.
  const { id, post, finish } = await liveRun(2);
  await signInAsDemo(page, `/runs/${id}`);
  await expect(summaryCount(page)).toHaveText(intervals(1));
  let rangeReads = 0;
  page.on('request', (request) => {
    if (request.url().includes('runs.range')) rangeReads += 1;
  });
  await page.getByLabel(/include warm-up/).check();
  await expect(summaryCount(page)).toHaveText(intervals(3));
  await post([3]);
  await expect(summaryCount(page)).toHaveText(intervals(4));
  await page.getByLabel(/include warm-up/).uncheck();
  await expect(summaryCount(page)).toHaveText(intervals(2));
  expect(rangeReads).toBe(0);
  await finish();
});

test('a stream answered with an error (an expired token) is subscribed again, and what it missed is read', async ({
  page,
}) => {
  const { id, post, finish } = await liveRun();
  let answered = 0;
  await page.route('**/v1/runs/*/live*', async (route) => {
    answered += 1;
    // The browser gives up on a stream answered so; it does not retry by itself.
    if (answered === 1) await route.fulfill({ status: 404, body: 'RUN_NOT_FOUND' });
    else await route.continue();
  });
  const resubscribed = page.waitForResponse(
    (response) => response.url().includes('/live') && response.status() === 200,
  );
  await signInAsDemo(page, `/runs/${id}`);
  await expect(summaryCount(page)).toHaveText(intervals(3));
  await post([3]);
  await resubscribed;
  await post([4]);
  await expect(summaryCount(page)).toHaveText(intervals(5));
  await finish();
  await expect(page.getByTestId('freshness')).toHaveText('finished');
});

test('after a gap in a real pgbench stream, every series reads what it missed, not just the first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // pgbench with one script streams two latency series: latency{script=0} and latency (every
  // sample), each with its own seqs; a gap in the stream is a gap in both. The page shows them as
  // one row while they hold the same samples (repeatedSeries): a series that missed its gap would
  // split them into two rows of different counts.
  const run = startAgent({ command: await pgbenchCommand(60), system: 'postgresql' });
  const progress = () => (run.output().match(/^progress: /gm) ?? []).length;
  try {
    const id = await run.runId();
    await expect.poll(progress, { timeout: 20_000 }).toBeGreaterThan(1);

    // The page's subscription is held while pgbench reports three more seconds: it misses them.
    const subscribe = await holdRequests(page, '**/v1/runs/*/live*');
    // Calls of runs.missedFrames, counted per call: tRPC batches concurrent ones into one request.
    let missedReads = 0;
    page.on('request', (request) => {
      const procedures = new URL(request.url()).pathname.split('/').pop()?.split(',') ?? [];
      missedReads += procedures.filter((name) => name === 'runs.missedFrames').length;
    });
    await signInAsDemo(page, `/runs/${id}`);
    const rows = page.locator('table[aria-label="Summary per series"] tbody tr');
    await expect(rows).toHaveCount(1);
    const counts = () =>
      rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent));
    const loaded = await counts();
    const releaseAt = progress() + 3;
    await expect.poll(progress, { timeout: 20_000 }).toBeGreaterThanOrEqual(releaseAt);
    subscribe();

    // Both series read their gap and still hold the same samples (one script: the same
    // transactions), so they stay one row, whose count moved on while the run still goes on:
    // none waits for the finished page to be complete.
    await expect.poll(() => missedReads, { timeout: 15_000 }).toBe(2);
    await expect
      .poll(
        async () => {
          const shown = await counts();
          const state = await page.getByTestId('freshness').getAttribute('data-state');
          return { one: shown.length === 1, moved: shown[0] !== loaded[0], finished: state === 'finished' };
        },
        { timeout: 15_000 },
      )
      .toEqual({ one: true, moved: true, finished: false });
  } finally {
    run.agent.kill('SIGINT');
  }
});

/** k6: $LEVELFIELD_K6, the repository's tool cache (agents/README.md), or PATH. */
function k6Binary(): string | null {
  const cached = path.resolve('.levelfield/tools/k6');
  const onPath = spawnSync('sh', ['-c', 'command -v k6'], { encoding: 'utf8' }).stdout.trim();
  return process.env.LEVELFIELD_K6 ?? (existsSync(cached) ? cached : onPath || null);
}

test('after a gap in a k6 stream of 20 tag sets, every series reads what it missed without reading the page again', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const k6 = k6Binary();
  test.skip(!k6, 'k6 not found: GOBIN=$PWD/.levelfield/tools go install go.k6.io/k6@v1.8.1');
  const server = createServer((_, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-k6-'));
  // Requests named by endpoint (k6's URL grouping): 20 tag sets of each of k6's 7 request
  // timings, about 150 latency series; their seqs skip together when the page misses a second.
  await writeFile(
    path.join(dir, 'tags.js'),
    `import http from 'k6/http';
export const options = { vus: 2, duration: '120s' };
export default function () {
  const i = __ITER % 20;
  http.get(\`\${__ENV.TARGET}/item/\${i}\`, { tags: { name: \`endpoint-\${i}\` } });
}
`,
  );
  const run = startAgent({
    command: [k6!, 'run', '--out', `json=${path.join(dir, 'out.json')}`, path.join(dir, 'tags.js')],
    system: 'local-http',
    cwd: dir,
    env: { TARGET: target },
  });
  // The agent's status line, once a second while samples come.
  const seconds = () => (run.output().match(/^\[levelfield\] \d\S* +\d/gm) ?? []).length;
  try {
    const id = await run.runId();
    await expect.poll(seconds, { timeout: 30_000 }).toBeGreaterThan(2);

    const subscribe = await holdRequests(page, '**/v1/runs/*/live*');
    const reads = { missed: 0, refused: 0, page: 0 };
    page.on('response', (response) => {
      const request = response.request();
      const procedures = new URL(request.url()).pathname.split('/').pop()?.split(',') ?? [];
      const missed = procedures.filter((name) => name === 'runs.missedFrames').length;
      reads.missed += missed;
      if (missed > 0 && !response.ok()) reads.refused += 1;
      if (request.headers().rsc === '1' && !request.headers()['next-router-prefetch']) reads.page += 1;
    });
    // A public project's run: no sign-in. Its page is large (about 300 charts' data).
    await page.goto(`${e2eEnv('E2E_WEB_URL')}/runs/${id}`, { timeout: 120_000 });
    /** http_req_duration's count of all requests and its 20 endpoints', read at one moment. */
    const durations = () =>
      page.locator('table[aria-label="Summary per series"] tbody tr').evaluateAll((trs) => {
        const rows = trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));
        const count = (cells: string[]) => Number(cells[1]!.replace(/,/g, ''));
        return {
          all: rows.filter(([title]) => title === 'http_req_duration').map(count)[0],
          named: rows.filter(([title]) => /^http_req_duration \(.*name endpoint-/.test(title!)).map(count),
          state: document.querySelector('[data-testid="freshness"]')?.getAttribute('data-state'),
        };
      });
    await expect.poll(async () => (await durations()).named.length, { timeout: 30_000 }).toBe(20);
    const loaded = await durations();
    const releaseAt = seconds() + 3;
    await expect.poll(seconds, { timeout: 30_000 }).toBeGreaterThanOrEqual(releaseAt);
    subscribe();

    // Each series with a gap reads its missed frames (more than one per endpoint: k6 times each
    // request in 7 series).
    await expect.poll(() => reads.missed, { timeout: 30_000 }).toBeGreaterThan(20);
    // Every request is in its endpoint's series and in the series of all: the endpoints' counts
    // add up to it while the run goes on, each series' gap read with the page left as it is.
    await expect
      .poll(
        async () => {
          const { all, named, state } = await durations();
          const sum = named.reduce((total, n) => total + n, 0);
          return { complete: all === sum && sum > (loaded.all ?? 0), finished: state === 'finished' };
        },
        { timeout: 60_000 },
      )
      .toEqual({ complete: true, finished: false });
    expect({ refused: reads.refused, page: reads.page }).toEqual({ refused: 0, page: 0 });
  } finally {
    run.agent.kill('SIGINT');
    server.close();
  }
});

test('a finished run reads finished as soon as the stream says so, and its final page counts every transaction', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = startAgent({ command: await pgbenchCommand(15), system: 'postgresql' });
  const id = await run.runId();

  // The page's re-read after the finish is held, as a large page's is slow to arrive and render.
  const release = await holdRequests(
    page,
    (url) => url.pathname === `/runs/${id}`,
    (request) => request.headers().rsc === '1',
  );
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/runs/${id}`);
  const freshness = page.getByTestId('freshness');
  await expect(freshness).toHaveAttribute('data-state', 'live');
  expect(await run.exited, run.output()).toBe(0);
  await expect(freshness).toHaveText('finished');

  release();
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(run.output())?.[1]);
  expect(processed).toBeGreaterThan(0);
  await expect(page.locator('.run-head .status')).toHaveText('succeeded');
  const rows = page.locator('table[aria-label="Summary per series"] tbody tr');
  await expect(rows.first().locator('td').nth(1)).toHaveText(processed.toLocaleString('en-US'));
});
