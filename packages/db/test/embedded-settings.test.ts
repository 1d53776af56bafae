// The embedded PostgreSQL (one-machine installs, the benchmarks, the test suites) runs with the
// settings its comments in src/embedded.ts promise, and with every commit still durable: fsync
// and synchronous commit stay on whatever WAL sync method it uses.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../src/testing.ts';

let server: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let client: pg.Client;

beforeAll(async () => {
  server = await startThrowawayPostgres();
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await server?.stop();
});

async function setting(name: string): Promise<string> {
  const { rows } = await client.query<{ setting: string }>(
    'SELECT setting FROM pg_settings WHERE name = $1',
    [name],
  );
  return rows[0]!.setting;
}

describe('the embedded PostgreSQL', () => {
  it('writes WAL with O_DSYNC and still waits for it on every commit', async () => {
    expect(await setting('wal_sync_method')).toBe('open_datasync');
    expect(await setting('fsync')).toBe('on');
    expect(await setting('synchronous_commit')).toBe('on');
  });

  it('spreads checkpoints out for a steady stream of frames', async () => {
    expect(await setting('max_wal_size')).toBe(String(4 * 1024));
    expect(await setting('checkpoint_timeout')).toBe(String(15 * 60));
  });
});
