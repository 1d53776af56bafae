// Where a run is used: the comparisons (in any organization) that hold it and their public
// reports. Shown to the members of the run's organization, so a run's owner knows who builds on
// their data before changing its visibility. A comparison the member may not open is named by its
// organization and project only, never its title.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { openable } from './reach.ts';

export interface RunUse {
  org: string;
  project: string;
  /** null: a comparison the viewer may not open (another organization's private project) */
  comparison: { slug: string; title: string } | null;
  /** Public reports published from the comparison: anyone may read them. */
  reports: string[];
}

export async function runUsedIn(db: PrismaClient, viewerId: string, runId: string): Promise<RunUse[]> {
  const rows = await db.comparison.findMany({
    where: { entries: { some: { runs: { some: { runId } } } } },
    select: {
      slug: true,
      title: true,
      projectId: true,
      project: {
        select: {
          slug: true,
          organizationId: true,
          visibility: true,
          organization: { select: { slug: true } },
        },
      },
      reports: { where: { visibility: 'public' }, select: { slug: true }, orderBy: { slug: 'asc' } },
    },
    orderBy: { createdAt: 'asc' },
  });
  const places = rows.map((r) => ({
    ...r,
    organizationId: r.project.organizationId,
    visibility: r.project.visibility,
  }));
  const open = new Set((await openable(db, { userId: viewerId }, places)).map((c) => c.slug));
  return rows.map((r) => ({
    org: r.project.organization.slug,
    project: r.project.slug,
    comparison: open.has(r.slug) ? { slug: r.slug, title: r.title } : null,
    reports: r.reports.map((x) => x.slug),
  }));
}
