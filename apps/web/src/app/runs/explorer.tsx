'use client';
// The runs explorer: a TanStack Table whose paging, sorting, filters and visible columns are
// all in the URL. Changing any of them navigates; the server page re-renders with new rows.
import { flexRender, getCoreRowModel, type RowSelectionState, useReactTable } from '@tanstack/react-table';
import { usePathname, useRouter } from 'next/navigation';
import { useMemo, useOptimistic, useState, useTransition } from 'react';
import { SystemAndBenchmarkSelects } from '~/components/table/facet-select';
import { TableScroll } from '~/components/table/table-scroll';
import { MAX_BUILDER_RUNS } from '~/lib/compare-groups';
import {
  PAGE_SIZES,
  RUN_COLUMNS,
  RUN_STATUSES,
  type RunColumn,
  type RunsQuery,
  runsQueryToSearch,
  SORTABLE,
} from '~/lib/runs-query';
import type { RunsPage } from '~/server/runs/list';
import { COLUMN_LABELS, runColumns } from './columns';

const isSortable = (id: string): id is RunsQuery['sort'] => (SORTABLE as readonly string[]).includes(id);

export function RunsExplorer({ data, query }: { data: RunsPage; query: RunsQuery }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [showColumns, setShowColumns] = useState(false);

  const navigate = (change: Partial<RunsQuery>) => {
    const resetsPage = !('page' in change);
    const next = { ...query, ...change, ...(resetsPage ? { page: 1 } : {}) };
    startTransition(() => router.replace(`${pathname}${runsQueryToSearch(next)}`, { scroll: false }));
  };

  // Shown at once; the URL (and the server's rows) follow.
  const [cols, setCols] = useOptimistic(query.cols);
  const columnVisibility = useMemo(
    () => Object.fromEntries(RUN_COLUMNS.map((c) => [c, cols.includes(c)])),
    [cols],
  );
  const table = useReactTable({
    data: data.rows,
    columns: runColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: data.total,
    enableRowSelection: true,
    state: {
      sorting: [{ id: query.sort, desc: query.dir === 'desc' }],
      pagination: { pageIndex: query.page - 1, pageSize: query.size },
      columnVisibility,
      rowSelection: selection,
    },
    onRowSelectionChange: setSelection,
  });

  const selected = Object.keys(selection).filter((id) => selection[id]);
  const pages = Math.max(1, Math.ceil(data.total / query.size));
  const toggleColumn = (column: RunColumn) => {
    const chosen = cols.includes(column) ? cols.filter((c) => c !== column) : [...cols, column];
    const next = RUN_COLUMNS.filter((c) => chosen.includes(c));
    startTransition(() => {
      setCols(next);
      router.replace(`${pathname}${runsQueryToSearch({ ...query, cols: next })}`, { scroll: false });
    });
  };

  return (
    <div className={pending ? 'explorer pending' : 'explorer'} aria-busy={pending}>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
          navigate({
            q: text('q'),
            system: text('system'),
            benchmark: text('benchmark'),
            status: text('status') as RunsQuery['status'],
            labels: (text('labels') ?? '').split(/[\s,]+/).filter((l) => /^[^=]+=/.test(l)),
            from: text('from'),
            to: text('to'),
          });
        }}
      >
        <input
          name="q"
          type="search"
          placeholder="Search run names"
          defaultValue={query.q ?? ''}
          aria-label="Search run names"
        />
        <SystemAndBenchmarkSelects facets={data.facets} query={query} />
        <select name="status" defaultValue={query.status ?? ''} aria-label="Status">
          <option value="">Any status</option>
          {RUN_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <input
          name="labels"
          placeholder="labels: clients=8 scale=10"
          defaultValue={query.labels.join(' ')}
          aria-label="Labels"
        />
        <input name="from" type="date" defaultValue={query.from ?? ''} aria-label="Started from" />
        <input name="to" type="date" defaultValue={query.to ?? ''} aria-label="Started until" />
        <button type="submit" className="button">
          Apply
        </button>
      </form>

      <div className="toolbar">
        <span className="muted">
          {data.total} run{data.total === 1 ? '' : 's'}
          {selected.length > 0 ? ` · ${selected.length} selected` : ''}
        </span>
        <div className="toolbar-actions">
          <div className="menu">
            <button
              type="button"
              className="button"
              aria-expanded={showColumns}
              onClick={() => setShowColumns((v) => !v)}
            >
              Columns
            </button>
            {showColumns ? (
              <fieldset className="menu-panel">
                <legend className="sr-only">Visible columns</legend>
                {RUN_COLUMNS.map((column) => (
                  <label key={column}>
                    <input
                      type="checkbox"
                      checked={cols.includes(column)}
                      onChange={() => toggleColumn(column)}
                    />
                    {COLUMN_LABELS[column]}
                  </label>
                ))}
              </fieldset>
            ) : null}
          </div>
          <button
            type="button"
            className="button primary"
            disabled={selected.length < 2 || selected.length > MAX_BUILDER_RUNS}
            title={`Select 2 to ${MAX_BUILDER_RUNS} runs to compare them side by side; repetitions of one setup can be grouped next`}
            onClick={() => router.push(`/compare?runs=${selected.join(',')}`)}
          >
            Compare{selected.length > 0 ? ` (${selected.length})` : ''}
          </button>
        </div>
      </div>

      <TableScroll label="Runs table" sticky={2}>
        <table className="table runs-table" aria-label="Runs">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                <th className="select">
                  <input
                    type="checkbox"
                    aria-label="Select all runs on this page"
                    checked={table.getIsAllPageRowsSelected()}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
                {group.headers.map((header) => {
                  const sorted = query.sort === header.id ? query.dir : null;
                  const numeric = (header.column.columnDef.meta as { numeric?: boolean } | undefined)
                    ?.numeric;
                  return (
                    <th
                      key={header.id}
                      className={numeric ? 'num' : undefined}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {isSortable(header.id) ? (
                        <button
                          type="button"
                          className="sort"
                          onClick={() =>
                            navigate({
                              sort: header.id as RunsQuery['sort'],
                              dir: sorted === 'desc' ? 'asc' : 'desc',
                            })
                          }
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className={sorted ? undefined : 'sort-cue'}>
                            {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={cols.length + 1} className="empty-row">
                  No runs match these filters.
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  data-run-id={row.id}
                  data-state={row.getIsSelected() ? 'selected' : undefined}
                >
                  <td className="select">
                    <input
                      type="checkbox"
                      aria-label={`Select ${row.original.name}`}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                  {row.getVisibleCells().map((cell) => {
                    const numeric = (cell.column.columnDef.meta as { numeric?: boolean } | undefined)
                      ?.numeric;
                    return (
                      <td
                        key={cell.id}
                        data-col={cell.column.id}
                        className={cell.column.id === 'name' ? 'name' : numeric ? 'num' : undefined}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>

      <nav className="pager" aria-label="Pages">
        <button
          type="button"
          className="button"
          disabled={query.page <= 1}
          onClick={() => navigate({ page: query.page - 1 })}
        >
          Previous
        </button>
        <span>
          Page {query.page} of {pages}
        </span>
        <button
          type="button"
          className="button"
          disabled={query.page >= pages}
          onClick={() => navigate({ page: query.page + 1 })}
        >
          Next
        </button>
        <select
          aria-label="Runs per page"
          value={query.size}
          onChange={(event) => navigate({ size: Number(event.target.value) as RunsQuery['size'] })}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s} per page
            </option>
          ))}
        </select>
      </nav>
    </div>
  );
}
