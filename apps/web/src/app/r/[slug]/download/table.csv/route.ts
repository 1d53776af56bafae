// GET /r/{slug}/download/table.csv[?version=N]: the headline table, one line per cell.
import { headlineCsv } from '../files';
import { serveDownload } from '../serve';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return serveDownload(request, params, (report) => headlineCsv(report.version.snapshot));
}
