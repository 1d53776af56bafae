// npm run bench:ingest — the ingest API (dist/main.mjs, its own process) against a throwaway
// PostgreSQL on this machine; AGENTS simulated agents each post one batch per second (one frame
// per series) for DURATION_S seconds; some runs are watched live. Then the same rows go into
// the same table by raw multi-row INSERT, as the baseline. The last line printed is the JSON
// result. Knobs: BENCH_AGENTS, BENCH_SERIES, BENCH_DURATION_S, BENCH_WATCHED.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createTestDatabase, startThrowawayPostgres } from '@levelfield/db/testing';
import pg from 'pg';
import { newId } from '../src/ids.ts';
import { appDir, HISTOGRAM, openLive, runRequest, seedFixture, spawnServer } from '../test/fixtures.ts';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100);
const SERIES = Number(process.env.BENCH_SERIES ?? 120);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const WATCHED = Number(process.env.BENCH_WATCHED ?? 10);
const BASELINE_S = 10;

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function frameRow(seq: number, startMs: number) {
  return {
    seq,
    startMs,
    endMs: startMs + 1000,
    count: 5000 + (seq % 97),
    min: 95,
    max: 18_400,
    mean: 812.4,
    p50: 640,
    p90: 1300,
    p95: 1900,
    p99: 5200,
    p999: 12_000,
  };
}

function batchBody(seq: number, startMs: number): string {
  const series = Array.from({ length: SERIES }, (_, i) => ({
    key: `s${i}`,
    name: 'latency',
    kind: 'latency',
    unit: 'us',
    labels: { txn: `t${i}` },
  }));
  const frames = series.map((s) => ({ series: s.key, ...frameRow(seq, startMs), histogram: HISTOGRAM }));
  return JSON.stringify({ series, frames });
}

/** User + system CPU seconds of a process (clock ticks are 1/100 s on Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** node:http with one kept-alive socket per agent: cheaper for the client than fetch on a shared 2 cores. */
function post(
  agent: http.Agent,
  url: string,
  token: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function agent(
  url: string,
  token: string,
  runId: string,
  offsetMs: number,
  t0: number,
  acks: number[],
) {
  const socket = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let frames = 0;
  for (let seq = 0; seq < DURATION_S; seq += 1) {
    const due = t0 + offsetMs + seq * 1000;
    if (due > Date.now()) await sleep(due - Date.now());
    const body = batchBody(seq, due - 1000);
    const sent = performance.now();
    const response = await post(socket, `${url}/v1/runs/${runId}/frames`, token, body);
    acks.push(performance.now() - sent);
    if (response.status !== 200) throw new Error(`batch refused: ${response.status} ${response.text}`);
    frames += (JSON.parse(response.text) as { accepted: number }).accepted;
  }
  socket.destroy();
  return frames;
}

/** Raw multi-row INSERT of the same rows (same batch size) into the same table, 2 connections. */
async function baseline(databaseUrl: string, runId: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const histogram = Buffer.from(HISTOGRAM, 'base64');
  const seriesIds = Array.from({ length: SERIES }, () => newId());
  await pool.query(
    `INSERT INTO series (id, run_id, name, kind, unit, labels_key)
     SELECT id, $1, 'baseline', 'latency', 'us', id FROM unnest($2::text[]) AS id`,
    [runId, seriesIds],
  );
  const columns = 15;
  const placeholders = seriesIds
    .map((_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(',')})`)
    .join(',');
  const sql = `INSERT INTO frames (series_id, seq, start_at, end_at, warmup, count, min, max, mean, p50, p90, p95, p99, p999, histogram) VALUES ${placeholders}`;
  let rows = 0;
  let seq = 0;
  const deadline = performance.now() + BASELINE_S * 1000;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      const mySeq = seq++;
      const f = frameRow(mySeq, Date.UTC(2026, 0, 1) + mySeq * 1000);
      const params = seriesIds.flatMap((id) => [
        id,
        f.seq,
        new Date(f.startMs),
        new Date(f.endMs),
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
      rows += seriesIds.length;
    }
  };
  await Promise.all([worker(), worker()]);
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return rows / seconds;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
  const postgres = process.env.LEVELFIELD_TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
  if (postgres) process.env.LEVELFIELD_TEST_DATABASE_URL = postgres.url;
  const database = await createTestDatabase('bench');
  const server = await spawnServer(database.url);
  try {
    const fixture = await seedFixture(database.url);
    log(
      `${AGENTS} agents × ${SERIES} series, 1 batch/s each, ${DURATION_S} s → ${AGENTS * SERIES} frames/s offered`,
    );
    const runs: string[] = [];
    for (let i = 0; i < AGENTS; i += 1) {
      const response = await fetch(`${server.url}/v1/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fixture.token}` },
        body: JSON.stringify(runRequest()),
      });
      runs.push(((await response.json()) as { id: string }).id);
    }
    const liveMs: number[] = [];
    const watchers = await Promise.all(
      runs.slice(0, WATCHED).map(async (id) => {
        const live = await openLive(`${server.url}/v1/runs/${id}/live`);
        return live;
      }),
    );
    // Live latency: arrival here minus the server's acceptance time (same machine, same clock).
    const liveTimer = setInterval(() => {
      for (const watcher of watchers) {
        for (const event of watcher.events.splice(0)) {
          if (event.event === 'frame') liveMs.push(Date.now() - event.data.acceptedAt);
        }
      }
    }, 5);

    const acks: number[] = [];
    let rss = 0;
    const rssTimer = setInterval(() => {
      rss = Math.max(rss, rssMb(server.process.pid!));
    }, 1000);
    const cpuBefore = cpuSeconds(server.process.pid!);
    const t0 = Date.now() + 500;
    const totals = await Promise.all(
      runs.map((id, i) => agent(server.url, fixture.token, id, Math.floor((i * 1000) / AGENTS), t0, acks)),
    );
    const elapsed = (Date.now() - t0) / 1000;
    clearInterval(rssTimer);
    await sleep(300);
    clearInterval(liveTimer);
    for (const watcher of watchers) await watcher.close();
    const frames = totals.reduce((sum, n) => sum + n, 0);
    const cpu = cpuSeconds(server.process.pid!) - cpuBefore;
    log(
      `stored ${frames} frames in ${round(elapsed)} s; ingest-api used ${round(cpu)} CPU s ` +
        `(${round((cpu / frames) * 1e6)} µs per frame); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
    );
    log(`measuring the raw INSERT baseline for ${BASELINE_S} s`);
    const baselineRows = await baseline(database.url, runs[0]!);
    const framesPerS = frames / elapsed;
    console.log(
      JSON.stringify({
        frames_per_s: Math.round(framesPerS),
        ack_p50_ms: round(percentile(acks, 50)),
        ack_p99_ms: round(percentile(acks, 99)),
        baseline_rows_per_s: Math.round(baselineRows),
        ratio_to_baseline: round(framesPerS / baselineRows, 2),
        live_p99_ms: round(percentile(liveMs, 99)),
        rss_mb: round(rss),
      }),
    );
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
