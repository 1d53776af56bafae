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
