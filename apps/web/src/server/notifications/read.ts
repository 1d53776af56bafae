// Reading one's notifications: about review threads (notify.ts) and about regressions in a
// project's histories (changes.ts), newest first in one list. Access is checked again on every
// read: a notification about a report or project the recipient can no longer view (removed from
// the organization, made private) is not shown and not counted — its summary names it. The rule
// is access.ts's `decide`, applied per notification with the recipient's memberships loaded once.
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

const projectOfChange = {
  change: {
    select: {
      historyId: true,
      history: { select: { project: { select: { organizationId: true, visibility: true } } } },
    },
  },
} as const;

type Viewable = { organizationId: string; visibility: 'private' | 'unlisted' | 'public' };

/** Whether the viewer may still view something, by their roles (organization id → role). */
async function viewingRule(db: PrismaClient, viewerId: string) {
  const memberships = await db.membership.findMany({
    where: { userId: viewerId },
    select: { organizationId: true, role: true },
  });
  const roles = new Map(memberships.map((m) => [m.organizationId, m.role]));
  return ({ organizationId, visibility }: Viewable) =>
    decide({ role: roles.get(organizationId) ?? null, signedIn: true, visibility, action: 'view' }) ===
    'allow';
}

/** Keeps the rows whose report the viewer may still view. */
async function viewable<T extends { thread: { report: Report | null } }>(
  db: PrismaClient,
  viewerId: string,
  rows: T[],
): Promise<(T & { thread: { report: Report } })[]> {
  const may = await viewingRule(db, viewerId);
  return rows.filter((row): row is T & { thread: { report: Report } } => {
    const report = row.thread.report;
    return report !== null && may({ ...report.comparison.project, visibility: report.visibility });
  });
}

/** Keeps the change notifications whose project the viewer may still view. */
async function viewableChanges<T extends { change: { history: { project: Viewable } } }>(
  db: PrismaClient,
  viewerId: string,
  rows: T[],
): Promise<T[]> {
  const may = await viewingRule(db, viewerId);
  return rows.filter((row) => may(row.change.history.project));
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
  const changes = await db.changeNotification.findMany({
    where: { recipientId: viewerId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: NOTIFICATIONS_LISTED,
    select: { id: true, summary: true, createdAt: true, readAt: true, changeId: true, ...projectOfChange },
  });
  const threads = (await viewable(db, viewerId, rows)).map(({ thread, threadId, ...n }) => ({
    ...n,
    href: `/r/${thread.report.slug}#thread-${threadId}`,
  }));
  const regressions = (await viewableChanges(db, viewerId, changes)).map(({ change, changeId, ...n }) => ({
    ...n,
    kind: 'regression' as const,
    href: `/h/${change.historyId}#change-${changeId}`,
  }));
  return [...threads, ...regressions]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, NOTIFICATIONS_LISTED);
}
export type NotificationView = Awaited<ReturnType<typeof listNotifications>>[number];

export async function unreadCount(db: PrismaClient, viewerId: string): Promise<number> {
  const rows = await db.notification.findMany({
    where: { recipientId: viewerId, readAt: null },
    take: UNREAD_COUNTED,
    select: { id: true, ...reportOfThread },
  });
  const changes = await db.changeNotification.findMany({
    where: { recipientId: viewerId, readAt: null },
    take: UNREAD_COUNTED,
    select: { id: true, ...projectOfChange },
  });
  return (await viewable(db, viewerId, rows)).length + (await viewableChanges(db, viewerId, changes)).length;
}

/**
 * Marks the viewer's notifications read: those with the given ids (others' ids are ignored), or
 * all of them. Returns how many changed.
 */
export async function markRead(db: PrismaClient, viewerId: string, ids?: string[]): Promise<number> {
  const where = { recipientId: viewerId, readAt: null, ...(ids ? { id: { in: ids } } : {}) };
  const data = { readAt: new Date() };
  const [threads, changes] = await Promise.all([
    db.notification.updateMany({ where, data }),
    db.changeNotification.updateMany({ where, data }),
  ]);
  return threads.count + changes.count;
}
