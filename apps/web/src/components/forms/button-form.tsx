'use client';
// A form that is one button on one thing (revoke, remove, delete): the thing's id is its input,
// a refusal shows beside the button.
import type { z } from 'zod';
import { FormAlert, SubmitButton } from './form-parts';
import { useZodForm } from './use-zod-form';

export function ButtonForm<S extends z.ZodType>({
  schema,
  values,
  send,
  confirm,
  children,
  busyLabel,
  className = 'button small',
  label,
}: {
  schema: S;
  values: z.input<S>;
  send: (input: z.output<S>) => Promise<unknown>;
  /** A question to confirm first; nothing is sent when it is declined. */
  confirm?: string;
  children: string;
  busyLabel: string;
  className?: string;
  /** The button's accessible name, where its text alone does not say what it acts on. */
  label?: string;
}) {
  const form = useZodForm(schema, send, { confirm, read: () => values });
  return (
    <form onSubmit={form.onSubmit} className="inline-form">
      <SubmitButton className={className} pending={form.pending} busyLabel={busyLabel} aria-label={label}>
        {children}
      </SubmitButton>
      <FormAlert form={form} inline />
    </form>
  );
}
