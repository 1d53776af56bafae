// Fuzzes the web app's REST API (/api/v1) from its own OpenAPI document with schemathesis, as
// apps/ingest-api/test/schemathesis.test.ts does for the ingest API. Against a complete
// throwaway Levelfield (scripts/stack.ts: the built web app and ingest API, a migrated and seeded
// database, the demo history), with a project token that has the read and write scopes. Path
// parameters are drawn in part from what exists (the demo organization and project, run ids,
// comparison and report slugs), so generated requests reach the handlers rather than stopping
// at "not found". Any 5xx fails the test, as does an undocumented status or content type, a
// response that breaks its schema, or invalid input that is accepted.
// Needs `npx turbo run build --filter=@levelfield/web --filter=@levelfield/ingest-api` first
// (`npm test` builds before it runs this). LEVELFIELD_FUZZ_EXAMPLES sets the cases per operation.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateToken, hashToken } from '../packages/db/src/tokens.ts';
import { type Stack, startStack } from '../scripts/stack.ts';

const VERSION = '4.32.5';
const candidates = [
  ...(process.env.LEVELFIELD_VENV ? [path.join(process.env.LEVELFIELD_VENV, 'bin/schemathesis')] : []),
  path.resolve('.levelfield/venv/bin/schemathesis'),
];

let stack: Stack;
let workDir: string;

beforeAll(async () => {
  stack = await startStack('web_fuzz');
  workDir = await mkdtemp(path.join(tmpdir(), 'levelfield-web-fuzz-'));
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

interface Known {
  token: string;
  orgs: string[];
  projects: string[];
  runs: string[];
  comparisons: string[];
  reports: string[];
}

/** A read + write token of the demo project, and ids and slugs that exist. */
async function known(databaseUrl: string): Promise<Known> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const column = async (sql: string) => (await client.query<{ v: string }>(sql)).rows.map((row) => row.v);
    const token = generateToken();
    await client.query(
      `INSERT INTO api_tokens (id, project_id, name, token_hash, prefix, scopes)
       SELECT 'fuzz-token', p.id, 'schemathesis', $1, $2, '{read,write}'
         FROM projects p JOIN organizations o ON o.id = p.organization_id
        WHERE o.slug = 'acme' AND p.slug = 'demo'`,
      [hashToken(token), token.slice(0, 7)],
    );
    return {
      token,
      orgs: ['acme'],
      projects: ['demo'],
      runs: await column('SELECT id AS v FROM runs ORDER BY started_at DESC LIMIT 5'),
      comparisons: await column('SELECT slug AS v FROM comparisons ORDER BY created_at LIMIT 5'),
      reports: await column('SELECT slug AS v FROM reports ORDER BY created_at LIMIT 5'),
    };
  } finally {
    await client.end();
  }
}

/**
 * The schemathesis configuration: existing values for most path parameters, generated ones for
 * the rest; 413 counts as refusing invalid input (a body over the limit is refused before it is
 * read, whatever it holds).
 */
function config(values: Known): string {
  const list = (items: string[]) => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;
  const bound = (name: string, items: string[]) =>
    items.length > 0 ? [`[dictionaries.${name}]`, `values = ${list(items)}`, ''] : [];
  const dictionaries: Array<[string, string, string[]]> = [
    ['org', 'path.org', values.orgs],
    ['project', 'path.project', values.projects],
    ['id', 'path.id', values.runs],
    ['slug', 'path.slug', [...values.comparisons, ...values.reports]],
    ['schema', 'path.name', ['provenance', 'disclosure', 'published-result', 'comparison']],
  ];
  return [
    ...dictionaries.flatMap(([name, , items]) => bound(name, items)),
    '[parameters]',
    ...dictionaries
      .filter(([, , items]) => items.length > 0)
      .map(([name, key]) => `"${key}" = { dictionary = "${name}", probability = 0.8 }`),
    '',
    '[checks.negative_data_rejection]',
    'expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]',
    '',
  ].join('\n');
}

it('survives schemathesis with no 5xx and no schema violation', { timeout: 600_000 }, async () => {
  const binary = candidates.find((candidate) => existsSync(candidate));
  if (!binary) {
    throw new Error(
      `schemathesis is not installed (looked at ${candidates.join(', ')}). Install it with:\n` +
        `  python3 -m venv .levelfield/venv && .levelfield/venv/bin/pip install schemathesis==${VERSION}\n` +
        '(from the repository root), or set LEVELFIELD_VENV to a virtualenv that has it.',
    );
  }
  const values = await known(stack.databaseUrl);
  const configFile = path.join(workDir, 'schemathesis.toml');
  await writeFile(configFile, config(values));
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      binary,
      [
        '--config-file',
        configFile,
        'run',
        `${stack.webUrl}/api/v1/openapi.json`,
        '--url',
        stack.webUrl,
        '--checks',
        'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection',
        '--max-examples',
        process.env.LEVELFIELD_FUZZ_EXAMPLES ?? '50',
        '--phases',
        process.env.LEVELFIELD_FUZZ_PHASES ?? 'examples,fuzzing',
        '--seed',
        '20261125',
        '--workers',
        '2',
        '--request-timeout',
        '30',
        '--header',
        `Authorization: Bearer ${values.token}`,
        '--no-color',
      ],
      // Its caches land in the working directory: keep them out of the repository.
      {
        cwd: workDir,
        env: { ...process.env, SCHEMATHESIS_HOOKS: '' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 540_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  if (code !== 0) throw new Error(`schemathesis failed (exit ${code}):\n${output.slice(-30_000)}`);
  expect(output).toMatch(/passed/i);
});
