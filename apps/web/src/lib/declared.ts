// Declared provenance and disclosure, as editors type them. A declared value replaces what is
// there; when it overrides a value the agent captured, the captured one is kept beside it as
// `<key>Captured`, so the report can still show what the machine said.
import { Disclosure, type Field, Provenance, VALUE_GROUPS } from '@levelfield/contracts/provenance';
import { z } from 'zod';

/** The groups a person may declare values in (nodes are per machine and come from agents). */
export const DECLARABLE_GROUPS = VALUE_GROUPS;
export type DeclarableGroup = (typeof DECLARABLE_GROUPS)[number];

const Key = z.string().regex(/^[a-z][A-Za-z0-9]{0,63}$/, 'field names are camelCase letters and digits');

export const DeclaredEdits = z.object({
  /** group → field → typed text; an empty string removes a declared value. */
  provenance: z.partialRecord(z.enum(DECLARABLE_GROUPS), z.record(Key, z.string().max(4096))),
  disclosure: Disclosure,
});
export type DeclaredEdits = z.infer<typeof DeclaredEdits>;

/** "42" → 42, "true" → true, "a, b" stays text: people type numbers and flags as text. */
export function parseDeclaredValue(text: string): Field['value'] {
  const trimmed = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(trimmed) && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  return trimmed;
}

export function applyDeclared(current: Provenance, edits: DeclaredEdits['provenance']): Provenance {
  const next = structuredClone(current) as Provenance;
  for (const [group, fields] of Object.entries(edits) as [DeclarableGroup, Record<string, string>][]) {
    const target = next[group] as Record<string, Field | undefined>;
    for (const [key, text] of Object.entries(fields)) {
      const existing = target[key];
      if (text.trim() === '') {
        if (existing?.origin === 'declared') delete target[key];
        continue;
      }
      if (existing?.origin === 'captured' && !target[`${key}Captured`]) target[`${key}Captured`] = existing;
      target[key] = { value: parseDeclaredValue(text), origin: 'declared' };
    }
  }
  // Re-validate: the result is what gets stored.
  return Provenance.parse(next);
}
