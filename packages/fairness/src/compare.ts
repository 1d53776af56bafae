// The generic comparison most checks are made of: read a few fields on every side, normalise
// them, and say pass / flag / unknown with the values as evidence.
import { admitsUnknown, canonical, display, type FieldValue, normText, spread } from './normalize.ts';
import { entryValue, evidenceOf, pathReader, type Reader, type ReadField, readEntry } from './read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry } from './schema.ts';
import { barePath, isIntended } from './subject.ts';

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
  /**
   * A needed field: missing on every side makes the check unknown unless something else differs,
   * and stated for some sides only it is a finding (principle 2) unless unevenIsFinding says not.
   */
  required?: boolean;
  /**
   * Shown as evidence, never compared: values that differ by nature between systems (drivers,
   * component lists, load times whose treatment another field records).
   */
  evidenceOnly?: boolean;
  /**
   * A fact the claim depends on (versions, the measured duration): stated for some sides only,
   * it is flagged, not left for review (docs/fairness.md, principle 2).
   */
  unevenIsFinding?: boolean | ((key: string | number) => boolean);
}

/**
 * Stated for some sides only, and a finding: always for a fact the claim depends on, or when a
 * stated value is a relaxation (a warm cache on one side), flagged until the others are shown to
 * match (principle 2).
 */
function unevenFinding(c: FieldComparison): boolean {
  const rule = c.spec.unevenIsFinding;
  // The field a check rests on (required) is a fact the claim depends on unless its spec says not.
  if (typeof rule !== 'function') return rule ?? c.spec.required === true;
  return c.sides.some((s) => s.known && s.keys.some(rule));
}

export interface SideValue {
  entry: Entry;
  read: ReadField | undefined;
  known: boolean;
  /** Normalised keys of the entry's runs (distinct). */
  keys: (string | number)[];
  /** The field's normaliser does not recognise the value ("lots" for a count, a durability in prose it cannot read). */
  unreadable: boolean;
  /** Stated as unknown ("not stated", "default") rather than left out. */
  declined: boolean;
}

export interface FieldComparison {
  spec: FieldSpec;
  sides: SideValue[];
  /** Known on every side. */
  known: boolean;
  /** Differs between the sides where it is known (needs at least two), or a side says it differs. */
  differs: boolean;
  /** The field is the comparison's subject: it differs on purpose and is neither flagged nor passed. */
  intended: boolean;
}

/**
 * "equivalent to each TiDB VM", "same as the server", "identical to A's", "the same hardware as the
 * 1.22 run": equal to another side. Not when denied ("not the same machine as").
 */
const SAME_AS = /\b(equivalent|identical|same|equal)\b(\s+[\w-]+){0,2}?\s+(to|as)\b/;
const DENIED_SAME =
  /\b(not|never|isn't|wasn't|weren't|aren't)\s+(\w+\s+){0,2}(equivalent|identical|same|equal)\b/;

/**
 * Words that say a value was picked for each side on its own ("window width chosen per app",
 * "collective algorithms varied per library", "the query string differs per framework"): the
 * same words on every side then describe different setups, not one.
 */
const SIDE_NOUN =
  '(app|application|side|system|engine|database|library|framework|tool|runtime|server|client|editor|browser|language|implementation|vendor|product|solution|contender|competitor|candidate)s?';
const CHOSEN_PER_SIDE = new RegExp(
  `\\b((chosen|tuned|adjusted|picked|selected|sized|varied)( separately| individually| differently)? (per|for each) |(differ\\w*|vary|varies|varied) (per|by|between) (each )?)${SIDE_NOUN}\\b` +
    // A value that opens with whom it was set for: "per solution: the size where it first lags".
    `|^(per|for each) ${SIDE_NOUN}\\b`,
);

/** Said of a value, or of any part of one (a parameter's "sizeSelection: per solution: …"). */
export function saysChosenPerSide(value: unknown): boolean {
  if (typeof value === 'string') return CHOSEN_PER_SIDE.test(normText(value));
  if (Array.isArray(value)) return value.some(saysChosenPerSide);
  if (value !== null && typeof value === 'object') return Object.values(value).some(saysChosenPerSide);
  return false;
}

function saysSameAsOthers(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const t = normText(value);
  return SAME_AS.test(t) && !DENIED_SAME.test(t);
}

function keyOf(spec: FieldSpec, value: FieldValue): string | number {
  const k = spec.norm ? spec.norm(value) : null;
  return k ?? canonical(value);
}

/**
 * Every side's hardware value names that side's own system ("Google TPU v4" as the accelerator of
 * the system "Google TPU v4": the chips are what is compared), or its compiler does (GCC against
 * Clang): with the system as the subject, the field is the subject itself (docs/fairness.md, rule
 * 8). Only for hardware and the compiler: a client library or a protocol named after its system is
 * still a difference of the client.
 */
