// The seed publications as comparisons: Levelfield's demo data, figures exactly as published.
import { ramaCrossPartitionVariant, ramaVsCockroachdb } from './000-rama-cockroachdb.ts';
import { cockroachdbTpccScale } from './001-cockroachdb-tpcc.ts';
import { spacetimedbVsPostgres } from './002-spacetimedb-postgres.ts';
import { rdsMysqlStandardVsMultiAz, rdsMysqlTpcc } from './003-rds-mysql.ts';
import { temporalDatabases } from './004-temporal.ts';
import type { SeedComparison } from './common.ts';

export { SEED_002_PROMPT_LOG } from './002-prompt-log.ts';
export type { SeedComparison } from './common.ts';
export {
  cockroachdbTpccScale,
  ramaCrossPartitionVariant,
  ramaVsCockroachdb,
  rdsMysqlStandardVsMultiAz,
  rdsMysqlTpcc,
  spacetimedbVsPostgres,
  temporalDatabases,
};

/** Every seed comparison, slugs unique. */
export const SEED_COMPARISONS: readonly SeedComparison[] = [
  ramaVsCockroachdb,
  ramaCrossPartitionVariant,
  cockroachdbTpccScale,
  ...spacetimedbVsPostgres,
  rdsMysqlTpcc,
  rdsMysqlStandardVsMultiAz,
  temporalDatabases,
];

export function seedBySlug(slug: string): SeedComparison | undefined {
  return SEED_COMPARISONS.find((s) => s.slug === slug);
}
