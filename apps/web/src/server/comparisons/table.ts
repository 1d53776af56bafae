// The headline table of a comparison, computed from the engine input (pure, unit-tested):
// throughput and the benchmark's own metrics, recomputed with @levelfield/metrics formulas where
// the inputs exist (the published figure is kept beside it), and a ratio column against the
// baseline with a 95 % Fieller interval when both sides have ≥ 2 repetitions.
import 'server-only';
import type { ComparisonInput, PublishedValue, RunInput } from '@levelfield/fairness';
import {
  type Better,
  compareRatio,
  costPerTpmCPerHour,
  threeYearDollarsPerTpmC,
} from '@levelfield/metrics/formulas';
import { ratioOfMeansConfidenceInterval } from '@levelfield/metrics/stats';
import { seriesNamer } from '~/lib/series-name';
import { parseQuantity } from '../published/schema.ts';

export const CI_METHOD = 'Fieller (ratio of means, Welch–Satterthwaite df), 95 %';

export interface HeadlineCell {
  /** Mean over the entry's runs (one value for a single run). */
  value: number | null;
  /** Per-run values (repetitions). */
  runs: number[];
  /** As printed, for a single published value. */
  text?: string;
  quality?: PublishedValue['quality'];
  origin?: PublishedValue['origin'] | 'derived';
  formulaId?: string;
  /** The published figure when Levelfield recomputed the value. */
  published?: { value: number | null; text?: string };
}

export interface HeadlineRatio {
  text: string;
  ratio: number;
  ci?: { lower: number; upper: number; bounded: boolean; method: string };
  /** Why there is no interval. */
  ciNote?: string;
}

