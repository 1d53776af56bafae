#!/usr/bin/env node
// `npm run bench:agent`: the agent's costs, measured here, in one run (docs/performance.md).
//
//   record_ns                 median ns/op of `go test -bench BenchmarkRecord` (-count 5)
//   agent_cpu_pct, agent_rss_mb
//                             the agent process while a harness sends 10 series × 10,000 samples/s
//                             to its StatsD listener, one sample per line, packed in 1432-byte
//                             datagrams as StatsD clients buffer them (~40 lines, 2,400
//                             datagrams/s), for 20 s after 3 s of warm-up, streaming to the real
//                             ingest API (apps/ingest-api/dist/main.mjs on a throwaway PostgreSQL)
//                             when it is built, else to a local HTTP server that accepts everything
//                             (the progress lines say which). CPU is the agent's time on CPU (all
//                             its threads' /proc/<pid>/task/*/schedstat, in ns; /proc/<pid>/stat
//                             ticks where schedstat is missing) over 4 windows of 5 s: the median
//                             window, in % of one core. RSS is the highest VmRSS seen.
//   agent_cpu_pct_unbatched, agent_rss_mb_unbatched
//                             the same with one sample per datagram (100,000 datagrams/s), the
//                             worst case a client without buffering makes
//   throughput_with_agent, throughput_without_agent, ratio
//                             median tps of the same pgbench command (tpcb-like, --log) run plain
//                             and wrapped by the agent, alternating (ABBA), 3 × 15 s each; ratio
//                             is the median of the per-repetition with/without ratios
//   load_average              /proc/loadavg (1, 5, 15 min) at the end: on a shared machine the
//                             figures above move with it
//
// Progress goes to stdout; the last line is the JSON object. Needs Go, and for the pgbench part
// PostgreSQL's server binaries (/usr/lib/postgresql/*/bin) and pgbench. Node built-ins only,
// apart from the optional real ingest API (which uses the repository's installed packages).
// Environment: BENCH_SECONDS (pgbench run length, 15), BENCH_REPS (3), BENCH_LOAD_SECONDS (20),
// BENCH_CPU_WINDOWS (4), BENCH_AGENT_BIN (a binary to measure instead of building), BENCH_PARTS (comma-separated subset of record,footprint,unbatched,pgbench;
// the figures of parts left out are null), BENCH_COMPARE_BIN (a second build run alongside in the
// footprint parts, each agent under its own identical load, measured over the same windows; adds
// compare_cpu_pct, compare_rss_mb and compare_cpu_ratio, the median per-window ratio compare/main,
// and compare_cpu_ratio_unbatched).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  agentArgs,
  agentEnv,
  agentsDir,
  buildAgent,
  importTs,
  median,
  repoDir,
  round,
  run,
  runIdFrom,
  say,
  sleep,
  start,
  startPostgres as startPostgresIn,
} from './common.mjs';

// BENCH_AGENT_BIN measures another build (an A/B comparison) instead of building this one.
const agentBin = process.env.BENCH_AGENT_BIN || path.join(agentsDir, 'bin/levelfield-agent');
// BENCH_COMPARE_BIN runs a second build alongside it in the footprint parts (see footprint).
const compareBin = process.env.BENCH_COMPARE_BIN || '';
const PGBENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const CPU_WINDOWS = Number(process.env.BENCH_CPU_WINDOWS ?? 4);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'record,footprint,unbatched,pgbench').split(',').map((p) => p.trim()));
const LOAD_SERIES = 10;
const LOAD_RATE = 10_000;
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

const work = mkdtempSync(path.join(tmpdir(), 'lf-bench-agent-'));
// mkdtemp makes it private; as root, PostgreSQL runs as postgres and must reach its data dir.
chmodSync(work, 0o755);
const cleanups = [];

// ───────────────────────────── record cost ─────────────────────────────

