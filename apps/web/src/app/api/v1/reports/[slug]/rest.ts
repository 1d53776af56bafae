// Shared by the report REST routes: the viewer (session or anonymous), the report and version
// the request names (?version=N), and errors in the REST API's one format (errorResponse) with
// the status the access checks chose.
import type { PrismaClient } from '@levelfield/db/client';
import { VERSION_PARAM } from '~/lib/report-version';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { requestedReport } from '~/server/reports/request';
import { errorResponse } from '~/server/rest/http';

export async function reportRoute<T>(
  request: Request,
  params: Promise<{ slug: string }>,
  answer: (db: PrismaClient, viewer: string | null, slug: string, version?: number) => Promise<T>,
): Promise<Response> {
  try {
    // Only ?version=N: nothing ever linked the REST API with the alias v.
    const query = new URL(request.url).searchParams.get(VERSION_PARAM) ?? undefined;
    const { slug, version } = requestedReport((await params).slug, query);
    const body = await answer(db(), await viewerId(), slug, version);
    return Response.json(body, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
