// Secrets generated once per installation and kept in the git-ignored state folder, so no
// fixed secret ever ships with the code (embedded database passwords, Auth.js secret, the key
// that signs live-subscription tokens).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stateDir } from './paths.ts';

export interface LocalSecrets {
  /** The embedded PostgreSQL's owner role, `postgres`: migrations and set-up. */
  databasePassword: string;
  /** The embedded PostgreSQL's app role (roles.ts), which the web app and the ingest API use. */
  databaseAppPassword: string;
  authSecret: string;
  liveTokenSecret: string;
  /** The demo user's password, printed by the start command. */
  demoPassword: string;
}

export function loadLocalSecrets(dir: string = stateDir): LocalSecrets {
  const file = path.join(dir, 'secrets.json');
  const fresh: LocalSecrets = {
    databasePassword: randomBytes(18).toString('base64url'),
    databaseAppPassword: randomBytes(18).toString('base64url'),
    authSecret: randomBytes(32).toString('base64url'),
    liveTokenSecret: randomBytes(32).toString('base64url'),
    demoPassword: randomBytes(9).toString('base64url'),
  };
  const existing: Partial<LocalSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = { ...fresh, ...existing };
  if (Object.keys(existing).length !== Object.keys(secrets).length) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