function recordNs() {
  const out = run('go', ['test', '-run', '^$', '-bench', '^BenchmarkRecord$', '-count', '5', './internal/histogram'], {
    cwd: agentsDir,
  });
  const values = [...out.matchAll(/^BenchmarkRecord\S*\s+\d+\s+([\d.]+) ns\/op/gm)].map((m) => Number(m[1]));
  if (values.length === 0) throw new Error(`no BenchmarkRecord result in:\n${out}`);
  say(`record: ${values.join(', ')} ns/op`);
  return median(values);
}

// ───────────────────────────── PostgreSQL ─────────────────────────────

/** A throwaway PostgreSQL in the work directory (common.mjs), stopped by cleanup(). */
function startPostgres() {
  return startPostgresIn(work, cleanups);
}

// ───────────────────────────── ingest ─────────────────────────────

/** The real ingest API on its own database, with a project "bench" and an ingest token. */
async function startRealIngest(pg) {
  const main = path.join(repoDir, 'apps/ingest-api/dist/main.mjs');
  if (!existsSync(main)) throw new Error(`${path.relative(repoDir, main)} is not built`);
  const { applyMigrations } = await importTs('packages/db/src/migrate.ts');
  const { generateToken, hashToken } = await importTs('packages/db/src/tokens.ts');
  const { default: pgClient } = await import('pg');
  run(path.join(pg.bin, 'createdb'), ['-h', pg.dir, '-p', String(pg.port), '-U', 'postgres', 'levelfield']);
  const url = pg.url('levelfield');
  await applyMigrations(url);
  const token = generateToken();
  const client = new pgClient.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`INSERT INTO organizations (id, slug, name) VALUES ('cbenchorg', 'bench', 'Bench')`);
    await client.query(
      `INSERT INTO projects (id, organization_id, slug, name, visibility) VALUES ('cbenchproject', 'cbenchorg', 'bench', 'Bench', 'private')`,
    );
    await client.query(
      `INSERT INTO api_tokens (id, project_id, name, token_hash, prefix, scopes) VALUES ('cbenchtoken', 'cbenchproject', 'bench', $1, $2, $3)`,
      [hashToken(token), token.slice(0, 7), ['ingest', 'read']],
    );
  } finally {
    await client.end();
  }
  const server = spawn(process.execPath, [main], {
    env: { ...process.env, DATABASE_URL: url, INGEST_PORT: '0', INGEST_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => server.kill('SIGKILL'));
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const serverUrl = await new Promise((resolve, reject) => {
    createInterface({ input: server.stdout }).on('line', (line) => {
      try {
        const message = JSON.parse(line);
        if (message.event === 'listening') resolve(message.url);
      } catch {}
    });
    server.on('exit', (code) => reject(new Error(`ingest API exited (${code}): ${stderr}`)));
    setTimeout(() => reject(new Error(`ingest API not listening after 30 s: ${stderr}`)), 30_000).unref();
  });
  const recorded = async (runId) => {
    const c = new pgClient.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query(
        `SELECT coalesce(sum(f.count), 0)::bigint AS n FROM frames f JOIN series s ON s.id = f.series_id
         WHERE s.run_id = $1 AND s.kind = 'latency'`,
        [runId],
      );
      return Number(rows[0].n);
    } finally {
      await c.end();
    }
  };
  return { kind: 'real ingest API (apps/ingest-api/dist/main.mjs)', url: serverUrl, token, project: 'bench', recorded };
}

