// Runs a server action's work and hands its refusal back as a FormFailure (lib/form-result.ts),
// which the form shows beside the field it names: an AppError as it is, a zod failure (an action
// parsing its input with the form's schema) as VALIDATION_FAILED. Anything else (including Next's
// redirect and notFound signals) is rethrown.
import 'server-only';
import { appErrorOf, validationError } from '@levelfield/contracts/errors';
import { revalidatePath } from 'next/cache';
import { ZodError } from 'zod';
import type { FormResult } from '~/lib/form-result';
import { serverCaller } from '~/server/root';

/** `revalidate`: the pages that show what the work changed, refreshed once it succeeded. */
export async function formResult<T>(
  work: () => Promise<T>,
  { revalidate }: { revalidate?: Parameters<typeof revalidatePath> } = {},
): Promise<FormResult<T>> {
  try {
    const value = await work();
    if (revalidate) revalidatePath(...revalidate);
    return { ok: true, value };
  } catch (error) {
    const refusal = error instanceof ZodError ? validationError(error) : appErrorOf(error);
    if (!refusal) throw error;
    return { ok: false, failure: refusal.toJSON().error };
  }
}

type Caller = Awaited<ReturnType<typeof serverCaller>>;

/**
 * The plainest server action, which most forms post to: one tRPC procedure called as the signed-in
 * user, then `revalidate` (the page that shows the change) refreshed, a refusal handed back to the
 * form. Actions that return something to show (a new token, an invitation link) or redirect call
 * formResult themselves.
 */
export function callAndRefresh(
  revalidate: Parameters<typeof revalidatePath>,
  call: (caller: Caller) => Promise<unknown>,
): Promise<FormResult<void>> {
  return formResult(
    async () => {
      await call(await serverCaller());
    },
    { revalidate },
  );
}
