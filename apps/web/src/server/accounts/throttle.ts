// Slows password guessing and mass sign-ups. Each attempt is reserved BEFORE any password is
// checked, by one SQL statement that adds it to the count only if the count allows another
// attempt now; a burst of parallel attempts therefore queues on the row and only the allowed
// number get through (checking the count first and recording failures afterwards let all of
// them through). Past `free` attempts within WINDOW_MS the next one must wait, from 30 s doubling
// up to 15 min, and is refused unchecked until then. A reservation that turns out to be a
// success is given back (or the count cleared), so the counts are of failures.
// Each limit counts per key, e.g. the email typed (the account under attack, whether or not it
// exists, so the answer does not tell which emails have accounts) or the client's address.
// Stored in PostgreSQL so every web instance agrees, in sign_in_throttles, whose `email` column
// holds the scoped key ('sign-in:account:ada@example.test', 'sign-up:address:203.0.113.7').
// A wait, not a lock: someone who guesses at another's email delays that person by at most the
// current wait, and never locks them out for good.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';

export interface Limit {
  /** What is counted: the first part of every key. */
  scope: string;
  /** Attempts allowed within the window before each further one must wait. */
  free: number;
  /** The refusal, before "Wait …, then try again." */
  tooMany: string;
}

export const SIGN_IN_PER_ACCOUNT: Limit = {
  scope: 'sign-in:account',
  free: 5,
  tooMany: 'Too many failed sign-ins for this email.',
};
// Higher than per account: people behind one office or campus address share it.
export const SIGN_IN_PER_ADDRESS: Limit = {
  scope: 'sign-in:address',
  free: 20,
  tooMany: 'Too many failed sign-ins from your network.',
};
export const PASSWORD_CHANGE_PER_ACCOUNT: Limit = {
  scope: 'password-change:account',
  free: 5,
  tooMany: 'Too many wrong current passwords for this account.',
};
export const PASSWORD_CHANGE_PER_ADDRESS: Limit = {
  scope: 'password-change:address',
  free: 20,
  tooMany: 'Too many wrong current passwords from your network.',
};
// Every sign-up counts (none is given back): creating accounts in bulk is the abuse.
export const SIGN_UP_PER_EMAIL: Limit = {
  scope: 'sign-up:email',
  free: 5,
  tooMany: 'Too many sign-ups for this email.',
};
export const SIGN_UP_PER_ADDRESS: Limit = {
  scope: 'sign-up:address',
  free: 20,
  tooMany: 'Too many sign-ups from your network.',
};

const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** Attempts older than this are forgotten. */
const WINDOW_MS = 60 * 60_000;

/** One limit applied to one subject (an email, a user id, an address). */
export interface Attempt {
  limit: Limit;
  subject: string;
}

const keyOf = ({ limit, subject }: Attempt) => `${limit.scope}:${subject.trim().toLowerCase().slice(0, 320)}`;

/** How long an attempt after `failures` counted ones waits after the last of them. */
export function waitAfter(failures: number, free = SIGN_IN_PER_ACCOUNT.free): number {
  if (failures < free) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - free));
}

/** Milliseconds until the next attempt may be checked (0: now). */
export async function attemptWait(db: PrismaClient, attempt: Attempt, now = Date.now()): Promise<number> {
  const row = await db.signInThrottle.findUnique({ where: { email: keyOf(attempt) } });
  if (!row || now - row.lastFailureAt.getTime() > WINDOW_MS) return 0;
  return Math.max(0, row.lastFailureAt.getTime() + waitAfter(row.failures, attempt.limit.free) - now);
}

/** Counts the attempt if its limit allows one now; false when it must wait. One statement. */
async function reserve(db: PrismaClient, attempt: Attempt, now: number): Promise<boolean> {
  const at = new Date(now);
  const windowStart = new Date(now - WINDOW_MS);
  const free = attempt.limit.free;
  // The same wait as waitAfter(); the exponent is capped only to keep power() finite.
  const rows = await db.$queryRaw<{ failures: number }[]>`
    INSERT INTO sign_in_throttles AS t (email, failures, last_failure_at)
    VALUES (${keyOf(attempt)}, 1, ${at})
    ON CONFLICT (email) DO UPDATE
       SET failures = CASE WHEN t.last_failure_at < ${windowStart} THEN 1 ELSE t.failures + 1 END,
           last_failure_at = EXCLUDED.last_failure_at
     WHERE t.last_failure_at < ${windowStart}
        OR t.failures < ${free}::int
        OR t.last_failure_at + make_interval(secs => LEAST(
             ${LONGEST_WAIT_MS}::float8,
             ${FIRST_WAIT_MS}::float8 * power(2, LEAST(t.failures - ${free}::int, 30))
           ) / 1000) <= ${at}
    RETURNING failures`;
  return rows.length > 0;
}

/** Gives one reserved attempt back: it succeeded, or was never checked. */
async function giveBack(db: PrismaClient, attempt: Attempt): Promise<void> {
  await db.$executeRaw`
    UPDATE sign_in_throttles SET failures = failures - 1 WHERE email = ${keyOf(attempt)} AND failures > 0`;
}

export interface Refusal {
  waitMs: number;
  /** What the form says: which limit, and when to try again. */
  message: string;
}

/**
 * Reserves one attempt under each limit, in order; null when every one allows it, otherwise the
 * first refusal, and the earlier reservations are given back (the attempt is not checked). Put
 * the address first: a refused address then never touches, and never prolongs, the wait of the
 * account it was guessing at.
 */
export async function reserveAttempt(
  db: PrismaClient,
  attempts: Attempt[],
  now = Date.now(),
): Promise<Refusal | null> {
  for (const [index, attempt] of attempts.entries()) {
    if (await reserve(db, attempt, now)) continue;
    for (const reserved of attempts.slice(0, index)) await giveBack(db, reserved);
    // Never "wait 0 seconds": the wait may have just ended between the two statements.
    const waitMs = Math.max(1000, await attemptWait(db, attempt, now));
    return { waitMs, message: `${attempt.limit.tooMany} Wait ${describeWait(waitMs)}, then try again.` };
  }
  return null;
}

/** After a success: the attempts were not failures. */
export async function releaseAttempt(db: PrismaClient, attempts: Attempt[]): Promise<void> {
  for (const attempt of attempts) await giveBack(db, attempt);
}

/** After a success that proves the subject (the right password): forget its failures. */
export async function clearAttempts(db: PrismaClient, attempt: Attempt): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { email: keyOf(attempt) } });
}

/** "45 seconds", "3 minutes": the wait as the forms say it. */
export function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
