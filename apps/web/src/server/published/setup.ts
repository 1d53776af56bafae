// The published-result form's "Setup and disclosure" section → the contract's Provenance and
// Disclosure (pure; runs in the browser before the import is sent). Only the fields the fairness
// checks lean on most: the SUT's hardware (F-HW-1/2), software versions (F-SW-1), node count
// (F-TOPO-1), cluster cost per hour (F-COST-1, cost per tpmC), author affiliation (F-DISC-3) and
// AI assistance (F-DISC-4). Every provenance value is 'imported' with the source URL when the
// publication prints it, or 'declared' when the person entering it knows it from elsewhere —
// the same distinction the seeds make.
import type { DisclosureInput, Field, ProvenanceInput } from '@levelfield/contracts/provenance';
import { parseNumber, toBytes } from '@levelfield/fairness/normalize';

export interface SetupDraft {
  origin: 'imported' | 'declared';
  instanceType: string;
  cpuModel: string;
  memory: string;
  nodes: string;
  software: string;
  costPerHour: string;
  affiliation: string;
  ai: 'not-stated' | 'yes' | 'no';
}

export const EMPTY_SETUP: SetupDraft = {
  origin: 'imported',
  instanceType: '',
  cpuModel: '',
  memory: '',
  nodes: '',
  software: '',
  costPerHour: '',
  affiliation: '',
  ai: 'not-stated',
};

export interface SetupError {
  field: string;
  message: string;
}

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

/** The section as provenance and disclosure, or the errors naming each bad field. */
export function setupToDocuments(
  draft: SetupDraft,
  context: { system: string; sourceUrl: string },
): { provenance: ProvenanceInput; disclosure: DisclosureInput } | { errors: SetupError[] } {
  const errors: SetupError[] = [];
  const field = (value: Field['value']): Field =>
    draft.origin === 'imported' && context.sourceUrl
      ? { value, origin: 'imported', source: context.sourceUrl }
      : { value, origin: 'declared' };
  const text = (s: string) => s.trim();

  const hardware: Record<string, Field> = {};
  if (text(draft.instanceType)) hardware.hostType = field(text(draft.instanceType));
  if (text(draft.cpuModel)) hardware.cpuModel = field(text(draft.cpuModel));
  if (text(draft.memory)) {
    // Kept as printed ("64 GiB", as the seeds keep it); the checks read the size from it.
    if (/[a-z]/i.test(draft.memory) && toBytes(draft.memory) !== null)
      hardware.memoryBytes = field(text(draft.memory));
    else errors.push({ field: 'memory', message: 'write a size with its unit, e.g. 64 GiB or 128 GB' });
  }
  let count: number | undefined;
  if (text(draft.nodes)) {
    count = Number(text(draft.nodes));
    if (!Number.isInteger(count) || count < 1 || count > 100_000) {
      errors.push({ field: 'nodes', message: 'the node count is a whole number from 1, e.g. 3' });
      count = undefined;
    }
  }
  let components: Record<string, string> | undefined;
  if (text(draft.software)) {
    const parsed = parseComponents(draft.software);
    if ('error' in parsed) errors.push({ field: 'software versions', message: parsed.error });
    else components = parsed;
  }
  let cost: number | undefined;
  if (text(draft.costPerHour)) {
    const n = /^\$?\s*[\d,]*\.?\d+$/.test(text(draft.costPerHour)) ? parseNumber(draft.costPerHour) : null;
    if (n === null || n < 0)
      errors.push({
        field: 'cost per hour',
        message: 'the cluster cost per hour is a number of US dollars, e.g. 87.81',
      });
    else cost = n;
  }
  if (errors.length > 0) return { errors };

  const provenance: ProvenanceInput = {};
  if (Object.keys(hardware).length > 0 || count !== undefined)
    provenance.nodes = [
      // The figures describe each node of the system under test; one node unless a count is given.
      { role: 'sut', name: context.system.trim() || 'sut', count: count ?? 1, hardware },
    ];
  if (count !== undefined) provenance.topology = { nodeCount: field(count) };
  if (components) provenance.software = { components: field(components) };
  if (cost !== undefined) provenance.cost = { clusterCostPerHour: field(cost), currency: field('USD') };
  const disclosure: DisclosureInput = { ai: { declared: draft.ai } };
  if (text(draft.affiliation)) disclosure.affiliation = text(draft.affiliation);
  return { provenance, disclosure };
}
