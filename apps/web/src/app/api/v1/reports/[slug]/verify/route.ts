// GET /api/v1/reports/{slug}/verify[?version=N] → {"slug", "version", "sha256", "valid"}: the
// stored snapshot's SHA-256 recomputed and compared with the one recorded at publication.
import { verifyReport } from '~/server/reports/read';
import { reportRoute } from '../rest';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return reportRoute(request, params, verifyReport);
}
