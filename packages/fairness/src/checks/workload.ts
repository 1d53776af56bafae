// F-WL-*: the workload — spec and parameters, think times, features, subsets, variants, loading.
import { compareFields, type FieldSpec, verdictOf } from '../compare.ts';
import { display, normFeature, normText, parseNumber, toBool } from '../normalize.ts';
import { derived, entryValue, evidenceOf, firstOf, groupField, readEntry } from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry } from '../schema.ts';
import { requireAny } from './topology.ts';

/** "TPC-C", "tpcc", "TPC C" → "tpcc". */
export function normWorkloadName(value: unknown): string | null {
  const t = normText(value).replace(/[\s.]/g, '');
  return t === '' ? null : t;
}

export const workloadParameterSpecs: FieldSpec[] = [
  {
    field: 'workload.warehouses',
    label: 'scale',
    read: firstOf(groupField('workload', 'warehouses'), groupField('workload', 'scale')),
    norm: (v) => parseNumber(v),
    tolerance: 1,
  },
  { field: 'workload.parameters', label: 'parameters', read: groupField('workload', 'parameters') },
  { field: 'workload.mix', label: 'transaction mix', read: groupField('workload', 'mix') },
  { field: 'workload.skew', label: 'skew', read: groupField('workload', 'skew') },
  { field: 'workload.seed', label: 'random seed', read: groupField('workload', 'seed') },
];

// --- F-WL-1 ------------------------------------------------------------------------------------

export function checkWl1(input: ComparisonInput): CheckOutcome {
  const head: FieldSpec[] = [
    {
      field: 'workload.name',
      label: 'workload',
      read: groupField('workload', 'name'),
      norm: normWorkloadName,
      required: true,
    },
    { field: 'workload.specVersion', label: 'spec version', read: groupField('workload', 'specVersion') },
  ];
  const comparisons = compareFields(input, [...head, ...workloadParameterSpecs]);
  const outcome = verdictOf(comparisons, {
    why: 'a different scale, mix or skew is a different workload, so the numbers do not measure the same work',
    subject: 'the workload spec and parameters',
  });
  if (outcome.state !== 'pass') return outcome;
  return requireAny(outcome, comparisons.slice(2), 'the workload parameters');
}

// --- F-WL-2 ------------------------------------------------------------------------------------

export function checkWl2(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'workload.keyingThinkTimes',
      label: 'keying/think times',
      read: groupField('workload', 'keyingThinkTimes'),
      norm: (v) => {
        const b = toBool(v);
        if (b !== null) return b ? 'on' : 'off';
        const t = normText(v);
        if (/disabled|no wait|zero|off|none/.test(t)) return 'off';
        if (/spec|honou?red|on|enabled|tpc/.test(t)) return 'on';
        return null;
      },
    },
    {
      field: 'workload.waitFraction',
      label: 'wait fraction',
      read: groupField('workload', 'waitFraction'),
      norm: (v) => parseNumber(v),
      tolerance: 1.2,
    },
  ]);
  return requireAny(
    verdictOf(comparisons, {
      why: 'without keying and think times each terminal sends far more requests, so throughput is no longer bounded the same way',
      subject: 'the keying and think times',
    }),
    comparisons,
    'the keying and think times',
  );
}

// --- F-WL-3 (REV) ------------------------------------------------------------------------------

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).map(([k, v]) => (v === true ? k : `${k}: ${String(v)}`));
  if (value === null || value === undefined || value === '') return [];
  return [String(value)];
}

export function checkWl3(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const features = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, groupField('workload', 'features')));
    if (read) evidence.push(evidenceOf(entry, 'workload.features', read));
    return { entry, list: read ? listOf(read.value) : null };
  });
  const known = features.filter((f) => f.list !== null) as { entry: Entry; list: string[] }[];
  const keyed = known.map((f) => ({ ...f, keys: new Set(f.list.map((x) => normFeature(x))) }));
  const parts: string[] = [];
  for (const f of keyed) {
    const only = f.list.filter((x) => keyed.some((o) => o !== f && !o.keys.has(normFeature(x))));
    if (only.length > 0) parts.push(`${f.entry.label} only: ${only.join(', ')}`);
  }
  const unrecorded = features.filter((f) => f.list === null).map((f) => f.entry.label);
  if (unrecorded.length > 0) parts.push(`no feature list for ${unrecorded.join(', ')}`);
  return {
    state: 'needs_review',
    evidence,
    hint: parts.length > 0 ? parts.join('; ') : 'the recorded features match on every side',
    message:
      'A reviewer should confirm the sides implement the workload with equivalent features (stored procedures vs ORM, batching, foreign keys).',
  };
}

