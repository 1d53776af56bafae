'use client';
// The one way a form is built: useZodForm(schema, send) parses the form's values with the zod
// schema its server procedure takes (lib/schemas), sends them, and gives the form what it shows —
// field errors by path, the pending state, the server's message — plus the props that tie a field
// to its error for assistive technology. The logic is in form-controller.ts.
import { type FormEvent, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FormView, formController, IDLE_VIEW, messageAt } from './form-controller';
import { formValues } from './form-values';

export interface ZodFormOptions {
  /** A question to confirm first (a destructive action); nothing is sent when it is declined. */
  confirm?: string;
  /** The values to parse, where they are not the form's fields (state kept by the component). */
  read?: (form: HTMLFormElement) => unknown;
  /** Clear the form once the server accepted it, for the next entry (a form that stays on the page). */
  reset?: boolean;
}

export interface ZodForm<R> extends FormView<R> {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The id of a field's error message: "<path>-error", so a page's forms use distinct field names. */
  errorId: (path: string) => string;
  /** The id of the message above the form. */
  alertId: string;
  /** The messages of a field and of the parts inside it (a textarea of list items). */
  errorAt: (path: string) => string | undefined;
  /** aria-invalid and aria-describedby for a field; `hintId` names a hint it always has. */
  field: (path: string, hintId?: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

export function useZodForm<S extends z.ZodType, R>(
  schema: S,
  send: (input: z.output<S>) => Promise<R>,
  options: ZodFormOptions = {},
): ZodForm<R> {
  const id = useId();
  const [view, setView] = useState<FormView<R>>(IDLE_VIEW);
  // The controller lives as long as the component; it calls the latest `send` (which closes
  // over the latest props).
  const latest = useRef(send);
  latest.current = send;
  const [controller] = useState(() => formController(schema, (input) => latest.current(input), setView));
  const errorId = (path: string) => `${path}-error`;
  const alertId = `${id}-alert`;
  return {
    ...view,
    onSubmit: (event) => {
      event.preventDefault();
      if (options.confirm && !window.confirm(options.confirm)) return;
      const form = event.currentTarget;
      // The button pressed is a value too, where a form has several (confirm, dismiss).
      const { submitter } = event.nativeEvent as SubmitEvent;
      const values = options.read ? options.read(form) : formValues(schema, new FormData(form, submitter));
      void controller.submit(values).then((accepted) => {
        if (accepted && options.reset) form.reset();
      });
    },
    errorId,
    alertId,
    errorAt: (path) => messageAt(view.fieldErrors, path),
    field: (path, hintId) => {
      const own = messageAt(view.fieldErrors, path) !== undefined;
      const named = view.errorPath === path;
      const describedBy = [own ? errorId(path) : null, named ? alertId : null, hintId]
        .filter(Boolean)
        .join(' ');
      const invalid = own || named;
      return {
        ...(invalid ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      };
    },
  };
}
