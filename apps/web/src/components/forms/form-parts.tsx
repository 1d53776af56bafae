'use client';
// What every form shows of its state (useZodForm): a field's error beside it, the server's
// message above the form, and a submit button that says it is busy.
import type { ZodForm } from './use-zod-form';

/** The field's message, with the id its input's aria-describedby names; announced when it appears. */
export function FieldError({ form, path }: { form: ZodForm<unknown>; path: string }) {
  const message = form.errorAt(path);
  return message ? (
    <span className="field-error" id={form.errorId(path)} role="alert">
      {message}
    </span>
  ) : null;
}

/** A labelled input with its hint and its error, tied to it for assistive technology. */
export function TextField({
  form,
  name,
  label,
  hint,
  ...input
}: {
  form: ZodForm<unknown>;
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <label>
      {label}
      <input name={name} {...input} {...form.field(name, hintId)} />
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <FieldError form={form} path={name} />
    </label>
  );
}

/** The server's message for the whole form (one that names no field); `inline` beside a one-button form. */
export function FormAlert({ form, inline = false }: { form: ZodForm<unknown>; inline?: boolean }) {
  if (!form.error) return null;
  return inline ? (
    <span className="field-error" id={form.alertId} role="alert">
      {form.error}
    </span>
  ) : (
    <p className="alert" id={form.alertId} role="alert">
      {form.error}
    </p>
  );
}

/**
 * Every message of a long form in one place above it, each after its field's path, and the
 * server's message: what was refused, without scrolling through the form to find it.
 */
export function ErrorSummary({ form, title }: { form: ZodForm<unknown>; title: string }) {
  const messages = Object.entries(form.fieldErrors).map(([path, message]) =>
    path ? `${path}: ${message}` : message,
  );
  if (form.error) messages.push(form.error);
  return messages.length > 0 ? (
    <div className="alert" id={form.alertId} role="alert">
      {title}: {messages.join(' · ')}
    </div>
  ) : null;
}

/** What the form says once the server accepted it ("Saved."). */
export function FormNotice({
  form,
  inline = false,
  children,
}: {
  form: ZodForm<unknown>;
  inline?: boolean;
  children: React.ReactNode;
}) {
  if (!form.accepted) return null;
  return inline ? (
    <span className="ok-text" role="status">
      {children}
    </span>
  ) : (
    <p className="notice ok" role="status">
      {children}
    </p>
  );
}

export function SubmitButton({
  children,
  pending,
  busyLabel,
  className = 'button primary',
  ...rest
}: {
  children: string;
  pending: boolean;
  busyLabel?: string;
  className?: string;
} & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'children'>) {
  return (
    <button type="submit" className={className} disabled={pending} aria-disabled={pending} {...rest}>
      {pending ? (busyLabel ?? `${children}…`) : children}
    </button>
  );
}