/** A local HTTP server that accepts everything and counts what it was sent. */
async function startFakeIngest() {
  const counts = new Map();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      const frames = request.url.match(/^\/v1\/runs\/([^/]+)\/frames$/);
      if (request.url === '/v1/runs') {
        const id = `run${counts.size + 1}`;
        counts.set(id, 0);
        response.statusCode = 201;
        response.end(JSON.stringify({ id, url: `http://bench.invalid/runs/${id}`, liveUrl: 'x' }));
        return;
      }
      if (frames) {
        const batch = JSON.parse(body);
        const kinds = new Map(batch.series.map((s) => [s.key, s.kind]));
        let n = 0;
        for (const f of batch.frames) if (kinds.get(f.series) === 'latency') n += f.count;
        counts.set(frames[1], (counts.get(frames[1]) ?? 0) + n);
      }
      response.end(JSON.stringify({ accepted: 1, duplicates: 0 }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return {
    kind: 'local accept-all HTTP server (no real ingest API available)',
    url: `http://127.0.0.1:${server.address().port}`,
    token: 'lf_bench',
    project: 'bench',
    recorded: async (runId) => counts.get(runId) ?? 0,
  };
}

// ───────────────────────────── footprint ─────────────────────────────

function procStat(pid) {
  // Fields after the command name, which may hold spaces: utime and stime are the 14th and 15th.
  const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Seconds the process has been on a CPU: the sum of its threads' schedstat (ns, exact) where the
 * kernel has it, else utime+stime in clock ticks (10 ms steps).
 */
function cpuSeconds(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {} // a thread that just exited
    }
    if (ns > 0) return ns / 1e9;
  } catch {}
  return procStat(pid) / CLK_TCK;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
  return kb / 1024;
}

function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
}

/** Starts one agent (binary bin) wrapping a StatsD load generator. */
function startLoadedAgent(bin, ingest, { pack, label, seconds }) {
  return start(
    bin,
    [
      'run',
      ...agentArgs(ingest, path.join(work, `spool-${label}`)),
      '--adapter',
      'statsd',
      '--adapter-opt',
      'addr=127.0.0.1:0',
      '--label',
      `bench=${label}`,
      '--',
      process.execPath,
      path.join(agentsDir, 'bench/statsd-load.mjs'),
    ],
    {
      env: agentEnv(ingest, {
        LOAD_SERIES: String(LOAD_SERIES),
        LOAD_RATE: String(LOAD_RATE),
        LOAD_SECONDS: String(seconds),
        LOAD_PACK: String(pack),
      }),
    },
  );
}

/**
 * CPU (median of windows, % of one core) and RSS (max, MB) of the agent under StatsD load. With
 * compareBin, a second build runs at the same time under its own identical load and is measured
 * over the same windows: what the machine's other work does to one it does to both, so the
 * median of the per-window ratios resolves differences that separate runs cannot (±8 % from run
 * to run on a shared VM).
 */
async function footprint(ingest, { pack, label }) {
  const warm = 3;
  const bins = compareBin ? [agentBin, compareBin] : [agentBin];
  const agents = bins.map((bin, i) =>
    startLoadedAgent(bin, ingest, { pack, label: i === 0 ? label : `${label}-compare`, seconds: LOAD_SECONDS + warm + 1 }),
  );
  // Start-up (provenance capture, first request) is not the steady state being measured.
  await sleep(warm * 1000);
  const windowMs = (LOAD_SECONDS * 1000) / CPU_WINDOWS;
  const cpus = bins.map(() => []);
  const rss = bins.map(() => []);
  for (let w = 0; w < CPU_WINDOWS; w += 1) {
    const t0 = performance.now();
    const c0 = agents.map(({ child }) => cpuSeconds(child.pid));
    while (performance.now() - t0 < windowMs - 1) {
      await sleep(Math.min(1000, windowMs - (performance.now() - t0)));
      agents.forEach(({ child }, i) => rss[i].push(rssMb(child.pid)));
    }
    const seconds = (performance.now() - t0) / 1000;
    agents.forEach(({ child }, i) => cpus[i].push(((cpuSeconds(child.pid) - c0[i]) / seconds) * 100));
  }
  const results = [];
  for (const [i, { done }] of agents.entries()) {
    const result = await done;
    if (result.code !== 0) throw new Error(`agent (statsd, ${bins[i]}) exited ${result.code}:\n${result.stderr}`);
    const { sent, datagrams } = JSON.parse(result.stdout.trim().split('\n').pop());
    const runId = runIdFrom(result.stderr);
    const recorded = runId ? await ingest.recorded(runId) : Number.NaN;
    const dropped = result.stderr.match(/the kernel dropped datagrams.*datagrams=(\d+)/)?.[1];
    const cpu = median(cpus[i]);
    say(
      `statsd ${label}${i ? ` (compare: ${bins[i]})` : ''}: ${LOAD_SERIES} series × ${LOAD_RATE}/s, ${round(sent / datagrams, 1)} lines per datagram; ` +
        `agent cpu ${round(cpu, 2)} % (median of ${CPU_WINDOWS} × ${round(windowMs / 1000, 1)} s: ${cpus[i].map((c) => round(c, 2)).join(', ')}), ` +
        `rss max ${round(Math.max(...rss[i]), 1)} MB (median ${round(median(rss[i]), 1)}); sent ${sent} samples, the run holds ${recorded}` +
        `${dropped ? `; the kernel dropped ${dropped} datagrams` : ''}; load average ${loadAverage().join(' ')}`,
    );
    if (recorded !== sent) say(`warning: ${sent - recorded} samples sent were not recorded`);
    results.push({ cpu, rss: Math.max(...rss[i]) });
  }
  if (!compareBin) return results[0];
  const ratios = cpus[1].map((c, w) => c / cpus[0][w]);
  const ratio = median(ratios);
  say(`statsd ${label}: compare/main cpu per window ${ratios.map((r) => round(r, 3)).join(', ')}; median ${round(ratio, 3)}`);
  return { ...results[0], compare: { ...results[1], ratio } };
}

