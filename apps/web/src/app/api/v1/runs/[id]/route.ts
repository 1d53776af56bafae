import { db } from '~/server/db';
import { readRun } from '~/server/runs/read-api';
import { credentialOf } from '../../credential';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const run = id.length <= 64 ? await readRun(db(), id, await credentialOf(request)) : null;
  if (!run) {
    return Response.json(
      {
        error: {
          code: 'RUN_NOT_FOUND',
          message: `no run ${id} that these credentials may read: check the id, sign in, or pass a project token with the read scope`,
        },
      },
      { status: 404 },
    );
  }
  return Response.json(run, { headers: { 'cache-control': 'private, no-store' } });
}
