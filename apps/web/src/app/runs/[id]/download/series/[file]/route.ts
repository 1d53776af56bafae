// One series as an HdrHistogram interval log (.hlog): readable by HdrHistogram's own tools
// (HistogramLogProcessor, HdrHistogramVisualizer) and by `levelfield-agent import`.
import { bytesToBase64, formatIntervalLogComment, formatIntervalLogLine } from '@levelfield/metrics/hdr';
import { db } from '~/server/db';
import { downloadableRun, notFoundResponse } from '../../access';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await params;
  const run = await downloadableRun(id);
  const seriesId = file.replace(/\.hlog$/, '');
  const series = run
    ? await db().series.findFirst({ where: { id: seriesId, runId: run.id, kind: 'latency' } })
    : null;
  if (!run || !series) return notFoundResponse();
  const frames = await db().frame.findMany({
    where: { seriesId: series.id },
    orderBy: { seq: 'asc' },
    select: { startAt: true, endAt: true, max: true, histogram: true },
  });
  const base = run.startedAt.getTime();
  const tag = series.name.replace(/[,\s]/g, '_');
  const lines = [
    // The unit and name were stored as sent: a line break in one must not forge a header line.
    formatIntervalLogComment(
      `Histogram log of run ${run.id}, series ${series.name} ${JSON.stringify(series.labels)}; values in ${series.unit}`,
    ),
    formatIntervalLogComment(
      `StartTime: ${(base / 1000).toFixed(3)} (seconds since epoch), ${run.startedAt.toISOString()}`,
    ),
    formatIntervalLogComment(`BaseTime: ${(base / 1000).toFixed(3)} (seconds since epoch)`),
    '"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"',
    ...frames
      .filter((f) => f.histogram)
      .map((f) =>
        formatIntervalLogLine({
          tag,
          startSeconds: (f.startAt.getTime() - base) / 1000,
          intervalSeconds: (f.endAt.getTime() - f.startAt.getTime()) / 1000,
          intervalMax: f.max / 1000,
          histogram: bytesToBase64(f.histogram!),
        }),
      ),
  ];
  return new Response(`${lines.join('\n')}\n`, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="run-${run.id}-${tag}.hlog"`,
      'cache-control': 'private, no-store',
    },
  });
}
