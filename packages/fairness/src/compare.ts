// The generic comparison most checks are made of: read a few fields on every side, normalise
// them, and say pass / flag / unknown with the values as evidence.
import { canonical, display, type FieldValue, spread } from './normalize.ts';
import { entryValue, evidenceOf, type Reader, type ReadField, readEntry } from './read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry } from './schema.ts';

export interface FieldSpec {
  /** Evidence path, e.g. 'settings.isolationLevel'. */
  field: string;
  /** Words for a reader, e.g. 'isolation level'. */
  label: string;
  read: Reader;
  /** Canonical key of a value; null when unrecognised (the normalised text is used instead). */
  norm?: (value: FieldValue) => string | number | null;
  /** For numeric keys: equal when max / min ≤ tolerance (e.g. 1.1 for ±10 %). */
  tolerance?: number;
  /** A needed field: missing on any side makes the check unknown unless something else differs. */
  required?: boolean;
}

export interface SideValue {
  entry: Entry;
  read: ReadField | undefined;
  known: boolean;
  /** Normalised keys of the entry's runs (distinct). */
  keys: (string | number)[];
}

export interface FieldComparison {
  spec: FieldSpec;
  sides: SideValue[];
  /** Known on every side. */
  known: boolean;
  /** Differs between the sides where it is known (needs at least two). */
  differs: boolean;
}

function keyOf(spec: FieldSpec, value: FieldValue): string | number {
  const k = spec.norm ? spec.norm(value) : null;
  return k ?? canonical(value);
}

export function compareField(input: ComparisonInput, spec: FieldSpec): FieldComparison {
  const sides: SideValue[] = input.entries.map((entry) => {
    const r = readEntry(entry, spec.read);
    const keys = new Set<string | number>();
    for (const f of r.fields) if (f) keys.add(keyOf(spec, f.value));
    return { entry, read: entryValue(r), known: r.known, keys: [...keys] };
  });
  const knownSides = sides.filter((s) => s.known);
  let differs = false;
  if (knownSides.length >= 2) {
    if (spec.tolerance !== undefined) {
      const nums = knownSides.flatMap((s) => s.keys).filter((k): k is number => typeof k === 'number');
      differs = nums.length >= 2 && spread(nums) > spec.tolerance;
    } else {
      const signatures = new Set(knownSides.map((s) => JSON.stringify([...s.keys].sort())));
      differs = signatures.size > 1;
    }
  }
  return { spec, sides, known: sides.every((s) => s.known), differs };
}

export function compareFields(input: ComparisonInput, specs: readonly FieldSpec[]): FieldComparison[] {
  return specs.map((spec) => compareField(input, spec));
}

/** "SpacetimeDB: serializable vs PostgreSQL: read committed". */
export function sidesText(c: FieldComparison): string {
  return c.sides
    .filter((s) => s.read)
    .map((s) => `${s.entry.label}: ${display(s.read?.value)}`)
    .join(' vs ');
}

export function evidenceFor(comparisons: readonly FieldComparison[]): CheckEvidence[] {
  const out: CheckEvidence[] = [];
  for (const c of comparisons)
    for (const s of c.sides) if (s.read) out.push(evidenceOf(s.entry, c.spec.field, s.read));
  return out;
}

export function missingOf(comparisons: readonly FieldComparison[], requiredOnly = true) {
  const out: { entry: string; field: string }[] = [];
  for (const c of comparisons) {
    if (requiredOnly && !c.spec.required) continue;
    for (const s of c.sides) if (!s.known) out.push({ entry: s.entry.label, field: c.spec.field });
  }
  return out;
}

export function missingText(missing: readonly { entry: string; field: string }[]): string {
  const byEntry = new Map<string, string[]>();
  for (const m of missing) byEntry.set(m.entry, [...(byEntry.get(m.entry) ?? []), m.field]);
  return [...byEntry.entries()].map(([entry, fields]) => `${fields.join(', ')} for ${entry}`).join('; ');
}

export interface VerdictText {
  /** Why a difference matters, as the second half of the sentence. */
  why: string;
  /** What was compared, for pass and unknown messages, e.g. 'the isolation level'. */
  subject: string;
}

/**
 * The usual verdict: flag when a field differs between sides that record it; otherwise unknown
 * when a required field is missing on some side; otherwise pass.
 */
export function verdict(
  input: ComparisonInput,
  specs: readonly FieldSpec[],
  text: VerdictText,
  extra: { flags?: string[]; evidence?: CheckEvidence[] } = {},
): CheckOutcome {
  const comparisons = compareFields(input, specs);
  return verdictOf(comparisons, text, extra);
}

export function verdictOf(
  comparisons: readonly FieldComparison[],
  text: VerdictText,
  extra: { flags?: string[]; evidence?: CheckEvidence[] } = {},
): CheckOutcome {
  const evidence = [...evidenceFor(comparisons), ...(extra.evidence ?? [])];
  const differing = comparisons.filter((c) => c.differs);
  const flags = [
    ...differing.map((c) => `${c.spec.label} differs (${sidesText(c)})`),
    ...(extra.flags ?? []),
  ];
  const missing = missingOf(comparisons);
  if (flags.length > 0) {
    const outcome: CheckOutcome = {
      state: 'flag',
      evidence,
      message: `${capitalise(flags.join('; '))}: ${text.why}.`,
    };
    if (missing.length > 0) outcome.missing = missing;
    return outcome;
  }
  if (missing.length > 0)
    return {
      state: 'unknown',
      evidence,
      missing,
      message: `Cannot check ${text.subject}: ${missingText(missing)} not recorded.`,
    };
  const compared = comparisons.filter((c) => c.known).map((c) => c.spec.label);
  return {
    state: 'pass',
    evidence,
    message: `Every side matches on ${text.subject}${compared.length ? ` (${compared.join(', ')})` : ''}.`,
  };
}

export function capitalise(s: string): string {
  return s.length === 0 ? s : s[0]?.toUpperCase() + s.slice(1);
}

export function labels(entries: readonly Entry[]): string {
  return entries.map((e) => e.label).join(', ');
}
