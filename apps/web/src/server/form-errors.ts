// Turns the errors of a tRPC call made by a server action into form state: validation issues
// become per-field messages, everything else the error's own message. Anything that is not a
// TRPCError (including Next's redirect and notFound signals) is rethrown.
import 'server-only';
import { TRPCError } from '@trpc/server';
import type { FormState } from '~/components/accounts/form-state';

interface Issue {
  path: PropertyKey[];
  message: string;
}

function issuesOf(error: TRPCError): Issue[] | null {
  const cause = error.cause as { issues?: unknown } | undefined;
  return Array.isArray(cause?.issues) ? (cause.issues as Issue[]) : null;
}

export function formError(error: unknown, values: Record<string, string> = {}): FormState {
  if (!(error instanceof TRPCError)) throw error;
  const issues = issuesOf(error);
  if (error.code === 'BAD_REQUEST' && issues) {
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const key = String(issue.path[0] ?? 'form');
      fields[key] ??= issue.message;
    }
    // Each message sits under its own field; a banner on top would only repeat them.
    return { status: 'error', fields, values };
  }
  return { status: 'error', message: error.message, values };
}

/** The text fields of a form, for putting them back after an error (never passwords). */
export function formValues<const K extends string>(formData: FormData, names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? '')])) as Record<
    K,
    string
  >;
}
