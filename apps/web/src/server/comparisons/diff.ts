// The provenance diff of a comparison (pure): every field grouped as provenance.md lists them,
// one value per entry (its first run), fields whose values differ marked, groups with no
// difference marked identical so the page can collapse them.
import { type Field, PROVENANCE_GROUPS, type Provenance } from '@levelfield/contracts/provenance';
import type { ComparisonInput } from '@levelfield/fairness';

export interface DiffField {
  path: string;
  key: string;
  values: (Field | null)[];
  differs: boolean;
}

export interface DiffGroup {
  group: (typeof PROVENANCE_GROUPS)[number] | 'disclosure';
  fields: DiffField[];
  differs: boolean;
}

function flatten(provenance: Provenance, group: (typeof PROVENANCE_GROUPS)[number]): Map<string, Field> {
  const out = new Map<string, Field>();
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

const canon = (f: Field | null) => (f === null ? '∅' : JSON.stringify(f.value));

export function provenanceDiff(input: ComparisonInput): DiffGroup[] {
  const firsts = input.entries.map((e) => e.runs[0]);
  const groups: DiffGroup[] = PROVENANCE_GROUPS.map((group) => {
    const maps = firsts.map((r) => (r ? flatten(r.provenance, group) : new Map<string, Field>()));
    const paths = [...new Set(maps.flatMap((m) => [...m.keys()]))];
    const fields = paths.map((path) => {
      const values = maps.map((m) => m.get(path) ?? null);
      return {
        path,
        key: path.split('.').at(-1) ?? path,
        values,
        differs: new Set(values.map(canon)).size > 1,
      };
    });
    return { group, fields, differs: fields.some((f) => f.differs) };
  });
  const disclosure = firsts.map((r) => r?.disclosure);
  const keys = ['affiliation', 'conflictOfInterest', 'otherVendorConsulted'] as const;
  const discFields: DiffField[] = keys.map((k) => {
    const values = disclosure.map((d) => {
      const v = d?.[k];
      return v === undefined ? null : ({ value: v, origin: 'declared' } as Field);
    });
    return { path: `disclosure.${k}`, key: k, values, differs: new Set(values.map(canon)).size > 1 };
  });
  const ai = disclosure.map((d) => (d ? ({ value: d.ai.declared, origin: 'declared' } as Field) : null));
  discFields.push({
    path: 'disclosure.ai.declared',
    key: 'aiAssistance',
    values: ai,
    differs: new Set(ai.map(canon)).size > 1,
  });
  groups.push({
    group: 'disclosure',
    fields: discFields.filter((f) => f.values.some((v) => v !== null)),
    differs: discFields.some((f) => f.differs),
  });
  return groups;
}
