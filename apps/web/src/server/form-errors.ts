// Turns the errors of a tRPC call made by a server action into form state: a refused input
// (its AppError's details) becomes per-field messages, any other AppError its own message.
// Anything else (including Next's redirect and notFound signals) is rethrown.
import 'server-only';
import { appErrorOf } from '@levelfield/contracts/errors';
import type { FormState } from '~/components/accounts/form-state';

export function formError(error: unknown, values: Record<string, string> = {}): FormState {
  const refusal = appErrorOf(error);
  if (!refusal) throw error;
  if (refusal.details) {
    const fields: Record<string, string> = {};
    for (const { field, message } of refusal.details) fields[field.split('.')[0] || 'form'] ??= message;
    // Each message sits under its own field; a banner on top would only repeat them.
    return { status: 'error', fields, values };
  }
  return { status: 'error', message: refusal.message, values };
}

/** The text fields of a form, for putting them back after an error (never passwords). */
export function formValues<const K extends string>(formData: FormData, names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? '')])) as Record<
    K,
    string
  >;
}
