// What a server action hands back to the form that called it. Next hides a thrown error's message
// from the browser, so an action returns its refusal instead: the same code, message, field path
// and details that a tRPC client reads in `error.data` (server/trpc.ts's error formatter).
export interface FormFailure {
  code?: string;
  message: string;
  path?: string;
  details?: readonly { field: string; message: string }[];
}

export type FormResult<T> = { ok: true; value: T } | { ok: false; failure: FormFailure };
