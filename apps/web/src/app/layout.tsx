import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountMenu } from '~/app/_accounts/AccountMenu';
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
            {session?.user ? <Link href="/orgs">Organizations</Link> : null}
          </nav>
          <div className="account">
            {session?.user ? (
              <AccountMenu
                name={session.user.name ?? null}
                email={session.user.email ?? ''}
                signOutAction={async () => {
                  'use server';
                  await signOut({ redirectTo: '/signin' });
                }}
              />
            ) : (
              <>
                <Link href="/signin" className="button ghost">
                  Sign in
                </Link>
                <Link href="/signup" className="button primary">
                  Sign up
                </Link>
              </>
            )}
          </div>
        </header>
        <main className="page">{children}</main>
      </body>
    </html>
  );
}
