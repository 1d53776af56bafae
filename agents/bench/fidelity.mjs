#!/usr/bin/env node
// `npm run bench:fidelity`: does what Levelfield keeps agree with each tool's own summary?
// Each real tool found here runs wrapped by `levelfield-agent run`, streaming to a local ingest
// API that validates every batch with the contract's own schema (packages/contracts: FrameBatch,
// INGEST_LIMITS, every histogram decoded as the real API does), refuses what the real API would,
// and keeps the frames. What it kept is merged (packages/metrics' HdrHistogram decoder, not the
// agent's Go one) and compared with what the tool itself printed, percentiles by the tool's own
// rank rule:
//
//   k6        `--summary-export` avg, med, p(90), p(95), p(99) of http_req_duration and of a custom
//             time Trend, and avg, min, max of a Trend of plain numbers (kept as a gauge), from
//             bench/k6-fidelity.js (two scenarios, groups, checks, thresholds, thousands of distinct
//             URLs) against a local HTTP server. k6's p(N) interpolates linearly between the samples
//             at ranks ⌊p·(n−1)⌋ and ⌈p·(n−1)⌉ (TrendSink.P in go.k6.io/k6 v1.8.1,
//             metrics/sink.go); the same is done on the merged histogram, each sample read at the
//             middle of its bucket. max_rel_error_hdr_rank is, for information, the error of what
//             the run page shows (HdrHistogram's nearest rank, a bucket's highest value): in a
//             sparse tail it can differ from k6's interpolation by a fraction of the gap between
//             two neighbouring samples.
//   pgbench   its final "latency average" (a measured mean only with -P, --rate or
//             --latency-limit: otherwise pgbench prints duration × clients / transactions) and
//             "tps", which pgbench computes as successful transactions over the time from the first
//             thread's start after connecting to the end (printResults in pgbench.c). The stored
//             throughput is what the run page shows: the stored count over the frames' durations
//             (what the ingest API's rollups divide by; the agent starts the first interval at the
//             first transaction and ends the last at pgbench's exit). tps_over_run_span_error is,
//             for information, the error over the run's span (startedAt to endedAt: pgbench's vacuum
//             and connections included). The mean is the stored one (Σ frame mean × count / Σ count,
//             as the ingest API's rollups).
//   hdrlog    an HdrHistogram interval log written live by hdrhistogram-go's HistogramLogWriter
//             (bench/hdrloggen: ns, tags of 3 and 2 significant digits), percentiles of each tag
//             from the log itself, decoded here, by HdrHistogram's valueAtPercentile (rank
//             ⌈p·n⌉, the Java reference's) on both sides, and its mean; the series of both tags, `latency`, for
//             its count (its tags' precisions differ, so the log has no one merged histogram).
//   wrk       its end-of-test summary, kept by the agent as gauges: p50/p75/p90/p99, requests and
//             Requests/sec as printed (wrk prints nothing else), against the local HTTP server.
//   sysbench  `cpu` (no database) with --histogram: the stored histogram, built from the printed
//             rows, read by sysbench's percentile rule (the first bucket whose cumulative count
//             reaches p % of the events, sb_histogram_get_pct) against the rows themselves, and the
//             events counted; its printed 95th percentile and avg (2 decimals) for information.
//   ycsb      YCSB 0.17's client (BasicDB, no database) with its HdrHistogram logs: per operation
//             the stored count against its "Operations" and p95/p99 by the rank rule of YCSB's
//             HdrHistogram 2.1.4 (nearest: ⌊p·n + 0.5⌋, getValueAtPercentile) against its printed figures (LEVELFIELD_YCSB_LIB or .levelfield/tools/ycsb).
//   cockroach, wrk2   when installed; else reported as skipped.
//
// Expected agreement, from precision alone: the agent keeps integer µs in buckets of 3
// significant digits (≤ 1/1024 of the value wide), so a percentile moves by at most a bucket
// (≤ 0.1 %) plus 0.5 µs of rounding: ≤ 0.15 % for latencies of a millisecond. A tool's histogram
// of 2 significant digits (the log's "write") has buckets up to 1/128 of the value wide; the agent
// adds each at its highest value, as HdrHistogram reports percentiles, so those agree as closely,
// but the mean, which HdrHistogram takes at the buckets' middles, is up to half a bucket (0.4 %)
// higher. pgbench prints its mean to the µs (≤ 0.06 % of the 0.8 ms here). The target is 1 %.
// Frames lost: frames the API refused (the agent's finish counts them as quarantined), gaps in a
// series' seq numbers, batches left in the agent's spool; samples lost: the tool's count minus the
// stored one. Targets: ≤ 1 % and 0 lost.
//
// Progress lines start with "# "; the last line is one JSON object. Exits 1 when a tool misses a
// target. Needs Go; k6 from LEVELFIELD_K6, .levelfield/tools/k6 (scripts/test.mjs builds it) or
// PATH; PostgreSQL's server binaries and pgbench. Environment: FIDELITY_SECONDS (length of the k6
// and pgbench runs, 12), BENCH_PARTS (a comma-separated subset of k6,pgbench,hdrlog,wrk,sysbench,ycsb),
// BENCH_AGENT_BIN (a binary to measure instead of building this one).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  agentArgs,
  agentEnv,
  agentsDir,
  buildAgent,
  importTs,
  repoDir,
  round,
  run,
  runIdFrom,
  say,
  start,
  startPostgres,
} from './common.mjs';
import {
  framesLost,
  merged,
  requireFrames,
  seriesKey,
  startRecordingIngest,
  storedCount,
  storedMean,
} from './recording-ingest.mjs';

