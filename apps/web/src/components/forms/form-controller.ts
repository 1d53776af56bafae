// The logic of every form, without React (use-zod-form.ts binds it to a component): parse the
// values with the form's zod schema — the one its server procedure takes — and put each issue
// under its field's path; otherwise send them, pending until the server answers, and put the
// server's refusal under the field it names, or above the form when it names none.
import { TRPCClientError } from '@trpc/client';
import type { z } from 'zod';
import type { FormFailure, FormResult } from '~/lib/form-result';

export interface FormView<R> {
  pending: boolean;
  /** The first message for each field, by path ("name", "systems.0.label"). */
  fieldErrors: Readonly<Record<string, string>>;
  /** A message for the whole form: a refusal without per-field details. */
  error: string | null;
  /** The field that message is about, if it names one (a slug already taken): marked invalid. */
  errorPath: string | null;
  /** Whether the last submission was accepted. */
  accepted: boolean;
  /** What the last submission returned, if it was accepted. */
  result: R | undefined;
}

export const IDLE_VIEW: FormView<never> = {
  pending: false,
  fieldErrors: {},
  error: null,
  errorPath: null,
  accepted: false,
  result: undefined,
};

const UNEXPECTED = 'Something went wrong; try again, and report it if it persists.';

/** A server action's refusal, thrown so that actions and tRPC calls fail the same way. */
export class FormFailureError extends Error {
  constructor(readonly failure: FormFailure) {
    super(failure.message);
  }
}

/** A server action returning FormResult as a function that returns its value or throws its refusal. */
export function fromAction<I, T>(action: (input: I) => Promise<FormResult<T>>): (input: I) => Promise<T> {
  return async (input) => {
    const result = await action(input);
    if (!result.ok) throw new FormFailureError(result.failure);
    return result.value;
  };
}

function failureOf(error: unknown): FormFailure | null {
  if (error instanceof FormFailureError) return error.failure;
  if (error instanceof TRPCClientError) {
    const data = (error.data ?? {}) as Omit<FormFailure, 'message'>;
    return { code: data.code, message: error.message, path: data.path, details: data.details };
  }
  return null;
}

function firstByPath(entries: readonly { field: string; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { field, message } of entries) fields[field] ??= message;
  return fields;
}

/**
 * Where a failed submission's messages go: a refused input's details beside their fields; any
 * other refusal above the form (its message says what to do), marking the field it names.
 */
export function failureView(error: unknown): Pick<FormView<never>, 'fieldErrors' | 'error' | 'errorPath'> {
  const failure = failureOf(error);
  if (!failure) return { fieldErrors: {}, error: UNEXPECTED, errorPath: null };
  const named = failure.details?.filter((detail) => detail.field) ?? [];
  if (named.length > 0) return { fieldErrors: firstByPath(named), error: null, errorPath: null };
  return { fieldErrors: {}, error: failure.message, errorPath: failure.path ?? null };
}

/** The messages of a field and of the parts inside it (a list's items), joined; undefined if none. */
export function messageAt(fieldErrors: Readonly<Record<string, string>>, path: string): string | undefined {
  const messages = Object.entries(fieldErrors)
    .filter(([at]) => at === path || at.startsWith(`${path}.`))
    .map(([, message]) => message);
  return messages.length > 0 ? [...new Set(messages)].join('; ') : undefined;
}

export function issueErrors(error: z.ZodError): Record<string, string> {
  return firstByPath(error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
}

export interface FormController<R> {
  readonly view: FormView<R>;
  /** Parses and sends the values; true when the server accepted them. */
  submit(values: unknown): Promise<boolean>;
}

export function formController<S extends z.ZodType, R>(
  schema: S,
  send: (input: z.output<S>) => Promise<R>,
  onChange: (view: FormView<R>) => void,
): FormController<R> {
  let view: FormView<R> = IDLE_VIEW;
  const set = (next: Partial<FormView<R>>) => {
    view = { ...view, ...next };
    onChange(view);
  };
  return {
    get view() {
      return view;
    },
    async submit(values) {
      if (view.pending) return false;
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        set({
          fieldErrors: issueErrors(parsed.error),
          error: null,
          errorPath: null,
          accepted: false,
          result: undefined,
        });
        return false;
      }
      set({
        pending: true,
        fieldErrors: {},
        error: null,
        errorPath: null,
        accepted: false,
        result: undefined,
      });
      try {
        const result = await send(parsed.data);
        set({ pending: false, accepted: true, result });
        return true;
      } catch (error) {
        set({ pending: false, ...failureView(error) });
        return false;
      }
    },
  };
}
