import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { auth, signOut } from '~/server/auth';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Levelfield', template: '%s · Levelfield' },
  description: 'Run, watch, compare, review and publish benchmark results with full provenance.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden="true" />
            Levelfield
          </Link>
          <nav className="topnav">
            <Link href="/runs">Runs</Link>
          </nav>
          <div className="account">
            {session?.user ? (
              <form
                action={async () => {
                  'use server';
                  await signOut({ redirectTo: '/signin' });
                }}
              >
                <span className="muted">{session.user.email}</span>
                <button type="submit" className="button ghost">
                  Sign out
                </button>
              </form>
            ) : (
              <Link href="/signin" className="button ghost">
                Sign in
              </Link>
            )}
          </div>
        </header>
        <main className="page">{children}</main>
      </body>
    </html>
  );
}
