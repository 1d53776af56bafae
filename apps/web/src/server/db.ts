import 'server-only';
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { env } from '~/env';

// One client per server process; dev-mode hot reloads reuse it through globalThis.
const globalForDb = globalThis as unknown as { levelfieldDb?: PrismaClient };

export function db(): PrismaClient {
  globalForDb.levelfieldDb ??= createPrismaClient(env().DATABASE_URL);
  return globalForDb.levelfieldDb;
}
