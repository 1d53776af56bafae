'use client';
// The bell in the top bar of signed-in users: unread review notifications, linking to
// /notifications. The layout renders it with the count it read on the server; in between it
// polls, and asks again on every page change (reading a thread may have marked some read).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { TRPCReactProvider, useTRPC } from '~/trpc/react';
import './notifications.css';

const POLL_MS = 60_000;

/** Drawn rather than an emoji: not every system has an emoji font. */
function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Bell({ initialCount }: { initialCount: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const count = useQuery(
    trpc.notifications.unreadCount.queryOptions(undefined, {
      initialData: initialCount,
      refetchInterval: POLL_MS,
    }),
  );
  // A server render (e.g. after "Mark all read") brings a fresher count than the cache holds.
  useEffect(() => {
    queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), initialCount);
  }, [queryClient, trpc, initialCount]);
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current)
      void queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() });
  }, [pathname, queryClient, trpc]);

  const unread = count.data ?? initialCount;
  const label = unread > 0 ? `Notifications: ${unread} unread` : 'Notifications: none unread';
  return (
    <Link
      href="/notifications"
      className={`bell${unread > 0 ? ' has-unread' : ''}`}
      aria-label={label}
      title={label}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

export function NotificationBell({ initialCount }: { initialCount: number }) {
  return (
    <TRPCReactProvider>
      <Bell initialCount={initialCount} />
    </TRPCReactProvider>
  );
}
