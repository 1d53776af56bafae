// Writing in-app notifications about review threads. Who hears about what:
//   - a new thread or comment: the thread's participants (its opener and everyone who wrote in it)
//     and the report's publishers (whoever published any version), so the authors learn of a
//     review without having to take part first;
//   - a state change: the participants.
// Never the actor. Written in the same transaction as what they announce, so a notification
// never points at a comment that was rolled back. Whether the recipient may still read the
// report is checked when notifications are read (read.ts), not here.
import 'server-only';
import type { NotificationKind, Prisma, PrismaClient } from '@levelfield/db/client';

type Db = PrismaClient | Prisma.TransactionClient;

export interface ThreadEvent {
  threadId: string;
  reportId: string;
  actorId: string;
  kind: NotificationKind;
  /** In words, for the recipient: "Rex Reviewer commented on F-HW-1 in 'Rama vs CockroachDB'". */
  summary: string;
  /** Tell the report's publishers too (new threads and comments). */
  publishers: boolean;
}

/** Creates the event's notifications; returns who was notified. */
export async function notifyThreadEvent(db: Db, event: ThreadEvent): Promise<string[]> {
  const [thread, versions] = await Promise.all([
    db.reviewThread.findUniqueOrThrow({
      where: { id: event.threadId },
      select: { createdById: true, comments: { select: { authorId: true } } },
    }),
    event.publishers
      ? db.reportVersion.findMany({ where: { reportId: event.reportId }, select: { publishedById: true } })
      : [],
  ]);
  const recipients = new Set(
    [
      thread.createdById,
      ...thread.comments.map((c) => c.authorId),
      ...versions.map((v) => v.publishedById),
    ].filter((id): id is string => id !== null && id !== event.actorId),
  );
  await db.notification.createMany({
    data: [...recipients].map((recipientId) => ({
      recipientId,
      actorId: event.actorId,
      kind: event.kind,
      threadId: event.threadId,
      summary: event.summary,
    })),
  });
  return [...recipients];
}
