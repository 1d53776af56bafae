'use client';
// The published-result form's "Setup and disclosure" section: the nodes (system under test,
// clients, auxiliary nodes) and every provenance field the fairness checks read, as the
// publication prints them. Turned into provenance and disclosure by setupToDocuments
// (lib/published-setup.ts) when the form is sent.
import { GROUP_LABELS } from '@levelfield/contracts/field-labels';
import type { ChangeEvent } from 'react';
import {
  emptyNode,
  FORM_GROUPS,
  fieldLabel,
  NODE_FIELDS,
  type NodeDraft,
  type NodeRole,
  ROLE_NAMES,
  type SetupDraft,
} from '~/lib/published-setup';

interface Props {
  draft: SetupDraft;
  onChange: (draft: SetupDraft) => void;
}

const PLACEHOLDERS: Record<string, string> = {
  'settings.isolationLevel': 'e.g. serializable',
  'settings.durability': 'e.g. fsync on commit, synchronous_commit=off',
  'client.language': 'e.g. Rust',
  'client.orm': 'e.g. none (stored procedure)',
  'client.connections': 'e.g. 64',
  'client.maxInFlight': 'e.g. 16384',
  'client.loadModel': 'e.g. closed, open at 10k/s',
  'workload.name': 'e.g. TPC-C',
  'workload.warehouses': 'e.g. 1000',
  'measurement.durationMs': 'e.g. 30 min',
  'measurement.throughputSource': 'e.g. client ack, server counter',
  'measurement.latencyEndPoint': 'e.g. complete, initiate',
  'measurement.cacheState': 'e.g. warm',
  'topology.replicationFactor': 'e.g. 3',
  'topology.clientPlacement': 'e.g. same zone',
  'topology.region': 'e.g. us-east-1',
  'software.nonDefaultSettings': 'e.g. shared_buffers, wal_level',
  'run.selectionRule': 'e.g. best of 3',
  'run.compliance': 'e.g. unofficial',
  'cost.horizon': 'e.g. hourly, 3-year',
};

function NodeRow({
  node,
  index,
  onChange,
  onRemove,
}: {
  node: NodeDraft;
  index: number;
  onChange: (node: NodeDraft) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <fieldset className="node-row">
      <legend>Node {n}</legend>
      <div className="published-grid">
        <label>
          Role
          <select
            aria-label={`Role, node ${n}`}
            value={node.role}
            onChange={(e) => onChange({ ...node, role: e.target.value as NodeRole })}
          >
            {(Object.keys(ROLE_NAMES) as NodeRole[]).map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </select>
        </label>
        {NODE_FIELDS.map((f) => (
          <label key={f.key}>
            {f.label}
            <input
              aria-label={`${f.label}, node ${n}`}
              value={node[f.key]}
              placeholder={f.placeholder}
              onChange={(e) => onChange({ ...node, [f.key]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <button type="button" className="button" onClick={onRemove}>
        Remove node {n}
      </button>
    </fieldset>
  );
}

export function SetupFields({ draft, onChange }: Props) {
  const set =
    (key: 'origin' | 'software' | 'affiliation' | 'ai') =>
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange({ ...draft, [key]: e.target.value });
  const setNode = (i: number) => (node: NodeDraft) =>
    onChange({ ...draft, nodes: draft.nodes.map((n, j) => (j === i ? node : n)) });
  const setField = (path: string) => (e: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...draft, fields: { ...draft.fields, [path]: e.target.value } });
  return (
    <fieldset>
      <legend>
        Setup and disclosure <span className="muted small">(optional, but the fairness checks read it)</span>
      </legend>
      <p className="muted small">
        Type values as the publication prints them (“fsync disabled”, “3 × i3en.6xlarge”). “not stated” or an
        empty field is unknown, never a match; type <strong>differs</strong> when a source says a side differs
        without printing the value. Every field is described in the{' '}
        <a href="/api/v1/schemas/provenance.json">provenance JSON Schema</a>.
      </p>
      <div className="published-grid">
        <label>
          Values come from
          <select value={draft.origin} onChange={set('origin')}>
            <option value="imported">the source (imported)</option>
            <option value="declared">elsewhere (declared)</option>
          </select>
        </label>
        <label>
          Software versions
          <input
            value={draft.software}
            onChange={set('software')}
            placeholder="e.g. cockroachdb 24.3, ubuntu 22.04"
          />
        </label>
        <label>
          Author affiliation
          <input
            value={draft.affiliation}
            onChange={set('affiliation')}
            placeholder="e.g. Red Planet Labs (vendor)"
          />
        </label>
        <label>
          AI assistance
          <select value={draft.ai} onChange={set('ai')}>
            <option value="not-stated">not stated</option>
            <option value="yes">declared: yes</option>
            <option value="no">declared: no</option>
          </select>
        </label>
      </div>
      <h3 className="small">Nodes</h3>
      {draft.nodes.length === 0 && (
        <p className="muted small">
          No nodes yet: add the system’s nodes, its clients and any auxiliary nodes.
        </p>
      )}
      {draft.nodes.map((node, i) => (
        <NodeRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and have no identity of their own
          key={i}
          node={node}
          index={i}
          onChange={setNode(i)}
          onRemove={() => onChange({ ...draft, nodes: draft.nodes.filter((_, j) => j !== i) })}
        />
      ))}
      <button
        type="button"
        className="button"
        onClick={() =>
          onChange({
            ...draft,
            nodes: [...draft.nodes, emptyNode(draft.nodes.length === 0 ? 'sut' : 'client')],
          })
        }
      >
        Add a node
      </button>
      {FORM_GROUPS.map(({ group, keys }) => {
        const filled = keys.filter((k) => draft.fields[`${group}.${k}`]?.trim()).length;
        return (
          <details key={group} className="setup-group">
            <summary>
              <span>{GROUP_LABELS[group]}</span>{' '}
              <span className="muted small">
                {filled > 0 ? `${filled} entered` : `${keys.length} fields`}
              </span>
            </summary>
            <div className="published-grid">
              {keys.map((key) => {
                const path = `${group}.${key}`;
                const { label, help } = fieldLabel(group, key);
                return (
                  <label key={path} title={help}>
                    {label}
                    <input
                      aria-label={`${GROUP_LABELS[group]}: ${label}`}
                      value={draft.fields[path] ?? ''}
                      placeholder={PLACEHOLDERS[path] ?? ''}
                      onChange={setField(path)}
                    />
                  </label>
                );
              })}
            </div>
          </details>
        );
      })}
    </fieldset>
  );
}