// ───────────────────────────── intrusion ─────────────────────────────

function pgbenchArgs(pg, logPrefix) {
  return [
    '-h',
    pg.dir,
    '-p',
    String(pg.port),
    '-U',
    'postgres',
    '-c',
    '4',
    '-j',
    '2',
    '-T',
    String(PGBENCH_SECONDS),
    '--log',
    `--log-prefix=${logPrefix}`,
    'postgres',
  ];
}

function tps(stdout) {
  const m = stdout.match(/^tps = ([\d.]+) \(without initial connection time\)/m);
  if (!m) throw new Error(`no tps in pgbench output:\n${stdout}`);
  return Number(m[1]);
}

async function pgbenchOnce(pg, ingest, withAgent, rep) {
  const logDir = path.join(work, `pgb-${rep}-${withAgent ? 'agent' : 'plain'}`);
  run('mkdir', ['-p', logDir]);
  const pgbench = path.join(pg.bin, 'pgbench');
  const args = pgbenchArgs(pg, path.join(logDir, 'pgb'));
  const { child, done } = withAgent
    ? start(
        agentBin,
        ['run', ...agentArgs(ingest, path.join(work, 'spool-pgbench')), '--label', `bench=intrusion-${rep}`, '--', pgbench, ...args],
        { cwd: logDir, env: agentEnv(ingest) },
      )
    : start(pgbench, args, { cwd: logDir });
  // The agent's own CPU while it wraps pgbench, read just before it exits.
  let agentCpu = '';
  if (withAgent) {
    const t0 = performance.now();
    const cpu0 = cpuSeconds(child.pid);
    await sleep((PGBENCH_SECONDS - 1) * 1000);
    try {
      agentCpu = `, agent cpu ${round(((cpuSeconds(child.pid) - cpu0) / ((performance.now() - t0) / 1000)) * 100, 2)} %`;
    } catch {}
  }
  const result = await done;
  if (result.code !== 0) throw new Error(`pgbench ${withAgent ? 'with' : 'without'} agent exited ${result.code}:\n${result.stderr}`);
  rmSync(logDir, { recursive: true, force: true });
  const value = tps(result.stdout);
  say(`pgbench rep ${rep} ${withAgent ? 'with agent   ' : 'without agent'}: ${value} tps${agentCpu}`);
  return value;
}

