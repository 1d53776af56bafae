import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('applies the documented defaults', () => {
    const env = readEnv({ DATABASE_URL: 'postgresql://x/y' });
    expect(env).toMatchObject({
      INGEST_HOST: '127.0.0.1',
      INGEST_PORT: 4000,
      LEVELFIELD_WEB_URL: 'http://127.0.0.1:3000',
    });
    expect(env.LEVELFIELD_PUBLIC_INGEST_URL).toBeUndefined();
    expect(env.LEVELFIELD_LIVE_TOKEN_SECRET).toBeUndefined();
  });

  it('says what to set when something is wrong', () => {
    expect(() => readEnv({})).toThrow(/DATABASE_URL/);
    expect(() => readEnv({ DATABASE_URL: 'x', LEVELFIELD_LIVE_TOKEN_SECRET: 'short' })).toThrow(
      /32 characters/,
    );
    expect(
      readEnv({ DATABASE_URL: 'x', LEVELFIELD_WEB_URL: 'https://levelfield.example/' }).LEVELFIELD_WEB_URL,
    ).toBe('https://levelfield.example');
  });
});
