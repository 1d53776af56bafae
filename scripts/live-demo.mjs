// The live demo of `npm start`: levelfield-agent wrapping a rate-limited pgbench against the
// same PostgreSQL, so a newcomer sees a run's charts move within a minute. Skipped, with the
// reason, when pgbench or the agent is not there; it never stops Levelfield itself.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
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

async function prepareDatabase(adminUrl, pgbench) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = pgbenchDatabaseUrl(adminUrl);
  const check = spawnSync(pgbench, ['-n', '-t', '1', '-c', '1', url], { encoding: 'utf8' });
  if (check.status !== 0) {
    const init = spawnSync(pgbench, ['-i', '-s', '5', '-q', url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr.trim()}`);
  }
  return url;
}

/** The database pgbench runs against, beside Levelfield's own on the same server. */
export function pgbenchDatabaseUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** Starts the demo run under `services`; returns a line for the banner. */
export async function startLiveDemo(services, { ingestUrl, token, databaseUrl, webUrl }) {
  const pgbench = findPgbench();
  if (!pgbench) return 'Live demo    skipped (no pgbench here; install PostgreSQL’s client tools to see one)';
  if (!existsSync(AGENT))
    return 'Live demo    skipped (agents/bin/levelfield-agent was not built: is Go installed?)';
  const benchUrl = await prepareDatabase(databaseUrl, pgbench);
  const logDir = path.join(stateDir, 'pgbench-logs');
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  services.spawn(
    'live-demo',
    AGENT,
    [
      'run',
      '--server',
      ingestUrl,
      '--project',
      'demo',
      '--system',
      'postgresql',
      '--name',
      'live demo: pgbench tpcb-like at 400 tps, 10 min',
      '--label',
      LIVE_DEMO_LABEL,
      '--warmup',
      '10s',
      '--no-cloud',
      '--',
      pgbench,
      '-c',
      '4',
      '-j',
      '2',
      '-T',
      '600',
      '-R',
      '400',
      '-P',
      '1',
      '--log',
      `--log-prefix=${path.join(logDir, 'pgbench')}`,
      benchUrl,
    ],
    { env: { LEVELFIELD_TOKEN: token } },
  );
  return `Live demo    ${webUrl}/runs?labels=${encodeURIComponent(LIVE_DEMO_LABEL)}  (agent + pgbench, 10 minutes)`;
}
