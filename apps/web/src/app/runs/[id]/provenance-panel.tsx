// Provenance grouped as shared/design/provenance.md lists it, each value with its origin.
import {
  type Field,
  PROVENANCE_GROUPS,
  type Provenance,
  webUrlOrNull,
} from '@levelfield/contracts/provenance';
import { OriginBadge } from '@levelfield/ui/badge';
import type { ReactNode } from 'react';

const GROUP_TITLES: Record<(typeof PROVENANCE_GROUPS)[number], string> = {
  run: 'Run',
  nodes: 'Hardware and platform',
  software: 'Software',
  topology: 'Topology',
  workload: 'Workload',
  settings: 'Settings',
  client: 'Client',
  measurement: 'Measurement',
  cost: 'Cost',
};

/** "cpuModel" → "CPU model", "memoryBytes" → "Memory bytes". */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return (words.charAt(0).toUpperCase() + words.slice(1))
    .replace(/\bcpu\b/i, 'CPU')
    .replace(/\bvcs\b/i, 'VCS')
    .replace(/\bos\b/i, 'OS');
}

export function formatValue(value: Field['value']): string {
  if (value === null) return '—';
  if (Array.isArray(value)) return value.map((v) => formatValue(v)).join(', ');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}=${formatValue(v)}`)
      .join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
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
  key: string;
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
      {rows.map(({ key, field, id, path }) => (
        <div
          key={path}
          className="field"
          data-field={id}
          {...(anchorRun ? anchorField(anchorRun, path) : {})}
        >
          <dt>{humanize(key)}</dt>
          <dd>
            <span className="value">{formatValue(field.value)}</span>
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
  id: (key: string) => string,
  path: (key: string) => string,
): Row[] {
  return Object.entries(fields).flatMap(([key, field]) =>
    field ? [{ key, field, id: id(key), path: path(key) }] : [],
  );
}

export function ProvenancePanel({
  provenance,
  anchorRun,
  annotate,
}: {
  provenance: Provenance;
  /** The run's id, to mark each field as a review anchor (report pages). */
  anchorRun?: string;
  annotate?: Annotate;
}) {
  return (
    <div className="provenance">
      {PROVENANCE_GROUPS.map((group) => {
        if (group === 'nodes') {
          return (
            <details key={group} className="group" open={provenance.nodes.length > 0}>
              <summary>
                {GROUP_TITLES.nodes}{' '}
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
              {GROUP_TITLES[group]} <span className="muted">({count})</span>
            </summary>
            <FieldRows
              anchorRun={anchorRun}
              annotate={annotate}
              rows={rowsOf(
                fields,
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
