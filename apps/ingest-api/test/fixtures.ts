// Shared by the integration tests and the benchmark: a migrated database with projects and
// tokens, frame batches, a live-stream reader and a spawned server.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '@levelfield/db/testing';
import { generateToken, hashToken } from '@levelfield/db/tokens';
import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import pg from 'pg';
import { newId } from '../src/ids.ts';

export const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Fixture {
  organizationId: string;
  /** A user who is a member (viewer) of the organization of every project here. */
  memberUserId: string;
  projectId: string;
  privateProjectId: string;
  otherProjectId: string;
  /** scopes ingest + read, project "demo" (public) */
  token: string;
  /** project "internal" (private): ingest only, read only */
  privateToken: string;
  privateReadToken: string;
  readOnlyToken: string;
  revokedToken: string;
  otherToken: string;
  /** project "other" (public), read only */
  otherReadToken: string;
}

/** A new API token of the project: its secret (only its digest is stored). */
export async function createToken(
  client: pg.Client | pg.Pool,
  projectId: string,
  scopes: string[],
  revoked = false,
): Promise<string> {
  const secret = generateToken();
  await client.query(
    `INSERT INTO api_tokens (id, project_id, name, token_hash, prefix, scopes, revoked_at)
     VALUES ($1, $2, 'test', $3, $4, $5, $6)`,
    [newId(), projectId, hashToken(secret), secret.slice(0, 7), scopes, revoked ? new Date() : null],
  );
  return secret;
}

export async function seedFixture(url: string): Promise<Fixture> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const org = newId();
    await client.query(`INSERT INTO organizations (id, slug, name) VALUES ($1, 'acme', 'Acme')`, [org]);
    const project = async (slug: string, visibility: string) => {
      const id = newId();
      await client.query(
        `INSERT INTO projects (id, organization_id, slug, name, visibility) VALUES ($1, $2, $3, $3, $4::"Visibility")`,
        [id, org, slug, visibility],
      );
      return id;
    };
    const token = (projectId: string, scopes: string[], revoked = false) =>
      createToken(client, projectId, scopes, revoked);
    const memberUserId = newId();
    await client.query(`INSERT INTO users (id, email) VALUES ($1, 'member@acme.test')`, [memberUserId]);
    await client.query(
      `INSERT INTO memberships (id, organization_id, user_id, role) VALUES ($1, $2, $3, 'viewer')`,
      [newId(), org, memberUserId],
    );
    const projectId = await project('demo', 'public');
    const privateProjectId = await project('internal', 'private');
    const otherProjectId = await project('other', 'public');
    return {
      organizationId: org,
      memberUserId,
      projectId,
      privateProjectId,
      otherProjectId,
      token: await token(projectId, ['ingest', 'read']),
      privateToken: await token(privateProjectId, ['ingest']),
      privateReadToken: await token(privateProjectId, ['read']),
      readOnlyToken: await token(projectId, ['read']),
      revokedToken: await token(projectId, ['ingest'], true),
      otherToken: await token(otherProjectId, ['ingest']),
      otherReadToken: await token(otherProjectId, ['read']),
    };
  } finally {
    await client.end();
  }
}

export const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

/** An empty histogram of the agent's geometry: 1 µs to an hour, 3 significant digits. */
function agentHistogram(): Histogram {
  return new Histogram({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    significantFigures: 3,
  });
}

/** Base64 of the compressed V2 encoding of these values, 3 significant digits as the agent records. */
export function histogramOf(values: Iterable<number>): string {
  const h = agentHistogram();
  for (const value of values) h.recordValue(value);
  return encodeBase64(h);
}

/** An interval histogram holding `count` samples of one value (counts past any test's arrays). */
export function histogramHolding(value: number, count: number): string {
  const h = agentHistogram();
  h.recordValue(value, count);
  return encodeBase64(h);
}

/** `samples` latencies in µs, log-normal around 800 µs, the same for the same seed. */
export function latencies(samples: number, seed = 1): number[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state + 1) / (2 ** 31 + 1);
  };
  return Array.from({ length: samples }, () => {
    const z = Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
    return Math.max(1, Math.round(Math.exp(6.7 + 0.9 * z)));
  });
}

/** A realistic interval histogram: 1,000 latencies (≈ 900 base64 characters). */
export const HISTOGRAM = histogramOf(latencies(1000));

