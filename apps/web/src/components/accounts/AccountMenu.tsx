'use client';
// The account menu in the top bar: who is signed in, links to the account and organizations, sign out.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

export function AccountMenu({
  name,
  email,
  signOutAction,
}: {
  name: string | null;
  email: string;
  signOutAction: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const ref = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const label = name || email;
  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="account-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {label.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-name">{label}</span>
        <span className="caret" aria-hidden="true" />
      </button>
      {open ? (
        <div className="account-panel" role="menu" aria-label="Account">
          <div className="account-who">
            {name ? <strong>{name}</strong> : null}
            <span className="muted">{email}</span>
          </div>
          <Link href="/account" role="menuitem">
            Account settings
          </Link>
          <Link href="/orgs" role="menuitem">
            Organizations
          </Link>
          <form action={signOutAction}>
            <button type="submit" className="menu-button" role="menuitem">
              Sign out
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
