import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './rate-limit.ts';

describe('TokenBuckets', () => {
  it('lets a burst through, then refuses with the whole seconds until the next token', () => {
    const buckets = new TokenBuckets(0.5, 3);
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => buckets.take('a', t0))).toEqual([0, 0, 0]);
    // One token every 2 s: empty now, so 2 s to wait; after 1.5 s, 0.75 of one is there: 1 s.
    expect(buckets.take('a', t0)).toBe(2);
    expect(buckets.take('a', t0 + 1500)).toBe(1);
    expect(buckets.take('a', t0 + 2000)).toBe(0);
    // Another key has its own bucket.
    expect(buckets.take('b', t0)).toBe(0);
  });

  it('refills to the burst and no further', () => {
    const buckets = new TokenBuckets(10, 2);
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 0)).toBe(1);
    // An hour later the bucket holds 2, not 36,000.
    const later = 3_600_000;
    expect([buckets.take('a', later), buckets.take('a', later), buckets.take('a', later)]).toEqual([0, 0, 1]);
  });

  it('counts failures without refusing them, and says when the next attempt may come', () => {
    const perMinute = new TokenBuckets(1 / 60, 2);
    expect(perMinute.wait('10.0.0.1', 0)).toBe(0);
    perMinute.drain('10.0.0.1', 0);
    expect(perMinute.wait('10.0.0.1', 0)).toBe(0);
    perMinute.drain('10.0.0.1', 0);
    perMinute.drain('10.0.0.1', 0);
    expect(perMinute.wait('10.0.0.1', 0)).toBe(60);
    expect(perMinute.wait('10.0.0.1', 45_000)).toBe(15);
    expect(perMinute.wait('10.0.0.1', 60_000)).toBe(0);
    expect(perMinute.wait('10.0.0.2', 0)).toBe(0);
  });
});
