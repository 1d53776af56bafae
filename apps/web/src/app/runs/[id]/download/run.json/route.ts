import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { readRun } from '~/server/runs/read-api';
import { notFoundResponse } from '../access';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const userId = await viewerId();
  const run =
    id.length <= 64
      ? await readRun(db(), id, userId ? { kind: 'session', userId } : { kind: 'anonymous' })
      : null;
  if (!run) return notFoundResponse();
  return new Response(`${JSON.stringify(run, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="run-${run.id}.json"`,
      'cache-control': 'private, no-store',
    },
  });
}
