import { describe, expect, it } from 'vitest';
import { processCount, workerCount } from './hardware.ts';

describe('server processes per node', () => {
  it.each([
    [4, 4],
    ['4', 4],
    ['1 (worker_processes not set; default 1)', 1],
    ['auto (worker_processes auto)', 'per-core'],
    ['gunicorn with 2 x CPU cores uvicorn workers', 'per-core'],
    ['one process per core', 'per-core'],
    ['1 × 8 threads', null],
    ['4 puma workers x 1-16 threads', 4],
    ['one JVM (threads not stated)', 1],
    ['3 cockroach nodes on one machine', 3],
    ['mysqld + sysbench', null],
    // A count read from the machine is one per CPU.
    ['Etc.nprocessors (worker_count)', 'per-core'],
    ['os.cpus().length workers', 'per-core'],
    ['runtime.NumCPU() goroutine pools', 'per-core'],
    // Node's cluster module forks a worker per core; a database cluster is a count of nodes.
    ['Node.js cluster: index.ts forks availableParallelism() - 1 workers', 'per-core'],
    ['3-node cluster', 3],
  ] as const)('%s → %s', (value, want) => expect(processCount(value)).toBe(want));
});

describe('server workers per node', () => {
  it.each([
    [8, 8],
    ['1 process, 8 worker threads (--concurrency 8)', 8],
    ['2 processes with 4 threads each', 8],
    ['4 puma workers x 1-16 threads', 4],
    ['auto (worker_processes auto)', 'per-core'],
    ['mysqld + sysbench', null],
  ] as const)('%s → %s', (value, want) => expect(workerCount(value)).toBe(want));
});
