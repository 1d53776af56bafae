'use server';
import { redirect } from 'next/navigation';
import type { FormState } from '~/app/_accounts/form-state';
import { verifyCredentials } from '~/server/accounts/account';
import { safeCallback, startSession } from '~/server/accounts/cookies';
import {
  clearSignInFailures,
  describeWait,
  recordSignInFailure,
  signInWait,
} from '~/server/accounts/throttle';
import { signIn } from '~/server/auth';
import { db } from '~/server/db';

export async function signInWithPassword(_previous: FormState, formData: FormData): Promise<FormState> {
  const email = String(formData.get('email') ?? '');
  const wait = await signInWait(db(), email);
  if (wait > 0) {
    return {
      status: 'error',
      message: `Too many failed sign-ins for this email. Wait ${describeWait(wait)}, then try again.`,
      values: { email },
    };
  }
  const userId = await verifyCredentials(db(), email, String(formData.get('password') ?? ''));
  if (!userId) {
    await recordSignInFailure(db(), email);
    return {
      status: 'error',
      message:
        'That email and password do not match an account. Check both and try again, or create an account if you do not have one.',
      values: { email },
    };
  }
  await clearSignInFailures(db(), email);
  await startSession(userId);
  redirect(safeCallback(formData.get('callbackUrl')));
}

export async function signInWithProvider(formData: FormData): Promise<void> {
  await signIn(String(formData.get('provider')), { redirectTo: safeCallback(formData.get('callbackUrl')) });
}
