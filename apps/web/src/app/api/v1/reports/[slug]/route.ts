// GET /api/v1/reports/{slug}[?version=N]: one version's snapshot with its hash (README).
import { getReport } from '~/server/reports/read';
import { reportRoute } from './rest';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return reportRoute(request, params, async (db, viewer, slug, version) => {
    const report = await getReport(db, viewer, slug, version);
    return {
      slug: report.slug,
      version: report.version.version,
      latest: report.latest,
      title: report.version.title,
      publishedAt: report.version.publishedAt,
      sha256: report.version.sha256,
      snapshot: report.version.snapshot,
    };
  });
}
