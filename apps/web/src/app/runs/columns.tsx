// Column definitions of the runs explorer, beside the feature that uses them. The figures are
// those of the run's main series (server/runs/main-series.ts says which series that is).
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { RunStatusBadge, RunWhen } from '~/components/table/run-status';
import { formatCompact, formatDuration, formatLatency } from '~/lib/format';
import type { RunColumn } from '~/lib/runs-query';
import type { RunListItem } from '~/server/runs/list';
import { Sparkline } from './sparkline';

export const COLUMN_LABELS: Record<RunColumn, string> = {
  name: 'Run',
  system: 'System',
  benchmark: 'Benchmark',
  status: 'Status',
  startedAt: 'Started (UTC)',
  duration: 'Duration',
  throughput: 'Throughput (ops/s)',
  p50: 'p50',
  p99: 'p99',
  trend: 'Trend',
  project: 'Project',
  labels: 'Labels',
  source: 'Source',
};

export const runColumns: ColumnDef<RunListItem>[] = [
  {
    id: 'name',
    header: COLUMN_LABELS.name,
    cell: ({ row }) => (
      <Link href={`/runs/${row.original.id}`} className="run-link">
        {row.original.name}
      </Link>
    ),
  },
  {
    id: 'system',
    header: COLUMN_LABELS.system,
    // The product's own spelling (lib/system-names.ts); the stored one in the tooltip when it differs.
    cell: ({ row }) => {
      const stored = row.original.system?.name;
      if (!stored) return '—';
      const label = row.original.systemLabel;
      return <span title={label === stored ? undefined : `stored as “${stored}”`}>{label}</span>;
    },
  },
  {
    id: 'benchmark',
    header: COLUMN_LABELS.benchmark,
    cell: ({ row }) => row.original.benchmark,
  },
  {
    id: 'status',
    header: COLUMN_LABELS.status,
    cell: ({ row }) => <RunStatusBadge run={row.original} />,
  },
  {
    id: 'startedAt',
    header: COLUMN_LABELS.startedAt,
    cell: ({ row }) => <RunWhen run={row.original} zone={false} />,
  },
  {
    id: 'duration',
    header: COLUMN_LABELS.duration,
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.durationMs === null ? (
        <span
          className="muted"
          title={row.original.source === 'published' ? 'published: no run time of its own' : 'still running'}
        >
          —
        </span>
      ) : (
        formatDuration(row.original.durationMs)
      ),
  },
  figureColumn('throughput', 'throughput', formatCompact),
  figureColumn('p50', 'p50Ms', formatLatency),
  figureColumn('p99', 'p99Ms', formatLatency),
  {
    id: 'trend',
    header: COLUMN_LABELS.trend,
    cell: ({ row }) => <Sparkline rates={row.original.trend} />,
  },
  {
    id: 'project',
    header: COLUMN_LABELS.project,
    cell: ({ row }) => (
      <>
        {row.original.project.organization.slug}/{row.original.project.slug}
        {row.original.project.visibility === 'private' ? <span className="tag">private</span> : null}
      </>
    ),
  },
  {
    id: 'labels',
    header: COLUMN_LABELS.labels,
    cell: ({ row }) => (
      <span className="labels">
        {Object.entries(row.original.labels).map(([k, v]) => (
          <span key={k} className="tag">
            {k}={v}
          </span>
        ))}
      </span>
    ),
  },
  {
    id: 'source',
    header: COLUMN_LABELS.source,
    cell: ({ row }) => row.original.source,
  },
];

/**
 * A figure of the run's main series, named in its tooltip; a dash for runs without one
 * (published, not yet summarised).
 */
function figureColumn(
  id: RunColumn,
  figure: 'throughput' | 'p50Ms' | 'p99Ms',
  format: (value: number) => string,
): ColumnDef<RunListItem> {
  return {
    id,
    header: COLUMN_LABELS[id],
    meta: { numeric: true },
    cell: ({ row }) => {
      const main = row.original.main;
      const value = main?.[figure] ?? null;
      if (!main || value === null) return <span className="muted">—</span>;
      return <span title={`of the series “${main.name}”, warm-up left out`}>{format(value)}</span>;
    },
  };
}
