// The report a comparison is published as, for its publish panel: the first report made from it
// (publishReport adds versions to that one), or null before the first publication. Callers check
// the viewer's access to the comparison first.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';

export async function reportOfComparison(db: PrismaClient, comparisonId: string) {
  const report = await db.report.findFirst({
    where: { comparisonId },
    orderBy: { createdAt: 'asc' },
    select: {
      slug: true,
      visibility: true,
      versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true, title: true } },
    },
  });
  if (!report) return null;
  const latest = report.versions[0];
  return {
    slug: report.slug,
    visibility: report.visibility,
    latest: latest?.version ?? null,
    title: latest?.title ?? null,
  };
}
export type ComparisonReport = Awaited<ReturnType<typeof reportOfComparison>>;
