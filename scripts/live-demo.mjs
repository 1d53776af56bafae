// The live demo of `npm start`: levelfield-agent wrapping a rate-limited pgbench against the
// same PostgreSQL, so a newcomer sees a run's charts move within a minute. Skipped, with the
// reason, when pgbench or the agent is not there; it never stops Levelfield itself.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoDir, stateDir } from './lib.mjs';

const AGENT = path.join(repoDir, 'agents/bin/levelfield-agent');
const DATABASE = 'levelfield_pgbench';
export const LIVE_DEMO_LABEL = 'demo=live';

export function findPgbench() {
  const onPath = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort() : [];
  return (
    versions
      .map((v) => path.join(root, v, 'bin/pgbench'))
      .filter((p) => existsSync(p))
      .pop() ?? null
  );
}

/**
 * The pgbench database's address without its password, and the environment that gives libpq the
 * password from a file of mode 600 (PGPASSFILE): a password in a command line is readable by every
 * user of the machine through `ps`, and ends up in logs and shell history.
 */
export function pgbenchConnection(databaseUrl) {
  const url = new URL(pgbenchDatabaseUrl(databaseUrl));
  const password = decodeURIComponent(url.password);
  url.password = '';
  if (!password) return { url: url.toString(), env: {} };
  const field = (v) => v.replace(/[\\:]/g, '\\$&');
  const file = path.join(stateDir, 'pgpass');
  const line = [url.hostname, url.port || '5432', DATABASE, decodeURIComponent(url.username), password]
    .map(field)
    .join(':');
  writeFileSync(file, `${line}\n`, { mode: 0o600 });
  return { url: url.toString(), env: { PGPASSFILE: file } };
}

/** Creates the pgbench database (as `adminUrl`'s role) and initialises it if pgbench cannot run on it yet. */
async function prepareDatabase(adminUrl, pgbench, connection) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  const options = { encoding: 'utf8', env: { ...process.env, ...connection.env } };
  const check = spawnSync(pgbench, ['-n', '-t', '1', '-c', '1', connection.url], options);
  if (check.status !== 0) {
    const init = spawnSync(pgbench, ['-i', '-s', '5', '-q', connection.url], options);
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr.trim()}`);
  }
}

/** The database pgbench runs against, beside Levelfield's own on the same server. */
function pgbenchDatabaseUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/**
 * levelfield-agent's arguments to wrap pgbench (4 clients, 2 threads, progress every second, the
 * per-transaction log the agent reads) as a PostgreSQL run of `project`. The live demo and the
 * freshness measure of bench/web.ts run this one command, for their own length and rate, so the
 * benchmark measures what `npm start` shows.
 * @param {{ ingestUrl: string, project: string, name: string, agentFlags?: string[], pgbench: string,
 *   seconds: number, rate?: number, logDir: string, database: string }} run `rate`: transactions per
 *   second (pgbench -R), unlimited when left out
 */
export function agentPgbenchArgs({
  ingestUrl,
  project,
  name,
  agentFlags = [],
  pgbench,
  seconds,
  rate,
  logDir,
  database,
}) {
  return [
    'run',
    '--server',
    ingestUrl,
    '--project',
    project,
    '--system',
    'postgresql',
    '--name',
    name,
    ...agentFlags,
    '--no-cloud',
    '--',
    pgbench,
    ...['-c', '4', '-j', '2', '-T', String(seconds), '-P', '1'],
    ...(rate ? ['-R', String(rate)] : []),
    '--log',
    `--log-prefix=${path.join(logDir, 'pgbench')}`,
    database,
  ];
}

/**
 * Starts the demo run in `project` under `services`, pgbench on `bench` (pgbenchConnection of
 * `databaseUrl`); returns a line for the banner.
 */
export async function startLiveDemo(services, { ingestUrl, token, databaseUrl, bench, webUrl, project }) {
  const pgbench = findPgbench();
  if (!pgbench) return 'Live demo    skipped (no pgbench here; install PostgreSQL’s client tools to see one)';
  if (!existsSync(AGENT))
    return 'Live demo    skipped (agents/bin/levelfield-agent was not built: is Go installed?)';
  await prepareDatabase(databaseUrl, pgbench, bench);
  const logDir = path.join(stateDir, 'pgbench-logs');
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  services.spawn(
    'live-demo',
    AGENT,
    agentPgbenchArgs({
      ingestUrl,
      project,
      name: 'live demo: pgbench tpcb-like at 400 tps, 10 min',
      agentFlags: ['--label', LIVE_DEMO_LABEL, '--warmup', '10s'],
      pgbench,
      seconds: 600,
      rate: 400,
      logDir,
      database: bench.url,
    }),
    { env: { LEVELFIELD_TOKEN: token, ...bench.env } },
  );
  return `Live demo    ${webUrl}/runs?labels=${encodeURIComponent(LIVE_DEMO_LABEL)}  (agent + pgbench, 10 minutes)`;
}
