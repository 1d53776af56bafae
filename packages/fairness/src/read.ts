// Reading provenance fields out of runs and entries. An entry (one side) may hold several
// repeated runs; a field is known for the entry only when every run of it records the field.
import type { Field, Origin, ValueGroup } from '@levelfield/contracts/provenance';
import { canonical, display, type FieldValue, isVacuous } from './normalize.ts';
import type { CheckEvidence, Entry, RunInput } from './schema.ts';
import { barePath } from './subject.ts';

export type GroupName = ValueGroup;
export type Role = 'sut' | 'client' | 'aux';

/** A field read from a run, possibly derived from several recorded fields. */
export interface ReadField {
  value: FieldValue;
  origin: Origin | 'derived';
  source?: string;
  quality?: Field['quality'];
  /** A source says this side differs without printing the value (Field.differs). */
  differs?: true;
  /** The provenance path actually read, when a reader fell back to another field. */
  path?: string;
}

/** What a side says when it only says it differs. */
export const DIFFERS_UNSTATED = 'differs (value not stated)';

export type Reader = ((run: RunInput) => ReadField | undefined) & {
  /**
   * True when the run records the field but says nothing ("not stated"): a fallback must not
   * answer in its place, or a value the publication declined to give would be filled in.
   */
  saysNothing?: (run: RunInput) => boolean;
};

function reader(
  read: (run: RunInput) => ReadField | undefined,
  saysNothing: (run: RunInput) => boolean,
): Reader {
  return Object.assign(read, { saysNothing });
}

/** True when a field is recorded but says nothing ("not stated", "default", null). */
export const saysNothing = (f: Field | undefined) => f !== undefined && !f.differs && isVacuous(f.value);

/**
 * A recorded field as a check reads it. Values that say nothing ("not stated", "default", "n/a")
 * read as missing; `saidNothing` finds them again for the evidence.
 */
export function fromField(field: Field | undefined): ReadField | undefined {
  if (!field) return undefined;
  if (field.differs) {
    const out: ReadField = {
      value: isVacuous(field.value) ? DIFFERS_UNSTATED : field.value,
      origin: field.origin,
      differs: true,
    };
    if (field.source !== undefined) out.source = field.source;
    return out;
  }
  if (isVacuous(field.value)) return undefined;
  const out: ReadField = { value: field.value, origin: field.origin };
  if (field.source !== undefined) out.source = field.source;
  if (field.quality !== undefined) out.quality = field.quality;
  return out;
}

/** A reader of `group.key` in the run's provenance (known keys and catchall keys alike). */
export function groupField(group: GroupName, key: string): Reader {
  const fieldOf = (run: RunInput) => (run.provenance[group] as Record<string, Field | undefined>)[key];
  return reader(
    (run) => {
      const f = fromField(fieldOf(run));
      return f ? { ...f, path: `${group}.${key}` } : undefined;
    },
    (run) => saysNothing(fieldOf(run)),
  );
}

/** True when some node of the role records the key as nothing. */
function nodesSayNothing(
  role: Role | readonly Role[],
  group: 'hardware' | 'software' | 'cloud',
  key: string,
) {
  return (run: RunInput) =>
    nodesOf(run, role).some((n) => saysNothing((n[group] as Record<string, Field | undefined>)[key]));
}

/** The nodes of one role, or of several ('sut' and 'aux': the system's whole footprint). */
export function nodesOf(run: RunInput, role: Role | readonly Role[]) {
  const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
  return run.provenance.nodes.filter((n) => roles.includes(n.role));
}

function roleText(role: Role | readonly Role[]): string {
  return typeof role === 'string' ? role : role.join(' + ');
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
  return reader(
    (run) => {
      const nodes = nodesOf(run, role);
      if (nodes.length === 0) return undefined;
      const fields: ReadField[] = [];
      for (const node of nodes) {
        const g = node[group] as Record<string, Field | undefined>;
        const f = fromField(g[key]);
        if (f?.differs) return f;
        if (!f) return undefined;
        fields.push(f);
      }
      const distinct = new Map<string, FieldValue>();
      for (const f of fields) distinct.set(canonical(f.value), f.value);
      const values = [...distinct.values()];
      const value: FieldValue =
        values.length === 1 ? (values[0] as FieldValue) : (values.map((v) => String(v)) as string[]);
      const out: ReadField = { value, origin: commonOrigin(fields), path: `nodes.${role}.${group}.${key}` };
      const source = fields.find((f) => f.source)?.source;
      if (source) out.source = source;
      return out;
    },
    nodesSayNothing(role, group, key),
  );
}

/** Sum over the nodes of a role of count × a numeric hardware field (vCPUs, memory). */
export function nodeSum(
  role: Role | readonly Role[],
  key: string,
  parse: (v: unknown) => number | null,
): Reader {
  return reader(
    (run) => {
      const nodes = nodesOf(run, role);
      if (nodes.length === 0) return undefined;
      let total = 0;
      const fields: ReadField[] = [];
      const parts: string[] = [];
      for (const node of nodes) {
        const f = fromField((node.hardware as Record<string, Field | undefined>)[key]);
        if (f?.differs) return f;
        const n = f ? parse(f.value) : null;
        if (!f || n === null) return undefined;
        fields.push(f);
        total += node.count * n;
        parts.push(`${node.count} × ${String(f.value)}`);
      }
      return {
        value: total,
        origin: fields.length === 1 && nodes[0]?.count === 1 ? commonOrigin(fields) : 'derived',
        source: `sum over ${roleText(role)} nodes: ${parts.join(' + ')}`,
        path: `nodes.${typeof role === 'string' ? role : role[0]}.hardware.${key} (total)`,
      };
    },
    nodesSayNothing(role, 'hardware', key),
  );
}

