// npx tsx bench/trace-report.ts DIR: the timeline a traced run wrote (BENCH_TRACE_DIR=DIR
// npm run bench:ingest; trace.ts, server-trace.mjs), one line per second of the measured part:
// the acknowledgements sent in it (count, p99, max, how many over 50 ms) beside what could have
// delayed them — the load generator's and the server's event-loop delay, the server's GC, pool
// waits, slow statements and the rollup worker's statements, PostgreSQL's wait events, WAL
// writes and fsyncs, checkpoints, autovacuum, and the machine's CPU and I/O pressure.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Event = Record<string, unknown> & { t: string; at: number };
const dir = process.argv[2] ?? process.env.BENCH_TRACE_DIR ?? '.';
const read = (name: string): Event[] =>
  readFileSync(path.join(dir, name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event);
const bench = read('bench.jsonl');
const server = read('server.jsonl');
const acks = bench.filter((e) => e.t === 'ack');
if (acks.length === 0) throw new Error(`no acknowledgements in ${dir}/bench.jsonl`);
const t0 = Math.floor(Math.min(...acks.map((e) => e.at)) / 1000) * 1000;
const second = (at: number) => Math.floor((at - t0) / 1000);
const seconds = second(Math.max(...acks.map((e) => e.at))) + 1;
const per = <T>(make: () => T) => Array.from({ length: seconds }, make);
const pct = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const r = (v: number) => Math.round(v);

const ackMs = per<number[]>(() => []);
for (const e of acks) ackMs[second(e.at)]?.push(e.ms as number);
const benchLoop = per(() => 0);
const serverLoop = per(() => 0);
const gc = per(() => ({ major: 0, minor: 0, other: 0 }));
const pool = per(() => 0);
const slow = per<string[]>(() => []);
const rollupMs = per(() => 0);
const waits = per<Record<string, number>>(() => ({}));
for (const e of bench) {
  const s = second(e.at);
  if (s < 0 || s >= seconds) continue;
  if (e.t === 'loop') benchLoop[s] = Math.max(benchLoop[s]!, e.max as number);
  if (e.t === 'wait')
    for (const [what, n] of Object.entries(e.waits as Record<string, number>)) {
      const key = what.replace(':client backend', '');
      waits[s]![key] = (waits[s]![key] ?? 0) + n;
    }
}
for (const e of server) {
  const s = second(e.at);
  if (s < 0 || s >= seconds) continue;
  if (e.t === 'loop') serverLoop[s] = Math.max(serverLoop[s]!, e.max as number);
  if (e.t === 'gc') {
    const kind = e.kind === 'major' || e.kind === 'minor' ? e.kind : 'other';
    gc[s]![kind] += e.ms as number;
  }
  if (e.t === 'pool') pool[s] = Math.max(pool[s]!, e.ms as number);
  if (e.t === 'query') slow[s]!.push(`${e.sql === 'ingest-batch' ? 'batch' : 'other'}:${e.ms}`);
  if (e.t === 'queries')
    for (const [sql, , ms] of e.queries as Array<[string, number, number]>)
      if (
        sql !== 'ingest-batch' &&
        !sql.startsWith('SELECT pg_notify') &&
        !sql.startsWith('SELECT f.series_id')
      )
        rollupMs[Math.max(s - 1, 0)]! += ms;
}
// Cumulative PostgreSQL counters, differenced per second.
const pg = bench.filter((e) => e.t === 'pg');
const delta = per(() => ({
  walMB: 0,
  syncMs: 0,
  writeMs: 0,
  syncs: 0,
  ckpt: 0,
  av: 0,
  psiCpu: 0,
  psiIo: 0,
  vacuum: '',
}));
for (let i = 1; i < pg.length; i += 1) {
  const [a, b] = [pg[i - 1]!, pg[i]!];
  const s = second(b.at) - 1;
  if (s < 0 || s >= seconds) continue;
  const d = (k: string) => Number(b[k]) - Number(a[k]);
  Object.assign(delta[s]!, {
    walMB: d('wal_bytes') / 1e6,
    syncMs: d('wal_sync_time'),
    writeMs: d('wal_write_time'),
    syncs: d('wal_sync'),
    ckpt: d('checkpoints'),
    av: d('autovacuums'),
    psiCpu: d('psi_cpu_us') / 1000,
    psiIo: d('psi_io_us') / 1000,
    vacuum: String(b.vacuum ?? ''),
  });
}

console.log(
  's   acks p99  max >50 | bench-loop srv-loop gc-maj gc-min pool-wait | rollup-sql-ms slow-sql | WAL MB/s syncs sync-ms write-ms ckpt av | psi cpu/io ms | pg waits (samples, 10/s)',
);
for (let s = 0; s < seconds; s += 1) {
  const a = ackMs[s]!;
  const d = delta[s]!;
  const w = Object.entries(waits[s]!)
    .filter(([k]) => !k.startsWith('Activity:'))
    .sort((x, y) => y[1] - x[1])
    .slice(0, 4)
    .map(([k, n]) => `${k}=${n}`)
    .join(' ');
  console.log(
    [
      String(s).padStart(2),
      String(a.length).padStart(4),
      String(r(pct(a, 99))).padStart(4),
      String(r(Math.max(0, ...a))).padStart(4),
      String(a.filter((v) => v > 50).length).padStart(3),
      '|',
      String(r(benchLoop[s]!)).padStart(5),
      String(r(serverLoop[s]!)).padStart(5),
      String(r(gc[s]!.major)).padStart(4),
      String(r(gc[s]!.minor)).padStart(4),
      String(pool[s]).padStart(4),
      '|',
      String(rollupMs[s]).padStart(5),
      slow[s]!.slice(0, 4).join(',') || '-',
      '|',
      d.walMB.toFixed(1),
      r(d.syncs),
      r(d.syncMs),
      r(d.writeMs),
      d.ckpt,
      d.av,
      d.vacuum,
      '|',
      `${r(d.psiCpu)}/${r(d.psiIo)}`,
      '|',
      w,
    ].join(' '),
  );
}
