// Sending webhook events. Each event becomes one delivery per webhook of the project, stored
// before the first attempt, so the delivery log shows it even if the server stops midway. An
// attempt succeeds on a 2xx answer. A network error, a timeout, 408, 429 or a 5xx is tried
// again after a delay that quadruples (2 s, 8 s, 32 s by default); any other answer means the
// receiver refused the event, which no retry changes. Every attempt is signed afresh (sign.ts),
// so a retried event still carries a recent timestamp.
import 'server-only';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { DeliveryStatus, PrismaClient } from '@levelfield/db/client';
import { webhooksMayGoInternal } from '~/env';
import { guardedLookup, refusedAddress } from './address.ts';
import { type RegressionEvent, webhookBody } from './payload.ts';
import { signedHeaders } from './sign.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Delay before the second attempt; each further one waits 4 times longer. */
  baseDelayMs: number;
  /** How long one attempt may take. */
  timeoutMs: number;
  /** Whether an address on the server's own network may be called (default: the environment's). */
  allowInternal?: () => boolean;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 2000, timeoutMs: 10_000 };

/** Longest error text kept in the log. */
const ERROR_CHARS = 500;

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stores one delivery per webhook of the project; returns their ids. */
export async function enqueueDeliveries(
  db: PrismaClient,
  projectId: string,
  event: RegressionEvent,
  changeId: string | null,
): Promise<string[]> {
  const webhooks = await db.webhook.findMany({ where: { projectId }, select: { id: true, format: true } });
  const created = await Promise.all(
    webhooks.map((webhook) =>
      db.webhookDelivery.create({
        data: {
          webhookId: webhook.id,
          changeId,
          event: event.type,
          body: webhookBody(webhook.format, event),
        },
        select: { id: true },
      }),
    ),
  );
  return created.map((d) => d.id);
}

/** One attempt: the receiver's status, or the reason it could not be reached or was refused. */
async function attempt(url: string, secret: string, body: string, policy: RetryPolicy) {
  // Checked before every attempt: the name may resolve elsewhere than when the webhook was added.
  const refused = await refusedAddress(url, policy.allowInternal ?? webhooksMayGoInternal);
  if (refused) return { status: null, error: refused, refused: true };
  try {
    const status = await post(url, signedHeaders(secret, body), body, policy);
    return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` };
  } catch (error) {
    const cause =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return { status: null, error: cause.slice(0, ERROR_CHARS) };
  }
}

/**
 * POSTs the body and answers the status. The connection resolves the name through guardedLookup,
 * so the address called is the address checked. Redirects are not followed: one could send the
 * signed body somewhere the project never named.
 */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: RetryPolicy,
): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(policy.allowInternal ?? webhooksMayGoInternal),
        signal: AbortSignal.timeout(policy.timeoutMs),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends one delivery with retries, logging every attempt; returns how it ended. */
export async function deliver(
  db: PrismaClient,
  deliveryId: string,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<DeliveryStatus> {
  const delivery = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    select: { body: true, attempts: true, webhook: { select: { url: true, secret: true } } },
  });
  for (let n = delivery.attempts; n < policy.attempts; n += 1) {
    if (n > 0) await sleep(policy.baseDelayMs * 4 ** (n - 1));
    const result = await attempt(delivery.webhook.url, delivery.webhook.secret, delivery.body, policy);
    const delivered = result.error === null;
    const final =
      delivered ||
      n + 1 === policy.attempts ||
      'refused' in result ||
      (result.status !== null && !retryable(result.status));
    const status: DeliveryStatus = delivered ? 'delivered' : final ? 'failed' : 'pending';
    await db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: n + 1,
        responseStatus: result.status,
        error: result.error,
        status,
        lastAttemptAt: new Date(),
      },
    });
    if (final) return status;
  }
  return 'failed';
}

/**
 * Sends the deliveries without holding up the request that caused them (a decision answers at
 * once; retries may take a minute). Returns the promise for callers that wait (tests, scripts).
 */
export function deliverAll(db: PrismaClient, ids: string[], policy: RetryPolicy = DEFAULT_RETRY) {
  return Promise.all(
    ids.map((id) =>
      deliver(db, id, policy).catch((error: unknown) => {
        console.error(
          `webhook delivery ${id} stopped: ${error instanceof Error ? error.message : String(error)}`,
        );
        return 'failed' as const;
      }),
    ),
  );
}
