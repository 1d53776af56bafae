'use server';
import { redirect } from 'next/navigation';
import type { FormState } from '~/app/_accounts/form-state';
import { safeCallback, startSession } from '~/server/accounts/cookies';
import { formError, formValues } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['email', 'name']);
  let destination: string;
  try {
    const user = await (await serverCaller()).account.signUp({
      ...values,
      password: String(formData.get('password') ?? ''),
    });
    await startSession(user.id);
    destination = safeCallback(formData.get('callbackUrl'), `/orgs/${user.organization.slug}?welcome=1`);
  } catch (error) {
    return formError(error, values);
  }
  redirect(destination);
}
