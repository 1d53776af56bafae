import { AppError } from '@levelfield/contracts/errors';
import { db } from '~/server/db';
import { errorResponse } from '~/server/rest/http';
import { readRun } from '~/server/runs/read-api';
import { credentialOf } from '../../credential';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const credential = await credentialOf(request, 'read');
    const run = id.length <= 64 ? await readRun(db(), id, credential) : null;
    if (!run)
      throw new AppError(
        'RUN_NOT_FOUND',
        `no run ${id} that these credentials may read: check the id, sign in, or pass a project token with the read scope`,
      );
    return Response.json(run, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
