// The web app's configuration, read and validated once. The start command passes these; see
// the README's configuration section.
import 'server-only';
import { LIVE_TOKEN_SECRET_HINT, LIVE_TOKEN_SECRET_MIN_LENGTH } from '@levelfield/contracts/live-token';
import { z } from 'zod';

const Env = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL must point at the Levelfield PostgreSQL database'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters (openssl rand -base64 32)'),
  LEVELFIELD_INGEST_URL: z.string().url().default('http://127.0.0.1:4000'),
  /** Signs live-subscription tokens for private runs (shared with the ingest API). */
  LEVELFIELD_LIVE_TOKEN_SECRET: z
    .string()
    .min(LIVE_TOKEN_SECRET_MIN_LENGTH, LIVE_TOKEN_SECRET_HINT)
    .optional(),
  /** 1: webhooks may call addresses on the server's own network (an internal chat server; tests). */
  LEVELFIELD_WEBHOOK_ALLOW_INTERNAL: z.enum(['0', '1']).optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_OIDC_ISSUER: z.string().url().optional(),
  AUTH_OIDC_ID: z.string().optional(),
  AUTH_OIDC_SECRET: z.string().optional(),
});

export type Env = z.infer<typeof Env>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = Env.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Levelfield web: invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Whether webhooks may call addresses on the server's own network (server/webhooks/address.ts). */
export function webhooksMayGoInternal(): boolean {
  return env().LEVELFIELD_WEBHOOK_ALLOW_INTERNAL === '1';
}
