// Levelfield signs in to PostgreSQL as two roles. The owner role owns the tables and applies the
// migrations (the embedded server's `postgres`, docker-compose's `levelfield`, your DATABASE_URL).
// The web app and the ingest API sign in as the app role: it reads and writes rows, but it is no
// superuser and owns nothing, so it cannot ALTER, DROP or TRUNCATE a table, switch a trigger off,
// or delete a published report version. docs/database.md says how to set one up by hand.
import pg from 'pg';
import { MIGRATION_LOCK_KEY } from './migrate.ts';

/** The app role's name where Levelfield creates it (embedded PostgreSQL, docker-compose). */
export const APP_ROLE = 'levelfield_app';

/**
 * The app role's privileges in the current database, as the owner role grants them after
 * migrating. The default privileges give tables that later migrations create the same rights;
 * granting again after each migration takes back the two exceptions from those tables too.
 */
export function appRoleGrants(role: string): string[] {
  const r = pg.escapeIdentifier(role);
  return [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${r}`,
    // Published versions are only ever added (triggers also refuse the rest, to the owner).
    `REVOKE UPDATE, DELETE ON "report_versions" FROM ${r}`,
    // What was migrated is the owner's record.
    `REVOKE ALL ON "_prisma_migrations" FROM ${r}`,
  ];
}

/**
 * Gives the role that `appUrl` signs in as the app role's privileges (above), creating it with
 * the URL's password when it does not exist yet. Run by the owner role, after migrating.
 */
export async function ensureAppRole(ownerUrl: string, appUrl: string): Promise<void> {
  const { username, password } = new URL(appUrl);
  const role = decodeURIComponent(username);
  await grantAppRole(ownerUrl, role, decodeURIComponent(password));
  // An existing role keeps its password: say so here rather than when the services fail.
  const client = new pg.Client({ connectionString: appUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `could not sign in as the app role ${role} with the URL given for it (${error instanceof Error ? error.message : String(error)}). ` +
        `If its password changed, set it as the owner role: ALTER ROLE ${pg.escapeIdentifier(role)} PASSWORD '…'`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Grants `role` the app role's privileges; creates it first when it is missing and a password
 * is given. Refuses a role those privileges would not bind: a superuser, or the owner role
 * itself (or one of its members).
 */
export async function grantAppRole(ownerUrl: string, role: string, password?: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // Several instances starting at once: one after the other, after the migrations.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const { rows } = await client.query<{ rolsuper: boolean; owner: string; isOwner: boolean }>(
      `SELECT rolsuper, current_user AS owner, pg_has_role(rolname, current_user, 'MEMBER') AS "isOwner"
       FROM pg_roles WHERE rolname = $1`,
      [role],
    );
    const found = rows[0];
    if (!found && !password)
      throw new Error(
        `the database role ${role} does not exist: create it first ` +
          `(CREATE ROLE ${pg.escapeIdentifier(role)} LOGIN PASSWORD '…'; see docs/database.md)`,
      );
    if (!found)
      await client.query(
        `CREATE ROLE ${pg.escapeIdentifier(role)} LOGIN PASSWORD ${pg.escapeLiteral(password!)}`,
      );
    if (found?.rolsuper)
      throw new Error(
        `the database role ${role} is a superuser: the web app and the ingest API would bypass every ` +
          'privilege and trigger. Give them a role of their own (docs/database.md).',
      );
    if (found?.isOwner)
      throw new Error(
        `the database role ${role} is, or has the rights of, ${found.owner}, the role that owns the tables ` +
          'and applies migrations. Give the web app and the ingest API a role of their own (docs/database.md).',
      );
    for (const statement of appRoleGrants(role)) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
