import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountMenu } from '~/components/accounts/AccountMenu';
import { NotificationBell } from '~/components/notifications/NotificationBell';
import { auth, signOut } from '~/server/auth';
import { db } from '~/server/db';
import { unreadCount } from '~/server/notifications/read';
import { siteOrigin } from '~/server/site';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  return {
    // Absolute addresses in link previews (a report's og:image) point at this site, not localhost.
    metadataBase: new URL(await siteOrigin()),
    title: { default: 'Levelfield', template: '%s · Levelfield' },
    description: 'Run, watch, compare, review and publish benchmark results with full provenance.',
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  const userId = session?.user?.id;
  const unread = userId ? await unreadCount(db(), userId) : 0;
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
            <Link href="/comparisons">Comparisons</Link>
            <Link href="/gallery">Gallery</Link>
            {session?.user ? <Link href="/orgs">Organizations</Link> : null}
          </nav>
          <div className="account">
            {userId ? <NotificationBell initialCount={unread} /> : null}
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
