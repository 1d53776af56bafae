import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const packageDir = path.resolve(here, '..');
export const repoDir = path.resolve(packageDir, '../..');
export const migrationsDir = path.join(packageDir, 'prisma/migrations');
/** Project-local, git-ignored state: embedded PostgreSQL data, generated secrets, demo token. */
export const stateDir = process.env.LEVELFIELD_STATE_DIR ?? path.join(repoDir, '.levelfield');
