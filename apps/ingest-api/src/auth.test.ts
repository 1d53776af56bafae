import { hashToken } from '@levelfield/db/tokens';
import { describe, expect, it } from 'vitest';
import { createAuthenticator } from './auth.ts';
import type { Queryable } from './db.ts';

const TOKEN = `lf_${'a'.repeat(43)}`;

/** A database holding one token; counts lookups. */
function fakeDb() {
  const state = { lookups: 0, revokedAt: null as Date | null };
  const db = {
    query: async (query: unknown) => {
      if (typeof query === 'string') return { rows: [] };
      state.lookups += 1;
      const row = {
        id: 't1',
        token_hash: hashToken(TOKEN),
        project_id: 'p1',
        scopes: ['ingest'],
        revoked_at: state.revokedAt,
        slug: 'demo',
      };
      return { rows: (query as { values: string[] }).values[0] === row.token_hash ? [row] : [] };
    },
  } as unknown as Queryable;
  return { db, state };
}

describe('token cache', () => {
  it('reuses a lookup within cacheMs and sees a revocation after it', async () => {
    const { db, state } = fakeDb();
    let now = 1_000_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const authenticate = createAuthenticator(db, { cacheMs: 5000, onTouchError: () => {} });
      await Promise.all([
        authenticate(`Bearer ${TOKEN}`, 'ingest'),
        authenticate(`Bearer ${TOKEN}`, 'ingest'),
      ]);
      expect(state.lookups).toBe(1);
      state.revokedAt = new Date();
      now += 4999;
      await expect(authenticate(`Bearer ${TOKEN}`, 'ingest')).resolves.toMatchObject({ projectId: 'p1' });
      now += 1;
      await expect(authenticate(`Bearer ${TOKEN}`, 'ingest')).rejects.toMatchObject({
        code: 'TOKEN_REVOKED',
      });
      expect(state.lookups).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it('does not keep unknown tokens, and can be turned off', async () => {
    const { db, state } = fakeDb();
    const authenticate = createAuthenticator(db, { cacheMs: 0, onTouchError: () => {} });
    await authenticate(`Bearer ${TOKEN}`, 'ingest');
    await authenticate(`Bearer ${TOKEN}`, 'ingest');
    expect(state.lookups).toBe(2);
    const cached = createAuthenticator(db, { onTouchError: () => {} });
    const unknown = `Bearer lf_${'b'.repeat(43)}`;
    await expect(cached(unknown, 'ingest')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(cached(unknown, 'ingest')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect(state.lookups).toBe(4);
  });
});
