// Request limits, as token buckets kept in memory by each instance: every request that carries
// an API token takes one from that token's bucket (so one runaway client cannot starve the
// others), and every failed authentication takes one from the client address's bucket (so
// guessing tokens, each guess a database lookup, is bounded). Both are checked when a request
// arrives, before its body is read. With several instances each keeps its own buckets.
import { AppError } from '@levelfield/contracts/errors';
import { hashToken, looksLikeToken } from '@levelfield/db/tokens';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from './auth.ts';

/** A refusal for going over a limit: answered 429 with Retry-After (app.ts). */
export class RateLimited extends AppError {
  constructor(
    message: string,
    /** Whole seconds until a retry can succeed. */
    readonly retryAfterSeconds: number,
    readonly limit: 'token' | 'address',
  ) {
    super('RATE_LIMITED', message);
    this.name = 'RateLimited';
  }
}

/** Beyond this many keys, buckets that have refilled are forgotten (they hold no state). */
const MAX_KEYS = 100_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Takes one when available: 0, else the whole seconds until one is. */
  take(key: string, now = Date.now()): number {
    const bucket = this.refill(key, now);
    if (bucket.tokens < 1) return this.secondsUntilOne(bucket.tokens);
    bucket.tokens -= 1;
    return 0;
  }

  /** Takes one if any is left, without refusing anything (a failure is counted either way). */
  drain(key: string, now = Date.now()): void {
    const bucket = this.refill(key, now);
    bucket.tokens = Math.max(0, bucket.tokens - 1);
  }

  /** 0 when one is available (none is taken), else the whole seconds until one is. */
  wait(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    return tokens >= 1 ? 0 : this.secondsUntilOne(tokens);
  }

  private secondsUntilOne(tokens: number): number {
    return Math.max(1, Math.ceil((1 - tokens) / this.perSecond));
  }

  private refill(key: string, now: number) {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_KEYS) this.forgetFull(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    return bucket;
  }

  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    }
    // Still full of keys (a flood of addresses): start over rather than grow without bound.
    if (this.buckets.size >= MAX_KEYS) this.buckets.clear();
  }
}

export interface RateLimitOptions {
  /** Sustained requests per second per API token. */
  tokenPerSecond: number;
  /** Requests per API token that may come at once. */
  tokenBurst: number;
  /** Sustained failed authentications per minute per client address. */
  failuresPerMinute: number;
  /** Failed authentications per client address that may come at once. */
  failureBurst: number;
}

export const RATE_LIMIT_DEFAULTS: RateLimitOptions = {
  // An agent posts one batch a second; bench:ingest offers 100 a second on one token.
  tokenPerSecond: 200,
  tokenBurst: 400,
  failuresPerMinute: 30,
  failureBurst: 30,
};

export function createRateLimits(options: RateLimitOptions) {
  const tokens = new TokenBuckets(options.tokenPerSecond, options.tokenBurst);
  const failures = new TokenBuckets(options.failuresPerMinute / 60, options.failureBurst);

  return {
    /** Throws RateLimited when the request's address or API token is over its limit. */
    admit(request: FastifyRequest): void {
      const waitFailures = failures.wait(request.ip);
      if (waitFailures > 0) {
        throw new RateLimited(
          `too many failed authentications from this address: check the API token, then retry in ${waitFailures} s`,
          waitFailures,
          'address',
        );
      }
      const query = request.query as { token?: unknown } | undefined;
      const token =
        bearerToken(request.headers.authorization) ??
        (typeof query?.token === 'string' ? query.token : undefined);
      // Only well-formed API tokens have a bucket; anything else fails authentication.
      if (!token || !looksLikeToken(token)) return;
      const waitToken = tokens.take(hashToken(token));
      if (waitToken > 0) {
        throw new RateLimited(
          `this API token is over its limit of ${options.tokenPerSecond} requests per second: retry in ${waitToken} s`,
          waitToken,
          'token',
        );
      }
    },
    /** Counts a failed authentication against the request's address. */
    failed(request: FastifyRequest): void {
      failures.drain(request.ip);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
