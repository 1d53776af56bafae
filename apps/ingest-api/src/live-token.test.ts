import { describe, expect, it } from 'vitest';
import { signLiveToken, verifyLiveToken } from './live-token.ts';

const secret = 's'.repeat(32);
const claims = { runId: 'run1', userId: 'user1', expiresAt: 2_000 };

describe('live tokens', () => {
  it('verifies what it signed until it expires', () => {
    const token = signLiveToken(claims, secret);
    expect(verifyLiveToken(token, secret, 1_000)).toEqual({ ok: true, claims });
    expect(verifyLiveToken(token, secret, 2_000)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/expired/),
    });
  });

  it('rejects other secrets, edited claims and garbage', () => {
    const token = signLiveToken(claims, secret);
    expect(verifyLiveToken(token, 't'.repeat(32), 1_000).ok).toBe(false);
    const [, signature] = token.split('.');
    const edited = `${Buffer.from(JSON.stringify({ r: 'run2', u: 'user1', e: 2_000 })).toString('base64url')}.${signature}`;
    expect(verifyLiveToken(edited, secret, 1_000).ok).toBe(false);
    for (const garbage of ['', 'a', 'a.b.c', '.', 'a.'])
      expect(verifyLiveToken(garbage, secret, 1_000).ok).toBe(false);
  });
});
