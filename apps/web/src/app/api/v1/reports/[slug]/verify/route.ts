// GET /api/v1/reports/{slug}/verify[?version=N] → {"slug", "version", "sha256", "prevSha256",
// "valid", "broken"}: every version's hash recomputed and its link to the one before checked
// (the hash chain, docs/reports.md); `broken` names the first version that fails, and why.
import { verifyReport } from '~/server/reports/read';
import { reportRoute } from '../rest';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return reportRoute(request, params, verifyReport);
}
