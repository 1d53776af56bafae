// GET /api/v1/runs/{id}/verdict[?baseline=BRANCH][&series=NAME]: is this run worse than its
// history on the baseline branch? What `levelfield-agent check` asks. Read like the run itself:
// a project token with the read scope, a member's session, or anonymously for a public project.
import { AppError } from '@levelfield/contracts/errors';
import { refuseUnsafeText } from '@levelfield/contracts/ingest';
import { z } from 'zod';
import { db } from '~/server/db';
import { verdictOf } from '~/server/history/verdict';
import { readableProject } from '~/server/read-access';
import { errorResponse } from '~/server/rest/http';
import { siteOrigin } from '~/server/site';
import { credentialOf } from '../../../credential';

export const dynamic = 'force-dynamic';

/** The branch becomes part of a stored history identity: printable text only, as everywhere. */
const VerdictQuery = z.object({
  baseline: z.string().max(200).superRefine(refuseUnsafeText('line')).optional(),
  series: z.string().max(600).superRefine(refuseUnsafeText('line')).optional(),
});

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const { baseline, series } = VerdictQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
    const credential = await credentialOf(request, 'read');
    const run =
      id.length <= 64 ? await db().run.findUnique({ where: { id }, select: { projectId: true } }) : null;
    const access = run ? await readableProject(db(), run.projectId, credential) : null;
    if (!access)
      throw new AppError(
        'RUN_NOT_FOUND',
        `no run ${id} that these credentials may read: check the id, or pass a project token with the read scope`,
      );
    const verdict = await verdictOf(
      db(),
      { runId: id, baseline: baseline || undefined, series: series || undefined },
      { project: access.project, origin: await siteOrigin() },
    );
    return Response.json(verdict, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
