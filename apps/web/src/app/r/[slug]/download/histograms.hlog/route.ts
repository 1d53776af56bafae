// GET /r/{slug}/download/histograms.hlog[?version=N]: the runs' whole-run histograms as an interval log.
import { histogramLog } from '../files';
import { serveDownload } from '../serve';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return serveDownload(request, params, (report) => histogramLog(report.version.snapshot));
}
