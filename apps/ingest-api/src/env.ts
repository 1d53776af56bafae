// The ingest API's whole configuration, read and checked once at start-up.
import { z } from 'zod';

const Url = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

const EnvSchema = z.object({
  DATABASE_URL: z.string().min(1, 'set DATABASE_URL to the PostgreSQL connection string'),
  INGEST_HOST: z.string().min(1).default('127.0.0.1'),
  INGEST_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  LEVELFIELD_WEB_URL: Url.default('http://127.0.0.1:3000'),
  /** Base of liveUrl in run responses; defaults to the address the server listens on. */
  LEVELFIELD_PUBLIC_INGEST_URL: Url.optional(),
  /** Without it, live subscriptions to private runs are refused (public runs stay open). */
  LEVELFIELD_LIVE_TOKEN_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /** Connections of the hot-path pool; PostgreSQL gains nothing from many more than its cores. */
  INGEST_DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /** How long an API token lookup is reused; a revocation takes effect within this time. */
  INGEST_TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Largest share of wall time the rollup worker may be busy (querying or merging). */
  INGEST_ROLLUP_CPU_SHARE: z.coerce.number().gt(0).max(1).default(0.25),
});

export type Env = z.infer<typeof EnvSchema>;

/** Fails with one line per problem, so a misconfigured deployment says what to set. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid ingest-api environment:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
