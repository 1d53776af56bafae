// npm run bench:ingest — the ingest API (dist/main.mjs, its own process) against a throwaway
// PostgreSQL on this machine. Three measurements in one run, on the same server and table:
//
// 1. sustained: AGENTS simulated agents each post one 1-s batch per second (one frame per
//    series, SERIES series) for WARMUP_S seconds (not measured: the first batch of each agent
//    creates its series, and code and plans warm up), then DURATION_S seconds, WATCHED runs
//    watched live. Gives
//    frames_per_s (stored frames / elapsed), ack latency per request from send to response
//    (p50, p99), live latency from a frame's acceptance (PostgreSQL's clock at insert) to its
//    arrival at a subscriber (p99), the server's RSS, and the rollup lag: each second, the age
//    of the oldest closed minute not merged yet (0 when none), p99 over the measured seconds.
// 2. capacity: CONCURRENCY agents post the same batches back to back (closed loop): the most the
//    ingest path stores per second.
// 3. baseline: the same rows, in batches of the same size, by raw multi-row INSERT into the same
//    table over 2 connections.
// 2 and 3 alternate in ROUNDS slices so both see the same machine weather; each reports the
// median of its per-second rates, and ratio_to_baseline = capacity / baseline. The load
// generator shares the 2 cores, so it is cheap: each agent's body is encoded once and only its
// seq and timestamps are rewritten in place (fixed-width fields) before each post (harness.ts).
// The last line printed is the JSON result. Knobs: BENCH_AGENTS, BENCH_SERIES,
// BENCH_DURATION_S, BENCH_WARMUP_S, BENCH_WATCHED, BENCH_CONCURRENCY, BENCH_ROUNDS, BENCH_SLICE_S,
// BENCH_SERVER_NODE_ARGS, BENCH_SERVER_ENTRY (a prebuilt server, for A/B runs), BENCH_TRACE_DIR (a
// timeline of the measured part for trace-report.ts: trace.ts), BENCH_PG_SETTINGS (trace.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, startThrowawayPostgres } from '@levelfield/db/testing';
import pg from 'pg';
import { newId } from '../src/ids.ts';
import { appDir, createToken, HISTOGRAM, seedFixture, spawnServer } from '../test/fixtures.ts';
import {
  Agent,
  benchCpuSeconds,
  capacitySlice,
  cpuSeconds,
  createRun,
  FRAME_SUMMARY,
  loadAverage,
  log,
  median,
  PerSecond,
  percentile,
  postgresCpuSeconds,
  postmasterPid,
  round,
  sampleRollupLag,
  sleep,
  sustained,
  watch,
} from './harness.ts';
import { applyPostgresSettings, serverTraceArgs, startTrace } from './trace.ts';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100);
const SERIES = Number(process.env.BENCH_SERIES ?? 120);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
/** Seconds of agent traffic before the measured DURATION_S (series creation, JIT, plans). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const WATCHED = Number(process.env.BENCH_WATCHED ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 5);

/** CPU of the ingest API, PostgreSQL and this load generator, in µs per frame. */
function cpuShares(frames: number, ingest: number, postgres: number, bench: number): string {
  const us = (seconds: number) => round((seconds / frames) * 1e6);
  return `CPU per frame: ingest-api ${us(ingest)} µs, PostgreSQL ${us(postgres)} µs, load generator ${us(bench)} µs`;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Raw multi-row INSERT of the same rows (same batch size) into the same table, 2 connections. */
async function baselineSlice(
  pool: pg.Pool,
  seriesIds: string[],
  from: number,
  seconds: number,
): Promise<number[]> {
  const histogram = Buffer.from(HISTOGRAM, 'base64');
  const columns = 15;
  const placeholders = seriesIds
    .map((_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(',')})`)
    .join(',');
  const sql = `INSERT INTO frames (series_id, seq, start_at, end_at, warmup, count, min, max, mean, p50, p90, p95, p99, p999, histogram) VALUES ${placeholders}`;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const perSecond = new PerSecond(start);
  let seq = from;
  const worker = async () => {
    while (performance.now() < deadline) {
      const mySeq = seq++;
      const startMs = Date.now() - 1000;
      const f = FRAME_SUMMARY;
      const params = seriesIds.flatMap((id) => [
        id,
        mySeq,
        new Date(startMs),
        new Date(startMs + 1000),
        false,
        f.count,
        f.min,
        f.max,
        f.mean,
        f.p50,
        f.p90,
        f.p95,
        f.p99,
        f.p999,
        histogram,
      ]);
      await pool.query(sql, params);
      perSecond.add(seriesIds.length);
    }
  };
  await Promise.all([worker(), worker()]);
  return perSecond.rates(deadline);
}

/** The server's own batch-duration histogram, as "≤bound:count" pairs. */
function serverBatchHistogram(metrics: string): string {
  return [...metrics.matchAll(/levelfield_ingest_batch_duration_seconds_bucket\{le="([^"]+)"\} (\d+)/g)]
    .map((m) => `≤${m[1]}:${m[2]}`)
    .join(' ');
}

function loopDelay(metrics: string): string {
  return [...metrics.matchAll(/levelfield_event_loop_delay_seconds\{quantile="([^"]+)"\} (\S+)/g)]
    .map((m) => `q${m[1]}=${round(Number(m[2]), 3)}`)
    .join(' ');
}

async function main(): Promise<void> {
  // BENCH_SERVER_ENTRY: a server built before (another build's main.mjs, with its merge-thread.mjs
  // beside it) instead of building this one, for A/B runs of two builds in one session.
  const entry = process.env.BENCH_SERVER_ENTRY;
  if (!entry) execFileSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
  const postgres = process.env.LEVELFIELD_TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
  if (postgres) process.env.LEVELFIELD_TEST_DATABASE_URL = postgres.url;
  await applyPostgresSettings(process.env.LEVELFIELD_TEST_DATABASE_URL!);
  const database = await createTestDatabase('bench');
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const server = await spawnServer(
    database.url,
    {},
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []), ...serverTraceArgs()],
    ...(entry ? [path.resolve(entry)] : []),
  );
  const pid = server.process.pid!;
  // Only this PostgreSQL's CPU: other sessions' servers run on the same machine.
  const postmaster = await postmasterPid(database.ownerUrl);
  const loadBefore = loadAverage();
  try {
    const fixture = await seedFixture(database.url);
    log(
      `sustained: ${AGENTS} agents × ${SERIES} series, 1 batch/s each for ${WARMUP_S} s of warm-up, then ${DURATION_S} s measured → ` +
        `${AGENTS * SERIES} frames/s offered, ${WATCHED} runs watched; load average ${loadBefore.join(' ')}`,
    );
    const runs = await Promise.all(
      Array.from({ length: AGENTS }, () => createRun(server.url, fixture.token)),
    );
    const agents = runs.map((id) => new Agent(server.url, fixture.token, id, SERIES));
    const liveMs: number[] = [];
    const unwatch = await Promise.all(
      runs.slice(0, WATCHED).map((id) => watch(`${server.url}/v1/runs/${id}/live`, liveMs)),
    );

    let rss = 0;
    const rssTimer = setInterval(() => {
      rss = Math.max(rss, rssMb(pid));
    }, 1000);
    const acks: number[] = [];
    const lagS: number[] = [];
    let stopLag: (() => Promise<void>) | undefined;
    let stopTrace = async () => {};
    let cpu = cpuSeconds(pid);
    let pgCpu = postgresCpuSeconds(postmaster);
    let ownCpu = benchCpuSeconds();
    const steady = await sustained(agents, { warmupS: WARMUP_S, durationS: DURATION_S }, acks, () => {
      liveMs.length = 0;
      cpu = cpuSeconds(pid);
      pgCpu = postgresCpuSeconds(postmaster);
      ownCpu = benchCpuSeconds();
      stopLag = sampleRollupLag(database.url, lagS);
      stopTrace = startTrace(database.ownerUrl);
    });
    await stopLag?.();
    await stopTrace();
    log(
      `rollup lag per 10 s (max, s): ${Array.from({ length: Math.ceil(lagS.length / 10) }, (_, i) =>
        round(Math.max(...lagS.slice(i * 10, i * 10 + 10))),
      ).join(' ')}`,
    );
    const sustainedCpu = cpuSeconds(pid) - cpu;
    log(
      `sustained: ${cpuShares(steady.frames, sustainedCpu, postgresCpuSeconds(postmaster) - pgCpu, benchCpuSeconds() - ownCpu)}`,
    );
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    log(`server-side batch durations since start (cumulative, s): ${serverBatchHistogram(metrics)}`);
    log(`server event loop delay over the run (s): ${loopDelay(metrics)}`);
    await sleep(300);
    for (const stop of unwatch) stop();
    const framesPerS = steady.frames / steady.seconds;
    log(
      `sustained: stored ${steady.frames} frames in ${round(steady.seconds)} s (${Math.round(framesPerS)}/s); ` +
        `ingest-api used ${round(sustainedCpu)} CPU s (${round((sustainedCpu / steady.frames) * 1e6)} µs per frame)`,
    );

    // Capacity and baseline, alternating, each on its own runs / series.
    const pool = new pg.Pool({ connectionString: database.url, max: 2, options: '-c TimeZone=UTC' });
    // Back to back, each agent is a client of its own: a token of its own keeps the per-token
    // rate limit (sized for agents posting once a second) out of what capacity measures.
    const capacityAgents = await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const token = await createToken(pool, fixture.projectId, ['ingest']);
        return new Agent(server.url, token, await createRun(server.url, token), SERIES);
      }),
    );
    const seriesIds = Array.from({ length: SERIES }, () => newId());
    await pool.query(
      `INSERT INTO series (id, run_id, name, kind, unit, labels_key)
       SELECT id, $1, 'baseline', 'latency', 'us', id FROM unnest($2::text[]) AS id`,
      [runs[0], seriesIds],
    );
    const capacityRates: number[] = [];
    const baselineRates: number[] = [];
    let capacityFrames = 0;
    let capacityCpu = 0;
    let capacityPgCpu = 0;
    let capacityOwnCpu = 0;
    for (let r = 0; r < ROUNDS; r += 1) {
      const baseline = await baselineSlice(pool, seriesIds, r * 1_000_000, SLICE_S);
      baselineRates.push(...baseline);
      cpu = cpuSeconds(pid);
      pgCpu = postgresCpuSeconds(postmaster);
      ownCpu = benchCpuSeconds();
      const capacity = await capacitySlice(capacityAgents, SLICE_S);
      capacityCpu += cpuSeconds(pid) - cpu;
      capacityPgCpu += postgresCpuSeconds(postmaster) - pgCpu;
      capacityOwnCpu += benchCpuSeconds() - ownCpu;
      capacityRates.push(...capacity);
      capacityFrames += capacity.reduce((a, b) => a + b, 0);
      log(`round ${r + 1}: baseline ${baseline.join(' ')} rows/s; ingest ${capacity.join(' ')} frames/s`);
    }
    // What PostgreSQL did besides the inserts (checkpoints and autovacuum stall commits now and then).
    const pgStats = await pool.query(
      `SELECT (SELECT num_timed + num_requested FROM pg_stat_checkpointer) AS checkpoints,
              (SELECT autovacuum_count + autoanalyze_count FROM pg_stat_user_tables WHERE relname = 'frames') AS autovacuums,
              (SELECT pg_size_pretty(sum(pg_total_relation_size(relid))) FROM pg_partition_tree('frames')) AS frames_size`,
    );
    log(`PostgreSQL: ${JSON.stringify(pgStats.rows[0])}`);
    await pool.end();
    for (const agent of [...agents, ...capacityAgents]) agent.close();
    log(`capacity: ${cpuShares(capacityFrames, capacityCpu, capacityPgCpu, capacityOwnCpu)}`);
    const capacity = median(capacityRates);
    const baseline = median(baselineRates);
    const after = await (await fetch(`${server.url}/metrics`)).text();
    const pending = Number(/levelfield_rollup_pending_buckets (\d+)/.exec(after)?.[1] ?? Number.NaN);
    const loadAfter = loadAverage();
    log(
      `capacity: median ${Math.round(capacity)} frames/s at ${CONCURRENCY} concurrent agents ` +
        `(${round((capacityCpu / capacityFrames) * 1e6)} µs ingest-api CPU per frame); baseline median ` +
        `${Math.round(baseline)} rows/s; rollup buckets pending ${pending}; load average ${loadAfter.join(' ')}`,
    );
    console.log(
      JSON.stringify({
        frames_per_s: Math.round(framesPerS),
        ack_p50_ms: round(percentile(acks, 50)),
        ack_p99_ms: round(percentile(acks, 99)),
        baseline_rows_per_s: Math.round(baseline),
        ratio_to_baseline: round(capacity / baseline, 2),
        live_p99_ms: round(percentile(liveMs, 99)),
        rollup_lag_p99_s: round(percentile(lagS, 99)),
        rss_mb: round(rss),
        capacity_frames_per_s: Math.round(capacity),
        offered_frames_per_s: AGENTS * SERIES,
        warmup_s: WARMUP_S,
        server_cpu_us_per_frame: round((sustainedCpu / steady.frames) * 1e6),
        load_average: [loadBefore[0], loadAfter[0]],
      }),
    );
    clearInterval(rssTimer);
  } finally {
    // A server that died mid-run shows up as refused connections: say why it died.
    if (server.process.exitCode !== null || server.process.signalCode !== null)
      log(
        `the ingest API exited (${server.process.exitCode ?? server.process.signalCode}): ${server.stderr.join('').slice(-4000)}`,
      );
    server.process.kill('SIGTERM');
    await server.exited;
    await database.drop();
    await postgres?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
