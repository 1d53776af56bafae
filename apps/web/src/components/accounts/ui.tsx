'use client';
// Small form pieces shared by the account, organization and token pages.
import { useState } from 'react';
import { useFormStatus } from 'react-dom';
import type { FormState } from './form-state';

export function SubmitButton({
  children,
  pending: pendingLabel,
  className = 'button primary',
  ...rest
}: {
  children: string;
  pending?: string;
  className?: string;
} & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={className} disabled={pending} aria-disabled={pending} {...rest}>
      {pending ? (pendingLabel ?? `${children}…`) : children}
    </button>
  );
}

export function FormMessage({ state }: { state: FormState }) {
  if (state.status === 'error' && state.message) {
    return (
      <p className="alert" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.status === 'ok' && state.message) {
    return (
      <p className="notice ok" role="status">
        {state.message}
      </p>
    );
  }
  return null;
}

export function FieldError({ state, name }: { state: FormState; name: string }) {
  const message = state.fields?.[name];
  return message ? (
    <span className="field-error" id={`${name}-error`} role="alert">
      {message}
    </span>
  ) : null;
}

/** Copies text to the clipboard; falls back to selecting it where the clipboard is unavailable. */
export function CopyButton({
  text,
  label = 'Copy',
  targetId,
}: {
  text: string;
  label?: string;
  targetId?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          const target = targetId ? document.getElementById(targetId) : null;
          if (target) window.getSelection()?.selectAllChildren(target);
        }
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}