export interface HeadlineRow {
  key: string;
  label: string;
  unit: string;
  better: Better | null;
  group: 'throughput' | 'efficiency' | 'cost' | 'latency' | 'other';
  cells: HeadlineCell[];
  /** One per entry; null for the baseline and where a side has no value. */
  ratios: (HeadlineRatio | null)[];
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function labelsKey(labels: Record<string, string>): string {
  return Object.entries(labels)
    .filter(([k]) => k !== 'instance' && k !== 'service')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

function valuesOf(run: RunInput, metric: string, labels?: string): PublishedValue[] {
  return run.values.filter(
    (v) => v.metric === metric && (labels === undefined || labelsKey(v.labels) === labels),
  );
}

function first(run: RunInput, metric: string, labels = ''): PublishedValue | undefined {
  return valuesOf(run, metric, labels)[0];
}

function cellOf(per: (PublishedValue | undefined)[]): HeadlineCell {
  const runs = per.map((v) => v?.value).filter((v): v is number => typeof v === 'number');
  const only = per.length === 1 ? per[0] : undefined;
  const cell: HeadlineCell = {
    value: runs.length > 0 && runs.length === per.length ? mean(runs) : null,
    runs,
  };
  if (only) {
    if (only.text !== undefined) cell.text = only.text;
    cell.quality = only.quality;
    cell.origin = only.origin;
    if (only.formulaId) cell.formulaId = only.formulaId;
  }
  return cell;
}

const WORDS: Record<HeadlineRow['group'], { better: string; worse: string }> = {
  throughput: { better: 'higher', worse: 'lower' },
  efficiency: { better: 'higher', worse: 'lower' },
  cost: { better: 'cheaper', worse: 'dearer' },
  latency: { better: 'faster', worse: 'slower' },
  other: { better: 'better', worse: 'worse' },
};

export function ratioOf(row: Pick<HeadlineRow, 'better' | 'group'>, cell: HeadlineCell, base: HeadlineCell) {
  if (!row.better || cell.value === null || base.value === null || cell.value <= 0 || base.value <= 0)
    return null;
  const r = compareRatio(cell.value, base.value, row.better, { words: WORDS[row.group] });
  const out: HeadlineRatio = { text: r.text, ratio: r.ratio };
  if (cell.runs.length >= 2 && base.runs.length >= 2) {
    const ci = ratioOfMeansConfidenceInterval(cell.runs, base.runs, 0.95);
    out.ci = { lower: ci.lower, upper: ci.upper, bounded: ci.bounded, method: CI_METHOD };
  } else if (cell.runs.length >= 2 || base.runs.length >= 2) {
    out.ciNote = 'no interval: both sides need ≥ 2 repetitions';
  }
  return out;
}

/**
 * Series-derived throughput of one run (ops/s). The agent stores every metric once without labels
 * (every sample) beside its tagged series (subsets of the same samples), so a metric's operations
 * are its unlabelled series, or the sum of its tagged ones when it has none. Metrics are not added
 * up: they time the same operations differently (pgbench's latency and schedule_lag, k6's
 * http_req_duration and http_req_waiting), so the busiest metric counts the operations.
 */
function seriesThroughput(run: RunInput): number | undefined {
  const perMetric = new Map<string, { union?: number; tagged: number }>();
  for (const s of run.series) {
    if (s.kind !== 'latency' || !s.summary) continue;
    const m = perMetric.get(s.name) ?? { tagged: 0 };
    const t = s.summary.throughput ?? 0;
    if (Object.keys(s.labels).length === 0) m.union = t;
    else m.tagged += t;
    perMetric.set(s.name, m);
  }
  if (perMetric.size === 0) return undefined;
  return Math.max(...[...perMetric.values()].map((m) => m.union ?? m.tagged));
}

function seriesKey(s: { name: string; labels: Record<string, string> }): string {
  const l = labelsKey(s.labels);
  return l ? `${s.name} {${l}}` : s.name;
}

function derived(value: number | undefined, formulaId?: string): PublishedValue | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return {
    metric: 'derived',
    value,
    unit: '',
    labels: {},
    origin: 'imported',
    quality: 'measured',
    ...(formulaId ? { formulaId } : {}),
  };
}

/** Recomputed cost per tpmC per hour: cluster cost per hour / tpmC (seed 000's formula). */
export function costPerTpmCHour(run: RunInput): number | undefined {
  const tpm = first(run, 'tpmC')?.value;
  const cost =
    first(run, 'clusterCostPerHour')?.value ??
    (typeof run.provenance.cost.clusterCostPerHour?.value === 'number'
      ? run.provenance.cost.clusterCostPerHour.value
      : null);
  if (typeof tpm !== 'number' || typeof cost !== 'number' || tpm <= 0) return undefined;
  return costPerTpmCPerHour.compute({ costPerHourUsd: cost, tpmC: tpm });
}

/**
 * Recomputed 3-year $/tpmC (seed 003): cost per minute × 60 × 24 × 365 × 3 / tpmC, with the cost
 * per minute recovered from the published cost per transaction (µ¢ = cost per minute × 10^8 / tpmC).
 */
export function threeYearPerTpmC(run: RunInput): number | undefined {
  const tpm = first(run, 'tpmC', '')?.value;
  const ucents = first(run, 'transactionCost', '')?.value;
  if (typeof tpm !== 'number' || typeof ucents !== 'number' || tpm <= 0) return undefined;
  return threeYearDollarsPerTpmC.compute({ costPerMinuteUsd: (ucents * tpm) / 1e8, tpmC: tpm });
}

interface RowSpec {
  key: string;
  label: string;
  unit: string;
  better: Better | null;
  group: HeadlineRow['group'];
  pick: (run: RunInput) => PublishedValue | undefined;
  /** Recomputed value and formula; the published figure (pick) is kept beside it. */
  recompute?: { formulaId: string; fn: (run: RunInput) => number | undefined };
}

/** Where a percentile or statistic sits in a latency table: mean first, then p50 … max. */
function statisticRank(labels: Record<string, string>): number {
  const p = labels.percentile ?? labels.statistic ?? '';
  if (p === 'max') return 1000;
  const n = /^p(\d+(?:\.\d+)?)$/.exec(p)?.[1];
  return n !== undefined ? Number(n) : -1;
}

/**
 * Latency label sets as a publication's table reads: each transaction and end point where it is
 * first met (on any side), its percentiles in order — one side printing only p50 of a group does
 * not push the other side's p90…max of that group to the end.
 */
function inPrintedOrder(labelSets: readonly Record<string, string>[]): string[] {
  const groups: string[] = [];
  const byKey = new Map<string, { group: number; rank: number }>();
  for (const labels of labelSets) {
    const key = labelsKey(labels);
    if (byKey.has(key)) continue;
    const { percentile: _p, statistic: _s, ...rest } = labels;
    const group = labelsKey(rest);
    if (!groups.includes(group)) groups.push(group);
    byKey.set(key, { group: groups.indexOf(group), rank: statisticRank(labels) });
  }
  return [...byKey].sort(([, a], [, b]) => a.group - b.group || a.rank - b.rank).map(([key]) => key);
}

function specs(input: ComparisonInput): RowSpec[] {
  const runs = input.entries.flatMap((e) => e.runs);
  const has = (metric: string) => runs.some((r) => r.values.some((v) => v.metric === metric));
  const out: RowSpec[] = [];
  if (has('tpmC'))
    out.push({
      key: 'tpmC',
      label: 'tpmC',
      unit: 'tpmC',
      better: 'higher',
      group: 'throughput',
      pick: (r) => first(r, 'tpmC'),
    });
  if (has('throughput'))
    out.push({
      key: 'throughput',
      label: 'Throughput',
      unit: runs.flatMap((r) => valuesOf(r, 'throughput'))[0]?.unit ?? 'ops/s',
      better: 'higher',
      group: 'throughput',
      pick: (r) => first(r, 'throughput', labelsKey(valuesOf(r, 'throughput')[0]?.labels ?? {})),
    });
  else if (runs.some((r) => seriesThroughput(r) !== undefined))
    out.push({
      key: 'throughput',
      label: 'Throughput (from latency series)',
      unit: 'ops/s',
      better: 'higher',
      group: 'throughput',
      pick: (r) => derived(seriesThroughput(r)),
    });
  if (has('efficiency'))
    out.push({
      key: 'efficiency',
      label: 'Efficiency',
      unit: '%',
      better: 'higher',
      group: 'efficiency',
      pick: (r) => first(r, 'efficiency'),
    });
  for (const [metric, label, unit] of [
    ['vcpusTotal', 'vCPUs (total)', 'vCPU'],
    ['warehouses', 'Warehouses', ''],
  ] as const)
    if (has(metric))
      out.push({ key: metric, label, unit, better: null, group: 'other', pick: (r) => first(r, metric) });
  if (has('clusterCostPerHour'))
    out.push({
      key: 'clusterCostPerHour',
      label: 'Cluster cost per hour',
      unit: 'USD/h',
      better: 'lower',
      group: 'cost',
      pick: (r) => first(r, 'clusterCostPerHour'),
    });
  if (has('instancePricePerHour'))
    out.push({
      key: 'instancePricePerHour',
      label: 'Instance price per hour',
      unit: 'USD/h',
      better: 'lower',
      group: 'cost',
      pick: (r) => first(r, 'instancePricePerHour', ''),
    });
  if (has('costPerTpmCPerHour') || runs.some((r) => costPerTpmCHour(r) !== undefined))
    out.push({
      key: 'costPerTpmCPerHour',
      label: 'Cost per tpmC per hour',
      unit: 'USD/tpmC/h',
      better: 'lower',
      group: 'cost',
      pick: (r) => first(r, 'costPerTpmCPerHour'),
      recompute: { formulaId: costPerTpmCPerHour.id, fn: costPerTpmCHour },
    });
  if (has('transactionCost'))
    out.push({
      key: 'transactionCost',
      label: 'Cost per transaction',
      unit: 'µ¢',
      better: 'lower',
      group: 'cost',
      pick: (r) => first(r, 'transactionCost', ''),
    });
  if (has('dollarsPerTpmC3y') || runs.some((r) => threeYearPerTpmC(r) !== undefined))
    out.push({
      key: 'dollarsPerTpmC3y',
      label: '3-year $/tpmC',
      unit: 'USD/tpmC',
      better: 'lower',
      group: 'cost',
      pick: (r) => first(r, 'dollarsPerTpmC3y', ''),
      recompute: { formulaId: threeYearDollarsPerTpmC.id, fn: threeYearPerTpmC },
    });
  // Published latencies per transaction, end point and percentile, in the order printed.
  const latencyKeys = inPrintedOrder(runs.flatMap((r) => valuesOf(r, 'latency').map((v) => v.labels)));
  for (const k of latencyKeys) {
    const sample = runs.flatMap((r) => valuesOf(r, 'latency', k))[0];
    const l = sample?.labels ?? {};
    const name =
      [l.transaction, l.endPoint, l.percentile ?? l.statistic].filter(Boolean).join(' ') || k || 'latency';
    out.push({
      key: `latency:${k}`,
      label: `Latency ${name}`,
      unit: sample?.unit ?? 'ms',
      better: 'lower',
      group: 'latency',
      pick: (r) => first(r, 'latency', k),
    });
  }
  // Measured latency series: percentiles from the merged histograms, warm-up excluded. Named
  // as people name them (tags only where they tell the rows apart); keyed by all their tags.
  const measured = new Map<string, { name: string; labels: Record<string, string> }>();
  for (const r of runs)
    for (const s of r.series)
      if (s.kind === 'latency' && s.summary && !measured.has(seriesKey(s))) measured.set(seriesKey(s), s);
  const name = seriesNamer([...measured.values()]);
  for (const [k, series] of measured)
    for (const p of ['p50', 'p90', 'p99', 'max'] as const) {
      const unit = runs.flatMap((r) => r.series.filter((s) => seriesKey(s) === k))[0]?.unit ?? '';
      out.push({
        key: `series:${k}:${p}`,
        label: `${name(series)} ${p}`,
        unit,
        better: 'lower',
        group: 'latency',
        pick: (r) => derived(r.series.find((s) => seriesKey(s) === k)?.summary?.[p]),
      });
    }
  return out;
}

/**
 * The key of the headline row that shows a quantity as publications write it: "tpmC" → tpmC,
 * "latency[percentile=p99]" → latency:percentile=p99, "costPerOp" → value:costPerOp. Null when
 * the quantity does not parse or no row shows it.
 */
export function headlineKeyOf(quantity: string, rows: readonly { key: string }[]): string | null {
  const q = parseQuantity(quantity);
  if ('error' in q) return null;
  const labels = labelsKey(q.labels);
  const candidates =
    q.metric === 'latency'
      ? [`latency:${labels}`]
      : labels
        ? [`value:${q.metric}{${labels}}`]
        : [q.metric, `value:${q.metric}`];
  return candidates.find((key) => rows.some((r) => r.key === key)) ?? null;
}

/** "linesOfCode" → "Lines of code"; "throughput.ratioVsAurora" → "Throughput ratio vs aurora". */
function words(metric: string): string {
  const t = metric
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    // A word without a vowel is an abbreviation, read letter by letter: "tps" is TPS, not "Tps".
    .replace(/\b[b-df-hj-np-tv-z]{2,5}\b/g, (w) => w.toUpperCase());
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * Which way is better for a quantity the table has no row of its own for, when its name says. A
 * tool's "elapsed" is its measurement window, not a result, so it has no direction.
 */
export function directionOf(metric: string): Better | null {
  if (/latency|duration|time|cost|price|errors?|failures?|memory|bytes|size/i.test(metric)) return 'lower';
  if (/throughput|tps|qps|ops|per ?sec|speed ?up|efficiency|tpm|score|hits|relative/i.test(metric))
    return 'higher';
  return null;
}

/**
 * The words a quantity's ratio reads in, from its name, as the headline's own rows read: a
 * duration is faster or slower, a price cheaper or dearer, a rate higher or lower.
 */
function wordsGroupOf(metric: string): HeadlineRow['group'] {
  if (/cost|price/i.test(metric)) return 'cost';
  if (/latency|duration|time/i.test(metric)) return 'latency';
  if (/throughput|tps|qps|ops|per ?sec|tpm/i.test(metric)) return 'throughput';
  return 'other';
}

/**
 * Every other published quantity, one row per metric and label set, in the order first printed:
 * a publication's replication factor, lines of code or ratio column is shown with its unit, not
 * dropped because the table has no row for it. A ratio is drawn only where the name says which
 * way is better.
 */
function remainingSpecs(input: ComparisonInput, shown: ReadonlySet<PublishedValue>): RowSpec[] {
  const out = new Map<string, RowSpec>();
  for (const run of input.entries.flatMap((e) => e.runs))
    for (const v of run.values) {
      if (shown.has(v)) continue;
      const labels = labelsKey(v.labels);
      const key = `value:${v.metric}${labels ? `{${labels}}` : ''}`;
      if (out.has(key)) continue;
      const aside = Object.entries(v.labels)
        .map(([k, x]) => (k === 'transaction' || k === 'operation' ? x : `${k} ${x}`))
        .join(', ');
      out.set(key, {
        key,
        label: aside ? `${words(v.metric)} (${aside})` : words(v.metric),
        unit: v.unit,
        better: directionOf(v.metric),
        group: wordsGroupOf(v.metric),
        pick: (r) => first(r, v.metric, labels),
      });
    }
  return [...out.values()];
}

export function buildHeadline(input: ComparisonInput, baseline: number): HeadlineRow[] {
  const base = Math.min(Math.max(0, baseline), input.entries.length - 1);
  const known = specs(input);
  const runs = input.entries.flatMap((e) => e.runs);
  const shown = new Set(known.flatMap((spec) => runs.map(spec.pick)).filter((v): v is PublishedValue => !!v));
  return [...known, ...remainingSpecs(input, shown)].map((spec) => {
    const cells = input.entries.map((e) => {
      const published = cellOf(e.runs.map(spec.pick));
      if (!spec.recompute) return published;
      const values = e.runs.map((r) => spec.recompute?.fn(r));
      const runs = values.filter((v): v is number => v !== undefined);
      if (runs.length === 0 || runs.length !== values.length) return published;
      const cell: HeadlineCell = {
        value: mean(runs),
        runs,
        origin: 'derived',
        formulaId: spec.recompute.formulaId,
      };
      if (published.value !== null || published.text)
        cell.published = { value: published.value, ...(published.text ? { text: published.text } : {}) };
      return cell;
    });
    const row: HeadlineRow = {
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      better: spec.better,
      group: spec.group,
      cells,
      ratios: [],
    };
    const baseCell = cells[base] as HeadlineCell;
    row.ratios = cells.map((c, i) => (i === base ? null : ratioOf(row, c, baseCell)));
    return row;
  });
}
