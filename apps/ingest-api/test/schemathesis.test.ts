// Fuzzes the API from its own /openapi.json with schemathesis (PyPI) for a bounded number of
// cases: any 5xx, undocumented status, wrong content type, response that breaks its schema,
// or accepted invalid input fails the test (test/schemathesis.toml adds 413, the answer to a
// body over 1 MiB, to the statuses that count as refusing invalid input).
// By default: the schema's examples plus 50 generated cases (valid and invalid) per operation,
// about 20 s. The coverage phase (every boundary of every schema, ~9,500 cases, over a minute
// here) runs with LEVELFIELD_FUZZ_PHASES=examples,coverage,fuzzing; LEVELFIELD_FUZZ_EXAMPLES
// sets the cases per operation.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningIngest, startIngest } from '../src/server.ts';
import { api, appDir, type Fixture, runRequest, seedFixture } from './fixtures.ts';

const VERSION = '4.32.5';
const repoRoot = path.resolve(appDir, '../..');
const candidates = [
  ...(process.env.LEVELFIELD_VENV ? [path.join(process.env.LEVELFIELD_VENV, 'bin/schemathesis')] : []),
  path.join(repoRoot, '.levelfield/venv/bin/schemathesis'),
];

let database: TestDatabase;
let fixture: Fixture;
let server: RunningIngest;

beforeAll(async () => {
  database = await createTestDatabase('ingest_fuzz');
  fixture = await seedFixture(database.url);
  server = await startIngest({
    databaseUrl: database.url,
    host: '127.0.0.1',
    port: 0,
    webUrl: 'http://web.test',
    log: () => {},
  });
});

afterAll(async () => {
  await server?.drain();
  await database?.drop();
});

it('survives schemathesis with no 5xx and no schema violation', { timeout: 150_000 }, async () => {
  const binary = candidates.find((candidate) => existsSync(candidate));
  if (!binary) {
    throw new Error(
      `schemathesis is not installed (looked at ${candidates.join(', ')}). Install it with:\n` +
        `  python3 -m venv .levelfield/venv && .levelfield/venv/bin/pip install schemathesis==${VERSION}\n` +
        '(from the repository root), or set LEVELFIELD_VENV to a virtualenv that has it.',
    );
  }
  // A real run lets some generated cases reach the handlers past "run not found".
  const run = await api(server.url, fixture.token).post('/v1/runs', runRequest());
  expect(run.status).toBe(201);
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      binary,
      [
        '--config-file',
        path.join(appDir, 'test/schemathesis.toml'),
        'run',
        `${server.url}/openapi.json`,
        '--checks',
        'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection',
        '--max-examples',
        process.env.LEVELFIELD_FUZZ_EXAMPLES ?? '50',
        '--phases',
        process.env.LEVELFIELD_FUZZ_PHASES ?? 'examples,fuzzing',
        '--seed',
        '20261122',
        '--workers',
        '2',
        '--request-timeout',
        '10',
        '--header',
        `Authorization: Bearer ${fixture.token}`,
        '--no-color',
      ],
      // Its caches land in the working directory: keep them out of the repository.
      {
        cwd: tmpdir(),
        env: { ...process.env, SCHEMATHESIS_HOOKS: '' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 140_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  if (code !== 0) throw new Error(`schemathesis failed (exit ${code}):\n${output.slice(-20_000)}`);
  expect(output).toMatch(/passed/i);
});
