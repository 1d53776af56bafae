// A report's downloads, built from one version's snapshot and nothing else (pure, unit-tested):
// the snapshot itself with its hash, the headline table as CSV, and the whole-run histograms as
// an HdrHistogram interval log that HdrHistogram's own tools read.
import { decodeHistogram, formatIntervalLogComment, formatIntervalLogLine } from '@levelfield/metrics/hdr';
import { toCsv, toMillis } from '~/lib/format';
import type { ReportView } from '~/server/reports/read';
import type { ReportSnapshot } from '~/server/reports/snapshot';

export interface DownloadFile {
  /** Without slug and version, e.g. "table.csv". */
  name: string;
  contentType: string;
  body: string;
}

type Version = ReportView['version'];

/** "rama-vs-cockroachdb-tpcc-v2-table.csv": readers keep several versions side by side. */
export function downloadName(slug: string, version: number, name: string): string {
  return `${slug}-v${version}-${name}`;
}

/** The snapshot as stored and hashed, with what a reader needs to verify it. */
export function reportJson(slug: string, version: Version): DownloadFile {
  const body = {
    slug,
    version: version.version,
    title: version.title,
    publishedAt: version.publishedAt,
    sha256: version.sha256,
    snapshot: version.snapshot,
  };
  return { name: 'report.json', contentType: 'application/json', body: `${JSON.stringify(body, null, 2)}\n` };
}

/**
 * One line per headline cell: metric, unit, entry, value (number), text (as printed), ratio to the
 * baseline, and what the page marks beside a figure — its quality ("estimated"), whether
 * Levelfield derived it, the formula it was computed with, and, for a recomputed value, the
 * figure the publication printed (the page shows it as "published …"; without it the CSV would
 * hold Levelfield's number only and lose the publication's).
 */
export function headlineCsv(snapshot: ReportSnapshot): DownloadFile {
  const rows = snapshot.headline.flatMap((row) =>
    snapshot.entries.map((entry, i) => {
      const cell = row.cells[i];
      return [
        row.label,
        row.unit,
        entry.label,
        cell?.value ?? null,
        cell?.text ?? null,
        row.ratios[i]?.ratio ?? null,
        cell?.quality ?? null,
        cell?.origin ?? null,
        cell?.formulaId ?? null,
        cell?.published?.value ?? null,
        cell?.published?.text ?? null,
      ];
    }),
  );
  return {
    name: 'table.csv',
    contentType: 'text/csv; charset=utf-8',
    body: toCsv([
      [
        'metric',
        'unit',
        'entry',
        'value',
        'text',
        'ratio',
        'quality',
        'origin',
        'formula',
        'published_value',
        'published_text',
      ],
      ...rows,
    ]),
  };
}

/** Interval log tags cannot hold commas or white space. */
const tagPart = (text: string) => text.replace(/[,\s]+/g, '_');

/** Whether the version holds any measured latency histogram (reports of published results do not). */
export function hasHistograms(snapshot: ReportSnapshot): boolean {
  return snapshot.entries.some((e) => e.runs.some((r) => r.histograms.length > 0));
}

/** Whole-run histograms of every run, one interval per run and latency series, tagged entry/run/series. */
export function histogramLog(snapshot: ReportSnapshot): DownloadFile | null {
  const runs = snapshot.entries.flatMap((entry) => entry.runs.map((run) => ({ entry, run })));
  const starts = runs
    .filter(({ run }) => run.histograms.length > 0)
    .map(({ run }) => Date.parse(run.startedAt));
  if (starts.length === 0) return null;
  const base = Math.min(...starts);
  const lines = runs.flatMap(({ entry, run }) =>
    run.histograms.map((h) => {
      const timeline = run.timelines.find((t) => t.seriesId === h.seriesId);
      // The histogram leaves the warm-up out: the interval runs from its end to the last frame's.
      const measured = timeline?.points.filter((p) => !p.warmup) ?? [];
      const from = measured[0]?.t ?? Date.parse(run.startedAt);
      const to = measured.at(-1)?.end ?? (run.endedAt ? Date.parse(run.endedAt) : from);
      const labels = Object.entries(timeline?.labels ?? {}).map(([k, v]) => `${k}=${v}`);
      const series = labels.length > 0 ? `${h.name}{${labels.join(';')}}` : h.name;
      return formatIntervalLogLine({
        tag: [entry.label, run.id, series].map(tagPart).join('/'),
        startSeconds: (from - base) / 1000,
        intervalSeconds: (to - from) / 1000,
        intervalMax: toMillis(h.unit, decodeHistogram(h.histogram).max),
        histogram: h.histogram,
      });
    }),
  );
  const units = [...new Set(runs.flatMap(({ run }) => run.histograms.map((h) => h.unit)))].join(', ');
  const body = [
    // Units come from the runs as stored: a line break in one must not forge a header line.
    formatIntervalLogComment(
      `Histogram log of report ${snapshot.report.slug} version ${snapshot.report.version}: one whole-run interval per run and latency series (warm-up excluded), tagged entry/run/series; values in ${units}, interval max in ms`,
    ),
    formatIntervalLogComment(
      `StartTime: ${(base / 1000).toFixed(3)} (seconds since epoch), ${new Date(base).toISOString()}`,
    ),
    formatIntervalLogComment(`BaseTime: ${(base / 1000).toFixed(3)} (seconds since epoch)`),
    '"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"',
    ...lines,
  ];
  return { name: 'histograms.hlog', contentType: 'text/plain; charset=utf-8', body: `${body.join('\n')}\n` };
}