const SECONDS = Number(process.env.FIDELITY_SECONDS ?? 12);
// BENCH_AGENT_BIN measures another build (as in bench:agent) instead of building this one.
const agentBin = process.env.BENCH_AGENT_BIN || path.join(agentsDir, 'bin/levelfield-agent');
// BENCH_PARTS picks tools (as in bench:agent); the others are reported as not selected.
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'k6,pgbench,hdrlog,wrk,sysbench,ycsb').split(',').map((p) => p.trim()),
);
const TARGET_ERROR = 0.01;

const work = mkdtempSync(path.join(tmpdir(), 'lf-bench-fidelity-'));
// mkdtemp makes it private; as root, PostgreSQL runs as postgres and must reach its data dir.
chmodSync(work, 0o755);
const cleanups = [];

const { decodeHistogram, parseIntervalLogLine } = await importTs('packages/metrics/src/hdr/index.ts');

const relError = (got, want) =>
  want === 0 ? (got === 0 ? 0 : Number.POSITIVE_INFINITY) : Math.abs(got - want) / want;

/** The sample at 0-based rank r of a histogram, read at the middle of its bucket. */
function sampleAt(h, r) {
  let seen = 0;
  for (const range of h.recordedRanges()) {
    seen += range.count;
    if (seen > r) return (range.lowest + range.highest) / 2;
  }
  return h.max;
}

/** k6's p(N) (TrendSink.P): linear interpolation between the samples at ⌊p·(n−1)⌋ and ⌈p·(n−1)⌉. */
function k6Percentile(h, pct) {
  const i = (pct / 100) * (h.totalCount - 1);
  const lo = sampleAt(h, Math.floor(i));
  return lo + (sampleAt(h, Math.ceil(i)) - lo) * (i - Math.floor(i));
}

/** A wrapped run: the agent's exit, stderr and what the ingest API kept. */
async function wrapped(ingest, name, agentFlags, command, options = {}) {
  const spool = path.join(work, `spool-${name}`);
  const { done } = start(agentBin, ['run', ...agentArgs(ingest, spool), ...agentFlags, '--', ...command], {
    ...options,
    env: agentEnv(ingest, options.env),
  });
  const result = await done;
  const stderrEnd = result.stderr.split('\n').slice(-20).join('\n');
  const stored = ingest.runs.get(runIdFrom(result.stderr));
  if (!stored)
    throw new Error(`${name}: no run reached the ingest API (agent exit ${result.code}):\n${stderrEnd}`);
  if (result.code !== 0)
    say(`${name}: the agent exited ${result.code}; the end of its stderr:\n${stderrEnd}`);
  return { ...result, stored, lost: framesLost(stored, spool) };
}

