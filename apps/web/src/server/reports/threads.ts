// Review threads on a report: reviewers open a thread anchored to something the report version
// they read shows, discuss it, resolve or reopen it; the publishing side accepts it. Anyone who
// may read the report reads its threads (anonymous readers of public and unlisted reports too),
// with authors by name: members of the report's organization also see the email of someone who
// has no name; any other reader sees "a reviewer" instead, never an email. Each function parses
// its input again, so callers other than the router (the demo loader, tests) get the same
// trimming and limits.
import 'server-only';
import { AppError, appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { actionToSet, STATE_VERB, stateEventBody, stateEventOf } from '~/lib/review-rules';
import { ReviewAnchor } from '~/lib/schemas/review';
import type { Action } from '../access.ts';
import { notifyThreadEvent } from '../notifications/notify.ts';
import { requireReport } from './access.ts';
import { anchorKey, anchorLabel } from './anchor.ts';
import { anchorProblem, anchorsOf } from './anchors-of.ts';
import { versionNotFound } from './read.ts';
import { CommentOnThread, OpenThread, SetThreadState } from './schema.ts';
import type { ReportSnapshot } from './snapshot.ts';

type Person = { name: string | null; email: string } | null;

/** Who wrote something, as this reader may see it. */
function nameOf(person: Person, showEmail: boolean): string {
  return person?.name || (showEmail && person?.email) || 'a reviewer';
}

/** The sentence subject for notifications, which are never shown with emails. */
function actorName(person: Person): string {
  return person?.name || 'A reviewer';
}

function threadNotFound(): AppError {
  return new AppError(
    'NOT_FOUND',
    'This review thread does not exist, or you do not have access to its report. Reload the report.',
  );
}

export async function listThreads(db: PrismaClient, viewerId: string | null, slug: string) {
  const { report, role } = await requireReport(db, viewerId, slug, 'view');
  const showEmail = role !== null;
  const person = { select: { name: true, email: true } } as const;
  const rows = await db.reviewThread.findMany({
    where: { reportId: report.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      anchor: true,
      reportVersion: true,
      state: true,
      createdAt: true,
      updatedAt: true,
      createdBy: person,
      comments: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, body: true, createdAt: true, author: person },
      },
    },
  });
  return rows.flatMap((row) => {
    // Anchors are written only by openThread, which validates them; a row that still fails to
    // parse is left out rather than breaking the report page for every reader.
    const anchor = ReviewAnchor.safeParse(row.anchor);
    if (!anchor.success) return [];
    return [
      {
        id: row.id,
        state: row.state,
        anchor: anchor.data,
        anchorKey: anchorKey(anchor.data),
        anchorLabel: anchorLabel(anchor.data),
        /** The version the reviewer was reading when opening it. */
        reportVersion: row.reportVersion,
        openedBy: nameOf(row.createdBy, showEmail),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        comments: row.comments.map((c) => ({
          id: c.id,
          author: nameOf(c.author, showEmail),
          body: c.body,
          createdAt: c.createdAt,
          /** Set when the comment records a state change (see lib/review-rules.ts). */
          event: stateEventOf(c.body),
        })),
      },
    ];
  });
}
export type ReviewThreadView = Awaited<ReturnType<typeof listThreads>>[number];

async function latestTitle(db: PrismaClient, reportId: string): Promise<string> {
  const latest = await db.reportVersion.findFirst({
    where: { reportId },
    orderBy: { version: 'desc' },
    select: { title: true },
  });
  return latest?.title ?? 'a report';
}

async function actor(db: PrismaClient, viewerId: string) {
  return db.user.findUniqueOrThrow({
    where: { id: viewerId },
    select: { id: true, name: true, email: true },
  });
}

/** The thread and its report, if the viewer may do `action` on the report; NOT_FOUND otherwise. */
async function requireThread(db: PrismaClient, viewerId: string | null, threadId: string, action: Action) {
  const thread = await db.reviewThread.findUnique({
    where: { id: threadId },
    select: { id: true, state: true, anchor: true, report: { select: { id: true, slug: true } } },
  });
  if (!thread?.report) throw threadNotFound();
  try {
    await requireReport(db, viewerId, thread.report.slug, action);
  } catch (error) {
    if (appErrorOf(error)?.code === 'NOT_FOUND') throw threadNotFound();
    throw error;
  }
  // Past the check every action but `view` has a signed-in member: review and publish need a role.
  return { thread, report: thread.report, viewerId: viewerId as string };
}

