'use client';
// The copy button of the secrets shown once (API tokens, invitation links, webhook secrets).
import { useState } from 'react';

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

/** What was just created with its secret, announced; `label` names the box. */
export function SecretBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="secret-box" role="status" aria-label={label}>
      {children}
    </div>
  );
}

/** A secret shown once (or a command that uses it), with its copy button; `id` is also its test id. */
export function SecretRow({
  id,
  text,
  copyLabel,
  command = false,
}: {
  id: string;
  text: string;
  copyLabel: string;
  command?: boolean;
}) {
  return (
    <div className="secret-row">
      {command ? (
        <pre id={id} className="command" data-testid={id}>
          {text}
        </pre>
      ) : (
        <code id={id} data-testid={id}>
          {text}
        </code>
      )}
      <CopyButton text={text} targetId={id} label={copyLabel} />
    </div>
  );
}