/** One tool's line of the JSON: the largest error of its figures, frames and samples lost, pass. */
function verdict(figures, { code, lost, stored }, samplesLost, extra = {}) {
  const worst = Math.max(...Object.values(figures).map((f) => f.error));
  for (const [name, f] of Object.entries(figures)) {
    const hdr =
      f.hdr === undefined
        ? ''
        : ` (by HdrHistogram's rank rule ${round(f.hdr, 4)}, error ${round(relError(f.hdr, f.tool) * 100, 3)} %)`;
    say(
      `  ${name}: stored ${round(f.stored, 4)}, tool ${round(f.tool, 4)}, error ${round(f.error * 100, 3)} %${hdr}`,
    );
  }
  say(
    `  frames: ${stored.posted} posted, ${stored.refused} refused, ${lost} lost; samples lost ${samplesLost}`,
  );
  return {
    max_rel_error: round(worst, 5),
    frames_lost: lost,
    samples_lost: samplesLost,
    ...extra,
    pass: worst <= TARGET_ERROR && lost === 0 && samplesLost === 0 && code === 0,
  };
}

// ───────────────────────────── k6 ─────────────────────────────

function k6Binary() {
  const candidates = [process.env.LEVELFIELD_K6, path.join(repoDir, '.levelfield/tools/k6')].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? onPath('k6');
}

function onPath(name) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((p) => existsSync(p));
}

