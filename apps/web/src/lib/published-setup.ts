// The published-result form's "Setup and disclosure" section → the contract's Provenance and
// Disclosure. Pure and browser-safe: SetupDraft (a zod schema) checks it in the form before the
// import is sent, and setupToDocuments turns what passed into the documents. It covers
// every field the fairness checks read: nodes of every role (system under test, client,
// auxiliary) with their hardware, zone and OS, and each provenance group's fields as printed.
// Values printed in the source are 'imported' with its URL; values known from elsewhere
// 'declared'. "differs" records a difference a source names without printing the value.
import { groupFieldLabel } from '@levelfield/contracts/field-labels';
import {
  type DisclosureInput,
  type Field,
  GROUP_FIELDS,
  type ProvenanceInput,
  type ValueGroup,
} from '@levelfield/contracts/provenance';
import { isVacuous, parseNumber, toBytes } from '@levelfield/fairness/normalize';
import { z } from 'zod';

export const NODE_FIELDS: { key: Exclude<keyof NodeDraft, 'role'>; label: string; placeholder: string }[] = [
  { key: 'name', label: 'Name', placeholder: 'e.g. database' },
  { key: 'count', label: 'Count', placeholder: 'e.g. 3' },
  { key: 'hostType', label: 'Instance type', placeholder: 'e.g. c5d.9xlarge' },
  { key: 'cpuModel', label: 'CPU model', placeholder: 'e.g. Xeon 8124M' },
  { key: 'vcpus', label: 'vCPUs', placeholder: 'e.g. 36' },
  { key: 'vcpusUsed', label: 'vCPUs used', placeholder: 'e.g. 1 (single-threaded)' },
  { key: 'memory', label: 'Memory', placeholder: 'e.g. 72 GiB' },
  { key: 'storageType', label: 'Storage', placeholder: 'e.g. local NVMe' },
  { key: 'zone', label: 'Zone', placeholder: 'e.g. us-east-1a' },
  { key: 'os', label: 'OS', placeholder: 'e.g. Ubuntu 22.04' },
  { key: 'processes', label: 'Server processes', placeholder: 'e.g. 1' },
];

export const ROLE_NAMES: Record<NodeRole, string> = {
  sut: 'system under test',
  client: 'client (load generator)',
  aux: 'auxiliary (coordinator, metadata)',
};

export const emptyNode = (role: NodeRole = 'sut'): NodeDraft => ({
  role,
  name: '',
  count: '',
  hostType: '',
  cpuModel: '',
  vcpus: '',
  vcpusUsed: '',
  memory: '',
  storageType: '',
  zone: '',
  os: '',
  processes: '',
});

export const EMPTY_SETUP: SetupDraft = {
  origin: 'imported',
  nodes: [],
  software: '',
  fields: {},
  affiliation: '',
  ai: 'not-stated',
};

export type FieldGroup = ValueGroup;

/** Fields typed elsewhere in the form (the run's own inputs, the nodes, the versions) or not setup. */
const ELSEWHERE = new Set([
  'run.benchmark',
  'run.benchmarkVersion',
  'run.startedAt',
  'run.endedAt',
  'run.repetitionGroup',
  'software.components',
  'topology.nodeCount',
]);

/** Fields that hold several values, typed comma-separated. */
const LIST_FIELDS = new Set([
  'software.nonDefaultSettings',
  'workload.features',
  'measurement.formulaIds',
  'run.declaredDifferences',
]);

/** A field as the form labels it (its label, and how to type a list), with its help. */
export function fieldLabel(group: FieldGroup, key: string): { label: string; help?: string } {
  const name = groupFieldLabel(group, key);
  return {
    label: LIST_FIELDS.has(`${group}.${key}`) ? `${name.label} (comma-separated)` : name.label,
    ...('help' in name ? { help: name.help } : {}),
  };
}

