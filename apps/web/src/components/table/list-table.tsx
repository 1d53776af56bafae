// A short list of things as a table (an organization's projects, its members and invitations, a
// project's tokens, comparisons and histories, a webhook's deliveries): the frame, one row of
// headings, a row per thing as the page renders it, or what to say when there is none. The pages
// keep only what differs, their columns and cells. Long lists that scroll sideways and keep their
// first column use TableScroll instead.
import type { ReactNode } from 'react';

/** A heading, with the class its column's cells share ("num", "actions-col"); false: a column not shown. */
export type Heading = string | { label: string; className: string } | false;

export function ListTable<T>({
  label,
  testId,
  headings,
  rows,
  empty,
  children,
}: {
  /** What the table lists, for screen readers. */
  label?: string;
  testId?: string;
  headings: readonly Heading[];
  rows: readonly T[];
  /** Shown instead of the table when there are no rows; without it, the table with no rows. */
  empty?: ReactNode;
  /** One row (a <tr> with its key) per thing. */
  children: (row: T) => ReactNode;
}) {
  if (rows.length === 0 && empty !== undefined) return empty;
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {headings.map((heading) =>
              heading === false ? null : typeof heading === 'string' ? (
                <th key={heading}>{heading}</th>
              ) : (
                <th key={heading.label} className={heading.className}>
                  {heading.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </div>
  );
}
