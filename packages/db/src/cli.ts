// Database commands for the start script and for developers:
//   serve          open the database (embedded unless DATABASE_URL), migrate, prepare the app
//                  role (roles.ts), seed (the demo token goes to .levelfield/demo-token), print a
//                  JSON "ready" line, keep an embedded server running until SIGINT/SIGTERM
//   migrate        apply pending migrations, then grant the app role again
//   grant-app-role [ROLE] [--print]   grant ROLE (default levelfield_app) the app role's
//                  privileges, as the owner role at DATABASE_URL; --print only prints the SQL
//   new-migration NAME   write prisma/migrations/<timestamp>_NAME from schema.prisma changes
//   check-drift    exit 1 when schema.prisma and the migrations disagree
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPrismaClient } from './client.ts';
import { type OpenDatabase, openDatabase } from './database.ts';
import { applyMigrations } from './migrate.ts';
import { migrationsDir, stateDir } from './paths.ts';
import { APP_ROLE, appRoleGrants, ensureAppRole, grantAppRole } from './roles.ts';
import { loadLocalSecrets } from './secrets.ts';
import { seedDemo } from './seed.ts';

const demoTokenFile = path.join(stateDir, 'demo-token');

/** Where the web app and the ingest API sign in: the app role, granted what it needs. */
async function servicesUrl(database: OpenDatabase): Promise<string> {
  if (database.appUrl) {
    await ensureAppRole(database.url, database.appUrl);
    return database.appUrl;
  }
  console.error(
    'levelfield db: LEVELFIELD_APP_DATABASE_URL is not set, so the web app and the ingest API sign in ' +
      'with DATABASE_URL, as the role that owns the tables. Give them a role of their own: see docs/database.md.',
  );
  return database.url;
}

async function serve(): Promise<void> {
  const database = await openDatabase();
  const stop = async () => {
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const migrations = await applyMigrations(database.url);
  const databaseUrl = await servicesUrl(database);
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
    databaseUrl,
    /** The owner role's: the start script's live demo creates its pgbench database with it. */
    ownerUrl: database.url,
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
    await servicesUrl(database);
    console.log(`applied ${result.applied.length} migration(s); ${result.alreadyApplied} already applied`);
  } finally {
    await database.stop();
  }
}

async function grantAppRoleCommand(args: string[]): Promise<void> {
  const role = args.find((a) => !a.startsWith('--')) ?? APP_ROLE;
  if (args.includes('--print')) {
    console.log(
      appRoleGrants(role)
        .map((statement) => `${statement};`)
        .join('\n'),
    );
    return;
  }
  const database = await openDatabase();
  try {
    await grantAppRole(database.url, role);
    console.log(`${role} may now read and write Levelfield's rows, and nothing more`);
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
  'grant-app-role': () => grantAppRoleCommand(args),
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
