// Shared by start.mjs, test.mjs and the end-to-end setup: installing what is missing, running
// commands, and supervising the three services. Node built-ins only: this runs before `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const stateDir = process.env.LEVELFIELD_STATE_DIR ?? path.join(repoDir, '.levelfield');
export const bin = (name) => path.join(repoDir, 'node_modules/.bin', name);

export const quietEnv = {
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  DO_NOT_TRACK: '1',
};

export function step(message) {
  process.stdout.write(`\x1b[1m▸ ${message}\x1b[0m\n`);
}

/** Runs a command with inherited output; rejects with its exit status. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoDir,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...quietEnv, ...options.env },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Loads the demo comparisons and publishes the demo report into `databaseUrl`, by running the web
 * app's demo loader (apps/web/src/server/demo-cli.ts) in its own process: it is web server code.
 */
export function runDemoLoader(databaseUrl) {
  return run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'src/server/demo-cli.ts'], {
    cwd: path.join(repoDir, 'apps/web'),
    env: { DATABASE_URL: databaseUrl },
  });
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * `npm install` (it follows package-lock.json) when node_modules is missing or was installed
 * from another lockfile. Not `npm ci`: registries that serve only this platform's optional
 * packages leave the other platforms' entries out of the lockfile, and `npm ci` refuses that.
 */
export async function ensureDependencies() {
  const lock = path.join(repoDir, 'package-lock.json');
  const stamp = path.join(repoDir, 'node_modules/.levelfield-installed');
  const digest = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  step('Installing npm packages');
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, digest);
}

export async function build() {
  step('Building (turbo run build: Prisma client, ingest API, web app, agent)');
  await run(bin('turbo'), ['run', 'build', '--output-logs=errors-only']);
}

export function ensureStateDir() {
  mkdirSync(stateDir, { recursive: true });
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls an HTTP endpoint until it answers 2xx; fails with the last answer after the deadline. */
export async function waitForHttp(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the service exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not become ready within ${timeoutMs / 1000} s (last: ${last})`);
}

/** What `cli.ts serve` wrote to the state folder: generated secrets and the demo API token. */
export function readLocalSecrets() {
  const secrets = JSON.parse(readFileSync(path.join(stateDir, 'secrets.json'), 'utf8'));
  const demoToken = readFileSync(path.join(stateDir, 'demo-token'), 'utf8').trim();
  return { ...secrets, demoToken };
}
