import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, looksLikeToken, sameDigest, tokenDisplayPrefix } from './tokens.ts';

describe('API tokens', () => {
  it('are lf_ plus 43 base64url characters and differ every time', () => {
    const a = generateToken();
    const b = generateToken();
    expect(looksLikeToken(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(tokenDisplayPrefix(a)).toBe(a.slice(0, 7));
  });

  it('are stored as a SHA-256 digest that only the same token matches', () => {
    const token = generateToken();
    const digest = hashToken(token);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain(token.slice(3));
    expect(sameDigest(digest, hashToken(token))).toBe(true);
    expect(sameDigest(digest, hashToken(generateToken()))).toBe(false);
    expect(sameDigest(digest, 'abcd')).toBe(false);
  });

  it('rejects strings that are not tokens', () => {
    expect(looksLikeToken('lf_short')).toBe(false);
    expect(looksLikeToken(`xx_${'a'.repeat(43)}`)).toBe(false);
  });
});
