// Project-scoped API tokens. The database holds only SHA-256 digests; the lookup is by digest
// (a 256-bit secret's hash leaks nothing through index or map timing) and the final check is
// constant-time. Every failure says what to do without telling whether a project exists.
// Lookups are reused for a few seconds (AuthenticatorOptions.cacheMs): a batch per agent per
// second would otherwise cost a query each; a revocation takes effect within that time.
import { AppError } from '@levelfield/contracts/errors';
import {
  expiredProblem,
  hashToken,
  looksLikeToken,
  sameDigest,
  type TokenScope,
} from '@levelfield/db/tokens';
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

interface TokenRow {
  id: string;
  token_hash: string;
  project_id: string;
  scopes: string[] | null;
  revoked_at: Date | null;
  expires_at: Date | null;
  slug: string;
}

export interface AuthenticatorOptions {
  /**
   * How long a token lookup is reused, in ms (0 = never). Revoking a token takes effect on
   * this instance within that time. Default 5000.
   */
  cacheMs?: number;
  onTouchError: (error: unknown) => void;
}

/** Bounds the cache: a flood of distinct valid tokens cannot grow it without limit. */
const CACHE_LIMIT = 10_000;

export function createAuthenticator(db: Queryable, options: AuthenticatorOptions) {
  const touchedAt = new Map<string, number>();
  const cacheMs = options.cacheMs ?? 5000;
  /**
   * digest → the lookup of its row (revoked ones too) and until when it is trusted. Concurrent
   * requests with one token share a lookup; unknown tokens are dropped once answered, so
   * guessing costs a query each time, not cache space.
   */
  const cache = new Map<string, { row: Promise<TokenRow | undefined>; until: number }>();

  function touch(tokenId: string): void {
    const now = Date.now();
    if (now - (touchedAt.get(tokenId) ?? 0) < TOUCH_INTERVAL_MS) return;
    touchedAt.set(tokenId, now);
    db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [tokenId]).catch(
      options.onTouchError,
    );
  }

  function lookup(digest: string): Promise<TokenRow | undefined> {
    const now = Date.now();
    const hit = cache.get(digest);
    if (hit && hit.until > now) return hit.row;
    const row = db
      .query<TokenRow>({
        name: 'ingest-token',
        // Prisma stores timestamps as UTC without a zone: read as UTC, whatever the server's zone.
        text: `SELECT t.id, t.token_hash, t.project_id, t.scopes, t.revoked_at,
                      t.expires_at AT TIME ZONE 'UTC' AS expires_at, p.slug
                 FROM api_tokens t JOIN projects p ON p.id = t.project_id
                WHERE t.token_hash = $1`,
        values: [digest],
      })
      .then((result) => result.rows[0]);
    if (cacheMs > 0) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      // Trusted from when the query was sent: a revocation committed later shows within cacheMs.
      const entry = { row, until: now + cacheMs };
      cache.set(digest, entry);
      const forget = () => {
        if (cache.get(digest) === entry) cache.delete(digest);
      };
      row.then((found) => found ?? forget(), forget);
    } else if (hit) {
      cache.delete(digest);
    }
    return row;
  }

  /** `token` is the bare token (from a Bearer header or a query parameter). */
  async function authenticateToken(token: string, scope: TokenScope): Promise<Principal> {
    if (!looksLikeToken(token)) {
      throw new AppError(
        'TOKEN_INVALID',
        'the API token is not valid: copy it again from the project settings',
      );
    }
    const digest = hashToken(token);
    const row = await lookup(digest);
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
    // Checked on every use, not only at lookup: a cached row does not outlive the expiry.
    const expired = expiredProblem({ expiresAt: row.expires_at });
    if (expired) throw new AppError('TOKEN_EXPIRED', expired);
    const scopes = row.scopes ?? [];
    if (!scopes.includes(scope)) {
      throw new AppError('TOKEN_SCOPE', `this API token lacks the "${scope}" scope: create one that has it`);
    }
    touch(row.id);
    return { tokenId: row.id, projectId: row.project_id, projectSlug: row.slug, scopes };
  }

  async function authenticate(authorization: string | undefined, scope: TokenScope): Promise<Principal> {
    if (!authorization) {
      throw new AppError('TOKEN_MISSING', 'send the project API token as "Authorization: Bearer lf_…"');
    }
    const token = bearerToken(authorization);
    if (!token) {
      throw new AppError(
        'TOKEN_INVALID',
        'the API token is not valid: copy it again from the project settings',
      );
    }
    return authenticateToken(token, scope);
  }

  return Object.assign(authenticate, { token: authenticateToken });
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
