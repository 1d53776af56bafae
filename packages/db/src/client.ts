// The Prisma client over node-postgres (Prisma 7's query compiler runs in-process; no engine
// binary). Import from '@levelfield/db/client' in server code only.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.ts';

export * from './generated/prisma/client.ts';

export function createPrismaClient(databaseUrl: string, options: { max?: number } = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
