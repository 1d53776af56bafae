'use server';
import { redirect } from 'next/navigation';
import type { FormState } from '~/components/accounts/form-state';
import { safeCallbackPath } from '~/server/accounts/callback';
import { formError, formValues } from '~/server/form-errors';
import { serverCaller } from '~/server/root';
import { siteOrigin } from '~/server/site';

// Whether the email was new or already had an account, the answer is the sign-in page with the
// same notice: sign-up never tells who has an account (see signUp in ~/server/accounts/account).
export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['email', 'name']);
  let email: string;
  try {
    ({ email } = await (await serverCaller()).account.signUp({
      ...values,
      password: String(formData.get('password') ?? ''),
    }));
  } catch (error) {
    return formError(error, values);
  }
  const next = new URLSearchParams({ created: '1', email });
  const callback = safeCallbackPath(formData.get('callbackUrl'), await siteOrigin(), '');
  if (callback) next.set('callbackUrl', callback);
  redirect(`/signin?${next}`);
}
