// Sessions live in PostgreSQL (the sessions table). The cookie holds a random 256-bit token; the
// table holds only its SHA-256, so a copy of the database cannot be used to sign in as anyone.
// Auth.js reads and refreshes these rows through the adapter (./adapter.ts); email + password
// sign-in creates them here, because Auth.js's credentials provider only issues JWTs.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '@levelfield/db/client';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;
/** Auth.js pushes a session's expiry forward at most this often (one database write a day). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;

export function hashSessionToken(sessionToken: string): string {
  return createHash('sha256').update(sessionToken, 'utf8').digest('hex');
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Creates a session row for a user; returns the token for the cookie. */
export async function createSession(
  db: PrismaClient,
  userId: string,
  now = new Date(),
): Promise<{ sessionToken: string; expires: Date }> {
  const sessionToken = newSessionToken();
  const expires = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.session.create({ data: { sessionToken: hashSessionToken(sessionToken), userId, expires } });
  return { sessionToken, expires };
}

/**
 * The session cookie, shared by Auth.js and our own sign-in so both read and write the same
 * one. Secure (and __Secure- prefixed) when the site is served over HTTPS.
 */
export function sessionCookie(authUrl: string | undefined) {
  const secure = authUrl?.startsWith('https:') ?? false;
  return {
    name: `${secure ? '__Secure-' : ''}levelfield.session`,
    options: { httpOnly: true, sameSite: 'lax' as const, path: '/', secure },
  };
}
