// The report downloads' one rule: whoever may read the report page may download the same version
// (?v=N, the latest without it), and nothing but that version's snapshot goes out.
import { AppError } from '@levelfield/contracts/errors';
import { TRPCError } from '@trpc/server';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { getReport } from '~/server/reports/read';
import { ReportRef } from '~/server/reports/schema';
import { errorResponse } from '~/server/rest/http';
import { type DownloadFile, downloadName } from './files';

type Build = (report: Awaited<ReturnType<typeof getReport>>) => DownloadFile | null;

export async function serveDownload(
  request: Request,
  params: Promise<{ slug: string }>,
  build: Build,
): Promise<Response> {
  const v = new URL(request.url).searchParams.get('v');
  const ref = ReportRef.safeParse({ slug: (await params).slug, version: v ?? undefined });
  if (!ref.success)
    return errorResponse(
      new AppError(
        'BAD_REQUEST',
        'v must be a whole number ≥ 1, e.g. ?v=2 (leave it out for the latest version)',
      ),
    );
  let report: Awaited<ReturnType<typeof getReport>>;
  try {
    report = await getReport(db(), await viewerId(), ref.data.slug, ref.data.version);
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return errorResponse(error);
  }
  const file = build(report);
  if (!file)
    return errorResponse(
      new AppError(
        'NOT_FOUND',
        `Version ${report.version.version} of this report has nothing for this download (it holds no measured latency histograms).`,
      ),
    );
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${downloadName(report.slug, report.version.version, file.name)}"`,
      'cache-control': 'private, no-store',
    },
  });
}
