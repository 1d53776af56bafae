// In-app notifications about regressions in a project's histories. Who hears: the project's
// editors and owners (those who can act on it: decide, fix, revert), never the actor. Read back
// with the review notifications (read.ts), access checked again on every read.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';

export interface ChangeEvent {
  changeId: string;
  projectId: string;
  /** null: nobody acted (a change newly detected by a CI check). */
  actorId: string | null;
  summary: string;
}

/** Creates the notifications; returns who was notified. */
export async function notifyChange(db: PrismaClient, event: ChangeEvent): Promise<string[]> {
  const members = await db.membership.findMany({
    where: {
      role: { in: ['owner', 'editor'] },
      organization: { projects: { some: { id: event.projectId } } },
      ...(event.actorId ? { userId: { not: event.actorId } } : {}),
    },
    select: { userId: true },
  });
  await db.changeNotification.createMany({
    data: members.map((m) => ({
      recipientId: m.userId,
      actorId: event.actorId,
      changeId: event.changeId,
      summary: event.summary,
    })),
  });
  return members.map((m) => m.userId);
}
