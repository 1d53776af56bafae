// Email + password sign-in: the attempt is reserved under the per-address and per-account
// limits before the password is checked, so parallel guesses cannot outrun the count.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { verifyCredentials } from './account';
import {
  type Attempt,
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
} from './throttle';

export type PasswordSignIn =
  | { ok: true; userId: string }
  /** `throttled`: refused unchecked; `mismatch`: checked, and wrong. */
  | { ok: false; reason: 'throttled' | 'mismatch'; message: string };

const MISMATCH =
  'That email and password do not match an account. Check both and try again, or create an account if you do not have one.';

export async function passwordSignIn(
  db: PrismaClient,
  { email, password, address }: { email: string; password: string; address: string },
  now = Date.now(),
): Promise<PasswordSignIn> {
  const perAddress: Attempt = { limit: SIGN_IN_PER_ADDRESS, subject: address };
  const perAccount: Attempt = { limit: SIGN_IN_PER_ACCOUNT, subject: email };
  const refusal = await reserveAttempt(db, [perAddress, perAccount], now);
  if (refusal) return { ok: false, reason: 'throttled', message: refusal.message };
  const userId = await verifyCredentials(db, email, password);
  // A failure keeps both reservations: they are the count.
  if (!userId) return { ok: false, reason: 'mismatch', message: MISMATCH };
  await clearAttempts(db, perAccount);
  await releaseAttempt(db, [perAddress]);
  return { ok: true, userId };
}
