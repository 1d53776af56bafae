// The load generator and measuring helpers the ingest benchmarks share (bench:ingest; the root's
// bench:scale and bench:storage): simulated agents that post prepared 1-s batches, a live
// subscriber, the rollup lag sampler, open-loop (one batch per agent per second) and closed-loop
// (back to back) load.
// The load generator shares the 2 cores with what it measures, so it is cheap: each agent's body
// is encoded once and only its seq and timestamps are rewritten in place (fixed-width fields)
// before each post.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { HISTOGRAM, runRequest } from '../test/fixtures.ts';
import { emit } from './trace.ts';

export const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
/** The 1-, 5- and 15-minute load averages: every figure is reported beside them (shared machine). */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
export const median = (values: number[]) => percentile(values, 50);

/** User + system CPU seconds of a process (clock ticks are 1/100 s on Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds of PostgreSQL: with `postmaster`, that server and its children (backends, the
 * checkpointer, …; what exited backends used is in the postmaster's children's times); without,
 * every postgres process visible here, which on a shared machine includes other people's.
 */
export function postgresCpuSeconds(postmaster?: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // fields[1] is the parent's pid.
      if (postmaster !== undefined && Number(entry) !== postmaster && Number(fields[1]) !== postmaster)
        continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {}
  }
  return ticks / 100;
}

/** The pid of the postmaster of the PostgreSQL at `url` (the parent of this connection's backend). */
export async function postmasterPid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return Number(readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } finally {
    await client.end();
  }
}

export const benchCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** The figures of each benchmark frame; its count is HISTOGRAM's samples, as the API checks. */
export const FRAME_SUMMARY = {
  count: 1000,
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

/** One simulated agent: its own run, kept-alive socket and prepared batch of `series` frames. */
export class Agent {
  private readonly socket = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly batch: PreparedBatch;
  private readonly options: http.RequestOptions;
  seq = 0;

  constructor(url: string, token: string, runId: string, series: number) {
    this.batch = new PreparedBatch(series);
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

/**
 * A live subscriber (an SSE client of the ingest API's live stream, as a page's EventSource is)
 * that only reads acceptedAt (and endMs) of each frame event, at the chunk's arrival: pushes
 * arrival − acceptance (PostgreSQL's clock at insert; same machine, same clock) per frame to
 * `latencies` and, when given, arrival − the interval's end (the simulated agent sends an interval
 * as it ends) to `fromEnd`.
 */
export function watch(url: string, latencies: number[], fromEnd?: number[]): Promise<() => void> {
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
        if (fromEnd)
          for (const match of complete.matchAll(/"endMs":(\d+)/g)) fromEnd.push(now - Number(match[1]));
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
export function sampleRollupLag(url: string, samples: number[]): () => Promise<void> {
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
export class PerSecond {
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

/**
 * Open loop: each agent posts one batch a second (agents staggered over the second) for
 * `warmupS` unmeasured seconds, then `durationS` measured ones; `onMeasuring` is called when the
 * measured part begins. Pushes each measured post's ack latency (send → response) to `acks`.
 */
export async function sustained(
  agents: Agent[],
  { warmupS, durationS }: { warmupS: number; durationS: number },
  acks: number[],
  onMeasuring: () => void = () => {},
): Promise<{ frames: number; seconds: number }> {
  /** Ack latencies per 10 s of schedule: shows whether the server fell behind or only jittered. */
  const windows: number[][] = Array.from({ length: Math.ceil(durationS / 10) }, () => []);
  const t0 = Date.now() + 500;
  const measuredFrom = performance.now() + 500 + warmupS * 1000;
  let frames = 0;
  let lastAck = measuredFrom;
  const measuring = setTimeout(onMeasuring, measuredFrom - performance.now());
  await Promise.all(
    agents.map(async (agent, i) => {
      const offset = Math.floor((i * 1000) / agents.length);
      for (let s = -warmupS; s < durationS; s += 1) {
        const due = t0 + offset + (s + warmupS) * 1000;
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        const sent = performance.now();
        const stored = await agent.post(due - 1000);
        if (s < 0) continue;
        frames += stored;
        lastAck = performance.now();
        acks.push(lastAck - sent);
        emit({ t: 'ack', at: Math.round(performance.timeOrigin + sent), ms: round(lastAck - sent) });
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
export async function capacitySlice(agents: Agent[], seconds: number): Promise<number[]> {
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

/** A new run of the fixture's project, created through the ingest API at `url`. */
export async function createRun(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/v1/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(runRequest()),
  });
  return ((await response.json()) as { id: string }).id;
}
