// The provenance diff of a comparison (pure): every field grouped as provenance.md lists them,
// one value per entry, fields whose values differ marked, groups with no difference marked
// identical so the page can collapse them. An entry may be a group of repeated runs: every run
// is read, and a field whose runs disagree is listed with each distinct value ("varies within
// group") and counts as a difference — a repetition that changed the setup is not a repetition.
import 'server-only';
import { type Field, PROVENANCE_GROUPS, type Provenance } from '@levelfield/contracts/provenance';
import type { ComparisonInput, RunInput } from '@levelfield/fairness';

export interface DiffField {
  path: string;
  key: string;
  /** One per entry: the value its runs share; where they vary, the first run's (see variants). */
  values: (Field | null)[];
  /** One per entry: null when its runs agree, else the distinct values in run order (null: a run lacks it). */
  variants: ((Field | null)[] | null)[];
  differs: boolean;
}

export interface DiffGroup {
  group: (typeof PROVENANCE_GROUPS)[number] | 'disclosure';
  fields: DiffField[];
  differs: boolean;
}

type Flat = Map<string, Field>;

function flatten(provenance: Provenance, group: (typeof PROVENANCE_GROUPS)[number]): Flat {
  const out: Flat = new Map();
  if (group === 'nodes') {
    for (const node of provenance.nodes) {
      const at = `nodes.${node.role}`;
      out.set(`${at}.count`, { value: node.count, origin: 'declared' } as Field);
      for (const sub of ['hardware', 'software'] as const)
        for (const [k, f] of Object.entries(node[sub] ?? {})) if (f) out.set(`${at}.${sub}.${k}`, f as Field);
    }
    return out;
  }
  for (const [k, f] of Object.entries(provenance[group] as Record<string, Field | undefined>))
    if (f) out.set(`${group}.${k}`, f);
  return out;
}

const DISCLOSURE_KEYS = ['affiliation', 'conflictOfInterest', 'otherVendorConsulted'] as const;

/** The disclosure fields the diff shows, as declared fields keyed like provenance paths. */
function flattenDisclosure(run: RunInput): Flat {
  const out: Flat = new Map();
  const d = run.disclosure;
  for (const k of DISCLOSURE_KEYS) {
    const v = d[k];
    if (v !== undefined) out.set(`disclosure.${k}`, { value: v, origin: 'declared' } as Field);
  }
  out.set('disclosure.ai.declared', { value: d.ai.declared, origin: 'declared' } as Field);
  return out;
}

const canon = (f: Field | null) => (f === null ? '∅' : JSON.stringify(f.value));

/** One entry's value of a field over its runs (one flattened map per run). */
function entryValue(runs: Flat[], path: string): { value: Field | null; variants: (Field | null)[] | null } {
  const perRun = runs.map((m) => m.get(path) ?? null);
  const distinct = new Map<string, Field | null>();
  for (const f of perRun) if (!distinct.has(canon(f))) distinct.set(canon(f), f);
  return { value: perRun[0] ?? null, variants: distinct.size > 1 ? [...distinct.values()] : null };
}

/** Fields of one group: per entry a list of per-run maps. */
function diffFields(entries: Flat[][], keyOf: (path: string) => string): DiffField[] {
  const paths = [...new Set(entries.flatMap((runs) => runs.flatMap((m) => [...m.keys()])))];
  return paths.map((path) => {
    const read = entries.map((runs) => entryValue(runs, path));
    const values = read.map((r) => r.value);
    const variants = read.map((r) => r.variants);
    return {
      path,
      key: keyOf(path),
      values,
      variants,
      differs: new Set(values.map(canon)).size > 1 || variants.some((v) => v !== null),
    };
  });
}

const lastSegment = (path: string) => path.split('.').at(-1) ?? path;

export function provenanceDiff(input: ComparisonInput): DiffGroup[] {
  const groups: DiffGroup[] = PROVENANCE_GROUPS.map((group) => {
    const fields = diffFields(
      input.entries.map((e) => e.runs.map((r) => flatten(r.provenance, group))),
      lastSegment,
    );
    return { group, fields, differs: fields.some((f) => f.differs) };
  });
  const disclosure = diffFields(
    input.entries.map((e) => e.runs.map(flattenDisclosure)),
    (path) => (path === 'disclosure.ai.declared' ? 'aiAssistance' : lastSegment(path)),
  );
  groups.push({
    group: 'disclosure',
    fields: disclosure.filter((f) => f.values.some((v) => v !== null) || f.variants.some((v) => v !== null)),
    differs: disclosure.some((f) => f.differs),
  });
  return groups;
}
