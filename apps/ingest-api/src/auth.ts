// Project-scoped API tokens. The database holds only SHA-256 digests; the lookup is by digest
// (a 256-bit secret's hash leaks nothing through index timing) and the final check is
// constant-time. Every failure says what to do without telling whether a project exists.
import { AppError } from '@levelfield/contracts/errors';
import { hashToken, looksLikeToken, sameDigest, type TokenScope } from '@levelfield/db/tokens';
import type { Queryable } from './db.ts';

export interface Principal {
  tokenId: string;
  projectId: string;
  projectSlug: string;
  scopes: string[];
}

/** last_used_at is a hint for people, not an audit log: one write per token per minute at most. */
const TOUCH_INTERVAL_MS = 60_000;

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

export function createAuthenticator(db: Queryable, onTouchError: (error: unknown) => void) {
  const touchedAt = new Map<string, number>();

  function touch(tokenId: string): void {
    const now = Date.now();
    if (now - (touchedAt.get(tokenId) ?? 0) < TOUCH_INTERVAL_MS) return;
    touchedAt.set(tokenId, now);
    db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [tokenId]).catch(onTouchError);
  }

  return async function authenticate(
    authorization: string | undefined,
    scope: TokenScope,
  ): Promise<Principal> {
    if (!authorization) {
      throw new AppError('TOKEN_MISSING', 'send the project API token as "Authorization: Bearer lf_…"');
    }
    const token = bearerToken(authorization);
    if (!token || !looksLikeToken(token)) {
      throw new AppError(
        'TOKEN_INVALID',
        'the API token is not valid: copy it again from the project settings',
      );
    }
    const digest = hashToken(token);
    const { rows } = await db.query<{
      id: string;
      token_hash: string;
      project_id: string;
      scopes: string[] | null;
      revoked_at: Date | null;
      slug: string;
    }>({
      name: 'ingest-token',
      text: `SELECT t.id, t.token_hash, t.project_id, t.scopes, t.revoked_at, p.slug
               FROM api_tokens t JOIN projects p ON p.id = t.project_id
              WHERE t.token_hash = $1`,
      values: [digest],
    });
    const row = rows[0];
    if (!row || !sameDigest(row.token_hash, digest)) {
      throw new AppError(
        'TOKEN_INVALID',
        'the API token is not valid: copy it again from the project settings',
      );
    }
    if (row.revoked_at) {
      throw new AppError(
        'TOKEN_REVOKED',
        'this API token was revoked: create a new one in the project settings',
      );
    }
    const scopes = row.scopes ?? [];
    if (!scopes.includes(scope)) {
      throw new AppError('TOKEN_SCOPE', `this API token lacks the "${scope}" scope: create one that has it`);
    }
    touch(row.id);
    return { tokenId: row.id, projectId: row.project_id, projectSlug: row.slug, scopes };
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
