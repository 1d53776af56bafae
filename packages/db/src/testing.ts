// Test databases on a real PostgreSQL. The test command starts one server for the whole run
// and passes its admin URL in LEVELFIELD_TEST_DATABASE_URL; each suite gets a fresh database
// with all migrations applied. Run alone (vitest in one package), the vitest global setup
// below starts a throwaway embedded server instead.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabaseIfMissing, withDatabase } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { applyMigrations } from './migrate.ts';

export interface TestDatabase {
  url: string;
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

/** A new, empty database (no migrations), for tests of migrations themselves. */
export async function createEmptyDatabase(prefix = 'test'): Promise<TestDatabase> {
  const admin = adminUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await createDatabaseIfMissing(admin, name);
  return {
    url: withDatabase(admin, name),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A new database with every migration applied. */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const database = await createEmptyDatabase(prefix);
  await applyMigrations(database.url);
  return database;
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
