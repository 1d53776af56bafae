// A sweep's configurations side by side: for each entry (one point of the sweep), the setup fields
// that vary across the sweep — the publication's own "configurations" table (seed 003's Table 1 of
// instance sizes and Table 3 of optimal load points) — unfolded beside the chart, where the full
// provenance diff below stays folded.
import { describeField } from '@levelfield/contracts/field-labels';
import { formatValue } from '~/components/provenance/provenance-panel';
import { TableScroll } from '~/components/table/table-scroll';
import type { ComparisonView } from '~/server/comparisons/view';

type DiffField = ComparisonView['provenanceDiff'][number]['fields'][number];

/** Fields that vary across the sweep's entries, disclosure aside (who published does not vary by point). */
export function sweepSetupFields(groups: ComparisonView['provenanceDiff']): DiffField[] {
  return groups.filter((g) => g.group !== 'disclosure').flatMap((g) => g.fields.filter((f) => f.differs));
}

export function SweepSetup({
  entries,
  groups,
}: {
  entries: ComparisonView['entries'];
  groups: ComparisonView['provenanceDiff'];
}) {
  const fields = sweepSetupFields(groups);
  if (fields.length === 0) return null;
  const described = fields.map((f) => ({ f, field: describeField(f.path) }));
  return (
    <>
      <h3>Setup of each configuration</h3>
      <TableScroll label="Setup of each configuration of the sweep">
        <table className="table sweep-setup" aria-label="Setup of each configuration">
          <thead>
            <tr>
              <th>Configuration</th>
              {described.map(({ f, field }) => (
                <th key={f.path} title={field.help}>
                  {field.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={e.position}>
                <th scope="row">{e.label}</th>
                {described.map(({ f, field }) => {
                  const variants = f.variants[i];
                  const value = f.values[i];
                  return (
                    <td key={f.path}>
                      {variants
                        ? variants.map((v) => (v ? formatValue(v.value, field.unit) : '—')).join(' / ')
                        : value
                          ? formatValue(value.value, field.unit)
                          : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