/** Number of nodes of a role (the sum of their counts). */
export function nodeCount(role: Role | readonly Role[]): Reader {
  return (run) => {
    const nodes = nodesOf(run, role);
    if (nodes.length === 0) return undefined;
    const total = nodes.reduce((sum, n) => sum + n.count, 0);
    return { value: total, origin: 'derived', source: `sum of ${roleText(role)} node counts` };
  };
}

/**
 * A reader's field only where `norm` reads its value ("HTTPS (TLSv1.2)" for transport security,
 * "-O3" for optimisation); a field that says something else is left to other readers and checks.
 */
export function readableBy(norm: (value: unknown) => unknown, read: Reader): Reader {
  return (run) => {
    const f = read(run);
    return f && !f.differs && norm(f.value) !== null ? f : undefined;
  };
}

/** The first reader that answers. */
export function firstOf(...readers: Reader[]): Reader {
  /** The first reader that answers or says nothing; later ones are fallbacks for absent fields only. */
  const decisive = (run: RunInput) => {
    for (const r of readers) {
      const f = r(run);
      if (f) return { f };
      if (r.saysNothing?.(run)) return { f: undefined, nothing: true };
    }
    return { f: undefined };
  };
  return reader(
    (run) => decisive(run).f,
    (run) => decisive(run).nothing === true,
  );
}

/**
 * The first reader that answers (as `firstOf`), with what the others say when they disagree
 * added to its source: the structured field decides, and a contradicting note or node-level
 * value stays visible in the evidence instead of being dropped.
 */
export function withOthers(norm: (v: FieldValue) => string | number | null, ...readers: Reader[]): Reader {
  const first = firstOf(...readers);
  return reader(
    (run) => {
      const f = first(run);
      if (!f) return undefined;
      const key = (v: FieldValue) => norm(v) ?? canonical(v);
      const notes: string[] = [];
      for (const r of readers) {
        const o = r(run);
        if (o && key(o.value) !== key(f.value))
          notes.push(`${o.path ?? o.source ?? 'another field'} says ${String(o.value)}`);
      }
      return notes.length === 0 ? f : { ...f, source: [f.source, ...notes].filter(Boolean).join('; ') };
    },
    (run) => first.saysNothing?.(run) === true,
  );
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
    // An object or list is printed as its parts ("workers=16, pool=…"), not as "[object Object]".
    value: list.map((f) =>
      typeof f.value === 'object' && f.value !== null ? display(f.value) : String(f.value),
    ),
    origin: commonOrigin(list),
    source: 'the runs of this entry differ',
  };
}

export function evidenceOf(entry: Entry, field: string, read: ReadField): CheckEvidence {
  const ev: CheckEvidence = {
    entry: entry.label,
    // A fallback cites the field it actually read (run.benchmark for workload.name).
    field: read.path && barePath(read.path) !== barePath(field) ? read.path : field,
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

/**
 * Every recorded field of a run by its evidence path (`settings.isolationLevel`,
 * `nodes.sut.hardware.vcpus`): what the generic "differs" rule walks, so a field no check knows
 * yet is still compared.
 */
export function fieldPaths(run: RunInput): string[] {
  const out = new Set<string>();
  const { nodes, schemaVersion: _v, ...groups } = run.provenance;
  for (const [group, fields] of Object.entries(groups))
    for (const key of Object.keys(fields as object)) out.add(`${group}.${key}`);
  for (const node of nodes)
    for (const group of ['hardware', 'software', 'cloud'] as const)
      for (const key of Object.keys(node[group] as object)) out.add(`nodes.${node.role}.${group}.${key}`);
  return [...out];
}

/** Every provenance path recorded on any run of the comparison, sorted. */
export function recordedPaths(input: { entries: readonly Entry[] }): string[] {
  const paths = new Set<string>();
  for (const entry of input.entries)
    for (const run of entry.runs) for (const p of fieldPaths(run)) paths.add(p);
  return [...paths].sort();
}

/** The dimension group of a provenance path: nodes' hardware → hardware, their cloud → topology. */
export function groupOf(path: string): string {
  const parts = path.split('.');
  if (parts[0] !== 'nodes') return parts[0] ?? path;
  if (parts[2] === 'cloud') return 'topology';
  return parts[2] === 'software' ? 'software' : 'hardware';
}

/** The reader of a path `fieldPaths` returns. */
export function pathReader(path: string): Reader {
  const parts = path.split('.');
  if (parts[0] === 'nodes')
    return nodeField(
      parts[1] as Role,
      parts[2] as 'hardware' | 'software' | 'cloud',
      parts.slice(3).join('.'),
    );
  return groupField(parts[0] as GroupName, parts.slice(1).join('.'));
}

/** One recorded field of a run whose value says nothing, at its evidence path. */
export interface SaidNothing {
  path: string;
  field: Field;
}

/**
 * Every field of a run whose value says nothing ("not stated", "default", null), with the path
 * checks use in evidence and `missing` (`settings.isolationLevel`, `nodes.sut.hardware.vcpus`).
 */
export function saidNothing(run: RunInput): SaidNothing[] {
  const out: SaidNothing[] = [];
  const add = (path: string, f: Field | undefined) => {
    if (f && !f.differs && isVacuous(f.value)) out.push({ path, field: f });
  };
  const { nodes, schemaVersion: _v, ...groups } = run.provenance;
  for (const [group, fields] of Object.entries(groups))
    for (const [key, f] of Object.entries(fields as Record<string, Field | undefined>))
      add(`${group}.${key}`, f);
  for (const node of nodes)
    for (const group of ['hardware', 'software', 'cloud'] as const)
      for (const [key, f] of Object.entries(node[group] as Record<string, Field | undefined>))
        add(`nodes.${node.role}.${group}.${key}`, f);
  return out;
}
