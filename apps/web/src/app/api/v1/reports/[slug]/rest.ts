// Shared by the report REST routes: the viewer (session or anonymous), the optional ?version,
// and errors in the REST API's one format (errorResponse) with the status the access checks chose.

import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { TRPCError } from '@trpc/server';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { ReportRef } from '~/server/reports/schema';
import { errorResponse } from '~/server/rest/http';

export async function reportRoute<T>(
  request: Request,
  params: Promise<{ slug: string }>,
  answer: (db: PrismaClient, viewer: string | null, slug: string, version?: number) => Promise<T>,
): Promise<Response> {
  const version = new URL(request.url).searchParams.get('version');
  const ref = ReportRef.safeParse({ slug: (await params).slug, version: version ?? undefined });
  if (!ref.success) {
    // A slug that cannot exist is simply not found; a bad version is the caller's to fix.
    if (ref.error.issues.some((i) => i.path[0] === 'slug'))
      return errorResponse(new AppError('NOT_FOUND', 'No report has this slug. Check the address.'));
    return errorResponse(
      new AppError(
        'BAD_REQUEST',
        'version must be a whole number ≥ 1, e.g. ?version=2 (leave it out for the latest)',
      ),
    );
  }
  try {
    const body = await answer(db(), await viewerId(), ref.data.slug, ref.data.version);
    return Response.json(body, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return errorResponse(error);
  }
}
