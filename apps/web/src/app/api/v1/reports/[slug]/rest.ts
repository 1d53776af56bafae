// Shared by the report REST routes: the viewer (session or anonymous), the optional ?version,
// and errors as JSON with the status the access checks chose.
import type { PrismaClient } from '@levelfield/db/client';
import { TRPCError } from '@trpc/server';
import { httpStatusOf } from '~/server/access';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { ReportRef } from '~/server/reports/schema';

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
      return Response.json(
        { error: { code: 'NOT_FOUND', message: 'No report has this slug. Check the address.' } },
        { status: 404 },
      );
    return Response.json(
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'version must be a whole number ≥ 1, e.g. ?version=2 (leave it out for the latest)',
        },
      },
      { status: 400 },
    );
  }
  try {
    const body = await answer(db(), await viewerId(), ref.data.slug, ref.data.version);
    return Response.json(body, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return Response.json(
      { error: { code: error.code, message: error.message } },
      { status: httpStatusOf(error) },
    );
  }
}
