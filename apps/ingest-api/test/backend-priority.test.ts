// The rollup pool's backends niced on a real, local PostgreSQL (rollup/backend-priority.ts): a new
// connection's backend process gets the nice value asked for, and a pool without the setting
// leaves its backends at the server's own priority.
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowerBackendPriority } from '../src/rollup/backend-priority.ts';

let database: TestDatabase;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  database = await createTestDatabase('ingest_backend_nice');
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await database?.drop();
});

/** The backend pid of one connection of `pool`, once its connect handlers have run. */
async function backendPid(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // The handler's own query went first on this connection: its renice has been issued.
    await client.query('SELECT 1');
    return rows[0]!.pid;
  } finally {
    client.release();
  }
}

describe('rollup backends at a lower priority', () => {
  it('renices each new backend of the pool to the value asked for', async () => {
    const niced = new pg.Pool({ connectionString: database.url, max: 1 });
    pools.push(niced);
    const logged: string[] = [];
    lowerBackendPriority(niced, 7, (m) => logged.push(m));
    const pid = await backendPid(niced);
    await expect.poll(() => getPriority(pid)).toBe(7);
    expect(logged).toEqual([]);
  });

  it('leaves the backends of a pool without the setting alone', async () => {
    const plain = new pg.Pool({ connectionString: database.url, max: 1 });
    pools.push(plain);
    const pid = await backendPid(plain);
    // The postmaster forked it: same priority as its parent.
    const parent = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
    expect(getPriority(pid)).toBe(getPriority(parent));
  });
});