function namesOwnSystem(input: ComparisonInput, sides: readonly SideValue[]): boolean {
  if (!(input.subject ?? ['system']).includes('system')) return false;
  if (sides.length < 2) return false;
  return sides.every((s) => {
    const value = s.read && typeof s.read.value === 'string' ? normText(s.read.value) : '';
    const system = normText(s.entry.system ?? '');
    // A side named "Kata Containers (QEMU, 9p)" is named by "Kata Containers" before its details.
    const head = normText((s.entry.system ?? '').split(/[(,]/)[0] ?? '');
    if (system.length < 3 || value.length < 3) return false;
    return value.includes(system) || system.includes(value) || (head.length >= 3 && value.includes(head));
  });
}

export function compareField(input: ComparisonInput, spec: FieldSpec): FieldComparison {
  const sides: SideValue[] = input.entries.map((entry) => {
    const r = readEntry(entry, spec.read);
    const keys = new Set<string | number>();
    let unreadable = false;
    for (const f of r.fields) {
      if (!f) continue;
      keys.add(keyOf(spec, f.value));
      if (spec.norm && !f.differs && spec.norm(f.value) === null) unreadable = true;
    }
    // A side states a field when any of its runs does: its runs are repetitions or variants of one
    // setup, and a batched variant beside a run that does not say is still a batched side.
    const known = r.fields.some(Boolean);
    const declined = !known && entry.runs.some((run) => spec.read.saysNothing?.(run) === true);
    return { entry, read: entryValue(r), known, keys: [...keys], unreadable, declined };
  });
  // The same words on every side state the same setup, even where the normaliser cannot read
  // them ("reads from backups when necessary" on both sides): they agree, unless the words admit
  // they do not know ("nodes not stated" on both sides is the same ignorance, not the same setup).
  const stated = sides.filter((s) => s.known);
  if (
    stated.length >= 2 &&
    stated.every((s) => s.unreadable) &&
    new Set(stated.map((s) => JSON.stringify([...s.keys].sort()))).size === 1 &&
    !stated.some((s) => admitsUnknown(s.read?.value))
  )
    for (const s of stated) s.unreadable = false;
  // A value the normaliser cannot read is not compared as text against one it can: that
  // difference would be in the wording, not the setup. A reviewer compares it (verdictOf). Nor is
  // a value that says it equals another side's ("VM, equivalent to each TiDB VM"): its words name
  // no value of their own to differ by.
  const knownSides = sides.filter((s) => s.known && !s.unreadable && !saysSameAsOthers(s.read?.value));
  let differs = sides.some((s) => s.read?.differs || saysChosenPerSide(s.read?.value));
  if (!differs && knownSides.length >= 2) {
    const keys = knownSides.flatMap((s) => s.keys);
    if (spec.tolerance !== undefined && keys.every((k) => typeof k === 'number')) {
      // Each side's runs sorted, compared position by position: sides that each ran 29 and 10
      // workers agree, though 29 and 10 are far apart. Sides with different numbers of values
      // compare as before, over all of them.
      const lists = knownSides.map((s) => (s.keys as number[]).slice().sort((a, b) => a - b));
      const tolerance = spec.tolerance;
      differs = lists.every((l) => l.length === lists[0]?.length)
        ? (lists[0] ?? []).some((_, i) => spread(lists.map((l) => l[i] as number)) > tolerance)
        : keys.length >= 2 && spread(keys as number[]) > tolerance;
    } else {
      const signatures = new Set(knownSides.map((s) => JSON.stringify([...s.keys].sort())));
      differs = signatures.size > 1;
    }
  }
  const intended =
    isIntended(input, spec.field) ||
    ((spec.field.startsWith('nodes.') || barePath(spec.field) === 'software.compiler') &&
      namesOwnSystem(input, sides));
  const compared = !spec.evidenceOnly && !intended;
  return { spec, sides, known: sides.every((s) => s.known), differs: compared && differs, intended };
}

/**
 * Stated on some sides but not on others (the subject aside: one system may have no driver at
 * all). Evidence-only fields count: a value shown for one side and withheld for the other is
 * asymmetric disclosure.
 */
function statedUnevenly(c: FieldComparison): boolean {
  return !c.intended && !c.known && c.sides.some((s) => s.known);
}

/** A recorded field no check knows by name, compared as normalised text or numbers (±10 %). */
export function genericFieldSpec(path: string): FieldSpec {
  return {
    field: path,
    label: path.split('.').slice(-1)[0] ?? path,
    read: pathReader(path),
    norm: (v: FieldValue) => (typeof v === 'number' ? v : canonical(v)),
    tolerance: 1.1,
  };
}

/**
 * Every side's items are among another side's or hold them (one list extends the other), and no
 * side's list is empty: workloads a side ran within another's, settings one side added to
 * another's otherwise identical list.
 */
export function nestedSets(lists: readonly (readonly (string | number)[])[]): boolean {
  const sets = lists.map((k) => new Set(k));
  if (sets.length < 2 || sets.some((s) => s.size === 0)) return false;
  const within = (a: Set<string | number>, b: Set<string | number>) => [...a].every((k) => b.has(k));
  return sets.every((a) => sets.every((b) => within(a, b) || within(b, a)));
}

export function compareFields(input: ComparisonInput, specs: readonly FieldSpec[]): FieldComparison[] {
  return specs.map((spec) => compareField(input, spec));
}

/** "SpacetimeDB: serializable vs PostgreSQL: read committed". */
/** The unit a field's name gives a plain number ("durationMs": 42646 → "42,646 ms"). */
const UNIT_SUFFIXES: [RegExp, string][] = [
  [/Ms$/, 'ms'],
  [/Bytes$/, 'bytes'],
  [/Seconds$/, 's'],
];

function withUnit(field: string, value: FieldValue | undefined): string {
  const unit =
    typeof value === 'number' ? UNIT_SUFFIXES.find(([suffix]) => suffix.test(field))?.[1] : undefined;
  return unit ? `${display(value)} ${unit}` : display(value);
}

export function sidesText(c: FieldComparison): string {
  return c.sides
    .filter((s) => s.read)
    .map((s) => `${s.entry.label}: ${withUnit(c.spec.field, s.read?.value)}`)
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
    if (c.intended) continue;
    if (requiredOnly && (!c.spec.required || c.spec.evidenceOnly)) continue;
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
 * The usual verdict (docs/fairness.md, the rules):
 * - flag when a compared field differs between the sides that state it (or a side says it differs);
 * - needs_review when a field is stated for some sides and not for others: asymmetric disclosure
 *   is a finding, named with both sides' values in the hint;
 * - unknown when a required field, or every compared field, is missing;
 * - pass otherwise, citing every side's values.
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

/** Compared fields with a side whose value Levelfield cannot read. */
function unreadableOf(c: FieldComparison): SideValue[] {
  return c.intended || c.spec.evidenceOnly ? [] : c.sides.filter((s) => s.known && s.unreadable);
}

/** "A's commit durability “acks=all, sync=async” is not a value Levelfield reads; compare it with B (local-fsync)". */
function unreadableText(c: FieldComparison): string {
  const bad = unreadableOf(c);
  const others = c.sides.filter((s) => s.read && !bad.includes(s));
  return `${bad.map((s) => `${s.entry.label}'s ${c.spec.label} “${display(s.read?.value)}”`).join(' and ')} ${bad.length === 1 ? 'is' : 'are'} not a value Levelfield reads${others.length ? `; compare by hand with ${others.map((s) => `${s.entry.label} (${display(s.read?.value)})`).join(', ')}` : ''}`;
}

/** "stated for A (serializable), not for B". */
export function unevenText(c: FieldComparison): string {
  const stated = c.sides.filter((s) => s.known);
  const unstated = c.sides.filter((s) => !s.known);
  return `${c.spec.label} stated for ${stated.map((s) => `${s.entry.label} (${display(s.read?.value)})`).join(', ')}, not for ${unstated.map((s) => s.entry.label).join(', ')}`;
}

/** " (unequal, within ×10)": numbers that differ but within the field's tolerance say so. */
function withinText(c: FieldComparison): string {
  if (c.spec.tolerance === undefined || !Number.isFinite(c.spec.tolerance)) return '';
  const keys = new Set(c.sides.flatMap((s) => s.keys));
  return keys.size > 1 ? ` (unequal, within the ×${c.spec.tolerance} tolerance)` : '';
}

/** "the ORM differs by design (it is the comparison's subject: A: prisma vs B: drizzle)". */
function intendedText(comparisons: readonly FieldComparison[]): string {
  const shown = comparisons.filter((c) => c.intended && c.sides.some((s) => s.read));
  if (shown.length === 0) return '';
  return ` ${capitalise(shown.map((c) => `${c.spec.label} (${sidesText(c)})`).join('; '))} differ${shown.length === 1 ? 's' : ''} on purpose: the comparison's subject.`;
}

export function verdictOf(
  comparisons: readonly FieldComparison[],
  text: VerdictText,
  extra: { flags?: string[]; evidence?: CheckEvidence[] } = {},
): CheckOutcome {
  const evidence = [...evidenceFor(comparisons), ...(extra.evidence ?? [])];
  const differing = comparisons.filter((c) => c.differs);
  const uneven = comparisons.filter(statedUnevenly);
  const flags = [
    ...differing.map((c) => `${c.spec.label} differs (${sidesText(c)})`),
    ...uneven.filter(unevenFinding).map(unevenText),
    ...(extra.flags ?? []),
  ];
  const missing = [
    ...missingOf(comparisons),
    ...missingOf(
      uneven.filter((c) => !c.spec.required),
      false,
    ),
  ];
  if (flags.length > 0) {
    const outcome: CheckOutcome = {
      state: 'flag',
      evidence,
      message: `${capitalise(flags.join('; '))}: ${text.why}.`,
    };
    if (missing.length > 0) outcome.missing = missing;
    return outcome;
  }
  const unreadable = comparisons.filter((c) => unreadableOf(c).length > 0);
  if (uneven.length > 0 || unreadable.length > 0)
    return {
      state: 'needs_review',
      evidence,
      missing,
      hint: `${capitalise([...uneven.map(unevenText), ...unreadable.map(unreadableText)].join('; '))}: ${uneven.length > 0 ? 'ask the publisher for the missing side, since ' : ''}${text.why}.`,
      message: `Cannot confirm ${text.subject} is equal: ${[
        ...(uneven.length > 0
          ? [
              `${uneven.map((c) => c.spec.label).join(', ')} ${uneven.length === 1 ? 'is' : 'are'} stated for some sides only`,
            ]
          : []),
        ...(unreadable.length > 0
          ? [
              `${unreadable.map((c) => c.spec.label).join(', ')} ${unreadable.length === 1 ? 'is' : 'are'} written in a way Levelfield cannot compare`,
            ]
          : []),
      ].join('; ')}.`,
    };
  const compared = comparisons.filter((c) => c.known && !c.intended && !c.spec.evidenceOnly);
  // A pass rests on the compared fields; the subject's values are named in the message instead.
  const passEvidence = [...evidenceFor(comparisons.filter((c) => !c.intended)), ...(extra.evidence ?? [])];
  if (missing.length > 0 || compared.length === 0) {
    const all = missing.length > 0 ? missing : missingOf(comparisons, false);
    const anyStated = comparisons.some((c) => !c.intended && c.sides.some((s) => s.known));
    const what = anyStated
      ? `${missingText(all)} not recorded`
      : `none of ${comparisons
          .filter((c) => !c.intended)
          .map((c) => c.spec.label)
          .join(', ')} is recorded on any side`;
    return {
      state: 'unknown',
      evidence,
      missing: all,
      message: `Cannot check ${text.subject}: ${all.length > 0 || anyStated ? what : 'nothing comparable is recorded'}.${intendedText(comparisons)}`,
    };
  }
  // Said to be unknown on every side ("scale: not stated"): the same ignorance is no agreement,
  // so the sides are not shown comparable on it (docs/fairness.md, principle 1).
  const declined = comparisons.filter(
    (c) => !c.intended && !c.spec.evidenceOnly && c.sides.every((s) => s.declined),
  );
  if (declined.length > 0)
    return {
      state: 'needs_review',
      evidence: passEvidence,
      missing: declined.flatMap((c) => c.sides.map((s) => ({ entry: s.entry.label, field: c.spec.field }))),
      hint: `${capitalise(declined.map((c) => c.spec.label).join(', '))} ${declined.length === 1 ? 'is' : 'are'} stated as unknown on every side: find ${declined.length === 1 ? 'it' : 'them'} before calling the sides comparable, since ${text.why}.`,
      message: `Cannot confirm ${text.subject} is equal: ${declined.map((c) => c.spec.label).join(', ')} ${declined.length === 1 ? 'is' : 'are'} stated as unknown on every side.`,
    };
  // A value read as equal although it admits part of it is not known ("caches enabled;
  // pre-warming not stated" against "pre-warmed"): the normaliser read what was said, and the
  // unsaid part may be where the sides differ (principle 1), on one side or on every side.
  const hedged = compared.filter((c) => c.sides.some((s) => admitsUnknown(s.read?.value)));
  if (hedged.length > 0)
    return {
      state: 'needs_review',
      evidence: passEvidence,
      hint: `${capitalise(hedged.map((c) => `${c.spec.label} is partly not stated (${sidesText(c)})`).join('; '))}: confirm the unstated part before calling the sides comparable, since ${text.why}.`,
      message: `Cannot confirm ${text.subject} is equal: ${hedged.map((c) => c.spec.label).join(', ')} ${hedged.length === 1 ? 'is' : 'are'} partly not stated on some side.`,
    };
  return {
    state: 'pass',
    evidence: passEvidence,
    message: `Every side is comparable on ${text.subject}: ${compared.map((c) => `${c.spec.label} — ${sidesText(c)}${withinText(c)}`).join('; ')}.${intendedText(comparisons)}`,
  };
}

export function capitalise(s: string): string {
  return s.length === 0 ? s : s[0]?.toUpperCase() + s.slice(1);
}

export function labels(entries: readonly Entry[]): string {
  return entries.map((e) => e.label).join(', ');
}
