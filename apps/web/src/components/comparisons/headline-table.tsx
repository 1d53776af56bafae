// The headline table: one column per entry, a value per metric (the mean of a group's runs,
// said so), the ratio against the baseline and its 95 % interval. No hooks and no 'use client':
// the comparison page renders it on the client, the /compare builder on the server.

import type { Annotate } from '~/components/provenance/provenance-panel';
import { TableScroll } from '~/components/table/table-scroll';
import { carriesUnit, formatFigure, formatFixed, formatPrinted } from '~/lib/format';
import type { HeadlineCell, HeadlineRow } from '~/server/comparisons/table';

function CellView({ cell, unit }: { cell: HeadlineCell; unit: string }) {
  if (cell.value === null && !cell.text) return <span className="muted">—</span>;
  const printed = cell.value !== null && cell.text ? `as printed: ${cell.text}` : undefined;
  // A published figure reads exactly as printed (13154.0, "40x slower"); a figure Levelfield
  // computed (a mean, a recomputation) in its own format.
  const shown =
    cell.text !== undefined && cell.origin !== 'derived'
      ? formatPrinted(cell.text, unit)
      : formatFigure(cell, unit);
  return (
    <span className="cmp-cell">
      <span className="cmp-value" title={printed}>
        {shown}
      </span>
      {cell.runs.length > 1 ? <span className="muted small"> mean of {cell.runs.length}</span> : null}
      {cell.quality && cell.quality !== 'measured' ? <span className="tag warn">{cell.quality}</span> : null}
      {cell.formulaId ? <span className="formula mono small">{cell.formulaId}</span> : null}
      {cell.published ? (
        <span className="muted small"> published {formatFigure(cell.published, unit)}</span>
      ) : null}
    </span>
  );
}

interface Props {
  entries: readonly { label: string }[];
  headline: readonly HeadlineRow[];
  /** Position of the entry the ratios divide by. */
  baseline: number;
  testId?: string;
  /** Report pages: what to show in a cell beside its value (its review threads' marker). */
  annotate?: Annotate;
}

/**
 * The headline figures, then the publication's other quantities (its own columns: a multiplier,
 * a replication factor, lines of code) folded under their names in the same table, so the page
 * stays short, nothing printed is missing, and the folded figures line up under the headline's.
 * The fold is a checkbox read by CSS (:has), so it opens on a report served without JavaScript.
 */
export function HeadlineTable({ entries, headline, baseline, testId = 'headline', annotate }: Props) {
  const other = headline.filter((r) => r.key.startsWith('value:'));
  // With no headline metric (a publication that printed only quantities of its own, "tps"), its
  // figures are the headline: folded away, they left an empty table under "Headline".
  const main = other.length === headline.length ? other : headline.filter((r) => !r.key.startsWith('value:'));
  const more = main === other ? [] : other;
  const rows = (list: readonly HeadlineRow[]) =>
    list.map((row) => <HeadlineRowView key={row.key} row={row} entries={entries} annotate={annotate} />);
  return (
    <TableScroll label="Headline figures">
      <table className="table cmp-table" data-testid={testId}>
        <thead>
          <tr>
            <th>Metric</th>
            {entries.map((e, i) => (
              <th key={e.label}>
                {e.label}
                {i === baseline ? <span className="tag">baseline</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows(main)}</tbody>
        {more.length > 0 ? (
          <>
            <tbody className="cmp-more-head">
              <tr>
                <td colSpan={entries.length + 1}>
                  <label className="cmp-more-summary">
                    <input type="checkbox" className="cmp-more-toggle" />
                    {more.length} more figure{more.length === 1 ? '' : 's'} from the publication:{' '}
                    {[...new Set(more.map((r) => r.label.replace(/ \(.*\)$/, '')))].join(', ')}
                  </label>
                </td>
              </tr>
            </tbody>
            <tbody className="cmp-more-rows" data-testid={`${testId}-more`}>
              {rows(more)}
            </tbody>
          </>
        ) : null}
      </table>
    </TableScroll>
  );
}

function HeadlineRowView({
  row,
  entries,
  annotate,
}: {
  row: HeadlineRow;
  entries: readonly { label: string }[];
  annotate?: Annotate | undefined;
}) {
  return (
    <tr data-metric={row.key}>
      <th scope="row">
        {row.label}
        {/* A metric that is its own unit (tpmC) is not labelled twice, nor one whose
            figures carry their unit (latencies print as 850 µs or 1.2 s). */}
        {row.unit && row.unit.toLowerCase() !== row.label.toLowerCase() && !carriesUnit(row.unit) ? (
          <span className="muted small"> {row.unit}</span>
        ) : null}
      </th>
      {row.cells.map((cell, i) => {
        const ratio = row.ratios[i];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one cell per entry, in entry order
          <td key={i} data-anchor-cell={`${row.key}|${entries[i]?.label ?? ''}`}>
            <CellView cell={cell} unit={row.unit} />
            {ratio ? (
              <span className={`ratio ratio-${ratio.text.split(' ')[1] ?? ''}`}>
                {ratio.text}
                {ratio.ci ? (
                  <span className="muted small" title={ratio.ci.method}>
                    {' '}
                    95 % CI{' '}
                    {ratio.ci.bounded
                      ? `${formatFixed(ratio.ci.lower, 2)}–${formatFixed(ratio.ci.upper, 2)}×`
                      : 'unbounded'}{' '}
                    (Fieller)
                  </span>
                ) : ratio.ciNote ? (
                  <span className="muted small"> {ratio.ciNote}</span>
                ) : null}
              </span>
            ) : null}
            {annotate ? annotate(`cell:${row.key}|${entries[i]?.label ?? ''}`) : null}
          </td>
        );
      })}
    </tr>
  );
}
