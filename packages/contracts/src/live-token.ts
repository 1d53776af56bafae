// Short-lived tokens that let a member watch a private run live. The web app (which knows who
// is a member) mints them with signLiveToken; the ingest API checks the HMAC and expiry, and
// (apps/ingest-api/src/live) that the user is still a member while the stream is open.
// Format: base64url(JSON).base64url(HMAC). Uses node:crypto: import it from server code only.
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The shortest shared secret either service accepts (LEVELFIELD_LIVE_TOKEN_SECRET): an HMAC-SHA256
 * key of fewer than 32 bytes weakens it, and both sides must agree on one rule.
 */
export const LIVE_TOKEN_SECRET_MIN_LENGTH = 32;
export const LIVE_TOKEN_SECRET_HINT = `use at least ${LIVE_TOKEN_SECRET_MIN_LENGTH} characters (openssl rand -base64 32)`;

export interface LiveTokenClaims {
  runId: string;
  userId: string;
  /** Unix epoch milliseconds. */
  expiresAt: number;
}

function mac(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function signLiveToken(claims: LiveTokenClaims, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({ r: claims.runId, u: claims.userId, e: claims.expiresAt }),
  ).toString('base64url');
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

export type LiveTokenCheck = { ok: true; claims: LiveTokenClaims } | { ok: false; reason: string };

export function verifyLiveToken(token: string, secret: string, now = Date.now()): LiveTokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed live token' };
  const expected = mac(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'live token signature does not match' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed live token' };
  }
  const { r, u, e } = (claims ?? {}) as Record<string, unknown>;
  if (typeof r !== 'string' || typeof u !== 'string' || typeof e !== 'number') {
    return { ok: false, reason: 'malformed live token' };
  }
  if (e <= now) return { ok: false, reason: 'live token expired: ask the web app for a new one' };
  return { ok: true, claims: { runId: r, userId: u, expiresAt: e } };
}