const histograms = new Map<number, string>([[1000, HISTOGRAM]]);
/**
 * The samples a test frame's histogram holds: its count, unless a test sends one no histogram
 * could hold (a frame refused for it anyway), then the 1,000 of HISTOGRAM.
 */
function sampleCount(count: unknown): number {
  return Number.isInteger(count) && (count as number) >= 0 && (count as number) <= 100_000
    ? (count as number)
    : 1000;
}

/** An interval histogram of `samples` latencies: a frame's count is its histogram's. */
export function histogramFor(samples: number): string {
  let encoded = histograms.get(samples);
  if (!encoded) {
    encoded = histogramOf(latencies(samples));
    histograms.set(samples, encoded);
  }
  return encoded;
}

export function runRequest(project = 'demo') {
  return {
    project,
    system: { name: 'postgresql', version: '17.2' },
    benchmark: { name: 'pgbench', version: '17.2' },
    labels: { clients: '8' },
    startedAt: T0,
  };
}

export function frame(series: string, seq: number, extra: Record<string, unknown> = {}) {
  return {
    series,
    seq,
    startMs: T0 + seq * 1000,
    endMs: T0 + (seq + 1) * 1000,
    count: 1000 + seq,
    min: 100,
    max: 9000,
    mean: 800.5,
    p50: 640,
    p90: 1300,
    p95: 1900,
    p99: 5200,
    p999: 8000,
    histogram: histogramFor(sampleCount(extra.count ?? 1000 + seq)),
    ...extra,
  };
}

/** seriesCount latency series, one frame each at seq. */
export function batch(seq: number, seriesCount = 3) {
  const keys = Array.from({ length: seriesCount }, (_, index) => `s${index}`);
  return {
    series: keys.map((key) => ({ key, name: 'latency', kind: 'latency', unit: 'us', labels: { txn: key } })),
    frames: keys.map((key) => frame(key, seq)),
  };
}

export interface Api {
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
}

export function api(url: string, defaultToken?: string): Api {
  return {
    url,
    async post(path, body, token = defaultToken) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: response.status, body: parsed };
    },
  };
}

export interface LiveEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary event data
  data: any;
}

/** Reads a live stream; `next(predicate)` resolves with the first matching event. */
export async function openLive(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers });
  const events: LiveEvent[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  const done = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          split = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {}
    ended = true;
    for (const wake of waiters.splice(0)) wake();
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    async next(predicate: (event: LiveEvent) => boolean, timeoutMs = 10_000): Promise<LiveEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (ended)
          throw new Error(
            `stream ended without the event; got ${JSON.stringify(events.map((e) => e.event))}`,
          );
        if (Date.now() > deadline) throw new Error('timed out waiting for a live event');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    get ended() {
      return ended;
    },
    async close() {
      controller.abort();
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 1000))]);
    },
  };
}

/** Whether Debian's nats-server (which `npm test` installs) is on PATH: the NATS suites need it. */
export const natsServerInstalled = (() => {
  try {
    execFileSync('nats-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * Starts Debian's nats-server on free local ports and waits until its monitor answers healthz.
 * Returns the client URL (for LEVELFIELD_NATS_URL), the monitor URL (subsz shows who subscribed)
 * and a stop function.
 */
export async function startNatsServer(): Promise<{ url: string; monitorUrl: string; stop(): Promise<void> }> {
  const [port, monitorPort] = [await freePort(), await freePort()];
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort)], {
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  const monitorUrl = `http://127.0.0.1:${monitorPort}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    const healthy = await fetch(`${monitorUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('nats-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    monitorUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface SpawnedServer {
  url: string;
  process: ChildProcess;
  stderr: string[];
  exited: Promise<number | null>;
}

/** Starts dist/main.mjs (built by the test global setup) and waits for its "listening" line. */
export async function spawnServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  entry = path.join(appDir, 'dist/main.mjs'),
): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: { ...process.env, DATABASE_URL: databaseUrl, INGEST_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line) as { event?: string; url?: string };
        if (message.event === 'listening' && message.url) resolve(message.url);
      } catch {}
    });
    exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${stderr.join('')}`)));
  });
  return { url, process: child, stderr, exited };
}
