'use server';
import { revalidatePath } from 'next/cache';
import type { FormState } from '~/components/accounts/form-state';
import { startSession } from '~/server/accounts/cookies';
import { formError, formValues } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

export async function updateProfileAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['name']);
  try {
    await (await serverCaller()).account.updateProfile({ name: values.name ?? '' });
  } catch (error) {
    return formError(error, values);
  }
  revalidatePath('/', 'layout');
  return { status: 'ok', message: 'Saved.', values };
}

export async function changePasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const caller = await serverCaller();
  try {
    const me = await caller.account.me();
    await caller.account.changePassword({
      currentPassword: String(formData.get('currentPassword') ?? ''),
      newPassword: String(formData.get('newPassword') ?? ''),
    });
    // Every session was ended, this one too: start a fresh one for the person who changed it.
    await startSession(me.id);
  } catch (error) {
    return formError(error);
  }
  return { status: 'ok', message: 'Password changed. Other devices have been signed out.' };
}