/** The target of the k6 script: every answer after 1-30 ms, exponentially spread around 4 ms. */
async function startTarget() {
  const server = createServer((request, response) => {
    request.resume();
    const ms = Math.min(1 + -Math.log(1 - Math.random()) * 3, 30);
    setTimeout(() => response.end('ok'), ms);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return `http://127.0.0.1:${server.address().port}`;
}

async function fidelityK6(ingest) {
  const k6 = k6Binary();
  if (!k6) return 'skipped: not installed (GOBIN=$PWD/.levelfield/tools go install go.k6.io/k6@v1.8.1)';
  const dir = path.join(work, 'k6');
  mkdirSync(dir);
  const summaryFile = path.join(dir, 'summary.json');
  const target = await startTarget();
  say(`k6: ${SECONDS} s of bench/k6-fidelity.js against ${target}`);
  const result = await wrapped(
    ingest,
    'k6',
    [],
    [
      k6,
      'run',
      '--no-color',
      '--quiet',
      `--summary-export=${summaryFile}`,
      '--summary-trend-stats=avg,min,med,max,p(90),p(95),p(99),count',
      '--out',
      `json=${path.join(dir, 'out.json')}`,
      path.join(agentsDir, 'bench/k6-fidelity.js'),
    ],
    { cwd: dir, env: { TARGET: target, SECONDS: String(SECONDS), K6_NO_USAGE_REPORT: 'true' } },
  );
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')).metrics;
  const figures = {};
  let samplesLost = 0;
  let hdrRank = 0;
  for (const metric of ['http_req_duration', 'checkout_time']) {
    const key = seriesKey(metric);
    const h = merged(result.stored, key);
    const own = summary[metric];
    samplesLost += own.count - storedCount(result.stored, key);
    const mean = storedMean(requireFrames(result.stored, key)) / 1000; // µs → k6's ms
    figures[`${metric} avg`] = { stored: mean, tool: own.avg, error: relError(mean, own.avg) };
    for (const [name, p] of [
      ['med', 50],
      ['p(90)', 90],
      ['p(95)', 95],
      ['p(99)', 99],
    ]) {
      const stored = k6Percentile(h, p) / 1000;
      // What the run page shows: HdrHistogram's rank rule, the bucket's highest equivalent value.
      const hdr = h.valueAtPercentile(p) / 1000;
      figures[`${metric} ${name}`] = { stored, tool: own[name], error: relError(stored, own[name]), hdr };
      hdrRank = Math.max(hdrRank, relError(hdr, own[name]));
    }
  }
  // A Trend of plain numbers is kept as a gauge: its observations' mean, min and max.
  const items = requireFrames(result.stored, seriesKey('cart_items'));
  const own = summary.cart_items;
  samplesLost += own.count - items.reduce((n, f) => n + f.count, 0);
  for (const [name, stored] of [
    ['avg', storedMean(items)],
    ['min', Math.min(...items.filter((f) => f.count > 0).map((f) => f.min))],
    ['max', Math.max(...items.map((f) => f.max))],
  ]) {
    figures[`cart_items ${name}`] = { stored, tool: own[name], error: relError(stored, own[name]) };
  }
  const requests = summary.http_reqs.count;
  samplesLost += requests - summary.http_req_duration.count;
  const folded = result.stored.finish?.seriesFolded?.http_req_duration ?? 0;
  say(
    `k6: ${requests} requests, ${result.stored.series.size} series stored; tag sets folded: ${folded} of http_req_duration` +
      `${result.stderr.includes('went to its series {tags=__other__}') ? ' (reported on the terminal)' : ' (NOT reported on the terminal)'}`,
  );
  return verdict(figures, result, samplesLost, {
    max_rel_error_hdr_rank: round(hdrRank, 5),
    requests,
    tag_sets_folded: folded,
  });
}

// ───────────────────────────── pgbench ─────────────────────────────

function pgbenchFigure(stdout, pattern, what) {
  const m = stdout.match(pattern);
  if (!m) throw new Error(`pgbench printed no ${what}:\n${stdout}`);
  return Number(m[1]);
}

async function fidelityPgbench(ingest) {
  let pg;
  try {
    pg = await startPostgres(work, cleanups);
  } catch (error) {
    return `skipped: ${String(error.message).split('\n')[0]}`;
  }
  const pgbench = path.join(pg.bin, 'pgbench');
  if (!existsSync(pgbench)) return 'skipped: not installed';
  const conn = ['-h', pg.dir, '-p', String(pg.port), '-U', 'postgres'];
  run(pgbench, [...conn, '-i', '-s', '1', '-q', 'postgres']);
  const dir = path.join(work, 'pgbench');
  mkdirSync(dir);
  say(`pgbench: ${SECONDS} s, 4 clients, 2 threads, per-transaction log`);
  // -P: pgbench's "latency average" is a measured mean only with progress reports (or --rate,
  // --latency-limit). pgbench vacuums and connects before its window opens, as users run it.
  const args = [
    '-c',
    '4',
    '-j',
    '2',
    '-T',
    String(SECONDS),
    '-P',
    '1',
    '--log',
    '--log-prefix=pgb',
    'postgres',
  ];
  const result = await wrapped(ingest, 'pgbench', [], [pgbench, ...conn, ...args], { cwd: dir });
  const transactions = pgbenchFigure(
    result.stdout,
    /^number of transactions actually processed: (\d+)/m,
    'transaction count',
  );
  const latencyMs = pgbenchFigure(result.stdout, /^latency average = ([\d.]+) ms/m, 'latency average');
  const tps = pgbenchFigure(result.stdout, /^tps = ([\d.]+) \(without initial connection time\)/m, 'tps');
  const frames = requireFrames(result.stored, seriesKey('latency'));
  const count = frames.reduce((n, f) => n + f.count, 0);
  const mean = storedMean(frames) / 1000;
  // The throughput Levelfield shows: the stored count over the frames' durations, as the ingest
  // API's rollups divide.
  const storedTps = count / (frames.reduce((ms, f) => ms + f.endMs - f.startMs, 0) / 1000);
  const figures = {
    'latency average (ms)': { stored: mean, tool: latencyMs, error: relError(mean, latencyMs) },
    tps: { stored: storedTps, tool: tps, error: relError(storedTps, tps) },
  };
  // For information, the run's span, from the agent starting pgbench to its exit (vacuum and
  // connecting included).
  const spanTps = count / ((result.stored.finish.endedAt - result.stored.create.startedAt) / 1000);
  return verdict(figures, result, transactions - count, {
    transactions,
    tps_over_run_span_error: round(relError(spanTps, tps), 5),
  });
}

// ───────────────────────────── HdrHistogram interval log ─────────────────────────────

async function fidelityHdrlog(ingest) {
  const dir = path.join(work, 'hdrlog');
  mkdirSync(dir);
  const generator = path.join(dir, 'hdrloggen');
  run('go', ['build', '-o', generator, './bench/hdrloggen'], { cwd: agentsDir });
  const log = path.join(dir, 'interval.hlog');
  const intervals = Math.max(3, Math.round(SECONDS / 2));
  say(`hdrlog: ${intervals} intervals of 1 s written live by hdrhistogram-go's HistogramLogWriter`);
  const result = await wrapped(
    ingest,
    'hdrlog',
    ['--adapter', 'hdrlog', '--adapter-opt', `file=${log}`],
    [generator, '-out', log, '-intervals', String(intervals), '-every', '1s'],
    { cwd: dir },
  );
  // The log itself, per tag: its interval histograms (ns) added up.
  const tool = new Map();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const entry = parseIntervalLogLine(line);
    if (!entry) continue;
    const h = decodeHistogram(entry.histogram);
    if (tool.has(entry.tag)) tool.get(entry.tag).add(h);
    else tool.set(entry.tag, h);
  }
  const figures = {};
  let samplesLost = 0;
  for (const [tag, own] of tool) {
    const key = seriesKey('latency', { tag });
    const h = merged(result.stored, key);
    samplesLost += own.totalCount - h.totalCount;
    const mean = storedMean(requireFrames(result.stored, key));
    figures[`${tag} mean (µs)`] = {
      stored: mean,
      tool: own.mean / 1000,
      error: relError(mean, own.mean / 1000),
    };
    for (const p of [50, 90, 99, 99.9]) {
      const want = own.valueAtPercentile(p, 'ceil') / 1000; // ns → the agent's µs
      const got = h.valueAtPercentile(p, 'ceil');
      figures[`${tag} p${p} (µs)`] = { stored: got, tool: want, error: relError(got, want) };
    }
  }
  const total = [...tool.values()].reduce((n, h) => n + h.totalCount, 0);
  samplesLost += total - storedCount(result.stored, seriesKey('latency'));
  return verdict(figures, result, samplesLost, { samples: total });
}

// ───────────────────────────── wrk ─────────────────────────────

/** "8.35ms", "812.00us", "1.02s" → µs, as wrk prints its latencies. */
function wrkMicros(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!m) throw new Error(`wrk printed a latency "${text}" this bench cannot read`);
  return Number(m[1]) * { us: 1, ms: 1000, s: 1e6 }[m[2]];
}

