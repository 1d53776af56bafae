// Provenance grouped as shared/design/provenance.md lists it, each value with its origin.
import { type Field, PROVENANCE_GROUPS, type Provenance } from '@levelfield/contracts/provenance';
import { OriginBadge } from '@levelfield/ui/badge';

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

function FieldRows({ fields, prefix }: { fields: Record<string, Field | undefined>; prefix: string }) {
  const entries = Object.entries(fields).filter((e): e is [string, Field] => e[1] !== undefined);
  if (entries.length === 0) return <p className="muted empty-group">nothing recorded</p>;
  return (
    <dl className="fields">
      {entries.map(([key, field]) => (
        <div key={key} className="field" data-field={`${prefix}.${key}`}>
          <dt>{humanize(key)}</dt>
          <dd>
            <span className="value">{formatValue(field.value)}</span>
            <OriginBadge origin={field.origin} />
            {field.quality && field.quality !== 'measured' ? (
              <span className="tag warn">{field.quality}</span>
            ) : null}
            {field.source ? (
              <span className="source" title={field.source}>
                {field.source.startsWith('http') ? <a href={field.source}>source</a> : field.source}
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ProvenancePanel({ provenance }: { provenance: Provenance }) {
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
                    fields={{ ...node.hardware, ...node.software, ...node.cloud }}
                    prefix={`nodes.${i}`}
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
            <FieldRows fields={fields} prefix={group} />
          </details>
        );
      })}
    </div>
  );
}