/** The groups and their fields the form offers, in the order the form shows them. */
export const FORM_GROUPS: { group: FieldGroup; keys: string[] }[] = (
  ['settings', 'client', 'workload', 'measurement', 'topology', 'software', 'cost', 'run'] as const
).map((group) => ({ group, keys: GROUP_FIELDS[group].filter((k) => !ELSEWHERE.has(`${group}.${k}`)) }));

/** "postgresql 17.2, pgbouncer 1.23" → { postgresql: '17.2', pgbouncer: '1.23' } (the seeds' form). */
export function parseComponents(text: string): Record<string, string> | { error: string } {
  const out: Record<string, string> = {};
  for (const part of text.split(/[,\n]/)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    if (words.length < 2)
      return { error: `“${part.trim()}” has no version: write name and version, e.g. postgresql 17.2` };
    out[words.slice(0, -1).join(' ')] = words.at(-1) as string;
  }
  return out;
}

const DIFFERS = /^differs\b/i;

/**
 * Empty, "differs" (a source names a difference without the value), words that say nothing ("not
 * stated", "n/a": kept as typed, and unknown to every check, as the form's help says), or text
 * that `reads`.
 */
const typed = (reads: (text: string) => boolean, message: string) =>
  z.string().refine((text) => !text.trim() || DIFFERS.test(text.trim()) || isVacuous(text) || reads(text), {
    message,
  });

const NUMBER = typed(
  (text) => parseNumber(text) !== null,
  'write a number, e.g. 16 (or "differs" when a source says only that)',
);

/** A count of identical nodes: empty is one. */
const NODE_COUNT = z.string().refine(
  (text) => {
    const count = Number(text.trim());
    return !text.trim() || (Number.isInteger(count) && count >= 1 && count <= 100_000);
  },
  {
    message:
      'the node count is a whole number from 1, e.g. 3; leave it empty when the publication gives none',
  },
);

/** One node (or a group of identical nodes) as typed. */
export const NodeDraft = z.object({
  role: z.enum(['sut', 'client', 'aux']),
  name: z.string(),
  count: NODE_COUNT,
  hostType: z.string(),
  cpuModel: z.string(),
  vcpus: NUMBER,
  vcpusUsed: NUMBER,
  memory: typed(
    (text) => /[a-z]/i.test(text) && toBytes(text) !== null,
    'write a size with its unit, e.g. 64 GiB or 128 GB',
  ),
  storageType: z.string(),
  zone: z.string(),
  os: z.string(),
  processes: NUMBER,
});
export type NodeDraft = z.infer<typeof NodeDraft>;
export type NodeRole = NodeDraft['role'];

const COST_PER_HOUR = 'cost.clusterCostPerHour';

/** "$87.81" or "87.81": the cluster's cost per hour, or null. */
function costPerHour(text: string): number | null {
  const n = /^\$?\s*[\d,]*\.?\d+$/.test(text.trim()) ? parseNumber(text) : null;
  return n === null || n < 0 ? null : n;
}

/** The section as typed; each field it cannot read is an issue at its path (setupFieldName names it). */
export const SetupDraft = z.object({
  origin: z.enum(['imported', 'declared']),
  nodes: z.array(NodeDraft),
  /** "postgresql 17.2, pgbouncer 1.23". */
  software: z.string().superRefine((text, ctx) => {
    const parsed = parseComponents(text);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
  }),
  /** The other provenance fields as printed, by path: 'settings.isolationLevel' → 'serializable'. */
  fields: z.record(z.string(), z.string()).superRefine((fields, ctx) => {
    const cost = fields[COST_PER_HOUR]?.trim();
    if (cost && !DIFFERS.test(cost) && costPerHour(cost) === null)
      ctx.addIssue({
        code: 'custom',
        path: [COST_PER_HOUR],
        message: 'the cluster cost per hour is a number, e.g. 87.81',
      });
  }),
  affiliation: z.string(),
  ai: z.enum(['not-stated', 'yes', 'no']),
});
export type SetupDraft = z.infer<typeof SetupDraft>;

