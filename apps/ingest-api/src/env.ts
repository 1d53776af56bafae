// The ingest API's whole configuration, read and checked once at start-up.
import { SharedEnv } from '@levelfield/contracts/env';
import { z } from 'zod';
import { RATE_LIMIT_DEFAULTS } from './rate-limit.ts';

const Url = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

// DATABASE_URL and LEVELFIELD_LIVE_TOKEN_SECRET: as the web app reads them (SharedEnv).
const EnvSchema = SharedEnv.extend({
  INGEST_HOST: z.string().min(1).default('127.0.0.1'),
  INGEST_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  LEVELFIELD_WEB_URL: Url.default('http://127.0.0.1:3000'),
  /** Base of liveUrl in run responses; defaults to the address the server listens on. */
  LEVELFIELD_PUBLIC_INGEST_URL: Url.optional(),
  /** Connections of the hot-path pool; PostgreSQL gains nothing from many more than its cores. */
  INGEST_DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /** How long an API token lookup is reused; a revocation takes effect within this time. */
  INGEST_TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Largest share of wall time the rollup worker may be busy (querying or merging). */
  INGEST_ROLLUP_CPU_SHARE: z.coerce.number().gt(0).max(1).default(0.25),
  /** How often the rollup worker looks for due buckets (a drain and a finish also pass). */
  INGEST_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(10_000),
  /** Sustained requests per second one API token may make (a token bucket per token). */
  INGEST_TOKEN_RATE: z.coerce.number().gt(0).default(RATE_LIMIT_DEFAULTS.tokenPerSecond),
  /** Requests one API token may make at once, above its sustained rate. */
  INGEST_TOKEN_BURST: z.coerce.number().int().min(1).default(RATE_LIMIT_DEFAULTS.tokenBurst),
  /** Sustained failed authentications per minute from one client address. */
  INGEST_AUTH_FAILURE_RATE: z.coerce.number().gt(0).default(RATE_LIMIT_DEFAULTS.failuresPerMinute),
  /** Failed authentications one client address may make at once. */
  INGEST_AUTH_FAILURE_BURST: z.coerce.number().int().min(1).default(RATE_LIMIT_DEFAULTS.failureBurst),
  /** How often every open live stream's access is re-checked (a revocation ends it within this). */
  INGEST_LIVE_RECHECK_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /** NATS server(s) for live fan-out between instances (nats://host:port, comma-separated); unset: LISTEN/NOTIFY. */
  LEVELFIELD_NATS_URL: z.preprocess(
    // Empty is unset: docker-compose.yml passes `${LEVELFIELD_NATS_URL:-}` through as ''.
    (url) => (url === '' ? undefined : url),
    z
      .string()
      .regex(
        /^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/,
        'nats://host:port, several separated by commas',
      )
      .optional(),
  ),
  /** Reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For names the client. */
  INGEST_TRUST_PROXY: z
    .string()
    .optional()
    .transform((list) =>
      list
        ?.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
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
