// The overview at /: what a visitor can open from Levelfield's front door. Anyone sees the public
// reports and the comparisons and runs of public projects; a member sees, in addition, what their
// organizations have — live runs, recent runs and comparisons of every project they may view, and
// the review threads still open on their comparisons. Each list follows the same visibility rule
// as the page it links to (runs/list.ts for runs, the report's own visibility for reports).
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { checkById } from '@levelfield/fairness';
import { visibleProjectsWhere, visibleRunsWhere } from '../runs/list.ts';

const LIST = 8;

const runSelect = {
  id: true,
  name: true,
  benchmark: true,
  status: true,
  source: true,
  startedAt: true,
  project: { select: { slug: true, name: true, organization: { select: { slug: true } } } },
} as const;

/** "F-HW-2 · Total resources comparable…" for a thread anchored on a check; else where it is anchored. */
function threadTopic(anchor: unknown): string {
  const a = anchor as { kind?: string; checkId?: string } | null;
  if (a?.kind === 'check' && a.checkId) {
    const check = checkById(a.checkId);
    return check ? `${a.checkId} · ${check.title}` : a.checkId;
  }
  return a?.kind ? `the ${a.kind}` : 'the comparison';
}

export async function overview(db: PrismaClient, viewerId: string | null) {
  const project = visibleProjectsWhere(viewerId);
  const [live, recent, comparisons, reports, threads] = await Promise.all([
    db.run.findMany({
      where: { ...visibleRunsWhere(viewerId), status: 'running' },
      orderBy: { startedAt: 'desc' },
      take: LIST,
      select: runSelect,
    }),
    db.run.findMany({
      where: { ...visibleRunsWhere(viewerId), status: { not: 'running' }, source: { not: 'published' } },
      orderBy: { startedAt: 'desc' },
      take: LIST,
      select: runSelect,
    }),
    db.comparison.findMany({
      where: { project },
      orderBy: { updatedAt: 'desc' },
      take: LIST * 2,
      select: {
        slug: true,
        title: true,
        updatedAt: true,
        project: { select: { name: true, organization: { select: { name: true } } } },
        _count: { select: { entries: true } },
        checks: { where: { state: 'flag' }, select: { id: true } },
      },
    }),
    db.report.findMany({
      where: { visibility: 'public' },
      orderBy: { createdAt: 'desc' },
      take: LIST * 2,
      select: {
        slug: true,
        comparison: {
          select: { project: { select: { organization: { select: { slug: true, name: true } } } } },
        },
        versions: {
          orderBy: { version: 'desc' },
          take: 1,
          select: { version: true, title: true, publishedAt: true },
        },
      },
    }),
    viewerId
      ? db.reviewThread.findMany({
          where: {
            state: 'open',
            comparison: { project: { organization: { memberships: { some: { userId: viewerId } } } } },
          },
          orderBy: { updatedAt: 'desc' },
          take: LIST,
          select: {
            id: true,
            anchor: true,
            updatedAt: true,
            comparison: { select: { slug: true, title: true } },
            report: { select: { slug: true } },
            _count: { select: { comments: true } },
          },
        })
      : [],
  ]);
  return {
    signedIn: viewerId !== null,
    live,
    recent,
    comparisons: comparisons.map((c) => ({
      slug: c.slug,
      title: c.title,
      updatedAt: c.updatedAt,
      where: `${c.project.organization.name} / ${c.project.name}`,
      entries: c._count.entries,
      flagged: c.checks.length,
    })),
    reports: reports.flatMap((r) =>
      r.versions[0] ? [{ slug: r.slug, org: r.comparison.project.organization, ...r.versions[0] }] : [],
    ),
    threads: threads.map((t) => ({
      id: t.id,
      topic: threadTopic(t.anchor),
      comparison: t.comparison,
      // Threads opened on a report are read there; the others on the comparison's page.
      href: `${t.report ? `/r/${t.report.slug}` : `/c/${t.comparison.slug}`}#thread-${t.id}`,
      comments: t._count.comments,
      updatedAt: t.updatedAt,
    })),
  };
}
