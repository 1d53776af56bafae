// Reading one's notifications. Access is checked again on every read: a notification about a
// report the recipient can no longer view (removed from the organization, report made private)
// is not shown and not counted — its summary names the report and the thread. The rule is
// access.ts's `decide`, applied per notification with the recipient's memberships loaded once.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { decide } from '../access.ts';

/** The newest this many are listed; older ones stay stored. */
export const NOTIFICATIONS_LISTED = 100;
/** Unread ones counted at most (the bell shows "99+" long before). */
const UNREAD_COUNTED = 1000;

const reportOfThread = {
  thread: {
    select: {
      report: {
        select: {
          slug: true,
          visibility: true,
          comparison: { select: { project: { select: { organizationId: true } } } },
        },
      },
    },
  },
} as const;

type Report = {
  slug: string;
  visibility: 'private' | 'unlisted' | 'public';
  comparison: { project: { organizationId: string } };
};

/** Keeps the rows whose report the viewer may still view. */
async function viewable<T extends { thread: { report: Report | null } }>(
  db: PrismaClient,
  viewerId: string,
  rows: T[],
): Promise<(T & { thread: { report: Report } })[]> {
  const memberships = await db.membership.findMany({
    where: { userId: viewerId },
    select: { organizationId: true, role: true },
  });
  const roles = new Map(memberships.map((m) => [m.organizationId, m.role]));
  return rows.filter((row): row is T & { thread: { report: Report } } => {
    const report = row.thread.report;
    if (!report) return false;
    const role = roles.get(report.comparison.project.organizationId) ?? null;
    return decide({ role, signedIn: true, visibility: report.visibility, action: 'view' }) === 'allow';
  });
}

export async function listNotifications(db: PrismaClient, viewerId: string) {
  const rows = await db.notification.findMany({
    where: { recipientId: viewerId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: NOTIFICATIONS_LISTED,
    select: {
      id: true,
      kind: true,
      summary: true,
      createdAt: true,
      readAt: true,
      threadId: true,
      ...reportOfThread,
    },
  });
  return (await viewable(db, viewerId, rows)).map(({ thread, threadId, ...n }) => ({
    ...n,
    threadId,
    slug: thread.report.slug,
    href: `/r/${thread.report.slug}#thread-${threadId}`,
  }));
}
export type NotificationView = Awaited<ReturnType<typeof listNotifications>>[number];

export async function unreadCount(db: PrismaClient, viewerId: string): Promise<number> {
  const rows = await db.notification.findMany({
    where: { recipientId: viewerId, readAt: null },
    take: UNREAD_COUNTED,
    select: { id: true, ...reportOfThread },
  });
  return (await viewable(db, viewerId, rows)).length;
}

/**
 * Marks the viewer's notifications read: those with the given ids (others' ids are ignored), or
 * all of them. Returns how many changed.
 */
export async function markRead(db: PrismaClient, viewerId: string, ids?: string[]): Promise<number> {
  const { count } = await db.notification.updateMany({
    where: { recipientId: viewerId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: new Date() },
  });
  return count;
}
