// npm run bench:scale — 1, 2 and 3 built ingest instances (dist/main.mjs, NATS fan-out on) against
// one PostgreSQL on this machine, the same offered load spread over them. For each instance count:
//   - sustained: AGENTS simulated agents, one 1-s batch of SERIES frames per second each, agent i
//     posting to instance i mod n: stored frames/s and ack p99 (send → response);
//   - capacity: CONCURRENCY agents (spread the same way) posting back to back, median frames/s:
//     what the instances together store at most. On 2 cores more instances add no capacity; the
//     ratio of 3 to 1 shows what coordinating them costs (rollup claims, NATS, more processes).
//   - live (n ≥ 2), two kinds of viewer, each on another instance than the one storing its run, so
//     every frame it sees crossed NATS:
//       · browser: a built web instance whose pages stream from instance 1, and Chromium showing
//         the run pages of BROWSER_RUNS more runs stored by instance 0 (2 series each, posting
//         with the others):
//         interval end (the agent sends an interval as it ends) → drawn on the page (chart
//         `finished`), split into hops as bench:web does (bench/live-page.ts);
//       · SSE: WATCHED of the sustained runs each followed by an SSE client of the live stream of
//         the instance after the one storing it: arrival − the interval's end, and arrival −
//         acceptance (PostgreSQL's clock).
// Each instance count gets a fresh database, the same nats-server and PostgreSQL. The last line
// printed is the JSON result. Knobs: BENCH_INSTANCES (1,2,3), BENCH_AGENTS (100), BENCH_SERIES
// (100), BENCH_WARMUP_S (5), BENCH_DURATION_S (20), BENCH_WATCHED (6), BENCH_BROWSER_RUNS (2),
// BENCH_CONCURRENCY (6), BENCH_SLICE_S (10).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, freePort, useTestPostgres } from '@levelfield/db/testing';
import { type Browser, chromium, type Page } from '@playwright/test';
import pg from 'pg';
import {
  Agent,
  capacitySlice,
  createRun,
  loadAverage,
  log,
  median,
  percentile,
  round,
  sleep,
  sustained,
  watch,
} from '../apps/ingest-api/bench/harness.ts';
import {
  createToken,
  natsServerInstalled,
  type SpawnedServer,
  seedFixture,
  spawnServer,
  startNatsServer,
} from '../apps/ingest-api/test/fixtures.ts';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { build, ensureDependencies } from '../scripts/lib.mjs';
import { Services } from '../scripts/services.mjs';
import { FRAME_ARRIVALS_SCRIPT, hopLines, liveHops } from './live-page.ts';

const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2,3').split(',').map(Number);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 100);
const SERIES = Number(process.env.BENCH_SERIES ?? 100);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WATCHED = Number(process.env.BENCH_WATCHED ?? 6);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 10);
/** Series of each browser-watched run: a run page like pgbench's (latency and throughput). */
const BROWSER_SERIES = 2;
const LIVE_TOKEN_SECRET = 'bench-scale-live-token-secret-0123456789';
const AUTH_SECRET = 'bench-scale-auth-secret-0123456789abcdef';

interface Figures {
  instances: number;
  frames_per_s: number;
  ack_p99_ms: number;
  capacity_frames_per_s: number;
  browser_freshness_p99_ms?: number;
  browser_received_p99_ms?: number;
  live_p99_ms?: number;
  accept_to_viewer_p99_ms?: number;
  load_average: number[];
}

const show = (xs: number[]) => `median ${round(median(xs))} ms, p99 ${round(percentile(xs, 99))} ms`;

