// `cli.ts serve`, which `npm start` and docker-compose's migrate job run: it migrates as the
// owner role and hands the services a URL of the app role (src/roles.ts), never the owner's,
// whenever it knows one — always with the embedded PostgreSQL. And `cli.ts grant-app-role`, for
// a role an administrator created on their own server.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestDatabase, freePort, type TestDatabase } from '../src/testing.ts';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

interface Ready {
  databaseUrl: string;
  ownerUrl: string;
  embedded: boolean;
}

/** Starts `cli.ts serve`: its ready line, and its exit with what it wrote to stderr. */
function serve(env: Record<string, string>): {
  child: ChildProcess;
  ready: Promise<Ready>;
  exited: Promise<{ code: number | null; stderr: string }>;
} {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.LEVELFIELD_APP_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve'], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  const ready = new Promise<Ready>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{"event":"ready"'));
      if (line) resolve(JSON.parse(line));
    });
    exited.then(({ code }) => reject(new Error(`serve exited (${code}) before it was ready:\n${stderr}`)));
  });
  return { child, ready, exited };
}

async function whoAmI(url: string): Promise<{ user: string; superuser: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ user: string; superuser: boolean }>(
      'SELECT current_user AS user, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

describe('serve with the embedded PostgreSQL', () => {
  let stateDir = '';
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'levelfield-serve-'));
    // As root, PostgreSQL runs as the postgres user, which must be able to enter the folder.
    await chmod(stateDir, 0o755);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(stateDir, { recursive: true, force: true });
  });

  it('gives the services the app role, no superuser, and keeps the owner role for itself', async () => {
    const started = serve({ LEVELFIELD_STATE_DIR: stateDir, LEVELFIELD_PG_PORT: String(await freePort()) });
    child = started.child;
    const ready = await started.ready;
    expect(ready.embedded).toBe(true);
    expect(await whoAmI(ready.databaseUrl)).toEqual({ user: 'levelfield_app', superuser: false });
    expect(await whoAmI(ready.ownerUrl)).toEqual({ user: 'postgres', superuser: true });
  });
});

describe('serve with DATABASE_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createEmptyDatabase('serve');
  });
  afterAll(async () => database?.drop());

  it('creates and grants the role of LEVELFIELD_APP_DATABASE_URL, and gives the services that URL', async () => {
    const stateDir = await mkdtemp(path.join(tmpdir(), 'levelfield-serve-'));
    try {
      const started = serve({
        DATABASE_URL: database.ownerUrl,
        LEVELFIELD_APP_DATABASE_URL: database.url,
        LEVELFIELD_STATE_DIR: stateDir,
      });
      const ready = await started.ready;
      expect(await started.exited).toMatchObject({ code: 0 });
      expect(ready).toMatchObject({
        databaseUrl: database.url,
        ownerUrl: database.ownerUrl,
        embedded: false,
      });
      const app = new pg.Client({ connectionString: ready.databaseUrl });
      await app.connect();
      try {
        expect((await app.query('SELECT count(*)::int AS n FROM organizations')).rows).toEqual([{ n: 1 }]);
        await expect(app.query('DELETE FROM report_versions')).rejects.toThrow(/permission denied/);
      } finally {
        await app.end();
      }
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  });

  it('without LEVELFIELD_APP_DATABASE_URL, gives the services DATABASE_URL and says how to do better', async () => {
    const stateDir = await mkdtemp(path.join(tmpdir(), 'levelfield-serve-'));
    try {
      const started = serve({ DATABASE_URL: database.ownerUrl, LEVELFIELD_STATE_DIR: stateDir });
      expect((await started.ready).databaseUrl).toBe(database.ownerUrl);
      const { code, stderr } = await started.exited;
      expect(code).toBe(0);
      expect(stderr).toContain(
        'LEVELFIELD_APP_DATABASE_URL is not set, so the web app and the ingest API sign in with DATABASE_URL',
      );
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});

describe('grant-app-role', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('grant');
  });
  afterAll(async () => database?.drop());

  const grant = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, 'grant-app-role', ...args], {
      env: { ...process.env, DATABASE_URL: database.ownerUrl },
      encoding: 'utf8',
    });

  it('prints the SQL it would run', () => {
    const printed = grant(['reader', '--print']);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain(
      'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "reader";',
    );
    expect(printed.stdout).toContain('REVOKE UPDATE, DELETE ON "report_versions" FROM "reader";');
  });

  it('grants a role that exists, and refuses one that does not, saying how to create it', () => {
    const role = decodeURIComponent(new URL(database.url).username);
    const granted = grant([role]);
    expect(granted.stderr).toBe('');
    expect(granted.stdout).toContain(`${role} may now read and write Levelfield's rows, and nothing more`);
    const missing = grant([`${database.name}_nobody`]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      `the database role ${database.name}_nobody does not exist: create it first`,
    );
  });
});