/** A gauge the agent sent once: its value. */
function gaugeOf(stored, name) {
  const values = requireFrames(stored, seriesKey(name))
    .filter((f) => f.count > 0)
    .map((f) => f.mean);
  if (values.length !== 1) throw new Error(`${name}: ${values.length} values stored, wrk printed one`);
  return values[0];
}

// wrk prints only its end-of-test summary; the agent keeps each figure as a gauge, in base units.
// Agreement is exact unless the agent misreads a line: the figures compared are wrk's own.
async function fidelityWrk(ingest) {
  const wrk = onPath('wrk');
  if (!wrk) return 'skipped: not installed (apt-get install wrk; npm test installs it)';
  const target = await startTarget();
  say(`wrk: ${SECONDS} s, 2 threads, 8 connections, --latency`);
  const result = await wrapped(ingest, 'wrk', [], [wrk, '-t2', '-c8', `-d${SECONDS}s`, '--latency', `${target}/`]);
  const out = result.stdout;
  const figures = {};
  for (const m of out.matchAll(/^\s+(50|75|90|99)%\s+(\S+)$/gm)) {
    const tool = wrkMicros(m[2]);
    const stored = gaugeOf(result.stored, `latency_p${m[1]}`);
    figures[`p${m[1]} (µs)`] = { stored, tool, error: relError(stored, tool) };
  }
  const requests = Number(/^\s*(\d+) requests in/m.exec(out)?.[1]);
  const rate = Number(/^Requests\/sec:\s+([\d.]+)$/m.exec(out)?.[1]);
  if (!requests || !rate || Object.keys(figures).length !== 4) throw new Error(`wrk printed:\n${out}`);
  for (const [name, tool] of [
    ['requests', requests],
    ['requests_per_sec', rate],
  ]) {
    const stored = gaugeOf(result.stored, name);
    figures[name] = { stored, tool, error: relError(stored, tool) };
  }
  return verdict(figures, result, 0, { requests });
}

