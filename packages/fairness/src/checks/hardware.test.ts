import { describe, expect, it } from 'vitest';
import { processCount } from './hardware.ts';

describe('server processes per node', () => {
  it.each([
    [4, 4],
    ['4', 4],
    ['1 (worker_processes not set; default 1)', 1],
    ['auto (worker_processes auto)', 'per-core'],
    ['gunicorn with 2 x CPU cores uvicorn workers', 'per-core'],
    ['one process per core', 'per-core'],
    ['1 × 8 threads', null],
    ['mysqld + sysbench', null],
  ] as const)('%s → %s', (value, want) => expect(processCount(value)).toBe(want));
});
