// BENCH_TRACE_DIR=/some/dir npm run bench:ingest: a timeline of the measured run, to find what
// the slow acknowledgements coincide with (trace-report.ts reads it). Besides the server's own
// (server-trace.mjs, loaded into the server with --import), this process writes to
// $BENCH_TRACE_DIR/bench.jsonl:
// - {t:'ack', at, ms}: each measured post, at = when it was sent (epoch ms), ms = its ack latency;
// - {t:'loop', at, max}: this load generator's own event-loop delay each second (a stall here
//   inflates the acks it measures);
// - {t:'wait', at, waits}: every 100 ms, PostgreSQL's backends that are not idle, by wait event
//   ("type:event:backend type", CPU when none);
// - {t:'pg', at, …}: every second, cumulative WAL, checkpoint and I/O counters, the autovacuum
//   workers' targets and the machine's CPU and I/O pressure (PSI);
//   (track_wal_io_timing and track_io_timing are turned on for the run with ALTER SYSTEM: timing
//   adds a little to each WAL write, so traced runs are not compared with untraced ones).
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

export const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const SERVER_TRACE = path.join(import.meta.dirname, 'server-trace.mjs');

let lines: string[] = [];
export function emit(event: Record<string, unknown>): void {
  if (TRACE_DIR) lines.push(JSON.stringify(event));
}
function flush(): void {
  if (!TRACE_DIR || lines.length === 0) return;
  appendFileSync(path.join(TRACE_DIR, 'bench.jsonl'), `${lines.join('\n')}\n`);
  lines = [];
}

/** Node arguments for the server: loads server-trace.mjs when tracing. */
export function serverTraceArgs(): string[] {
  if (!TRACE_DIR) return [];
  mkdirSync(TRACE_DIR, { recursive: true });
  return ['--import', SERVER_TRACE];
}

/**
 * The settings the trace needs, and BENCH_PG_SETTINGS ("name=value;name=value": settings a reload
 * applies, e.g. autovacuum=off, to test one cause at a time), set with ALTER SYSTEM on the
 * throwaway server (superuser `adminUrl`). Neither is for a run compared with another's figures.
 */
export async function applyPostgresSettings(adminUrl: string): Promise<void> {
  const settings = (process.env.BENCH_PG_SETTINGS ?? '').split(';').filter(Boolean);
  if (TRACE_DIR) settings.push('track_wal_io_timing=on', 'track_io_timing=on');
  if (settings.length === 0) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const setting of settings) {
      const [name, value] = setting.split('=');
      if (!name || !/^[a-z_]+$/.test(name.trim()) || value === undefined)
        throw new Error(`BENCH_PG_SETTINGS: not name=value: ${setting}`);
      await client.query(`ALTER SYSTEM SET ${name.trim()} = '${value.trim().replaceAll("'", "''")}'`);
    }
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

function pressure(kind: 'cpu' | 'io'): number | undefined {
  const file = `/proc/pressure/${kind}`;
  if (!existsSync(file)) return undefined;
  // "some … total=<µs>": cumulative µs in which some task waited for the resource.
  return Number(/some .*total=(\d+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? Number.NaN);
}

const STATS = `
  SELECT w.wal_records::float8, w.wal_bytes::float8, w.wal_buffers_full::float8, w.wal_write::float8,
         w.wal_sync::float8, w.wal_write_time, w.wal_sync_time,
         c.num_timed::float8 + c.num_requested::float8 AS checkpoints, c.buffers_written::float8 AS checkpoint_buffers,
         c.write_time AS checkpoint_write_ms, c.sync_time AS checkpoint_sync_ms,
         (SELECT sum(fsync_time) FROM pg_stat_io) AS io_fsync_ms,
         (SELECT sum(writes)::float8 FROM pg_stat_io WHERE backend_type = 'client backend') AS backend_writes,
         (SELECT sum(autovacuum_count + autoanalyze_count)::float8 FROM pg_stat_user_tables) AS autovacuums,
         (SELECT coalesce(string_agg(p.relid::regclass::text || ':' || p.phase, ' '), '') FROM pg_stat_progress_vacuum p) AS vacuum
    FROM pg_stat_wal w, pg_stat_checkpointer c`;

const WAITS = `
  SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') || ':' || backend_type AS what, count(*)::int AS n
    FROM pg_stat_activity
   WHERE pid <> pg_backend_pid() AND (state IS NULL OR state <> 'idle')
     AND backend_type NOT IN ('logical replication launcher', 'autovacuum launcher')
     AND coalesce(wait_event, '') NOT IN ('ClientRead', 'WalWriterMain', 'CheckpointerMain', 'BgwriterMain',
                                          'BgwriterHibernate', 'AutovacuumMain', 'AutoVacuumMain', 'LogicalLauncherMain', 'WalSummarizerWal')
   GROUP BY 1`;

/** Starts the samplers (PostgreSQL at `url`, a superuser's, in the bench's database, this process's event loop); stop() flushes. */
export function startTrace(url: string): () => Promise<void> {
  if (!TRACE_DIR) return async () => {};
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let busy = false;
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
    const at = Date.now();
    const everySecond = ticks % 10 === 0;
    if (everySecond) {
      emit({ t: 'loop', at, max: delay.max / 1e6 });
      delay.reset();
      flush();
    }
    if (busy) return;
    busy = true;
    void connected
      .then(async () => {
        const { rows } = await client.query<{ what: string; n: number }>(WAITS);
        if (rows.length > 0)
          emit({ t: 'wait', at, waits: Object.fromEntries(rows.map((r) => [r.what, r.n])) });
        if (everySecond) {
          const stats = await client.query(STATS);
          emit({ t: 'pg', at, ...stats.rows[0], psi_cpu_us: pressure('cpu'), psi_io_us: pressure('io') });
        }
      })
      .catch((error: unknown) => emit({ t: 'error', at, error: String(error) }))
      .finally(() => {
        busy = false;
      });
  }, 100);
  return async () => {
    clearInterval(timer);
    delay.disable();
    await client.end().catch(() => {});
    flush();
  };
}
