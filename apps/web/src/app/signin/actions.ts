'use server';
import { redirect } from 'next/navigation';
import type { FormState } from '~/components/accounts/form-state';
import { safeCallbackPath } from '~/server/accounts/callback';
import { startSession } from '~/server/accounts/cookies';
import { welcomePath } from '~/server/accounts/personal-org';
import { requestAddress } from '~/server/accounts/request';
import { passwordSignIn } from '~/server/accounts/sign-in';
import { signIn } from '~/server/auth';
import { db } from '~/server/db';
import { siteOrigin } from '~/server/site';

export async function signInWithPassword(_previous: FormState, formData: FormData): Promise<FormState> {
  const email = String(formData.get('email') ?? '');
  const result = await passwordSignIn(db(), {
    email,
    password: String(formData.get('password') ?? ''),
    address: await requestAddress(),
  });
  if (!result.ok) return { status: 'error', message: result.message, values: { email } };
  await startSession(result.userId);
  const callback = safeCallbackPath(formData.get('callbackUrl'), await siteOrigin(), '');
  // Just signed up (the form says so): the new personal organization, unless a page asked first.
  const fallback = formData.get('welcome') ? await welcomePath(db(), result.userId) : '/runs';
  redirect(callback || fallback);
}

export async function signInWithProvider(formData: FormData): Promise<void> {
  await signIn(String(formData.get('provider')), {
    redirectTo: safeCallbackPath(formData.get('callbackUrl'), await siteOrigin(), '/runs'),
  });
}
