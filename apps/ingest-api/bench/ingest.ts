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
// seq and timestamps are rewritten in place (fixed-width fields) before each post.
// The last line printed is the JSON result. Knobs: BENCH_AGENTS, BENCH_SERIES,
// BENCH_DURATION_S, BENCH_WARMUP_S, BENCH_WATCHED, BENCH_CONCURRENCY, BENCH_ROUNDS, BENCH_SLICE_S,
// BENCH_SERVER_NODE_ARGS.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createTestDatabase, startThrowawayPostgres } from '@levelfield/db/testing';
import pg from 'pg';
import { newId } from '../src/ids.ts';
import { appDir, createToken, HISTOGRAM, runRequest, seedFixture, spawnServer } from '../test/fixtures.ts';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100);
const SERIES = Number(process.env.BENCH_SERIES ?? 120);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
/** Seconds of agent traffic before the measured DURATION_S (series creation, JIT, plans). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const WATCHED = Number(process.env.BENCH_WATCHED ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 5);

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const median = (values: number[]) => percentile(values, 50);

/** User + system CPU seconds of a process (clock ticks are 1/100 s on Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds of PostgreSQL: every postgres process visible here (the throwaway server's,
 * normally), plus what exited backends used, which the postmaster's children's times hold.
 */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {}
  }
  return ticks / 100;
}

/** CPU of the ingest API, PostgreSQL and this load generator, in µs per frame. */
function cpuShares(frames: number, ingest: number, postgres: number, bench: number): string {
  const us = (seconds: number) => round((seconds / frames) * 1e6);
  return `CPU per frame: ingest-api ${us(ingest)} µs, PostgreSQL ${us(postgres)} µs, load generator ${us(bench)} µs`;
}

const benchCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const FRAME_SUMMARY = {
  count: 5000,
  min: 95,
  max: 18_400,
  mean: 812.4,
  p50: 640,
  p90: 1300,
  p95: 1900,
  p99: 5200,
  p999: 12_000,
};

const SEQ_WIDTH = 10;
const MS_WIDTH = 13;

/**
 * One agent's batch, JSON-encoded once. seq, startMs and endMs are fixed-width fields (JSON
 * allows the padding spaces) whose offsets are remembered, so a new batch is a few in-place
 * writes into the same buffer, which is not touched again until the previous post is answered.
 */
class PreparedBatch {
  readonly body: Buffer;
  private readonly seqAt: number[] = [];
  private readonly startAt: number[] = [];
  private readonly endAt: number[] = [];

  constructor(series: number) {
    const keys = Array.from({ length: series }, (_, i) => `s${i}`);
    const declarations = keys.map((key) => ({
      key,
      name: 'latency',
      kind: 'latency',
      unit: 'us',
      labels: { txn: key },
    }));
    const marker = (name: string, width: number) => `@${name}${'@'.repeat(width - name.length - 1)}`;
    const frames = keys.map((key) => ({
      series: key,
      seq: 0,
      startMs: 0,
      endMs: 0,
      ...FRAME_SUMMARY,
      histogram: HISTOGRAM,
    }));
    let text = JSON.stringify({ series: declarations, frames });
    text = text
      .replaceAll('"seq":0', `"seq":${marker('Q', SEQ_WIDTH)}`)
      .replaceAll('"startMs":0', `"startMs":${marker('S', MS_WIDTH)}`)
      .replaceAll('"endMs":0', `"endMs":${marker('E', MS_WIDTH)}`);
    for (const [name, width, offsets] of [
      ['Q', SEQ_WIDTH, this.seqAt],
      ['S', MS_WIDTH, this.startAt],
      ['E', MS_WIDTH, this.endAt],
    ] as const) {
      const needle = marker(name, width);
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) offsets.push(at);
    }
    this.body = Buffer.from(text, 'latin1');
  }

  set(seq: number, startMs: number): Buffer {
    const seqText = String(seq).padStart(SEQ_WIDTH, ' ');
    const startText = String(startMs).padStart(MS_WIDTH, ' ');
    const endText = String(startMs + 1000).padStart(MS_WIDTH, ' ');
    for (const at of this.seqAt) this.body.write(seqText, at, 'latin1');
    for (const at of this.startAt) this.body.write(startText, at, 'latin1');
    for (const at of this.endAt) this.body.write(endText, at, 'latin1');
    return this.body;
  }
}

/** One simulated agent: its own run, kept-alive socket and prepared batch. */
class Agent {
  private readonly socket = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly batch = new PreparedBatch(SERIES);
  private readonly options: http.RequestOptions;
  seq = 0;

  constructor(url: string, token: string, runId: string) {
    const target = new URL(`${url}/v1/runs/${runId}/frames`);
    this.options = {
      hostname: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      agent: this.socket,
      headers: {
        'content-type': 'application/json',
        'content-length': this.batch.body.length,
        authorization: `Bearer ${token}`,
      },
    };
  }

  /** Posts the next batch; resolves with the frames stored. */
  post(startMs: number): Promise<number> {
    const body = this.batch.set(this.seq++, startMs);
    return new Promise((resolve, reject) => {
      const request = http.request(this.options, (response) => {
        let text = '';
        response.setEncoding('latin1').on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`batch refused: ${response.statusCode} ${text}`));
          else resolve(Number(/"accepted":(\d+)/.exec(text)?.[1] ?? Number.NaN));
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A live subscriber that only reads acceptedAt of each frame event, at the chunk's arrival. */
function watch(url: string, latencies: number[]): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      if (response.statusCode !== 200) reject(new Error(`live stream refused: ${response.statusCode}`));
      let rest = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        const now = Date.now();
        const text = rest + chunk;
        const end = text.lastIndexOf('\n\n');
        rest = end >= 0 ? text.slice(end + 2) : text;
        const complete = end >= 0 ? text.slice(0, end) : '';
        for (const match of complete.matchAll(/"acceptedAt":(\d+)/g)) latencies.push(now - Number(match[1]));
      });
      resolve(() => request.destroy());
    });
    request.on('error', reject);
  });
}

