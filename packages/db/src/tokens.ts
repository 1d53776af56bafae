// API tokens: `lf_` + 32 random bytes in base64url. Only the SHA-256 is stored, so a leaked
// database does not leak usable tokens; a fast hash is right here because the secret has
// 256 bits of entropy (a slow KDF is for low-entropy passwords).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'lf_';
const TOKEN_PATTERN = /^lf_[A-Za-z0-9_-]{43}$/;

export type TokenScope = 'ingest' | 'read' | 'write';

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Shown in token lists so a person can recognise a token without it being usable. */
export function tokenDisplayPrefix(token: string): string {
  return token.slice(0, 7);
}

export function looksLikeToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Why a stored token may not be used when it has expired, or undefined while it is valid: a
 * token created with an expiry stops working at that instant, on every path that checks tokens.
 */
export function expiredProblem(token: { expiresAt: Date | null }, now = Date.now()): string | undefined {
  if (!token.expiresAt || token.expiresAt.getTime() > now) return undefined;
  return `this API token expired on ${token.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: create a new one in the project settings`;
}
