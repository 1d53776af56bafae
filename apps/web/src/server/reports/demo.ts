// Demo data: seed 000's comparison published as the public report rama-vs-cockroachdb-tpcc by
// the demo owner. Idempotent: publishing what is already published adds no version.
import type { PrismaClient } from '@levelfield/db/client';
import { publishReport } from './publish.ts';

export const DEMO_REPORT = 'rama-vs-cockroachdb-tpcc';

export async function loadDemoReport(db: PrismaClient): Promise<{ slug: string; version: number }> {
  const owner = await db.membership.findFirst({
    where: { role: 'owner', organization: { slug: 'acme' } },
    orderBy: { createdAt: 'asc' },
    select: { userId: true },
  });
  if (!owner) throw new Error('the demo organization acme has no owner: seed the database first');
  const existing = await db.report.findUnique({ where: { slug: DEMO_REPORT }, select: { id: true } });
  if (existing) {
    const latest = await db.reportVersion.findFirst({
      where: { reportId: existing.id },
      orderBy: { version: 'desc' },
      select: { version: true },
    });
    if (latest) return { slug: DEMO_REPORT, version: latest.version };
  }
  const published = await publishReport(db, owner.userId, { comparison: DEMO_REPORT, visibility: 'public' });
  return { slug: published.slug, version: published.version };
}
