// Test databases on a real PostgreSQL. The test command starts one server for the whole run
// and passes its admin URL in LEVELFIELD_TEST_DATABASE_URL; each suite gets a fresh database
// with all migrations applied. Run alone (vitest in one package), the vitest global setup
// below starts a throwaway embedded server instead. Suites sign in as an app role of their
// own (roles.ts), as the services do, so every suite also proves that role is enough.
import { randomBytes } from 'node:crypto';
import { chmod, cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabaseIfMissing, withCredentials, withDatabase } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { applyMigrations, readMigrations } from './migrate.ts';
import { migrationsDir } from './paths.ts';
import { ensureAppRole } from './roles.ts';

export interface TestDatabase {
  /** As the database's app role (what the web app and the ingest API use). */
  url: string;
  /** As the owner role: migrations, and tests that play an attacker holding it. */
  ownerUrl: string;
  name: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.LEVELFIELD_TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'LEVELFIELD_TEST_DATABASE_URL is not set: run tests through `npm test`, or add ' +
        "'@levelfield/db/testing/global-setup' to the package's vitest globalSetup.",
    );
  }
  return url;
}

/**
 * A new, empty database (no migrations), for tests of migrations themselves. Its app role,
 * `<name>_app`, is created by whatever migrates it (createTestDatabase, `cli.ts serve`).
 */
export async function createEmptyDatabase(prefix = 'test'): Promise<TestDatabase> {
  const admin = adminUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const appRole = `${name}_app`;
  await createDatabaseIfMissing(admin, name);
  const ownerUrl = withDatabase(admin, name);
  return {
    url: withCredentials(ownerUrl, appRole, randomBytes(12).toString('hex')),
    ownerUrl,
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        // A pool's end() resolves before its sockets close: give those sessions a moment to end on
        // their own, since one killed by FORCE while it closes errors in a pool no longer listening.
        for (let waited = 0; waited < 500; waited += 25) {
          const open = await client.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (open.rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS "${appRole}"`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A new database with every migration applied and its app role ready. */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const database = await createEmptyDatabase(prefix);
  await applyMigrations(database.ownerUrl);
  await ensureAppRole(database.ownerUrl, database.url);
  return database;
}

/**
 * A database migrated up to, not including, `migration`, for tests of what that migration does
 * to rows written before it. Apply the rest with applyMigrations(database.ownerUrl).
 */
export async function createDatabaseBefore(migration: string, prefix = 'test'): Promise<TestDatabase> {
  const database = await createEmptyDatabase(prefix);
  const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-migrations-'));
  try {
    for (const { name } of await readMigrations())
      if (name < migration)
        await cp(path.join(migrationsDir, name), path.join(dir, name), { recursive: true });
    await applyMigrations(database.ownerUrl, dir);
    return database;
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a throwaway embedded PostgreSQL; returns its admin URL and a stop function. */
export async function startThrowawayPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-pg-'));
  // mkdtemp makes the folder private to us; as root, PostgreSQL runs as the postgres user.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'data'),
    port: await freePort(),
    password: randomBytes(12).toString('hex'),
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The PostgreSQL a suite makes its databases on: `npm test`'s (LEVELFIELD_TEST_DATABASE_URL), or,
 * for a suite run alone, a throwaway one; stop() stops only one it started.
 */
export async function useTestPostgres(): Promise<{ stop(): Promise<void> }> {
  if (process.env.LEVELFIELD_TEST_DATABASE_URL) return { stop: async () => {} };
  const postgres = await startThrowawayPostgres();
  process.env.LEVELFIELD_TEST_DATABASE_URL = postgres.url;
  return {
    stop: async () => {
      await postgres.stop();
      delete process.env.LEVELFIELD_TEST_DATABASE_URL;
    },
  };
}