async function intrusion(pg, ingest) {
  run(path.join(pg.bin, 'pgbench'), ['-h', pg.dir, '-p', String(pg.port), '-U', 'postgres', '-i', '-s', '10', '-q', 'postgres']);
  const plain = [];
  const wrapped = [];
  for (let rep = 1; rep <= REPS; rep += 1) {
    // ABBA order: a drift of the machine over time weighs on both sides alike.
    const order = rep % 2 ? [false, true] : [true, false];
    for (const withAgent of order) (withAgent ? wrapped : plain).push(await pgbenchOnce(pg, ingest, withAgent, rep));
  }
  // The ratio is the median of each repetition's pair, run back to back: on a shared machine
  // the load of other work changes between repetitions more than within one.
  const ratios = wrapped.map((w, i) => w / plain[i]);
  say(`pgbench ratio per repetition: ${ratios.map((r) => round(r, 4)).join(', ')}; load average ${loadAverage().join(' ')}`);
  return { plain: median(plain), wrapped: median(wrapped), ratio: median(ratios) };
}

// ───────────────────────────── main ─────────────────────────────

async function main() {
  // Always (go build is incremental): a binary left from older sources would measure those.
  if (process.env.BENCH_AGENT_BIN) say(`measuring ${agentBin}`);
  else say('building the agent');
  if (!process.env.BENCH_AGENT_BIN) buildAgent();
  const record = PARTS.has('record') ? recordNs() : Number.NaN;
  const result = {
    record_ns: round(record, 2),
    agent_cpu_pct: null,
    agent_rss_mb: null,
    throughput_with_agent: null,
    throughput_without_agent: null,
    ratio: null,
    agent_cpu_pct_unbatched: null,
    agent_rss_mb_unbatched: null,
  };
  if (!PARTS.has('footprint') && !PARTS.has('unbatched') && !PARTS.has('pgbench')) {
    return { ...result, load_average: loadAverage() };
  }
  const pg = await startPostgres();
  let ingest;
  try {
    ingest = await startRealIngest(pg);
  } catch (error) {
    say(`real ingest API unavailable (${String(error.message ?? error).split('\n')[0]})`);
    ingest = await startFakeIngest();
  }
  say(`the agent streams to the ${ingest.kind} at ${ingest.url}`);
  if (PARTS.has('footprint')) {
    const { cpu, rss, compare } = await footprint(ingest, { pack: 0, label: 'footprint' });
    result.agent_cpu_pct = round(cpu, 2);
    result.agent_rss_mb = round(rss, 1);
    if (compare) {
      result.compare_cpu_pct = round(compare.cpu, 2);
      result.compare_rss_mb = round(compare.rss, 1);
      result.compare_cpu_ratio = round(compare.ratio, 3);
    }
  }
  if (PARTS.has('unbatched')) {
    const { cpu, rss, compare } = await footprint(ingest, { pack: 1, label: 'footprint-unbatched' });
    result.agent_cpu_pct_unbatched = round(cpu, 2);
    result.agent_rss_mb_unbatched = round(rss, 1);
    if (compare) result.compare_cpu_ratio_unbatched = round(compare.ratio, 3);
  }
  if (PARTS.has('pgbench')) {
    const { plain, wrapped, ratio } = await intrusion(pg, ingest);
    const leftovers = existsSync(path.join(work, 'spool-pgbench')) ? readdirSync(path.join(work, 'spool-pgbench')) : [];
    if (leftovers.length > 0) say(`warning: ${leftovers.length} run(s) left undelivered in the spool`);
    result.throughput_with_agent = round(wrapped, 1);
    result.throughput_without_agent = round(plain, 1);
    result.ratio = round(ratio, 4);
  }
  return { ...result, load_average: loadAverage() };
}

function cleanup() {
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {}
  }
  rmSync(work, { recursive: true, force: true });
}

main().then(
  (result) => {
    cleanup();
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error) => {
    cleanup();
    process.stderr.write(`bench:agent failed: ${error.stack ?? error}\n`);
    process.exit(1);
  },
);
