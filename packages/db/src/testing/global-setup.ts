// vitest globalSetup: make sure a PostgreSQL is there for the suite (see src/testing.ts).
import { startThrowawayPostgres } from '../testing.ts';

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.LEVELFIELD_TEST_DATABASE_URL) return async () => {};
  const server = await startThrowawayPostgres();
  process.env.LEVELFIELD_TEST_DATABASE_URL = server.url;
  return server.stop;
}
