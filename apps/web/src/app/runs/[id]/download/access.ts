// Downloads follow the run page's rule: whoever may see the run may download it.
import { AppError, appErrorOf } from '@levelfield/contracts/errors';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { errorResponse } from '~/server/rest/http';
import { getRunDetail } from '~/server/runs/detail';

export async function downloadableRun(id: string) {
  try {
    return await getRunDetail(db(), await viewerId(), id);
  } catch (error) {
    if (appErrorOf(error)) return null;
    throw error;
  }
}

export function notFoundResponse(): Response {
  return errorResponse(
    new AppError('RUN_NOT_FOUND', 'no such run that you can see: check the link, or sign in'),
  );
}