/** An issue's path in the section as the form names the field: "node 1 memory", "software versions". */
export function setupFieldName(path: string): string {
  const node = path.match(/^nodes\.(\d+)\.(\w+)$/);
  if (node) {
    const label = NODE_FIELDS.find((f) => f.key === node[2])?.label ?? node[2];
    return `node ${Number(node[1]) + 1} ${label}`;
  }
  if (path === 'software') return 'software versions';
  if (path === `fields.${COST_PER_HOUR}`) return 'cost per hour';
  return path;
}

/** A typed value: a plain number as a number, a list split on commas, text as printed. */
function typedValue(path: string, text: string): Field['value'] {
  if (LIST_FIELDS.has(path))
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** The section, checked by SetupDraft, as provenance and disclosure. */
export function setupToDocuments(
  draft: SetupDraft,
  context: { system: string; sourceUrl: string },
): { provenance: ProvenanceInput; disclosure: DisclosureInput } {
  const field = (value: Field['value']): Field =>
    draft.origin === 'imported' && context.sourceUrl
      ? { value, origin: 'imported', source: context.sourceUrl }
      : { value, origin: 'declared' };
  const entered = (text: string, path: string): Field => {
    const t = text.trim();
    return DIFFERS.test(t) ? { ...field(null), differs: true } : field(typedValue(path, t));
  };

  const nodes: NonNullable<ProvenanceInput['nodes']> = [];
  for (const n of draft.nodes) {
    const t = (s: string) => s.trim();
    const hardware: Record<string, Field> = {};
    const software: Record<string, Field> = {};
    const cloud: Record<string, Field> = {};
    const put = (into: Record<string, Field>, key: string, text: string, path: string) => {
      if (t(text)) into[key] = entered(text, path);
    };
    put(hardware, 'hostType', n.hostType, '');
    put(hardware, 'cpuModel', n.cpuModel, '');
    put(hardware, 'vcpus', n.vcpus, '');
    put(hardware, 'vcpusUsed', n.vcpusUsed, '');
    // Kept as printed ("64 GiB", as the seeds keep it); the checks read the size from it.
    if (t(n.memory))
      hardware.memoryBytes = DIFFERS.test(t(n.memory)) ? entered(n.memory, '') : field(t(n.memory));
    put(hardware, 'storageType', n.storageType, '');
    put(software, 'osName', n.os, '');
    put(software, 'processes', n.processes, '');
    put(cloud, 'zone', n.zone, '');
    nodes.push({
      role: n.role,
      name: t(n.name) || (n.role === 'sut' ? context.system.trim() || 'sut' : n.role),
      count: t(n.count) ? Number(t(n.count)) : 1,
      hardware,
      software,
      cloud,
    });
  }

  const parsed = draft.software.trim() ? parseComponents(draft.software) : null;
  const components = parsed && !('error' in parsed) ? parsed : undefined;
  const groups: Partial<Record<FieldGroup, Record<string, Field>>> = {};
  const groupOf = (group: FieldGroup) => {
    groups[group] ??= {};
    return groups[group];
  };
  for (const [path, text] of Object.entries(draft.fields)) {
    if (!text.trim()) continue;
    const [group, key] = path.split('.') as [FieldGroup, string];
    const cost = path === COST_PER_HOUR && !DIFFERS.test(text.trim()) ? costPerHour(text) : null;
    if (cost !== null) {
      const costs = groupOf('cost');
      costs.clusterCostPerHour = field(cost);
      costs.currency ??= field('USD');
      continue;
    }
    groupOf(group)[key] = entered(text, path);
  }
  const provenance: ProvenanceInput = { ...groups };
  if (nodes.length > 0) {
    provenance.nodes = nodes;
    const sut = nodes.filter((n) => n.role === 'sut').reduce((sum, n) => sum + (n.count ?? 1), 0);
    if (sut > 0) provenance.topology = { nodeCount: field(sut), ...provenance.topology };
  }
  if (components) provenance.software = { components: field(components), ...provenance.software };
  const disclosure: DisclosureInput = { ai: { declared: draft.ai } };
  if (draft.affiliation.trim()) disclosure.affiliation = draft.affiliation.trim();
  return { provenance, disclosure };
}
