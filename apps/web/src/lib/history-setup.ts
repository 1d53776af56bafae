// The setup of a run: what its tool's command line says about the load it offered, as the agent
// reads it (agents/internal/adapters/shape.go): clients, threads, load model and rate, the
// script, protocol and other parameters. A history joins runs by their labels (history-key.ts);
// two runs of one history whose setups differ measure different things, so the CI verdict leaves
// such baseline runs out and the history page marks where the setup changed, rather than calling
// a change of options a change of the software.
//
// A run without a recorded setup (an older agent, a tool no shaper knows) is unknown: it is never
// said to differ, and never said to match either.
import { canonicalJson } from '@levelfield/contracts/canonical';
import { isObject, provenanceValue } from './provenance-value';

/** The provenance fields that make up a setup, by group and key. */
const SETUP_FIELDS = [
  ['client', 'connections'],
  ['client', 'threads'],
  ['client', 'workers'],
  ['client', 'loadModel'],
  ['client', 'targetRate'],
  ['workload', 'parameters'],
] as const;

/** Setting name ("client.connections", "workload.parameters.protocol") → its value as text. */
export type Setup = Record<string, string>;

export interface SetupDifference {
  setting: string;
  /** The value in the earlier (or baseline) run; null when that run did not set it. */
  before: string | null;
  after: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : canonicalJson(value));

/** The run's setup from its provenance; null when none of its fields was recorded. */
export function setupOf(provenance: unknown): Setup | null {
  const setup: Setup = {};
  for (const [group, key] of SETUP_FIELDS) {
    const value = provenanceValue(provenance, group, key);
    if (value === undefined || value === null) continue;
    // A record's entries are settings of their own, so a difference names the one that changed.
    if (isObject(value))
      for (const [name, entry] of Object.entries(value)) setup[`${group}.${key}.${name}`] = text(entry);
    else setup[`${group}.${key}`] = text(value);
  }
  return Object.keys(setup).length > 0 ? setup : null;
}

/** The settings whose values differ between two recorded setups, by name. */
export function setupDifferences(before: Setup, after: Setup): SetupDifference[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .filter((name) => before[name] !== after[name])
    .map((setting) => ({ setting, before: before[setting] ?? null, after: after[setting] ?? null }));
}

/** Whether two runs' setups are both recorded and differ. */
export function setupsDiffer(a: unknown, b: unknown): boolean {
  const left = setupOf(a);
  const right = setupOf(b);
  return left !== null && right !== null && setupDifferences(left, right).length > 0;
}

/** "client.connections 2 → 1; workload.parameters.protocol prepared → simple", for a reader. */
export function describeSetupDifferences(differences: SetupDifference[]): string {
  return differences
    .map(({ setting, before, after }) => `${setting} ${before ?? 'not set'} → ${after ?? 'not set'}`)
    .join('; ');
}

/** A point of a history where the tool's options differ from the run before it that had them. */
export interface SetupChange {
  pointIndex: number;
  runId: string;
  commit: string | null;
  differences: SetupDifference[];
  summary: string;
}

/**
 * Where along a history the setup changed: each run's recorded setup against the last one before
 * it (runs without one are skipped, not counted as a change), at most one change per point.
 */
export function setupChangesOf(
  points: readonly { index: number; commit: string | null; runs: readonly { id: string }[] }[],
  setups: ReadonlyMap<string, Setup | null>,
): SetupChange[] {
  const changes: SetupChange[] = [];
  let last: Setup | null = null;
  for (const point of points)
    for (const run of point.runs) {
      const setup = setups.get(run.id) ?? null;
      if (setup === null) continue;
      const differences = last ? setupDifferences(last, setup) : [];
      if (differences.length > 0 && changes.at(-1)?.pointIndex !== point.index)
        changes.push({
          pointIndex: point.index,
          runId: run.id,
          commit: point.commit,
          differences,
          summary: describeSetupDifferences(differences),
        });
      last = setup;
    }
  return changes;
}