/**
 * Every second until stopped: how long ago the oldest closed (run, minute) bucket still pending
 * closed, in s (0 when none is). Read from the table the instances claim from (rollup/sql.ts).
 */
function sampleRollupLag(url: string, samples: number[]): () => Promise<void> {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  const timer = setInterval(() => {
    void connected
      .then(() =>
        client.query<{ lag: number }>(
          `SELECT coalesce(extract(epoch FROM now() - (min(bucket_start) + interval '60 seconds')), 0)::float8 AS lag
             FROM pending_rollups WHERE bucket_start + interval '60 seconds' <= now()`,
        ),
      )
      .then(({ rows }) => samples.push(rows[0]!.lag))
      .catch((error: unknown) => log(`rollup lag sample failed: ${String(error)}`));
  }, 1000);
  return async () => {
    clearInterval(timer);
    await client.end();
  };
}

/** Counts per whole second since `start`. */
class PerSecond {
  private readonly counts: number[] = [];
  constructor(private readonly start: number) {}
  add(n: number, at = performance.now()): void {
    const second = Math.floor((at - this.start) / 1000);
    this.counts[second] = (this.counts[second] ?? 0) + n;
  }
  /** Complete seconds only (the last, partial one is left out). */
  rates(until = performance.now()): number[] {
    const full = Math.floor((until - this.start) / 1000);
    return Array.from({ length: full }, (_, i) => this.counts[i] ?? 0);
  }
}

async function sustained(
  agents: Agent[],
  acks: number[],
  onMeasuring: () => void,
): Promise<{ frames: number; seconds: number }> {
  /** Ack latencies per 10 s of schedule: shows whether the server fell behind or only jittered. */
  const windows: number[][] = Array.from({ length: Math.ceil(DURATION_S / 10) }, () => []);
  const t0 = Date.now() + 500;
  const measuredFrom = performance.now() + 500 + WARMUP_S * 1000;
  let frames = 0;
  let lastAck = measuredFrom;
  const measuring = setTimeout(onMeasuring, measuredFrom - performance.now());
  await Promise.all(
    agents.map(async (agent, i) => {
      const offset = Math.floor((i * 1000) / agents.length);
      for (let s = -WARMUP_S; s < DURATION_S; s += 1) {
        const due = t0 + offset + (s + WARMUP_S) * 1000;
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        const sent = performance.now();
        const stored = await agent.post(due - 1000);
        if (s < 0) continue;
        frames += stored;
        lastAck = performance.now();
        acks.push(lastAck - sent);
        windows[Math.min(Math.floor(s / 10), windows.length - 1)]!.push(lastAck - sent);
      }
    }),
  );
  clearTimeout(measuring);
  log(
    `ack p50/p99 per 10 s: ${windows.map((w) => `${round(percentile(w, 50))}/${round(percentile(w, 99))}`).join(' ')} ms`,
  );
  return { frames, seconds: (lastAck - measuredFrom) / 1000 };
}

/** Closed loop for `seconds`: each agent posts its next batch as soon as the last is answered. */
async function capacitySlice(agents: Agent[], seconds: number): Promise<number[]> {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const perSecond = new PerSecond(start);
  await Promise.all(
    agents.map(async (agent) => {
      while (performance.now() < deadline) {
        const stored = await agent.post(Date.now() - 1000);
        perSecond.add(stored);
      }
    }),
  );
  return perSecond.rates(deadline);
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

async function createRun(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/v1/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(runRequest()),
  });
  return ((await response.json()) as { id: string }).id;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
  const postgres = process.env.LEVELFIELD_TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
  if (postgres) process.env.LEVELFIELD_TEST_DATABASE_URL = postgres.url;
  const database = await createTestDatabase('bench');
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const server = await spawnServer(database.url, {}, process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []);
  const pid = server.process.pid!;
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
    const agents = runs.map((id) => new Agent(server.url, fixture.token, id));
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
    let cpu = cpuSeconds(pid);
    let pgCpu = postgresCpuSeconds();
    let ownCpu = benchCpuSeconds();
    const steady = await sustained(agents, acks, () => {
      liveMs.length = 0;
      cpu = cpuSeconds(pid);
      pgCpu = postgresCpuSeconds();
      ownCpu = benchCpuSeconds();
      stopLag = sampleRollupLag(database.url, lagS);
    });
    await stopLag?.();
    log(
      `rollup lag per 10 s (max, s): ${Array.from({ length: Math.ceil(lagS.length / 10) }, (_, i) =>
        round(Math.max(...lagS.slice(i * 10, i * 10 + 10))),
      ).join(' ')}`,
    );
    const sustainedCpu = cpuSeconds(pid) - cpu;
    log(
      `sustained: ${cpuShares(steady.frames, sustainedCpu, postgresCpuSeconds() - pgCpu, benchCpuSeconds() - ownCpu)}`,
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
        return new Agent(server.url, token, await createRun(server.url, token));
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
      pgCpu = postgresCpuSeconds();
      ownCpu = benchCpuSeconds();
      const capacity = await capacitySlice(capacityAgents, SLICE_S);
      capacityCpu += cpuSeconds(pid) - cpu;
      capacityPgCpu += postgresCpuSeconds() - pgCpu;
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
