// GET /r/{slug}/download/report.json[?version=N]: the version's snapshot with its SHA-256.
import { reportJson } from '../files';
import { serveDownload } from '../serve';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return serveDownload(request, params, (report) => reportJson(report.slug, report.version));
}
