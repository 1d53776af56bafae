// Small labels with a fixed vocabulary: where a provenance value came from, and a run's status.
import type { ReactNode } from 'react';

const ORIGIN_TITLES = {
  captured: 'read from the machine by levelfield-agent',
  declared: 'supplied by a person or a provenance file',
  imported: 'quoted from a published document',
} as const;

export type OriginKind = keyof typeof ORIGIN_TITLES;

export function OriginBadge({ origin }: { origin: OriginKind }) {
  return (
    <span className={`badge badge-origin badge-${origin}`} title={ORIGIN_TITLES[origin]}>
      {origin}
    </span>
  );
}

export function StatusBadge({ status, children }: { status: string; children?: ReactNode }) {
  return <span className={`status status-${status}`}>{children ?? status}</span>;
}
