// The web app's configuration, read and validated once: every read of the environment in
// src/ goes through here (next.config.ts aside). The start command passes these; see the
// README's configuration section. DATABASE_URL and LEVELFIELD_LIVE_TOKEN_SECRET follow the
// rules the ingest API applies too (SharedEnv).
import 'server-only';
import { SharedEnv } from '@levelfield/contracts/env';
import { z } from 'zod';

const Env = SharedEnv.extend({
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters (openssl rand -base64 32)'),
  /** The address people reach the site at: cookie security and links to copy (else the request's host). */
  AUTH_URL: z.string().url().optional(),
  LEVELFIELD_INGEST_URL: z.string().url().default('http://127.0.0.1:4000'),
  /** 1: webhooks may call addresses on the server's own network (an internal chat server; tests). */
  LEVELFIELD_WEBHOOK_ALLOW_INTERNAL: z.enum(['0', '1']).optional(),
  /** How many reverse proxies append to X-Forwarded-For (server/accounts/client-address.ts checks it). */
  LEVELFIELD_TRUSTED_PROXIES: z.string().optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_OIDC_ISSUER: z.string().url().optional(),
  AUTH_OIDC_ID: z.string().optional(),
  AUTH_OIDC_SECRET: z.string().optional(),
  /** The single sign-on button's name. */
  AUTH_OIDC_NAME: z.string().optional(),
  /** Set by Next itself: development serves scripts the CSP must allow (proxy.ts). */
  NODE_ENV: z.string().optional(),
});

export type Env = z.infer<typeof Env>;

let cached: Env | undefined;

function invalid(issues: readonly z.core.$ZodIssue[], name?: string): Error {
  const problems = issues.map((i) => `${[name, ...i.path].filter(Boolean).join('.')}: ${i.message}`);
  return new Error(`Levelfield web: invalid environment: ${problems.join('; ')}`);
}

export function env(): Env {
  if (!cached) {
    const parsed = Env.safeParse(process.env);
    if (!parsed.success) throw invalid(parsed.error.issues);
    cached = parsed.data;
  }
  return cached;
}

/**
 * One variable, checked by its own rule above, for code that runs while modules load (auth.ts
 * builds Auth.js's configuration then): `next build` loads them without the whole environment
 * a running server has, so it must not ask for the rest.
 */
export function envVar<K extends keyof Env>(name: K): Env[K] {
  const parsed = Env.shape[name].safeParse(process.env[name]);
  if (!parsed.success) throw invalid(parsed.error.issues, name);
  return parsed.data as Env[K];
}

/** Whether webhooks may call addresses on the server's own network (server/webhooks/address.ts). */
export function webhooksMayGoInternal(): boolean {
  return env().LEVELFIELD_WEBHOOK_ALLOW_INTERNAL === '1';
}
