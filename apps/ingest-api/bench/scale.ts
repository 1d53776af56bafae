// npm run bench:scale — 1, 2 and 3 built ingest instances (dist/main.mjs, NATS fan-out on) against
// one PostgreSQL on this machine, the same offered load spread over them. For each instance count:
//   - sustained: AGENTS simulated agents, one 1-s batch of SERIES frames per second each, agent i
//     posting to instance i mod n: stored frames/s and ack p99 (send → response);
//   - capacity: CONCURRENCY agents (spread the same way) posting back to back, median frames/s:
//     what the instances together store at most. On 2 cores more instances add no capacity; the
//     ratio of 3 to 1 shows what coordinating them costs (rollup claims, NATS, more processes).
//   - live (n ≥ 2): WATCHED runs each followed by an SSE client of the live stream of *another*
//     instance than the one storing the run (the frames reach it through NATS): per frame, arrival
//     − the interval's end (the agent sends an interval as it ends; freshness) and arrival −
//     acceptance (PostgreSQL's clock at insert). The viewer is an SSE client, not a browser: the
//     chart's drawing (bench:web measures it) is not in these figures.
// Each instance count gets a fresh database, the same nats-server and PostgreSQL. The last line
// printed is the JSON result. Knobs: BENCH_INSTANCES (1,2,3), BENCH_AGENTS (100), BENCH_SERIES
// (100), BENCH_WARMUP_S (5), BENCH_DURATION_S (20), BENCH_WATCHED (6), BENCH_CONCURRENCY (6),
// BENCH_SLICE_S (10).
import { execFileSync } from 'node:child_process';
import { createTestDatabase, useTestPostgres } from '@levelfield/db/testing';
import pg from 'pg';
import {
  appDir,
  createToken,
  natsServerInstalled,
  type SpawnedServer,
  seedFixture,
  spawnServer,
  startNatsServer,
} from '../test/fixtures.ts';
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
} from './harness.ts';

const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2,3').split(',').map(Number);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 100);
const SERIES = Number(process.env.BENCH_SERIES ?? 100);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WATCHED = Number(process.env.BENCH_WATCHED ?? 6);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 10);

interface Figures {
  instances: number;
  frames_per_s: number;
  ack_p99_ms: number;
  capacity_frames_per_s: number;
  live_p99_ms?: number;
  accept_to_viewer_p99_ms?: number;
  load_average: number[];
}

async function measure(instances: number, natsUrl: string): Promise<Figures> {
  const database = await createTestDatabase(`scale${instances}`);
  const servers: SpawnedServer[] = [];
  const stops: Array<() => void> = [];
  const agents: Agent[] = [];
  try {
    for (let i = 0; i < instances; i += 1)
      servers.push(
        await spawnServer(database.url, { LEVELFIELD_NATS_URL: natsUrl, INGEST_HOST: '127.0.0.1' }),
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
    const loadBefore = loadAverage();
    log(
      `${instances} instance(s): ${AGENTS} agents × ${SERIES} series → ${AGENTS * SERIES} frames/s offered, ` +
        `${WARMUP_S} s warm-up + ${DURATION_S} s measured; load average ${loadBefore.join(' ')}`,
    );
    const acks: number[] = [];
    const steady = await sustained(agents, { warmupS: WARMUP_S, durationS: DURATION_S }, acks, () => {
      fromEnd.length = 0;
      fromAcceptance.length = 0;
    });
    await sleep(500); // the last batches' notices reach the viewers
    for (const stop of stops.splice(0)) stop();

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
      ...(instances >= 2
        ? {
            live_p99_ms: round(percentile(fromEnd, 99)),
            accept_to_viewer_p99_ms: round(percentile(fromAcceptance, 99)),
          }
        : {}),
      load_average: [loadBefore[0]!, loadAfter[0]!],
    };
    log(`${instances} instance(s): ${JSON.stringify(figures)} (live samples: ${fromEnd.length})`);
    return figures;
  } finally {
    for (const stop of stops) stop();
    for (const agent of agents) agent.close();
    for (const server of servers) server.process.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database.drop();
  }
}

async function main(): Promise<void> {
  if (!natsServerInstalled)
    throw new Error('nats-server is not on PATH (Debian: apt-get install nats-server)');
  execFileSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
  const postgres = await useTestPostgres();
  const nats = await startNatsServer();
  try {
    const results: Figures[] = [];
    for (const n of INSTANCES) results.push(await measure(n, nats.url));
    const one = results.find((r) => r.instances === 1);
    const most = results.at(-1)!;
    const live = results.filter((r) => r.live_p99_ms !== undefined);
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
        // The worst p99 over the instance counts with a viewer on another instance.
        live_p99_ms: live.length ? Math.max(...live.map((r) => r.live_p99_ms!)) : null,
        viewer: 'SSE client of the live stream of another ingest instance (no browser)',
        load_average: [results[0]!.load_average[0], most.load_average[1]],
      }),
    );
  } finally {
    await nats.stop();
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
