// Runs Prisma 6's `migrate diff` offline against packages/db's schema.
// schema.prisma stays the one source of truth: the Prisma 6 dialect differences (a datasource
// url and the client engine type) are applied to a temporary copy.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const workspaceDir = path.resolve(here, '..');
export const schemaPath = path.resolve(workspaceDir, '../db/prisma/schema.prisma');
export const migrationsDir = path.resolve(workspaceDir, '../db/prisma/migrations');
const prismaCli = path.join(workspaceDir, 'node_modules/prisma/build/index.js');

export function toPrisma6Dialect(schema) {
  const withUrl = schema.replace(
    /(datasource\s+db\s*\{[^}]*provider\s*=\s*"postgresql")/,
    '$1\n  url      = env("DATABASE_URL")',
  );
  return withUrl.replace(/(generator\s+client\s*\{)/, '$1\n  engineType = "client"');
}

/**
 * `prisma migrate diff --from-migrations <dir> --to-schema-datamodel <schema> --script`.
 * Needs a PostgreSQL server (for the shadow database) at databaseUrl. schemaText replaces the
 * schema file's content (tests use it to prove that a change is detected).
 * Returns { sql, differs }.
 */
export async function diffMigrationsToSchema(databaseUrl, schemaText) {
  const dir = await mkdtemp(path.join(tmpdir(), 'levelfield-migrate-'));
  try {
    const copy = path.join(dir, 'schema.prisma');
    await writeFile(copy, toPrisma6Dialect(schemaText ?? (await readFile(schemaPath, 'utf8'))));
    const args = [
      prismaCli,
      'migrate',
      'diff',
      '--from-migrations',
      migrationsDir,
      '--to-schema-datamodel',
      copy,
    ];
    const { stdout } = await run(args.concat('--script'), databaseUrl, copy);
    return { sql: stdout, differs: !isEmptyMigration(stdout) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function isEmptyMigration(sql) {
  return sql.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--'));
}

function run(args, databaseUrl, schemaCopy) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: workspaceDir,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          LEVELFIELD_MIGRATE_SCHEMA: schemaCopy,
          PRISMA_HIDE_UPDATE_MESSAGE: '1',
          CHECKPOINT_DISABLE: '1',
        },
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`prisma migrate diff failed: ${stderr || error.message}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}
