// The hot-path connection pool. Plain `pg`: Prisma costs ~40x per row here (docs/performance.md).
import { AppError } from '@levelfield/contracts/errors';
import pg from 'pg';

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** `settings` are session settings (PostgreSQL GUCs) for every connection of the pool. */
export function createPool(url: string, max: number, settings: Record<string, string> = {}): pg.Pool {
  // UTC sessions: the schema's `timestamp` (without zone) columns hold UTC, as Prisma writes them.
  const options = Object.entries({ TimeZone: 'UTC', ...settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, options });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  return pool.connect().catch((error: unknown) => {
    throw new AppError(
      'DATABASE_UNAVAILABLE',
      `the database is unreachable (${errorMessage(error)}); retry later`,
    );
  });
}

/** Runs fn on one pooled connection; an unreachable database is a 503, not a 500. */
export async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await connect(pool);
  let broken = false;
  try {
    return await fn(client);
  } catch (error) {
    // A statement PostgreSQL refused (it has a severity) leaves the connection usable; a
    // connection-level failure does not.
    broken = !(error instanceof AppError) && !(error instanceof Object && 'severity' in error);
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Runs fn in one transaction: committed only if fn resolves, so a batch is all-or-nothing. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await connect(pool);
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
