// `npm start` as a user runs it: it comes up, Ctrl-C stops every process it started, and the
// next start finds the data again. Uses its own state folder and ports.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../packages/db/src/testing.ts';

const repo = path.resolve(import.meta.dirname, '..');
let stateDir = '';

async function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  // detached: its own process group, so the Ctrl-C below reaches it as a terminal's would.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repo,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 240_000;
  while (!output.includes('Levelfield is running')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  process.kill(-child.pid!, 'SIGINT');
  return exited;
}

function processesUsing(dir: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(dir));
}

afterAll(async () => {
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('stops everything on Ctrl-C and keeps the data for the next start', { timeout: 600_000 }, async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'levelfield-start-'));
    // As root, PostgreSQL runs as the postgres user, which must be able to enter the folder.
    await chmod(stateDir, 0o755);
    const env = {
      LEVELFIELD_STATE_DIR: stateDir,
      LEVELFIELD_PG_PORT: String(await freePort()),
      LEVELFIELD_WEB_PORT: String(await freePort()),
      LEVELFIELD_INGEST_PORT: String(await freePort()),
    };
    delete process.env.DATABASE_URL;
    const first = await start(env);
    const web = `http://127.0.0.1:${env.LEVELFIELD_WEB_PORT}`;
    expect(first.output()).toContain(`Web app      ${web}`);
    const health = await (await fetch(`${web}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { status: 'up' } });
    const token = (await readFile(path.join(stateDir, 'demo-token'), 'utf8')).trim();
    const created = await fetch(`http://127.0.0.1:${env.LEVELFIELD_INGEST_PORT}/v1/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        project: 'demo',
        system: { name: 'kept' },
        benchmark: { name: 'restart' },
        name: 'survives a restart',
        startedAt: Date.now(),
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // The database owner's password is on no command line (`ps` shows them to every user: the
    // live demo's pgbench and the pasteable one read it from a file of mode 600), not in the
    // banner, and the logs are the owner's alone.
    const { databasePassword } = JSON.parse(await readFile(path.join(stateDir, 'secrets.json'), 'utf8'));
    expect(databasePassword).toBeTruthy();
    expect(processesUsing(stateDir).join('\n')).toContain('pgbench');
    expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(databasePassword);
    expect(first.output()).not.toContain(databasePassword);
    expect(first.output()).toContain('PGPASSFILE=');
    expect((await stat(path.join(stateDir, 'pgpass'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(stateDir, 'logs'))).mode & 0o777).toBe(0o700);

    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toContain('Stopped. Data is kept for the next start.');
    expect(processesUsing(stateDir)).toEqual([]);
    await expect(fetch(`${web}/api/health`), 'the web app still answers').rejects.toThrow();
    await expect(
      fetch(`http://127.0.0.1:${env.LEVELFIELD_INGEST_PORT}/healthz`),
      'the ingest API still answers',
    ).rejects.toThrow();

    const second = await start(env);
    try {
      const run = await fetch(`${web}/api/v1/runs/${id}`);
      expect(run.status).toBe(200);
      expect(await run.json()).toMatchObject({ name: 'survives a restart' });
      // The same token after the restart, named by its file in the banner and never printed.
      expect((await readFile(path.join(stateDir, 'demo-token'), 'utf8')).trim()).toBe(token);
      expect(second.output()).toContain('--token-file');
      expect(second.output()).not.toContain(token);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
    expect(processesUsing(stateDir)).toEqual([]);
  });
});
