'use client';
// The published-result form's compact "Setup and disclosure" section: what the publication says
// about the machines, software and cost, and about its authors. Turned into provenance and
// disclosure by setupToDocuments (server/published/setup.ts) when the form is sent.
import type { ChangeEvent } from 'react';
import type { SetupDraft } from '~/server/published/setup';

interface Props {
  draft: SetupDraft;
  onChange: (draft: SetupDraft) => void;
}

const TEXT_FIELDS: { key: keyof SetupDraft; label: string; placeholder: string }[] = [
  { key: 'instanceType', label: 'Instance type', placeholder: 'e.g. c5d.9xlarge' },
  { key: 'cpuModel', label: 'CPU model', placeholder: 'e.g. Intel Xeon Platinum 8124M' },
  { key: 'memory', label: 'Memory per node', placeholder: 'e.g. 72 GiB' },
  { key: 'nodes', label: 'Nodes', placeholder: 'e.g. 81' },
  { key: 'software', label: 'Software versions', placeholder: 'e.g. cockroachdb 24.3, ubuntu 22.04' },
  { key: 'costPerHour', label: 'Cluster cost per hour (USD)', placeholder: 'e.g. 139.97' },
  { key: 'affiliation', label: 'Author affiliation', placeholder: 'e.g. Red Planet Labs (vendor)' },
];

export function SetupFields({ draft, onChange }: Props) {
  const set = (key: keyof SetupDraft) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...draft, [key]: e.target.value });
  return (
    <fieldset>
      <legend>
        Setup and disclosure <span className="muted small">(optional)</span>
      </legend>
      <p className="muted small">
        What the fairness checks compare: the hardware per node of the system under test, versions, node count
        and cost, and who wrote the publication. Values printed in the source are recorded as imported from
        its URL; values you know from elsewhere as declared.
      </p>
      <div className="published-grid">
        <label>
          Values come from
          <select value={draft.origin} onChange={set('origin')}>
            <option value="imported">the source (imported)</option>
            <option value="declared">elsewhere (declared)</option>
          </select>
        </label>
        {TEXT_FIELDS.map((f) => (
          <label key={f.key}>
            {f.label}
            <input value={draft[f.key]} onChange={set(f.key)} placeholder={f.placeholder} />
          </label>
        ))}
        <label>
          AI assistance
          <select value={draft.ai} onChange={set('ai')}>
            <option value="not-stated">not stated</option>
            <option value="yes">declared: yes</option>
            <option value="no">declared: no</option>
          </select>
        </label>
      </div>
    </fieldset>
  );
}
