// Database commands for the start script and for developers:
//   serve          open the database (embedded unless DATABASE_URL), migrate, seed (the demo
//                  token goes to .levelfield/demo-token), print a JSON "ready" line, keep an
//                  embedded server running until SIGINT/SIGTERM
//   migrate        apply pending migrations
//   new-migration NAME   write prisma/migrations/<timestamp>_NAME from schema.prisma changes
//   check-drift    exit 1 when schema.prisma and the migrations disagree
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPrismaClient } from './client.ts';
import { openDatabase } from './database.ts';
import { applyMigrations } from './migrate.ts';
import { migrationsDir, stateDir } from './paths.ts';
import { loadLocalSecrets } from './secrets.ts';
import { seedDemo } from './seed.ts';

const demoTokenFile = path.join(stateDir, 'demo-token');

async function serve(): Promise<void> {
  const database = await openDatabase();
  const stop = async () => {
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const migrations = await applyMigrations(database.url);
  const secrets = loadLocalSecrets();
  const db = createPrismaClient(database.url, { max: 2 });
  const remembered = existsSync(demoTokenFile) ? readFileSync(demoTokenFile, 'utf8').trim() : undefined;
  const seeded = await seedDemo(db, { demoPassword: secrets.demoPassword, rememberedToken: remembered });
  await db.$disconnect();
  if (seeded.demoToken !== remembered) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(demoTokenFile, `${seeded.demoToken}\n`, { mode: 0o600 });
  }
  const ready = {
    event: 'ready',
    databaseUrl: database.url,
    embedded: database.embedded,
    migrationsApplied: migrations.applied,
    demoSeeded: seeded.created,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  if (!database.embedded) process.exit(0);
}

async function migrate(): Promise<void> {
  const database = await openDatabase();
  try {
    const result = await applyMigrations(database.url);
    console.log(`applied ${result.applied.length} migration(s); ${result.alreadyApplied} already applied`);
  } finally {
    await database.stop();
  }
}

async function withDiff<T>(fn: (result: { sql: string; differs: boolean }) => T): Promise<T> {
  const { diffMigrationsToSchema } = await import('@levelfield/db-migrate');
  const database = await openDatabase();
  try {
    return fn(await diffMigrationsToSchema(database.url));
  } finally {
    await database.stop();
  }
}

async function newMigration(name: string | undefined): Promise<void> {
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    throw new Error('usage: new-migration NAME (lower-case letters, digits and _), e.g. add_report_notes');
  }
  await withDiff(({ sql, differs }) => {
    if (!differs) {
      console.log('schema.prisma and the migrations agree: nothing to write');
      return;
    }
    const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const dir = path.join(migrationsDir, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'migration.sql'), sql);
    console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql — read it before committing`);
  });
}

async function checkDrift(): Promise<void> {
  await withDiff(({ sql, differs }) => {
    if (differs) {
      console.error(
        `schema.prisma has changes no migration contains:\n${sql}\nRun: npm run db:migration -w @levelfield/db -- NAME`,
      );
      process.exitCode = 1;
    } else {
      console.log('no drift: schema.prisma and the migrations agree');
    }
  });
}

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, () => Promise<void>> = {
  serve,
  migrate,
  'new-migration': () => newMigration(args[0]),
  'check-drift': checkDrift,
};
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(`usage: cli.ts ${Object.keys(commands).join(' | ')}`);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(`levelfield db ${command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
