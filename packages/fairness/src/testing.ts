// Builders for comparison inputs in tests and fixtures: plain values become Fields
// ({ value, origin: 'declared' }); objects that already look like a Field are kept.
import type { Field, ProvenanceInput } from '@levelfield/contracts/provenance';
import { ComparisonInput, type ComparisonInput as ComparisonInputT } from './schema.ts';

type Scalar = string | number | boolean | null;
export type Plain = Scalar | Scalar[] | Record<string, Scalar> | Field;
export type PlainGroup = Record<string, Plain>;

export interface NodeSpec {
  role?: 'sut' | 'client' | 'aux';
  name?: string;
  count?: number;
  hardware?: PlainGroup;
  software?: PlainGroup;
}

export interface RunSpec {
  id?: string;
  name?: string;
  source?: 'agent' | 'import' | 'published';
  run?: PlainGroup;
  nodes?: NodeSpec[];
  software?: PlainGroup;
  topology?: PlainGroup;
  workload?: PlainGroup;
  settings?: PlainGroup;
  client?: PlainGroup;
  measurement?: PlainGroup;
  cost?: PlainGroup;
  disclosure?: Record<string, unknown>;
  values?: Record<string, unknown>[];
  series?: Record<string, unknown>[];
}

function isField(v: Plain): v is Field {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && 'origin' in v && 'value' in v;
}

export function asField(v: Plain): Field {
  return isField(v) ? v : { value: v as Field['value'], origin: 'declared' };
}

export function group(g: PlainGroup | undefined): Record<string, Field> {
  return Object.fromEntries(Object.entries(g ?? {}).map(([k, v]) => [k, asField(v)]));
}

let counter = 0;

export function provenance(spec: RunSpec): ProvenanceInput {
  return {
    run: group(spec.run),
    nodes: (spec.nodes ?? []).map((n, i) => ({
      role: n.role ?? 'sut',
      name: n.name ?? `${n.role ?? 'sut'}-${i}`,
      count: n.count ?? 1,
      hardware: group(n.hardware),
      software: group(n.software),
    })),
    software: group(spec.software),
    topology: group(spec.topology),
    workload: group(spec.workload),
    settings: group(spec.settings),
    client: group(spec.client),
    measurement: group(spec.measurement),
    cost: group(spec.cost),
  };
}

export function run(spec: RunSpec = {}) {
  counter += 1;
  return {
    id: spec.id ?? `run-${counter}`,
    name: spec.name ?? `run ${counter}`,
    source: spec.source ?? 'agent',
    provenance: provenance(spec),
    disclosure: spec.disclosure ?? {},
    values: spec.values ?? [],
    series: spec.series ?? [],
  };
}

/** An entry with one run (a spec) or several. */
export function side(label: string, spec: RunSpec | RunSpec[] = {}, system?: string) {
  const runs = (Array.isArray(spec) ? spec : [spec]).map((s) => run(s));
  return system ? { label, system, runs } : { label, runs };
}

export function comparison(...entries: ReturnType<typeof side>[]): ComparisonInputT {
  return ComparisonInput.parse({ entries });
}

/** Two sides A and B. */
export function pair(a: RunSpec, b: RunSpec, systems?: [string, string]): ComparisonInputT {
  return comparison(side('A', a, systems?.[0]), side('B', b, systems?.[1]));
}

/** Imported field with its document section. */
export function imported(value: Field['value'], source: string, quality?: Field['quality']): Field {
  return quality ? { value, origin: 'imported', source, quality } : { value, origin: 'imported', source };
}
