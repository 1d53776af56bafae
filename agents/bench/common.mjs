// What the agent's benchmarks share (run.mjs is `npm run bench:agent`, fidelity.mjs
// `npm run bench:fidelity`): building the agent, running commands, a throwaway PostgreSQL, and
// how the agent is pointed at an ingest API. Node built-ins, and tsx for the repository's TypeScript.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const agentsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = path.resolve(agentsDir, '..');

/** A progress line: stdout, prefixed with "# " so the last line, the JSON, stands apart. */
export function say(message) {
  process.stdout.write(`# ${message}\n`);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (v, digits) => Math.round(v * 10 ** digits) / 10 ** digits;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to completion; returns stdout, throws with stderr on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}

/** Spawns a command and collects its output; resolves when it exits. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

/** Builds bin/levelfield-agent (go build is incremental: a binary left from older sources would measure those). */
export function buildAgent() {
  run('go', ['build', '-trimpath', '-o', 'bin/levelfield-agent', './cmd/levelfield-agent'], {
    cwd: agentsDir,
  });
  return path.join(agentsDir, 'bin/levelfield-agent');
}

/**
 * A throwaway PostgreSQL under work/pg, on 127.0.0.1 and a socket in that directory; as root it
 * runs as postgres. Its stop is pushed onto cleanups.
 */
export async function startPostgres(work, cleanups) {
  const bins = ['17', '16', '15', '14', '13']
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .filter((dir) => existsSync(path.join(dir, 'initdb')));
  if (bins.length === 0) throw new Error('PostgreSQL server binaries (/usr/lib/postgresql/*/bin) not found');
  const bin = bins.find((dir) => dir.includes('/15/')) ?? bins[0];
  const dir = path.join(work, 'pg');
  const data = path.join(dir, 'data');
  run('mkdir', ['-p', dir]);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) run('chown', ['postgres', dir]);
  const pgCmd = (name, args) =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]]
      : [path.join(bin, name), args];
  run(...pgCmd('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']));
  const port = await freePort();
  // fsync off: the disk's noise would drown the few percent this benchmark looks for.
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=50`;
  run(...pgCmd('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']));
  cleanups.push(() => spawnSync(...pgCmd('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])));
  say(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}`);
  return { bin, dir, port, url: (db) => `postgresql://postgres@127.0.0.1:${port}/${db}` };
}

let tsxRegistered = false;

/** Imports one of the repository's TypeScript modules (path from the root), through tsx. */
export async function importTs(relative) {
  if (!tsxRegistered) {
    const { register } = await import('tsx/esm/api');
    register();
    tsxRegistered = true;
  }
  return import(pathToFileURL(path.join(repoDir, relative)).href);
}

/** The agent's flags that say where the run goes; ingest is { url, project }. */
export function agentArgs(ingest, spool) {
  return ['--server', ingest.url, '--project', ingest.project, '--no-cloud', '--spool', spool];
}

/** The agent takes its token from the environment: it refuses --token (the process list shows it). */
export function agentEnv(ingest, extra = {}) {
  return { ...process.env, LEVELFIELD_TOKEN: ingest.token, ...extra };
}

/** The run id in the agent's last "run URL" line. */
export function runIdFrom(stderr) {
  return stderr.match(/\/runs\/([A-Za-z0-9_-]+)\s*$/m)?.[1];
}