// --- F-WL-4 (REV) ------------------------------------------------------------------------------

/** Operation types per benchmark, for "reported / total" hints. */
const KNOWN_TOTALS: Record<string, { total: number; what: string }> = {
  tpcc: { total: 5, what: 'TPC-C transaction types' },
  ycsb: { total: 6, what: 'YCSB core workloads' },
};

export function checkWl4(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const parts = input.entries.map((entry) => {
    const ops = new Set<string>();
    for (const run of entry.runs) {
      for (const v of run.values) {
        const op = v.labels.transaction ?? v.labels.operation;
        if (op && v.value !== null) ops.add(op);
      }
      for (const s of run.series) {
        const op = s.labels.transaction ?? s.labels.operation;
        if (op) ops.add(op);
      }
    }
    const name = entry.runs.map((r) => groupField('workload', 'name')(r)).find((f) => f !== undefined);
    const known = name ? KNOWN_TOTALS[normText(name.value).replace(/[\s.]/g, '')] : undefined;
    const declaredTotal = entry.runs.map((r) => groupField('workload', 'operationTypes')(r)).find((f) => f);
    const total = declaredTotal ? parseNumber(declaredTotal.value) : (known?.total ?? null);
    evidence.push(
      derived(entry, 'reported operations', [...ops].sort(), 'operation labels of values and series'),
    );
    if (ops.size === 0) return `${entry.label}: no per-operation results`;
    return `${entry.label}: ${ops.size}${total !== null ? `/${total}` : ''} ${known?.what ?? 'operation types'} reported`;
  });
  return {
    state: 'needs_review',
    evidence,
    hint: parts.join('; '),
    message:
      'A reviewer should confirm any subset of the benchmark is justified and every sub-result is shown.',
  };
}

// --- F-WL-5 (REV) ------------------------------------------------------------------------------

export function checkWl5(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const parts: string[] = [];
  for (const entry of input.entries) {
    const variant = entryValue(readEntry(entry, groupField('workload', 'variant')));
    const division = entryValue(readEntry(entry, groupField('run', 'division')));
    if (variant) evidence.push(evidenceOf(entry, 'workload.variant', variant));
    if (division) evidence.push(evidenceOf(entry, 'run.division', division));
    const open = division && /open|modified/.test(normText(division.value));
    if (variant || open)
      parts.push(
        `${entry.label}: ${variant ? `variant "${display(variant.value)}"` : 'modified rules'}${division ? ` (division ${display(division.value)})` : ''}`,
      );
  }
  return {
    state: 'needs_review',
    evidence,
    hint:
      parts.length > 0
        ? `outside the standard benchmark — ${parts.join('; ')}`
        : 'no variant or modified division recorded',
    message:
      parts.length > 0
        ? 'A side runs a variant outside the standard benchmark: a reviewer should confirm it is labelled as such wherever its numbers appear.'
        : 'A reviewer should confirm no side runs an unlabelled variant of the benchmark.',
  };
}

// --- F-WL-6 (AUTO where recorded; REV) ---------------------------------------------------------

export function checkWl6(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'measurement.loadTimeIncluded',
      label: 'load time included in the result',
      read: groupField('measurement', 'loadTimeIncluded'),
      norm: (v) => {
        const b = toBool(v);
        return b === null ? null : String(b);
      },
      required: true,
    },
    { field: 'workload.loadTimeMs', label: 'load time', read: groupField('workload', 'loadTimeMs') },
  ]);
  const loadTime = comparisons[1];
  if (loadTime) loadTime.differs = false;
  const outcome = verdictOf(comparisons, {
    why: 'counting loading or preprocessing on one side only changes what the time measures',
    subject: 'the treatment of load time',
  });
  if (outcome.state !== 'unknown') return outcome;
  const times = (loadTime?.sides ?? []).map(
    (s) => `${s.entry.label}: ${s.read ? `${display(s.read.value)} ms` : 'not recorded'}`,
  );
  return {
    ...outcome,
    state: 'needs_review',
    hint: `Whether load time is part of the result is not recorded on every side; load times — ${times.join('; ')}.`,
    message:
      'A reviewer should confirm loading and preprocessing time are treated the same way on every side.',
  };
}
