// Slows password guessing. Every failed password sign-in for an email is counted; past
// FREE_FAILURES within WINDOW_MS, the next attempt for that email must wait, from 30 s doubling
// up to 15 min, and is refused unchecked until then. A success clears the count.
// Keyed by the email typed (the account under attack, whether or not it exists, so the answer
// does not tell which emails have accounts), stored in PostgreSQL so every web instance agrees.
// A wait, not a lock: someone who guesses at another's email delays that person's sign-in by at
// most the current wait, and never locks them out for good.
import type { PrismaClient } from '@levelfield/db/client';

export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const WINDOW_MS = 60 * 60_000;

const key = (email: string) => email.trim().toLowerCase().slice(0, 320);

/** How long a sign-in attempt after `failures` failures waits after the last one. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/** Milliseconds until a password sign-in for `email` may be checked (0: now). */
export async function signInWait(db: PrismaClient, email: string, now = Date.now()): Promise<number> {
  const row = await db.signInThrottle.findUnique({ where: { email: key(email) } });
  if (!row || now - row.lastFailureAt.getTime() > WINDOW_MS) return 0;
  return Math.max(0, row.lastFailureAt.getTime() + waitAfter(row.failures) - now);
}

export async function recordSignInFailure(db: PrismaClient, email: string, now = Date.now()): Promise<void> {
  const at = new Date(now);
  // One statement, so concurrent failures each count.
  await db.$executeRaw`
    INSERT INTO sign_in_throttles (email, failures, last_failure_at) VALUES (${key(email)}, 1, ${at})
    ON CONFLICT (email) DO UPDATE
       SET failures = CASE WHEN sign_in_throttles.last_failure_at < ${new Date(now - WINDOW_MS)}
                           THEN 1 ELSE sign_in_throttles.failures + 1 END,
           last_failure_at = EXCLUDED.last_failure_at`;
}

export async function clearSignInFailures(db: PrismaClient, email: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { email: key(email) } });
}

/** "45 seconds", "3 minutes": the wait as the sign-in form says it. */
export function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
