// The provenance diff: per provenance group, every field with one value per entry, differing
// fields marked and groups without differences collapsed. No hooks: rendered on the server by the
// report page and on the client by the comparison page.
import { describeField, type FieldUnit, GROUP_LABELS } from '@levelfield/contracts/field-labels';
import { OriginBadge } from '@levelfield/ui/badge';
import { type Annotate, anchorField, formatValue } from '~/components/provenance/provenance-panel';
import { TableScroll } from '~/components/table/table-scroll';
import type { ComparisonView } from '~/server/comparisons/view';

type DiffGroup = ComparisonView['provenanceDiff'][number];
type DiffField = DiffGroup['fields'][number];

/** One entry's value; a group whose runs disagree lists each distinct value. */
function DiffValue({
  value,
  variants,
  unit,
}: {
  value: DiffField['values'][number];
  variants: DiffField['values'] | null;
  unit: FieldUnit | undefined;
}) {
  if (variants)
    return (
      <span className="varies-within">
        varies within group: {variants.map((v) => (v ? formatValue(v.value, unit) : '—')).join(' / ')}
      </span>
    );
  if (!value) return <span className="muted">—</span>;
  return (
    <>
      {formatValue(value.value, unit)} <OriginBadge origin={value.origin} />
    </>
  );
}

interface Props {
  entries: readonly { label: string; position: number; runs: readonly { id: string }[] }[];
  groups: readonly DiffGroup[];
  annotate?: Annotate;
}

export function ProvenanceDiff({ entries, groups, annotate }: Props) {
  return (
    <div className="prov-diff">
      {groups.map((g) => (
        <details key={g.group} open={g.differs} data-group={g.group} data-differs={g.differs}>
          <summary>
            {GROUP_LABELS[g.group]} {/* A group with nothing recorded is unknown, never "identical". */}
            {g.fields.length === 0 ? (
              <span className="muted small">nothing recorded</span>
            ) : (
              <>
                {g.differs ? (
                  <span className="tag warn">differs</span>
                ) : (
                  <span className="muted small">identical</span>
                )}
                <span className="muted small">
                  {' '}
                  {g.fields.length} {g.fields.length === 1 ? 'field' : 'fields'}
                </span>
              </>
            )}
          </summary>
          <TableScroll label={`${GROUP_LABELS[g.group]}: provenance per entry`}>
            <table className="table">
              <thead>
                <tr>
                  <th>Field</th>
                  {entries.map((e) => (
                    <th key={e.position}>{e.label}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {g.fields.map((f) => {
                  const field = describeField(f.path);
                  return (
                    <tr key={f.path} className={f.differs ? 'differs' : undefined} data-path={f.path}>
                      <th scope="row" className="small" title={field.help}>
                        {field.label}
                      </th>
                      {f.values.map((v, i) => {
                        // A field of an entry of one run is that run's field; a group's has no single run.
                        const run = entries[i]?.runs.length === 1 ? entries[i]?.runs[0] : undefined;
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: one value per entry
                          <td key={i} {...(run ? anchorField(run.id, f.path) : {})}>
                            <DiffValue value={v} variants={f.variants[i] ?? null} unit={field.unit} />
                            {run && annotate ? annotate(`field:${run.id}|${f.path}`) : null}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </details>
      ))}
    </div>
  );
}

/**
 * The diff as a section of the page, folded to one line that says how much differs: it runs to
 * thousands of pixels, and every difference that matters is named by a check above it.
 */
export function ProvenanceSection({ id, ...props }: Props & { id?: string }) {
  const fields = props.groups.flatMap((g) => g.fields);
  const differing = props.groups.filter((g) => g.differs).length;
  return (
    <details className="panel prov-section" id={id}>
      <summary>
        <h2>Provenance diff</h2>
        <span className="muted small">
          {fields.filter((f) => f.differs).length} of {fields.length} fields differ, in {differing} of{' '}
          {props.groups.length} groups
        </span>
      </summary>
      <ProvenanceDiff {...props} />
    </details>
  );
}
