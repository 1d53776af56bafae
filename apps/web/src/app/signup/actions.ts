'use server';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import type { FormResult } from '~/lib/form-result';
import type { SignUpForm } from '~/lib/schemas/accounts';
import { safeCallbackPath } from '~/server/accounts/callback';
import { formResult } from '~/server/form-errors';
import { serverCaller } from '~/server/root';
import { siteOrigin } from '~/server/site';

// Whether the email was new or already had an account, the answer is the sign-in page with the
// same notice: sign-up never tells who has an account (see signUp in ~/server/accounts/account).
export async function signUpAction(
  input: z.input<typeof SignUpForm>,
  callbackUrl: string,
): Promise<FormResult<void>> {
  const result = await formResult(async () => (await serverCaller()).account.signUp(input));
  if (!result.ok) return result;
  const next = new URLSearchParams({ created: '1', email: result.value.email });
  const callback = safeCallbackPath(callbackUrl, await siteOrigin(), '');
  if (callback) next.set('callbackUrl', callback);
  redirect(`/signin?${next}`);
}
