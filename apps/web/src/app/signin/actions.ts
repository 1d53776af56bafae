'use server';
import { AppError } from '@levelfield/contracts/errors';
import { redirect } from 'next/navigation';
import type { FormResult } from '~/lib/form-result';
import { SignInInput } from '~/server/accounts/account';
import { safeCallbackPath } from '~/server/accounts/callback';
import { startSession } from '~/server/accounts/cookies';
import { welcomePath } from '~/server/accounts/personal-org';
import { requestAddress } from '~/server/accounts/request';
import { passwordSignIn } from '~/server/accounts/sign-in';
import { signIn } from '~/server/auth';
import { db } from '~/server/db';
import { formResult } from '~/server/form-errors';
import { siteOrigin } from '~/server/site';

/** Signs in and goes on to `callbackUrl`; `welcome`: just signed up, so land in the new personal organization. */
export async function signInWithPassword(
  input: unknown,
  next: { callbackUrl: string; welcome: boolean },
): Promise<FormResult<void>> {
  const result = await formResult(async () => {
    const signedIn = await passwordSignIn(db(), {
      ...SignInInput.parse(input),
      address: await requestAddress(),
    });
    if (!signedIn.ok) {
      throw new AppError(
        signedIn.reason === 'throttled' ? 'RATE_LIMITED' : 'UNAUTHENTICATED',
        signedIn.message,
      );
    }
    return signedIn.userId;
  });
  if (!result.ok) return result;
  await startSession(result.value);
  const callback = safeCallbackPath(next.callbackUrl, await siteOrigin(), '');
  // A page that asked first wins over the welcome.
  const fallback = next.welcome ? await welcomePath(db(), result.value) : '/runs';
  redirect(callback || fallback);
}

export async function signInWithProvider(formData: FormData): Promise<void> {
  await signIn(String(formData.get('provider')), {
    redirectTo: safeCallbackPath(formData.get('callbackUrl'), await siteOrigin(), '/runs'),
  });
}
