// Reading provenance fields out of runs and entries. An entry (one side) may hold several
// repeated runs; a field is known for the entry only when every run of it records the field.
import type { Field, Origin } from '@levelfield/contracts/provenance';
import { canonical, type FieldValue } from './normalize.ts';
import type { CheckEvidence, Entry, RunInput } from './schema.ts';

export type GroupName =
  | 'run'
  | 'software'
  | 'topology'
  | 'workload'
  | 'settings'
  | 'client'
  | 'measurement'
  | 'cost';
export type Role = 'sut' | 'client' | 'aux';

/** A field read from a run, possibly derived from several recorded fields. */
export interface ReadField {
  value: FieldValue;
  origin: Origin | 'derived';
  source?: string;
  quality?: Field['quality'];
}

export type Reader = (run: RunInput) => ReadField | undefined;

export function fromField(field: Field | undefined): ReadField | undefined {
  if (!field || field.value === null || field.value === '') return undefined;
  const out: ReadField = { value: field.value, origin: field.origin };
  if (field.source !== undefined) out.source = field.source;
  if (field.quality !== undefined) out.quality = field.quality;
  return out;
}

/** A reader of `group.key` in the run's provenance (known keys and catchall keys alike). */
export function groupField(group: GroupName, key: string): Reader {
  return (run) => {
    const g = run.provenance[group] as Record<string, Field | undefined>;
    return fromField(g[key]);
  };
}

export function nodesOf(run: RunInput, role: Role) {
  return run.provenance.nodes.filter((n) => n.role === role);
}

function commonOrigin(fields: readonly ReadField[]): ReadField['origin'] {
  const first = fields[0]?.origin ?? 'derived';
  return fields.every((f) => f.origin === first) ? first : 'derived';
}

/**
 * A node-level field over all nodes of a role: the distinct values (one value when the nodes
 * agree). Undefined when the role has no nodes or any of its nodes lacks the field.
 */
export function nodeField(role: Role, group: 'hardware' | 'software' | 'cloud', key: string): Reader {
  return (run) => {
    const nodes = nodesOf(run, role);
    if (nodes.length === 0) return undefined;
    const fields: ReadField[] = [];
    for (const node of nodes) {
      const g = node[group] as Record<string, Field | undefined>;
      const f = fromField(g[key]);
      if (!f) return undefined;
      fields.push(f);
    }
    const distinct = new Map<string, FieldValue>();
    for (const f of fields) distinct.set(canonical(f.value), f.value);
    const values = [...distinct.values()];
    const value: FieldValue =
      values.length === 1 ? (values[0] as FieldValue) : (values.map((v) => String(v)) as string[]);
    const out: ReadField = { value, origin: commonOrigin(fields) };
    const source = fields.find((f) => f.source)?.source;
    if (source) out.source = source;
    return out;
  };
}

/** Sum over the nodes of a role of count × a numeric hardware field (vCPUs, memory). */
export function nodeSum(role: Role, key: string, parse: (v: unknown) => number | null): Reader {
  return (run) => {
    const nodes = nodesOf(run, role);
    if (nodes.length === 0) return undefined;
    let total = 0;
    const fields: ReadField[] = [];
    const parts: string[] = [];
    for (const node of nodes) {
      const f = fromField((node.hardware as Record<string, Field | undefined>)[key]);
      const n = f ? parse(f.value) : null;
      if (!f || n === null) return undefined;
      fields.push(f);
      total += node.count * n;
      parts.push(`${node.count} × ${String(f.value)}`);
    }
    return {
      value: total,
      origin: fields.length === 1 && nodes[0]?.count === 1 ? commonOrigin(fields) : 'derived',
      source: `sum over ${role} nodes: ${parts.join(' + ')}`,
    };
  };
}

/** Number of nodes of a role (the sum of their counts). */
export function nodeCount(role: Role): Reader {
  return (run) => {
    const nodes = nodesOf(run, role);
    if (nodes.length === 0) return undefined;
    const total = nodes.reduce((sum, n) => sum + n.count, 0);
    return { value: total, origin: 'derived', source: `sum of ${role} node counts` };
  };
}

/** The first reader that answers. */
export function firstOf(...readers: Reader[]): Reader {
  return (run) => {
    for (const r of readers) {
      const f = r(run);
      if (f) return f;
    }
    return undefined;
  };
}

// --- entries ---------------------------------------------------------------------------------

export interface EntryRead {
  entry: Entry;
  /** One per run; undefined where the run lacks the field. */
  fields: (ReadField | undefined)[];
  /** True when every run of the entry records the field. */
  known: boolean;
}

export function readEntry(entry: Entry, reader: Reader): EntryRead {
  const fields = entry.runs.map((run) => reader(run));
  return { entry, fields, known: fields.every((f) => f !== undefined) };
}

/** The entry's value for evidence: the single value, or the distinct values of its runs. */
export function entryValue(read: EntryRead): ReadField | undefined {
  const present = read.fields.filter((f): f is ReadField => f !== undefined);
  if (present.length === 0) return undefined;
  const distinct = new Map<string, ReadField>();
  for (const f of present) distinct.set(canonical(f.value), f);
  const list = [...distinct.values()];
  if (list.length === 1) return list[0];
  return {
    value: list.map((f) => String(f.value)),
    origin: commonOrigin(list),
    source: 'the runs of this entry differ',
  };
}

export function evidenceOf(entry: Entry, field: string, read: ReadField): CheckEvidence {
  const ev: CheckEvidence = {
    entry: entry.label,
    field,
    value: read.value as CheckEvidence['value'],
    origin: read.origin,
  };
  if (read.source !== undefined) ev.source = read.source;
  if (read.quality !== undefined) ev.quality = read.quality;
  return ev;
}

export function derived(entry: Entry, field: string, value: CheckEvidence['value'], source?: string) {
  const ev: CheckEvidence = { entry: entry.label, field, value, origin: 'derived' };
  if (source !== undefined) ev.source = source;
  return ev;
}

/** All runs of all entries, with their entry. */
export function* runsOf(entries: readonly Entry[]): Generator<{ entry: Entry; run: RunInput }> {
  for (const entry of entries) for (const run of entry.runs) yield { entry, run };
}

/** A stable path for a published value: values.latency[transaction=New Order, endPoint=complete, percentile=p99]. */
export function valuePath(v: { metric: string; labels: Record<string, string> }): string {
  const labels = Object.entries(v.labels)
    .map(([k, val]) => `${k}=${val}`)
    .join(', ');
  return labels ? `values.${v.metric}[${labels}]` : `values.${v.metric}`;
}
