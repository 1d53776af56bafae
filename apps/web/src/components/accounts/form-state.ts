// What a server action hands back to its form: a message that says what went wrong and what to
// do, per-field messages, and the values to put back so nothing typed is lost.
export interface FormState {
  status: 'idle' | 'error' | 'ok';
  message?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

export const IDLE: FormState = { status: 'idle' };
