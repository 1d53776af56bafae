// Acceptance (issue 4): stopping the ingest API for 30 s in the middle of a run loses no frame and
// duplicates none. The real agent streams a ~50 s StatsD-fed run to the real ingest API
// (apps/ingest-api/dist/main.mjs) on a real PostgreSQL; the API is killed 10 s in and started
// again on the same port 30 s later; then the stored sequence numbers are checked.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken, hashToken } from '../packages/db/src/tokens.ts';
import { statsdHarness } from './statsd-harness.ts';

const repoDir = path.resolve(import.meta.dirname, '..');
const agentsDir = path.join(repoDir, 'agents');
const agentBin = path.join(agentsDir, 'bin/levelfield-agent');
const ingestMain = path.join(repoDir, 'apps/ingest-api/dist/main.mjs');

const RUN_SECONDS = 50;
const OUTAGE_AT_MS = 10_000;
const OUTAGE_MS = 30_000;

/** `npm test` builds the agent first; run alone, the test builds it. */
function ensureAgent(): void {
  if (existsSync(agentBin)) return;
  const build = spawnSync('go', ['build', '-o', 'bin/levelfield-agent', './cmd/levelfield-agent'], {
    cwd: agentsDir,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`go build of the agent failed:\n${build.stderr}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Ingest {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

/** Starts the ingest API on a fixed port and waits for its "listening" line. */
async function startIngest(databaseUrl: string, port: number): Promise<Ingest> {
  const child = spawn(process.execPath, [ingestMain], {
    env: { ...process.env, DATABASE_URL: databaseUrl, INGEST_HOST: '127.0.0.1', INGEST_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const message = JSON.parse(line) as { event?: string; url?: string };
        if (message.event === 'listening' && message.url) resolve(message.url);
      } catch {}
    });
    exited.then(() => reject(new Error(`ingest API exited before listening:\n${stderr}`)));
  });
  return { child, url, exited };
}

/** A harness that reports two timers every 100 ms for RUN_SECONDS and prints how many it sent. */
const HARNESS = statsdHarness({
  seconds: RUN_SECONDS,
  everyMs: 100,
  lines: `'outage.latency:' + (1 + (sent % 17) / 3).toFixed(3) + '|ms|#op:read\\noutage.other:2|ms|#op:write'`,
});

let postgres: { stop(): Promise<void> } | undefined;
let database: { url: string; drop(): Promise<void> };
let token: string;
let work: string;

beforeAll(async () => {
  ensureAgent();
  work = mkdtempSync(path.join(tmpdir(), 'lf-agent-outage-'));
  const testing = await import('../packages/db/src/testing.ts');
  // `npm test` passes its PostgreSQL; run alone, the test starts a throwaway one.
  postgres = await testing.useTestPostgres();
  database = await testing.createTestDatabase('agent_outage');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    token = generateToken();
    await client.query(`INSERT INTO organizations (id, slug, name) VALUES ('corgoutage', 'acme', 'Acme')`);
    await client.query(
      `INSERT INTO projects (id, organization_id, slug, name, visibility)
       VALUES ('cprojoutage', 'corgoutage', 'demo', 'Demo', 'private')`,
    );
    await client.query(
      `INSERT INTO api_tokens (id, project_id, name, token_hash, prefix, scopes)
       VALUES ('ctokenoutage', 'cprojoutage', 'agent', $1, $2, $3)`,
      [hashToken(token), token.slice(0, 7), ['ingest', 'read']],
    );
  } finally {
    await client.end();
  }
}, 120_000);

afterAll(async () => {
  await database?.drop();
  await postgres?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('levelfield-agent during an ingest API outage', () => {
  it.skipIf(!existsSync(ingestMain))(
    'loses no frame and duplicates none when the API is away for 30 s',
    async () => {
      const { freePort } = await import('../packages/db/src/testing.ts');
      const port = await freePort();
      let ingest = await startIngest(database.url, port);
      const started = Date.now();
      const agent = spawn(
        agentBin,
        [
          'run',
          '--server',
          ingest.url,
          '--project',
          'demo',
          '--adapter',
          'statsd',
          '--adapter-opt',
          'addr=127.0.0.1:0',
          '--interval',
          '1s',
          '--no-cloud',
          '--spool',
          path.join(work, 'spool'),
          '--drain-timeout',
          '30s',
          '--',
          process.execPath,
          '-e',
          HARNESS,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LEVELFIELD_TOKEN: token } },
      );
      let stdout = '';
      let stderr = '';
      agent.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      agent.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const agentExit = new Promise<number | null>((resolve) => agent.once('exit', (code) => resolve(code)));
      try {
        await sleep(OUTAGE_AT_MS - (Date.now() - started));
        // A crash, not a graceful stop: a batch in flight may be stored without its answer
        // reaching the agent, which then replays it.
        ingest.child.kill('SIGKILL');
        await ingest.exited;
        const down = Date.now();
        await sleep(OUTAGE_MS);
        ingest = await startIngest(database.url, port);
        const outageMs = Date.now() - down;
        expect(outageMs).toBeGreaterThanOrEqual(OUTAGE_MS);

        const code = await agentExit;
        expect(code, stderr).toBe(0);
        expect(stderr).toContain('ingest API unavailable');
        expect(stderr).not.toContain('requests not yet delivered');
        const sent = JSON.parse(stdout.trim().split('\n').pop() ?? '{}').sent as number;
        expect(sent).toBeGreaterThan(RUN_SECONDS * 9);

        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows: runs } = await client.query<{ id: string; status: string; seconds: number }>(
            `SELECT id, status::text AS status, extract(epoch FROM ended_at - started_at)::float8 AS seconds FROM runs`,
          );
          expect(runs).toHaveLength(1);
          const run = runs[0]!;
          expect(run.status).toBe('succeeded');
          const { rows: series } = await client.query<{
            name: string;
            labels: string;
            frames: number;
            distinct_seqs: number;
            min_seq: number;
            max_seq: number;
            samples: string;
            outage_frames: number;
          }>(
            `SELECT s.name, s.labels::text AS labels, count(*)::int AS frames, count(DISTINCT f.seq)::int AS distinct_seqs,
                    min(f.seq) AS min_seq, max(f.seq) AS max_seq, sum(f.count)::text AS samples,
                    count(*) FILTER (WHERE f.start_at >= to_timestamp($2 / 1000.0)
                                       AND f.end_at <= to_timestamp($3 / 1000.0))::int AS outage_frames
               FROM series s JOIN frames f ON f.series_id = s.id
              WHERE s.run_id = $1 GROUP BY s.id ORDER BY s.name, s.labels::text`,
            [run.id, down, down + outageMs],
          );
          console.log(
            `run ${run.seconds} s, outage ${outageMs} ms, ${sent} samples sent per series:`,
            series,
          );
          // Each metric: its aggregate series (no labels) and its one tag set's series; both
          // carry every sample.
          expect(series.map((s) => `${s.name} ${s.labels}`).sort()).toEqual([
            'outage.latency {"op": "read"}',
            'outage.latency {}',
            'outage.other {"op": "write"}',
            'outage.other {}',
          ]);
          for (const s of series) {
            // A series' seqs run without a gap or a duplicate from the interval of its first
            // sample (seq is the interval's index in the run, so a harness that sends its first
            // sample a second late starts at 1), which comes within the run's first seconds.
            expect(s.min_seq, s.name).toBeLessThanOrEqual(2);
            expect(s.distinct_seqs, s.name).toBe(s.frames);
            expect(s.max_seq - s.min_seq, s.name).toBe(s.frames - 1);
            // One frame per second of the run.
            expect(
              Math.abs(s.frames - run.seconds),
              `${s.name}: ${s.frames} frames, ${run.seconds} s`,
            ).toBeLessThanOrEqual(2);
            expect(Math.abs(s.frames - RUN_SECONDS), s.name).toBeLessThanOrEqual(3);
            // The frames of the outage were spooled and replayed, and every sample arrived.
            expect(s.outage_frames, s.name).toBeGreaterThanOrEqual(OUTAGE_MS / 1000 - 2);
            expect(Number(s.samples), s.name).toBe(sent);
          }
        } finally {
          await client.end();
        }
      } finally {
        agent.kill('SIGKILL');
        ingest.child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
