// The pg driver adapter for Prisma 6's WASM schema engine, with the three fixes that make
// `migrate diff` work offline (see docs/database.md):
//  1. introspection returns pg columns of type "char" (OID 18) and name (OID 19), which the
//     adapter rejects (prisma/orm#27403): report them as text;
//  2. connection settings are passed as separate fields, because a connection string would
//     override the shadow database name;
//  3. the shadow pool is closed before its database is dropped (otherwise DROP fails with
//     "is being accessed by other users").
import { PrismaPg } from '@prisma/adapter-pg';

const CHAR_OID = 18;
const NAME_OID = 19;
const TEXT_OID = 25;

let patched = false;
function reportCharAndNameAsText(adapter) {
  if (patched) return;
  // PgQueryable.prototype: shared by the adapter and its transactions.
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
  const performIO = queryable.performIO;
  queryable.performIO = async function (...args) {
    const result = await performIO.apply(this, args);
    // A multi-statement script answers with one result per statement.
    for (const statement of [result].flat()) {
      for (const field of statement.fields ?? []) {
        if (field.dataTypeID === CHAR_OID || field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
      }
    }
    return result;
  };
  patched = true;
}

class OfflineMigrationAdapter extends PrismaPg {
  async connect() {
    const adapter = await super.connect();
    reportCharAndNameAsText(adapter);
    return adapter;
  }

  async connectToShadowDb() {
    const admin = await this.connect();
    const database = `prisma_migrate_shadow_db_${globalThis.crypto.randomUUID()}`;
    await admin.executeScript(`CREATE DATABASE "${database}"`);
    const shadowFactory = new PrismaPg({ ...this.config, database });
    const shadow = await shadowFactory.connect();
    reportCharAndNameAsText(shadow);
    const release = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await release();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.dispose();
    };
    return shadow;
  }
}

/** Builds the adapter from a postgres:// URL, split into fields (fix 2). */
export function offlineAdapter(url) {
  return new OfflineMigrationAdapter(connectionFields(url));
}

function connectionFields(url) {
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname),
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1) || 'postgres'),
  };
}
