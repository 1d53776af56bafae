// Starts and stops Levelfield's processes: the database (embedded unless DATABASE_URL), the
// ingest API and the web app. Each runs in its own process group so that stopping it also
// stops anything it started; logs go to .levelfield/logs/<name>.log.
import { spawn } from 'node:child_process';
import { chmodSync, createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { bin, quietEnv, repoDir, stateDir, waitForHttp } from './lib.mjs';

export class Services {
  constructor({ logDir = path.join(stateDir, 'logs'), echo = false } = {}) {
    this.logDir = logDir;
    this.echo = echo;
    this.children = [];
    // Logs hold what the services print, connection errors with their addresses among it: the
    // folder is the owner's alone, also when an earlier version left it readable to all.
    mkdirSync(logDir, { recursive: true, mode: 0o700 });
    chmodSync(logDir, 0o700);
  }

  spawn(name, command, args, { env = {}, cwd = repoDir } = {}) {
    const log = createWriteStream(path.join(this.logDir, `${name}.log`), { flags: 'a', mode: 0o600 });
    const child = spawn(command, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...quietEnv, ...env },
    });
    // Two streams share one log: neither may end it; the child's exit does.
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', () => log.end());
    if (this.echo) child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
    const entry = { name, child, exited: false };
    child.on('exit', () => {
      entry.exited = true;
    });
    this.children.push(entry);
    return entry;
  }

  /** Database: resolves with the JSON "ready" line of packages/db/src/cli.ts serve. */
  startDatabase(env = {}) {
    const entry = this.spawn(
      'database',
      process.execPath,
      ['--import', 'tsx', 'packages/db/src/cli.ts', 'serve'],
      { env },
    );
    return new Promise((resolve, reject) => {
      let buffered = '';
      entry.child.stdout.on('data', (chunk) => {
        buffered += chunk;
        const line = buffered.split('\n').find((l) => l.startsWith('{"event":"ready"'));
        if (line) resolve(JSON.parse(line));
      });
      entry.child.on('exit', (code) => {
        reject(
          new Error(`the database process exited (${code}); see ${path.join(this.logDir, 'database.log')}`),
        );
      });
    });
  }

  async startIngest({ databaseUrl, port, webUrl, liveTokenSecret }) {
    const entry = this.spawn('ingest-api', process.execPath, ['apps/ingest-api/dist/main.mjs'], {
      env: {
        DATABASE_URL: databaseUrl,
        INGEST_HOST: '127.0.0.1',
        INGEST_PORT: String(port),
        LEVELFIELD_WEB_URL: webUrl,
        LEVELFIELD_LIVE_TOKEN_SECRET: liveTokenSecret,
        NODE_ENV: 'production',
      },
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/healthz`, 60_000, () => !entry.exited);
    return url;
  }

  /** `webhooksInternal`: webhooks may call local addresses (the test stack's receivers run here). */
  async startWeb({ databaseUrl, port, authSecret, ingestUrl, liveTokenSecret, webhooksInternal = false }) {
    const url = `http://127.0.0.1:${port}`;
    const entry = this.spawn('web', bin('next'), ['start', '-H', '127.0.0.1', '-p', String(port)], {
      cwd: path.join(repoDir, 'apps/web'),
      env: {
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: authSecret,
        AUTH_URL: url,
        LEVELFIELD_INGEST_URL: ingestUrl,
        LEVELFIELD_LIVE_TOKEN_SECRET: liveTokenSecret,
        ...(webhooksInternal ? { LEVELFIELD_WEBHOOK_ALLOW_INTERNAL: '1' } : {}),
        NODE_ENV: 'production',
      },
    });
    await waitForHttp(`${url}/api/health`, 90_000, () => !entry.exited);
    return url;
  }

  /** Stops everything in reverse start order: web and ingest drain before the database goes. */
  async stopAll(timeoutMs = 15_000) {
    for (const entry of [...this.children].reverse()) {
      if (entry.exited) continue;
      const exited = new Promise((resolve) => entry.child.once('exit', resolve));
      signalGroup(entry.child.pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(entry.child.pid, 'SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    }
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
