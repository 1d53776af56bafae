// Downloads follow the run page's rule: whoever may see the run may download it.
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { getRunDetail } from '~/server/runs/detail';

export async function downloadableRun(id: string) {
  return id.length <= 64 ? getRunDetail(db(), await viewerId(), id) : null;
}

export function notFoundResponse(): Response {
  return Response.json(
    { error: { code: 'RUN_NOT_FOUND', message: 'no such run that you can see: check the link, or sign in' } },
    { status: 404 },
  );
}
