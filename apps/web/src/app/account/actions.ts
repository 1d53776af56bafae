'use server';
import type { z } from 'zod';
import type { FormResult } from '~/lib/form-result';
import type { ChangePasswordForm, UpdateProfileInput } from '~/lib/schemas/accounts';
import { startSession } from '~/server/accounts/cookies';
import { callAndRefresh, formResult } from '~/server/form-errors';
import { serverCaller } from '~/server/root';

export async function updateProfileAction(
  input: z.input<typeof UpdateProfileInput>,
): Promise<FormResult<void>> {
  return callAndRefresh(['/', 'layout'], (caller) => caller.account.updateProfile(input));
}

export async function changePasswordAction(
  input: z.input<typeof ChangePasswordForm>,
): Promise<FormResult<void>> {
  return formResult(async () => {
    const caller = await serverCaller();
    const me = await caller.account.me();
    await caller.account.changePassword(input);
    // Every session was ended, this one too: start a fresh one for the person who changed it.
    await startSession(me.id);
  });
}
