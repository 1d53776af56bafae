// F-SW-*: builds, versions, tuning effort and reproducibility.
import { compareFields, type FieldSpec, verdictOf } from '../compare.ts';
import { normBuildType, parseNumber, toBool, toDay } from '../normalize.ts';
import { derived, entryValue, evidenceOf, groupField, readEntry } from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput } from '../schema.ts';

// --- F-SW-1 ------------------------------------------------------------------------------------

export function checkSw1(input: ComparisonInput): CheckOutcome {
  const specs: FieldSpec[] = [
    {
      field: 'software.buildType',
      label: 'build type',
      read: groupField('software', 'buildType'),
      norm: normBuildType,
      required: true,
    },
    {
      field: 'software.releaseDate',
      label: 'release date',
      read: groupField('software', 'releaseDate'),
      norm: (v) => toDay(v),
      // Release dates more than a year apart: one side runs a much older version.
      tolerance: Number.POSITIVE_INFINITY,
    },
    { field: 'software.components', label: 'components', read: groupField('software', 'components') },
  ];
  const comparisons = compareFields(input, specs);
  // Components name different systems by design: they are evidence, never a difference here.
  const components = comparisons[2];
  if (components) components.differs = false;
  const flags: string[] = [];
  for (const side of comparisons[0]?.sides ?? [])
    if (side.keys.includes('debug')) flags.push(`${side.entry.label} ran a debug build`);
  const days = (comparisons[1]?.sides ?? [])
    .filter((s) => s.known)
    .map((s) => ({ label: s.entry.label, day: s.keys.find((k): k is number => typeof k === 'number') }))
    .filter((d): d is { label: string; day: number } => d.day !== undefined);
  if (days.length >= 2) {
    const oldest = days.reduce((a, b) => (a.day <= b.day ? a : b));
    const newest = days.reduce((a, b) => (a.day >= b.day ? a : b));
    const gap = newest.day - oldest.day;
    if (gap > 365)
      flags.push(
        `${oldest.label} runs a release ${(gap / 365).toFixed(1)} years older than ${newest.label}'s`,
      );
  }
  return verdictOf(
    comparisons,
    {
      why: 'debug builds and outdated versions understate a system, so every side should run a current release build',
      subject: 'the build type and versions',
    },
    { flags },
  );
}

// --- F-SW-2 (REV) ------------------------------------------------------------------------------

function settingsCount(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  return parseNumber(value);
}

export function checkSw2(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const counts = input.entries.map((entry) => {
    const reader = (run: (typeof entry.runs)[number]) =>
      groupField('software', 'nonDefaultSettings')(run) ?? groupField('software', 'configurationDiff')(run);
    const first = entry.runs.map(reader).find((f) => f !== undefined);
    if (!first) return { entry, count: null as number | null };
    evidence.push(evidenceOf(entry, 'software.nonDefaultSettings', first));
    return { entry, count: settingsCount(first.value) };
  });
  const parts = counts.map((c) =>
    c.count === null
      ? `not recorded on ${c.entry.label}`
      : `${c.count} non-default setting${c.count === 1 ? '' : 's'} on ${c.entry.label}`,
  );
  const known = counts.filter((c) => c.count !== null).map((c) => c.count as number);
  const uneven = known.length >= 2 && Math.max(...known) !== Math.min(...known);
  return {
    state: 'needs_review',
    evidence,
    hint: parts.join(' vs '),
    message: uneven
      ? 'The sides were tuned unequally (see the hint): a reviewer should confirm each side got comparable tuning effort, not "defaults for them, tuned for us".'
      : 'A reviewer should confirm every side got comparable tuning effort, not "defaults for them, tuned for us".',
  };
}

// --- F-SW-3 ------------------------------------------------------------------------------------

export function checkSw3(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const flags: string[] = [];
  const unknown: string[] = [];
  const notes: string[] = [];
  for (const entry of input.entries) {
    const dirtyRead = entryValue(readEntry(entry, groupField('software', 'vcsDirty')));
    const dirty = dirtyRead ? toBool(dirtyRead.value) : null;
    if (dirtyRead) evidence.push(evidenceOf(entry, 'software.vcsDirty', dirtyRead));
    const artefacts = entry.runs.flatMap((r) => r.disclosure.artefacts);
    if (artefacts.length > 0)
      evidence.push(
        derived(
          entry,
          'disclosure.artefacts',
          artefacts.map((a) => (a.sha256 ? `${a.url} sha256:${a.sha256.slice(0, 12)}…` : a.url)),
        ),
      );
    if (dirty === true) flags.push(`${entry.label} ran from a modified (dirty) working tree`);
    else if (dirty === null && artefacts.length === 0) unknown.push(entry.label);
    if (artefacts.length > 0 && artefacts.some((a) => !a.sha256))
      notes.push(`${entry.label}'s artefacts carry no hash`);
  }
  if (flags.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${flags.join('; ')}: nobody can rebuild exactly what was measured.`,
    };
  if (unknown.length > 0)
    return {
      state: 'unknown',
      evidence,
      missing: unknown.map((e) => ({ entry: e, field: 'software.vcsDirty / disclosure.artefacts' })),
      message: `Cannot check reproducibility: no VCS state and no published artefacts for ${unknown.join(', ')}.`,
    };
  return {
    state: 'pass',
    evidence,
    message: `Every side is reproducible from a clean tree or published artefacts${notes.length ? ` (${notes.join('; ')})` : ''}.`,
  };
}
