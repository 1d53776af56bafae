// The rollup's statements (reading a closed minute's frames back, storing the merged rows) run in
// PostgreSQL backends at the same CPU priority as the hot path's inserts. With PostgreSQL on the
// same machine (one-machine installs on the embedded server, the benchmark), a pass's start took
// CPU from acknowledgements (apps/ingest-api/README.md, "Where the acknowledgement tail comes
// from"). The merge thread already runs niced (merge-thread.ts); this nices the rollup pool's
// backends too, when INGEST_ROLLUP_BACKEND_NICE asks for it.
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import type pg from 'pg';

/**
 * The process is a PostgreSQL backend of this machine: a pid PostgreSQL reports from another
 * host may be any local process, so nothing but a local `postgres` is reniced.
 */
function isLocalPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/** Gives every new connection of `pool` a backend at nice value `nice` (lower priority), where allowed. */
export function lowerBackendPriority(pool: pg.Pool, nice: number, log: (message: string) => void): void {
  let warned = false;
  pool.on('connect', (client) => {
    client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid').then(
      ({ rows }) => {
        const pid = rows[0]?.pid;
        if (pid === undefined || !isLocalPostgres(pid)) return;
        try {
          setPriority(pid, nice);
        } catch (error) {
          // Another user's PostgreSQL, or a container without the permission: normal priority.
          if (!warned) log(`rollup backends keep their priority: ${String(error)}`);
          warned = true;
        }
      },
      () => {},
    );
  });
}
