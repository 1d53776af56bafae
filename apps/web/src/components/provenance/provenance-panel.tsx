// Provenance grouped as packages/contracts/src/provenance.ts lists it, each value with its origin, each
// field by its label (@levelfield/contracts/field-labels) with its help on hover.
import { type FieldUnit, GROUP_LABELS, groupFieldLabel, humanize } from '@levelfield/contracts/field-labels';
import {
  type Field,
  PROVENANCE_GROUPS,
  type Provenance,
  webUrlOrNull,
} from '@levelfield/contracts/provenance';
import { OriginBadge } from '@levelfield/ui/badge';
import type { ReactNode } from 'react';
import { formatBytes, formatCount, formatDecimal, formatPercent, formatTimeSpan } from '~/lib/format';

const IN_UNIT: Record<FieldUnit, (n: number) => string> = {
  bytes: formatBytes,
  ms: formatTimeSpan,
  MHz: (n) => `${formatCount(n)} MHz`,
  percent: formatPercent,
  fraction: (n) => formatPercent(n * 100),
};

/**
 * A field's value as pages print it; a plain number in the field's unit when it has one
 * (memoryBytes 77309411328 → 72 GiB). Without a unit, the value as recorded (forms edit it).
 */
export function formatValue(value: Field['value'], unit?: FieldUnit): string {
  if (value === null) return '—';
  if (Array.isArray(value)) return value.map((v) => formatValue(v, unit)).join(', ');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}=${formatValue(v)}`)
      .join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return unit ? IN_UNIT[unit](value) : formatDecimal(value, 6);
  return value;
}

/**
 * Marks an element as the place of one provenance or disclosure field of one run, where review
 * threads anchored to it (ReviewAnchor kind "field") are shown. Paths are the provenance diff's:
 * "settings.isolation", "nodes.sut.hardware.hostType", "disclosure.ai.declared".
 */
export function anchorField(runId: string, path: string): { 'data-anchor-field': string } {
  return { 'data-anchor-field': `${runId}|${path}` };
}

/**
 * What a report page shows beside an anchored item (its review threads' marker), given the item's
 * anchor key: "field:{runId}|{path}", "cell:{metric}|{entry}", "check:{id}" (see anchorKey).
 */
export type Annotate = (anchorKey: string) => ReactNode;

interface Row {
  /** What the row is called, with its help and unit where the field has them. */
  name: { label: string; help?: string; unit?: FieldUnit };
  field: Field;
  /** data-field, as the run page has always marked it */
  id: string;
  /** The field's path in the provenance diff (and review anchors). */
  path: string;
}

function FieldRows({
  rows,
  anchorRun,
  annotate,
}: {
  rows: readonly Row[];
  anchorRun?: string;
  annotate?: Annotate;
}) {
  if (rows.length === 0) return <p className="muted empty-group">nothing recorded</p>;
  return (
    <dl className="fields">
      {rows.map(({ name, field, id, path }) => (
        <div
          key={path}
          className="field"
          data-field={id}
          {...(anchorRun ? anchorField(anchorRun, path) : {})}
        >
          <dt title={name.help}>{name.label}</dt>
          <dd>
            <span className="value">{formatValue(field.value, name.unit)}</span>
            <OriginBadge origin={field.origin} />
            {field.quality && field.quality !== 'measured' ? (
              <span className="tag warn">{field.quality}</span>
            ) : null}
            {field.source ? (
              <span className="source" title={field.source}>
                {webUrlOrNull(field.source) ? <a href={field.source}>source</a> : field.source}
              </span>
            ) : null}
            {anchorRun && annotate ? annotate(`field:${anchorRun}|${path}`) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function rowsOf(
  fields: Record<string, Field | undefined>,
  name: (key: string) => Row['name'],
  id: (key: string) => string,
  path: (key: string) => string,
): Row[] {
  return Object.entries(fields).flatMap(([key, field]) =>
    field ? [{ name: name(key), field, id: id(key), path: path(key) }] : [],
  );
}

/** A node's sub-record as labelled: hardware and software fields by their labels, cloud keys as words. */
const NODE_PARTS = {
  hardware: (key: string) => groupFieldLabel('hardware', key),
  software: (key: string) => groupFieldLabel('nodeSoftware', key),
  cloud: (key: string) => ({ label: humanize(key) }),
} as const;

/**
 * A published result's start is the date it was published, unless the publication said when it
 * ran (the import fills it from the publication date): "Started" would claim a run began then.
 */
const PUBLISHED_LABELS: Record<string, { label: string; help: string }> = {
  startedAt: {
    label: 'Date (run or published)',
    help: 'When the result was measured, or, where the publication does not say, when it was published.',
  },
};

export function ProvenancePanel({
  provenance,
  anchorRun,
  annotate,
  published = false,
}: {
  provenance: Provenance;
  /** The run's id, to mark each field as a review anchor (report pages). */
  anchorRun?: string;
  annotate?: Annotate;
  /** A published result's provenance (its dates are the publication's). */
  published?: boolean;
}) {
  return (
    <div className="provenance">
      {PROVENANCE_GROUPS.map((group) => {
        if (group === 'nodes') {
          return (
            <details key={group} className="group" open={provenance.nodes.length > 0}>
              <summary>
                {GROUP_LABELS.nodes}{' '}
                <span className="muted">
                  ({provenance.nodes.length} node{provenance.nodes.length === 1 ? '' : 's'})
                </span>
              </summary>
              {provenance.nodes.length === 0 ? <p className="muted empty-group">nothing recorded</p> : null}
              {provenance.nodes.map((node, i) => (
                <div key={`${node.role}:${node.name}`} className="node">
                  <h4>
                    {node.name} <span className="tag">{node.role}</span>
                    {node.count > 1 ? <span className="tag">× {node.count}</span> : null}
                  </h4>
                  <FieldRows
                    anchorRun={anchorRun}
                    annotate={annotate}
                    rows={(['hardware', 'software', 'cloud'] as const).flatMap((sub) =>
                      rowsOf(
                        node[sub] as Record<string, Field | undefined>,
                        NODE_PARTS[sub],
                        (key) => `nodes.${i}.${key}`,
                        (key) => `nodes.${node.role}.${sub}.${key}`,
                      ),
                    )}
                  />
                </div>
              ))}
            </details>
          );
        }
        const fields = provenance[group] as Record<string, Field | undefined>;
        const count = Object.values(fields).filter(Boolean).length;
        return (
          <details key={group} className="group" open={count > 0}>
            <summary>
              {GROUP_LABELS[group]} <span className="muted">({count})</span>
            </summary>
            <FieldRows
              anchorRun={anchorRun}
              annotate={annotate}
              rows={rowsOf(
                fields,
                (key) =>
                  (published && group === 'run' && PUBLISHED_LABELS[key]) || groupFieldLabel(group, key),
                (key) => `${group}.${key}`,
                (key) => `${group}.${key}`,
              )}
            />
          </details>
        );
      })}
    </div>
  );
}