/** Opens a thread on something the given version shows, with its first comment. */
export async function openThread(db: PrismaClient, viewerId: string | null, raw: OpenThread) {
  const input = OpenThread.parse(raw);
  const { report } = await requireReport(db, viewerId, input.slug, 'review');
  const version = await db.reportVersion.findUnique({
    where: { reportId_version: { reportId: report.id, version: input.version } },
    select: { snapshot: true },
  });
  if (!version) throw versionNotFound(report.slug, input.version);
  const problem = anchorProblem(
    anchorsOf(version.snapshot as unknown as ReportSnapshot),
    input.anchor,
    input.version,
  );
  if (problem) throw new AppError('VALIDATION_FAILED', problem, 'anchor');
  const [user, title] = await Promise.all([actor(db, viewerId as string), latestTitle(db, report.id)]);
  return db.$transaction(async (tx) => {
    const thread = await tx.reviewThread.create({
      data: {
        comparisonId: report.comparison.id,
        reportId: report.id,
        anchor: input.anchor,
        reportVersion: input.version,
        createdById: user.id,
        comments: { create: { authorId: user.id, body: input.body } },
      },
      select: { id: true },
    });
    await notifyThreadEvent(tx, {
      threadId: thread.id,
      reportId: report.id,
      actorId: user.id,
      kind: 'comment',
      summary: `${actorName(user)} opened a thread on ${anchorLabel(input.anchor)} in '${title}'`,
      publishers: true,
    });
    return { id: thread.id, slug: report.slug };
  });
}

export async function commentOnThread(db: PrismaClient, viewerId: string | null, raw: CommentOnThread) {
  const input = CommentOnThread.parse(raw);
  const { thread, report, viewerId: userId } = await requireThread(db, viewerId, input.threadId, 'review');
  const [user, title] = await Promise.all([actor(db, userId), latestTitle(db, report.id)]);
  const anchor = ReviewAnchor.parse(thread.anchor);
  return db.$transaction(async (tx) => {
    const comment = await tx.reviewComment.create({
      data: { threadId: thread.id, authorId: user.id, body: input.body },
      select: { id: true },
    });
    // A comment is activity on the thread: it moves to the top of "recently updated".
    await tx.reviewThread.update({ where: { id: thread.id }, data: { updatedAt: new Date() } });
    await notifyThreadEvent(tx, {
      threadId: thread.id,
      reportId: report.id,
      actorId: user.id,
      kind: 'comment',
      summary: `${actorName(user)} commented on ${anchorLabel(anchor)} in '${title}'`,
      publishers: true,
    });
    return { id: comment.id, threadId: thread.id };
  });
}

/**
 * Moves a thread to another state and records who did it in its history. Setting the state it
 * already has changes nothing (two people pressing Resolve at once both succeed, once).
 */
export async function setThreadState(db: PrismaClient, viewerId: string | null, raw: SetThreadState) {
  const input = SetThreadState.parse(raw);
  const {
    thread,
    report,
    viewerId: userId,
  } = await requireThread(db, viewerId, input.threadId, actionToSet(input.state));
  const [user, title] = await Promise.all([actor(db, userId), latestTitle(db, report.id)]);
  const anchor = ReviewAnchor.parse(thread.anchor);
  return db.$transaction(async (tx) => {
    // Conditional update: of two concurrent identical changes only one records an event.
    const { count } = await tx.reviewThread.updateMany({
      where: { id: thread.id, state: { not: input.state } },
      data: { state: input.state },
    });
    if (count === 0) return { threadId: thread.id, state: input.state, changed: false };
    await tx.reviewComment.create({
      data: { threadId: thread.id, authorId: user.id, body: stateEventBody(input.state) },
    });
    await notifyThreadEvent(tx, {
      threadId: thread.id,
      reportId: report.id,
      actorId: user.id,
      kind: 'thread_state',
      summary: `${actorName(user)} ${STATE_VERB[input.state]} the thread on ${anchorLabel(anchor)} in '${title}'`,
      publishers: false,
    });
    return { threadId: thread.id, state: input.state, changed: true };
  });
}
