// How a receiver knows a webhook came from this Levelfield and was not replayed: the body is
// signed with the webhook's secret (HMAC-SHA256) together with the time it was sent.
//
//   Levelfield-Timestamp: 1764198000            (Unix seconds)
//   Levelfield-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the secret>
//
// A receiver recomputes the HMAC over the timestamp, a dot and the raw body bytes, compares in
// constant time, and refuses timestamps older than a few minutes (docs/history.md has an example).
import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'levelfield-timestamp';
export const SIGNATURE_HEADER = 'levelfield-signature';

/** A new webhook secret: 32 random bytes, prefixed so it is recognised in a leak scan. */
export function newWebhookSecret(): string {
  return `lfwh_${randomBytes(32).toString('base64url')}`;
}

export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function signedHeaders(secret: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Levelfield-Webhook/1',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signature(secret, timestamp, body),
  };
}

/** A receiver's check (used by the tests, and the reference for receivers in other languages). */
export function verifySignature(secret: string, timestamp: string, body: string, given: string): boolean {
  const expected = Buffer.from(signature(secret, Number(timestamp), body));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