// ───────────────────────────── sysbench ─────────────────────────────

/** sysbench's histogram rows ("  0.275 |****   1541") as [ms, count], in its order. */
function sysbenchRows(stdout) {
  return [...stdout.matchAll(/^\s+(\d+(?:\.\d+)?) \|\**\s+(\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]);
}

/**
 * sysbench's percentile (sb_histogram_get_pct): the first bucket whose cumulative count reaches
 * pct % of the events, read here from the printed rows.
 */
function sysbenchPercentile(rows, pct) {
  const total = rows.reduce((n, [, c]) => n + c, 0);
  let seen = 0;
  for (const [ms, count] of rows) {
    seen += count;
    if (seen >= (total * pct) / 100) return ms;
  }
  return rows.at(-1)?.[0] ?? Number.NaN;
}

// sysbench cpu (no database needed) with its latency histogram: the stored histogram is built from
// the printed rows, so its percentiles by sysbench's rule must be the rows' own; the printed
// "95th percentile" (2 decimals) and "avg" are shown for information.
async function fidelitySysbench(ingest) {
  const sysbench = onPath('sysbench');
  if (!sysbench) return 'skipped: not installed (apt-get install sysbench; npm test installs it)';
  say(`sysbench cpu: ${SECONDS} s, 2 threads, --histogram`);
  const result = await wrapped(ingest, 'sysbench', [], [
    sysbench,
    'cpu',
    '--threads=2',
    `--time=${SECONDS}`,
    '--report-interval=1',
    '--histogram=on',
    'run',
  ]);
  const rows = sysbenchRows(result.stdout);
  const events = Number(/total number of events:\s+(\d+)/.exec(result.stdout)?.[1]);
  if (rows.length === 0 || !events) throw new Error(`sysbench printed:\n${result.stdout}`);
  const h = merged(result.stored, seriesKey('latency'));
  const figures = {};
  for (const pct of [50, 95, 99]) {
    const tool = sysbenchPercentile(rows, pct);
    // The stored histogram read by the same rule: the first recorded value reaching the rank.
    let seen = 0;
    let stored = h.max / 1000;
    for (const range of h.recordedRanges()) {
      seen += range.count;
      if (seen >= (h.totalCount * pct) / 100) {
        stored = range.highest / 1000;
        break;
      }
    }
    figures[`p${pct} (ms)`] = { stored, tool, error: relError(stored, tool) };
  }
  const printedP95 = Number(/95th percentile:\s+([\d.]+)/.exec(result.stdout)?.[1]);
  const printedAvg = Number(/^\s+avg:\s+([\d.]+)/m.exec(result.stdout)?.[1]);
  return verdict(figures, result, events - storedCount(result.stored, seriesKey('latency')), {
    events,
    printed_p95_ms: printedP95,
    printed_avg_ms: printedAvg,
    stored_mean_ms: round(h.mean / 1000, 4),
  });
}

// ───────────────────────────── YCSB ─────────────────────────────

// YCSB's client (BasicDB: no database, an answer after a random delay of up to 2 ms) with its
// HdrHistogram logs: per operation the stored count against YCSB's "Operations" and the stored
// histogram's p95/p99, by HdrHistogram's rank rule as YCSB takes them, against its printed figures.
async function fidelityYcsb(ingest) {
  const lib = process.env.LEVELFIELD_YCSB_LIB || path.join(repoDir, '.levelfield/tools/ycsb');
  if (!onPath('java') || !existsSync(path.join(lib, 'core-0.17.0.jar')))
    return 'skipped: not installed (npm test fetches YCSB into .levelfield/tools/ycsb)';
  const logs = path.join(work, 'ycsb');
  mkdirSync(logs);
  say('ycsb: BasicDB, 4 threads, 50/50 read/update, HdrHistogram logs');
  const props = {
    workload: 'site.ycsb.workloads.CoreWorkload',
    recordcount: 1000,
    operationcount: 1000 * SECONDS,
    readproportion: 0.5,
    updateproportion: 0.5,
    'basicdb.verbose': false,
    'basicdb.simulatedelay': 2,
    'basicdb.randomizedelay': true,
    measurementtype: 'hdrhistogram',
    'hdrhistogram.fileoutput': true,
    'hdrhistogram.output.path': `${logs}/`,
    'status.interval': 1,
  };
  const command = ['java', '-cp', path.join(lib, '*'), 'site.ycsb.Client', '-t', '-s', '-db', 'site.ycsb.BasicDB'];
  command.push('-threads', '4', ...Object.entries(props).flatMap(([k, v]) => ['-p', `${k}=${v}`]));
  const result = await wrapped(ingest, 'ycsb', ['--adapter', 'ycsb'], command);
  const figures = {};
  let lost = 0;
  for (const op of ['READ', 'UPDATE']) {
    const printed = (name) => {
      const m = new RegExp(`^\\[${op}\\], ${name.replace(/[()]/g, '\\$&')}, ([\\d.]+)$`, 'm').exec(result.stdout);
      if (!m) throw new Error(`YCSB printed no ${op} ${name}:\n${result.stdout}`);
      return Number(m[1]);
    };
    const key = seriesKey('latency', { op });
    const h = merged(result.stored, key);
    lost += printed('Operations') - storedCount(result.stored, key);
    for (const p of [95, 99]) {
      const tool = printed(`${p}thPercentileLatency(us)`);
      // YCSB's HdrHistogram (2.1.4) ranks a percentile to the nearest count, not up.
      const stored = h.valueAtPercentile(p, 'nearest');
      figures[`${op} p${p} (µs)`] = { stored, tool, error: relError(stored, tool) };
    }
  }
  return verdict(figures, result, lost);
}

// ───────────────────────────── tools not here ─────────────────────────────

function notInstalled(...names) {
  const found = names.map(onPath).find(Boolean);
  return found
    ? `skipped: ${found} is installed, but this bench does not drive it yet`
    : 'skipped: not installed';
}

// ───────────────────────────── main ─────────────────────────────

/** One tool's figures; a tool whose run could not be compared at all fails with the reason. */
async function measure(tool, fidelity) {
  if (!PARTS.has(tool)) return 'skipped: not selected (BENCH_PARTS)';
  try {
    return await fidelity();
  } catch (error) {
    say(`failed: ${error.stack ?? error}`);
    return { pass: false, error: String(error.message ?? error).split('\n')[0] };
  }
}

async function main() {
  if (process.env.BENCH_AGENT_BIN) say(`measuring ${agentBin}`);
  else {
    say('building the agent');
    buildAgent();
  }
  const ingest = await startRecordingIngest(cleanups);
  const result = {
    k6: await measure('k6', () => fidelityK6(ingest)),
    pgbench: await measure('pgbench', () => fidelityPgbench(ingest)),
    hdrlog: await measure('hdrlog', () => fidelityHdrlog(ingest)),
    wrk: await measure('wrk', () => fidelityWrk(ingest)),
    sysbench: await measure('sysbench', () => fidelitySysbench(ingest)),
    ycsb: await measure('ycsb', () => fidelityYcsb(ingest)),
    cockroach: notInstalled('cockroach', 'workload'),
    wrk2: notInstalled('wrk2'),
  };
  const measured = Object.values(result).filter((r) => typeof r === 'object');
  return {
    ...result,
    target: { max_rel_error: TARGET_ERROR, frames_lost: 0 },
    pass: measured.every((r) => r.pass),
  };
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
    process.exit(result.pass ? 0 : 1);
  },
  (error) => {
    cleanup();
    process.stderr.write(`bench:fidelity failed: ${error.stack ?? error}\n`);
    process.exit(1);
  },
);
