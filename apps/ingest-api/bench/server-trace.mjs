// Loaded into the ingest API's process by `BENCH_TRACE_DIR=… npm run bench:ingest` (node --import):
// a timeline of what can stall an acknowledgement inside the server, to lay beside the bench's
// own (trace.ts) and PostgreSQL's. Writes JSON lines to $BENCH_TRACE_DIR/server.jsonl:
// - {t:'loop', at, max, p99}: event-loop delay each second (monitorEventLoopDelay, 10-ms resolution);
// - {t:'stall', at, ms}: a 20-ms timer that fired more than 40 ms late (at = when it should have);
// - {t:'gc', at, ms, kind}: each garbage collection (PerformanceObserver 'gc');
// - {t:'pool', at, ms, max}: a pool.connect() that waited more than 5 ms for a connection (max: the
//   pool's size, so 10 is the hot path's, 2 the rollup worker's, 1 the notifier's);
// - {t:'query', at, ms, sql}: a statement that took more than 30 ms from call to answer;
// - {t:'queries', at, queries}: each second, [statement, count, total ms] of every statement.
// at is epoch ms (the bench and PostgreSQL share the clock). Bench-only: the server never loads it.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import pg from 'pg';

const file = path.join(process.env.BENCH_TRACE_DIR ?? '.', 'server.jsonl');
let lines = [];
/** Per statement (its name, or its first characters): [count, ms] this second. */
let busy = {};
const emit = (event) => lines.push(JSON.stringify(event));
const epoch = (relative) => Math.round(performance.timeOrigin + relative);

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  emit({ t: 'loop', at: Date.now(), max: delay.max / 1e6, p99: delay.percentile(99) / 1e6 });
  delay.reset();
  const queries = Object.entries(busy).map(([sql, [n, ms]]) => [sql, n, Math.round(ms)]);
  if (queries.length > 0) emit({ t: 'queries', at: Date.now(), queries });
  busy = {};
  if (lines.length > 0) {
    appendFileSync(file, `${lines.join('\n')}\n`);
    lines = [];
  }
}, 1000).unref();

let expected = performance.now() + 20;
setInterval(() => {
  const now = performance.now();
  if (now - expected > 40) emit({ t: 'stall', at: epoch(expected), ms: Math.round(now - expected) });
  expected = now + 20;
}, 20).unref();

const kinds = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    emit({
      t: 'gc',
      at: epoch(entry.startTime),
      ms: Math.round(entry.duration * 10) / 10,
      kind: kinds[entry.detail?.kind] ?? String(entry.detail?.kind),
    });
}).observe({ entryTypes: ['gc'] });

const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (callback) {
  const started = performance.now();
  const max = this.options.max;
  const note = () => {
    const ms = performance.now() - started;
    if (ms > 5) emit({ t: 'pool', at: epoch(started), ms: Math.round(ms), max });
  };
  if (typeof callback === 'function')
    return connect.call(this, (error, client, release) => {
      note();
      callback(error, client, release);
    });
  return connect.call(this).then((client) => {
    note();
    return client;
  });
};

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...all) {
  const [config, values, callback] = all;
  const started = performance.now();
  const text = typeof config === 'string' ? config : (config?.name ?? config?.text ?? '');
  const note = () => {
    const ms = performance.now() - started;
    const label = text === 'ingest-batch' ? text : text.replace(/\s+/g, ' ').trim().slice(0, 24);
    busy[label] ??= [0, 0];
    const sum = busy[label];
    sum[0] += 1;
    sum[1] += ms;
    if (ms > 30)
      emit({
        t: 'query',
        at: epoch(started),
        ms: Math.round(ms),
        sql: text.replace(/\s+/g, ' ').trim().slice(0, 48),
      });
  };
  const last = typeof callback === 'function' ? 2 : typeof values === 'function' ? 1 : -1;
  if (last >= 0) {
    const args = [config, values, callback].slice(0, last + 1);
    const done = args[last];
    args[last] = (...result) => {
      note();
      done(...result);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, all);
  if (result && typeof result.then === 'function') result.then(note, note);
  return result;
};