async function measure(instances: number, natsUrl: string, browser: Browser, work: string): Promise<Figures> {
  const database = await createTestDatabase(`scale${instances}`);
  const servers: SpawnedServer[] = [];
  const stops: Array<() => void> = [];
  const agents: Agent[] = [];
  const services = new Services({ logDir: path.join(work, `logs-${instances}`) });
  const pages: Page[] = [];
  try {
    // With n ≥ 2 a web instance streams its pages' live data from instance 1: each instance
    // allows its origin, as a browser's EventSource requires.
    const webPort = instances >= 2 ? await freePort() : undefined;
    const webUrl = webPort ? `http://127.0.0.1:${webPort}` : undefined;
    for (let i = 0; i < instances; i += 1)
      servers.push(
        await spawnServer(database.url, {
          LEVELFIELD_NATS_URL: natsUrl,
          INGEST_HOST: '127.0.0.1',
          LEVELFIELD_LIVE_TOKEN_SECRET: LIVE_TOKEN_SECRET,
          ...(webUrl ? { LEVELFIELD_WEB_URL: webUrl } : {}),
        }),
      );
    const urls = servers.map((s) => s.url);
    const { token, projectId } = await seedFixture(database.url);
    // Agent i stores through instance i mod n, and its run is created there too.
    const runs = await Promise.all(
      Array.from({ length: AGENTS }, (_, i) => createRun(urls[i % instances]!, token)),
    );
    agents.push(...runs.map((run, i) => new Agent(urls[i % instances]!, token, run, SERIES)));
    // The viewer of run i is on the next instance: with n ≥ 2 every frame it sees crossed NATS.
    const fromEnd: number[] = [];
    const fromAcceptance: number[] = [];
    if (instances >= 2)
      for (const [i, run] of runs.slice(0, WATCHED).entries())
        stops.push(await watch(`${urls[(i + 1) % instances]}/v1/runs/${run}/live`, fromAcceptance, fromEnd));
    if (webPort) {
      await services.startWeb({
        databaseUrl: database.url,
        port: webPort,
        authSecret: AUTH_SECRET,
        ingestUrl: urls[1]!,
        liveTokenSecret: LIVE_TOKEN_SECRET,
      });
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(FRAME_ARRIVALS_SCRIPT);
      for (let i = 0; i < BROWSER_RUNS; i += 1) {
        const run = await createRun(urls[0]!, token);
        agents.push(new Agent(urls[0]!, token, run, BROWSER_SERIES));
        const page = await context.newPage();
        page.setDefaultTimeout(120_000);
        await page.goto(`${webUrl}/runs/${run}`);
        pages.push(page);
      }
    }
    const offered = AGENTS * SERIES + (webUrl ? BROWSER_RUNS * BROWSER_SERIES : 0);
    const loadBefore = loadAverage();
    log(
      `${instances} instance(s): ${agents.length} agents → ${offered} frames/s offered, ` +
        `${WARMUP_S} s warm-up + ${DURATION_S} s measured; load average ${loadBefore.join(' ')}`,
    );
    const acks: number[] = [];
    let measuredFrom = Number.POSITIVE_INFINITY;
    const steady = await sustained(agents, { warmupS: WARMUP_S, durationS: DURATION_S }, acks, () => {
      fromEnd.length = 0;
      fromAcceptance.length = 0;
      measuredFrom = Date.now();
    });
    await sleep(1500); // the last batches' notices reach the viewers, and the pages draw them
    for (const stop of stops.splice(0)) stop();
    const browserHops = await liveHops(pages, measuredFrom);
    if (pages.length) {
      log(`${instances} instance(s), browser on the web instance of instance 1, runs stored by instance 0:`);
      log(`  interval end → drawn (${browserHops.total.length} intervals): ${show(browserHops.total)}`);
      for (const line of hopLines(browserHops, show)) log(line);
      const expected = pages.length * DURATION_S;
      if (browserHops.total.length < expected / 2)
        throw new Error(`only ${browserHops.total.length} of ~${expected} intervals were drawn live`);
    }

    // Closed loop, with agents of their own (a token each: the per-token rate limit is sized for
    // agents posting once a second, and would cap this instead of the instances).
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const busy = await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        const own = await createToken(pool, projectId, ['ingest']);
        const url = urls[i % instances]!;
        return new Agent(url, own, await createRun(url, own), SERIES);
      }),
    );
    await pool.end();
    agents.push(...busy);
    const capacity = median(await capacitySlice(busy, SLICE_S));
    const loadAfter = loadAverage();
    const figures: Figures = {
      instances,
      frames_per_s: Math.round(steady.frames / steady.seconds),
      ack_p99_ms: round(percentile(acks, 99)),
      capacity_frames_per_s: Math.round(capacity),
      ...(pages.length
        ? {
            browser_freshness_p99_ms: round(percentile(browserHops.total, 99)),
            browser_received_p99_ms: round(percentile(browserHops.received, 99)),
          }
        : {}),
      ...(instances >= 2
        ? {
            live_p99_ms: round(percentile(fromEnd, 99)),
            accept_to_viewer_p99_ms: round(percentile(fromAcceptance, 99)),
          }
        : {}),
      load_average: [loadBefore[0]!, loadAfter[0]!],
    };
    log(`${instances} instance(s): ${JSON.stringify(figures)} (SSE live samples: ${fromEnd.length})`);
    return figures;
  } finally {
    for (const page of pages)
      await page
        .context()
        .close()
        .catch(() => {});
    for (const stop of stops) stop();
    for (const agent of agents) agent.close();
    await services.stopAll();
    for (const server of servers) server.process.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database.drop();
  }
}

async function main(): Promise<void> {
  if (!natsServerInstalled)
    throw new Error('nats-server is not on PATH (Debian: apt-get install nats-server)');
  await ensureDependencies();
  await build();
  const postgres = await useTestPostgres();
  const nats = await startNatsServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const work = mkdtempSync(path.join(tmpdir(), 'levelfield-bench-scale-'));
  try {
    const results: Figures[] = [];
    for (const n of INSTANCES) results.push(await measure(n, nats.url, browser, work));
    const one = results.find((r) => r.instances === 1);
    const most = results.at(-1)!;
    const worst = (key: 'browser_freshness_p99_ms' | 'live_p99_ms') => {
      const values = results.flatMap((r) => (r[key] === undefined ? [] : [r[key]]));
      return values.length ? Math.max(...values) : null;
    };
    console.log(
      JSON.stringify({
        offered_frames_per_s: AGENTS * SERIES,
        per_instances: results,
        ...(one && most !== one
          ? {
              [`ratio_${most.instances}_to_1`]: round(most.frames_per_s / one.frames_per_s, 2),
              [`capacity_ratio_${most.instances}_to_1`]: round(
                most.capacity_frames_per_s / one.capacity_frames_per_s,
                2,
              ),
            }
          : {}),
        // The worst p99 over the instance counts with viewers on another instance: in Chromium
        // (interval end → drawn), and of the SSE clients (interval end → arrival).
        freshness_p99_ms: worst('browser_freshness_p99_ms'),
        live_p99_ms: worst('live_p99_ms'),
        load_average: [results[0]!.load_average[0], most.load_average[1]],
      }),
    );
  } finally {
    await browser.close();
    await nats.stop();
    await postgres.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
