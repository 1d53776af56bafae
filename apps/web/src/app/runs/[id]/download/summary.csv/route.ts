import { toCsv } from '~/lib/format';
import { db } from '~/server/db';
import { loadRange } from '~/server/runs/timeline';
import { downloadableRun, notFoundResponse } from '../access';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const run = await downloadableRun((await params).id);
  if (!run) return notFoundResponse();
  const [series, ranges] = await Promise.all([
    db().series.findMany({
      where: { runId: run.id },
      select: { id: true, name: true, unit: true, labels: true },
    }),
    loadRange(db(), run.id, {}),
  ]);
  const byId = new Map(series.map((s) => [s.id, s]));
  const header = [
    'series',
    'labels',
    'unit',
    'count',
    'duration_s',
    'throughput_per_s',
    'min',
    'mean',
    'p50',
    'p90',
    'p95',
    'p99',
    'p99.9',
    'max',
  ];
  const rows = ranges.flatMap(({ seriesId, summary }) => {
    const s = byId.get(seriesId);
    if (!s || !summary) return [];
    const labels = Object.entries((s.labels ?? {}) as Record<string, string>)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    return [
      [
        s.name,
        labels,
        s.unit,
        summary.count,
        summary.durationSeconds,
        summary.throughput,
        summary.min,
        summary.mean,
        summary.p50,
        summary.p90,
        summary.p95,
        summary.p99,
        summary.p999,
        summary.max,
      ],
    ];
  });
  return new Response(toCsv([header, ...rows]), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="run-${run.id}-summary.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
