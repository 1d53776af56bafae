'use client';
// The builder's sweep: entries that are points of one parameter (instance size, client count), drawn
// as a line over it, one line per configuration and per value of a second swept parameter
// (warehouses × users), with the optimal point marked only by a rule the author declares.
import { TableScroll } from '~/components/table/table-scroll';
import type { CreateComparisonInput } from '~/lib/schemas/comparisons';

type SweepInput = NonNullable<CreateComparisonInput['sweep']>;

/** What the author typed, per entry key: kept while the builder regroups runs. */
export interface SweepDraft {
  on: boolean;
  parameter: string;
  second: string;
  optimum: '' | 'highest' | 'lowest';
  values: Record<string, string>;
  configurations: Record<string, string>;
  seconds: Record<string, string>;
}

export const EMPTY_SWEEP: SweepDraft = {
  on: false,
  parameter: '',
  second: '',
  optimum: '',
  values: {},
  configurations: {},
  seconds: {},
};

/** The sweep to save, or none: blank configurations or a blank second parameter are left out. */
export function sweepOf(draft: SweepDraft, keys: readonly string[]): SweepInput | undefined {
  if (!draft.on) return undefined;
  const per = (typed: Record<string, string>) => keys.map((k) => (typed[k] ?? '').trim());
  const configurations = per(draft.configurations);
  const seconds = per(draft.seconds);
  return {
    parameter: draft.parameter,
    values: per(draft.values),
    ...(configurations.some(Boolean) ? { series: configurations } : {}),
    ...(draft.second.trim() ? { also: [{ parameter: draft.second, values: seconds }] } : {}),
    ...(draft.optimum ? { optimum: { rule: draft.optimum, label: 'optimal' } } : {}),
  };
}

export function SweepFields({
  draft,
  onChange,
  entries,
}: {
  draft: SweepDraft;
  onChange: (draft: SweepDraft) => void;
  entries: { key: string; label: string }[];
}) {
  const perEntry = (field: 'values' | 'configurations' | 'seconds', key: string, value: string) =>
    onChange({ ...draft, [field]: { ...draft[field], [key]: value } });
  return (
    <fieldset>
      <legend>Sweep</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={draft.on}
          onChange={(e) => onChange({ ...draft, on: e.target.checked })}
        />
        The entries are points of a sweep (drawn as a line over a parameter)
      </label>
      {draft.on ? (
        <>
          <label>
            Swept parameter (x axis)
            <input
              value={draft.parameter}
              placeholder="e.g. users"
              onChange={(e) => onChange({ ...draft, parameter: e.target.value })}
            />
          </label>
          <label>
            Second swept parameter (optional: a line per value)
            <input
              value={draft.second}
              placeholder="e.g. warehouses"
              onChange={(e) => onChange({ ...draft, second: e.target.value })}
            />
          </label>
          <label>
            Optimal point
            <select
              value={draft.optimum}
              onChange={(e) => onChange({ ...draft, optimum: e.target.value as SweepDraft['optimum'] })}
            >
              <option value="">none marked</option>
              <option value="highest">the highest throughput</option>
              <option value="lowest">the lowest throughput</option>
            </select>
          </label>
          <TableScroll label="Sweep points of each entry">
            <table className="table" aria-label="Sweep points">
              <thead>
                <tr>
                  <th>Entry</th>
                  <th>{draft.parameter || 'Parameter'}</th>
                  <th>Configuration (a line each)</th>
                  {draft.second ? <th>{draft.second}</th> : null}
                </tr>
              </thead>
              <tbody>
                {entries.map((e, i) => (
                  <tr key={e.key}>
                    <th scope="row">{e.label}</th>
                    <td>
                      <input
                        aria-label={`Parameter value of entry ${i + 1}`}
                        value={draft.values[e.key] ?? ''}
                        onChange={(event) => perEntry('values', e.key, event.target.value)}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`Configuration of entry ${i + 1}`}
                        value={draft.configurations[e.key] ?? ''}
                        placeholder="e.g. Standard"
                        onChange={(event) => perEntry('configurations', e.key, event.target.value)}
                      />
                    </td>
                    {draft.second ? (
                      <td>
                        <input
                          aria-label={`Second parameter value of entry ${i + 1}`}
                          value={draft.seconds[e.key] ?? ''}
                          onChange={(event) => perEntry('seconds', e.key, event.target.value)}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
    </fieldset>
  );
}
