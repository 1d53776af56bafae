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
    expect(env).toMatchObject({
      INGEST_TOKEN_RATE: 200,
      INGEST_TOKEN_BURST: 400,
      INGEST_AUTH_FAILURE_RATE: 30,
      INGEST_AUTH_FAILURE_BURST: 30,
      INGEST_LIVE_RECHECK_MS: 5000,
    });
    expect(env.INGEST_TRUST_PROXY).toBeUndefined();
  });

  it('reads the limits and the trusted proxies', () => {
    const env = readEnv({
      DATABASE_URL: 'x',
      INGEST_TOKEN_RATE: '0.5',
      INGEST_TOKEN_BURST: '10',
      INGEST_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
      INGEST_LIVE_RECHECK_MS: '250',
    });
    expect(env).toMatchObject({
      INGEST_TOKEN_RATE: 0.5,
      INGEST_TOKEN_BURST: 10,
      INGEST_TRUST_PROXY: ['10.0.0.1', '192.168.0.0/16'],
      INGEST_LIVE_RECHECK_MS: 250,
    });
    expect(() => readEnv({ DATABASE_URL: 'x', INGEST_TOKEN_RATE: '0' })).toThrow(/INGEST_TOKEN_RATE/);
  });

  it('says what to set when something is wrong', () => {
    expect(() => readEnv({})).toThrow(/DATABASE_URL/);
    expect(() => readEnv({ DATABASE_URL: 'x', LEVELFIELD_LIVE_TOKEN_SECRET: 'short' })).toThrow(
      /32 characters/,
    );
    expect(
      readEnv({ DATABASE_URL: 'x', LEVELFIELD_WEB_URL: 'https://levelfield.example/' }).LEVELFIELD_WEB_URL,
    ).toBe('https://levelfield.example');
    expect(() => readEnv({ DATABASE_URL: 'x', LEVELFIELD_NATS_URL: 'localhost:4222' })).toThrow(
      /LEVELFIELD_NATS_URL: nats:\/\/host:port/,
    );
    expect(
      readEnv({ DATABASE_URL: 'x', LEVELFIELD_NATS_URL: 'nats://a:4222,nats://b:4222' }).LEVELFIELD_NATS_URL,
    ).toBe('nats://a:4222,nats://b:4222');
    // docker-compose.yml passes an unset variable through as ''.
    expect(readEnv({ DATABASE_URL: 'x', LEVELFIELD_NATS_URL: '' }).LEVELFIELD_NATS_URL).toBeUndefined();
    expect(
      readEnv({ DATABASE_URL: 'x', INGEST_ROLLUP_INTERVAL_MS: '3600000' }).INGEST_ROLLUP_INTERVAL_MS,
    ).toBe(3_600_000);
  });
});
