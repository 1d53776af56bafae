// The environment variables both services read, with one rule each: the web app's env schema
// (apps/web/src/env.ts) and the ingest API's (apps/ingest-api/src/env.ts) extend this one, so a
// value one service accepts the other accepts too (one secret, one database, set once for both).
import { z } from 'zod';
import { LIVE_TOKEN_SECRET_HINT, LIVE_TOKEN_SECRET_MIN_LENGTH } from './live-token.ts';

const DATABASE_URL_HINT = 'set DATABASE_URL to the Levelfield PostgreSQL connection string';

export const SharedEnv = z.object({
  DATABASE_URL: z.string({ error: DATABASE_URL_HINT }).min(1, DATABASE_URL_HINT),
  /**
   * Signs live-subscription tokens for private runs: the web app mints them, the ingest API checks
   * them. Without it, live subscriptions to private runs are refused (public runs stay open).
   */
  LEVELFIELD_LIVE_TOKEN_SECRET: z
    .string()
    .min(LIVE_TOKEN_SECRET_MIN_LENGTH, LIVE_TOKEN_SECRET_HINT)
    .optional(),
});
