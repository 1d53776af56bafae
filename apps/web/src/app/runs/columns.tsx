// Column definitions of the runs explorer, beside the feature that uses them.
import { StatusBadge } from '@levelfield/ui/badge';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { formatDuration, formatUtc } from '~/lib/format';
import type { RunColumn } from '~/lib/runs-query';
import type { RunListItem } from '~/server/runs/list';

export const COLUMN_LABELS: Record<RunColumn, string> = {
  name: 'Run',
  system: 'System',
  benchmark: 'Benchmark',
  status: 'Status',
  startedAt: 'Started',
  duration: 'Duration',
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
    cell: ({ row }) => row.original.system?.name ?? '—',
  },
  {
    id: 'benchmark',
    header: COLUMN_LABELS.benchmark,
    cell: ({ row }) => row.original.benchmark,
  },
  {
    id: 'status',
    header: COLUMN_LABELS.status,
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  {
    id: 'startedAt',
    header: COLUMN_LABELS.startedAt,
    cell: ({ row }) => (
      <time dateTime={row.original.startedAt.toISOString()}>{formatUtc(row.original.startedAt)}</time>
    ),
  },
  {
    id: 'duration',
    header: COLUMN_LABELS.duration,
    meta: { numeric: true },
    cell: ({ row }) => formatDuration(row.original.durationMs),
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
