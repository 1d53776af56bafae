// The report downloads' one rule: whoever may read the report page may download the same version
// (?version=N, or the alias ?v=N; the latest without it), and nothing but that version's snapshot
// goes out.
import { AppError } from '@levelfield/contracts/errors';
import { versionQuery } from '~/lib/report-version';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { getReport } from '~/server/reports/read';
import { requestedReport } from '~/server/reports/request';
import { errorResponse } from '~/server/rest/http';
import { type DownloadFile, downloadName } from './files';

type Build = (report: Awaited<ReturnType<typeof getReport>>) => DownloadFile | null;

export async function serveDownload(
  request: Request,
  params: Promise<{ slug: string }>,
  build: Build,
): Promise<Response> {
  let report: Awaited<ReturnType<typeof getReport>>;
  try {
    const query = versionQuery(new URL(request.url).searchParams);
    const { slug, version } = requestedReport((await params).slug, query);
    report = await getReport(db(), await viewerId(), slug, version);
  } catch (error) {
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
