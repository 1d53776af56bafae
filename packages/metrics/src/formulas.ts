/**
 * Benchmark formulas with stable ids. A figure computed here is stored with the id of the formula
 * that produced it, so a report can say "efficiency (tpcc-efficiency/12.86)" and a comparison can
 * flag two sides computed with different formulas. Never change what an id computes: add a new id.
 */

export interface Formula<Input> {
  /** Stable id, stored with every value computed by this formula. */
  readonly id: string;
  /** Short name for labels, e.g. "efficiency". */
  readonly name: string;
  /** What it computes, how, and where the definition comes from. */
  readonly description: string;
  /** Unit of the result. */
  readonly unit: string;
  readonly compute: (input: Input) => number;
}

/** A number together with the id of the formula that produced it. */
export interface FormulaValue {
  formulaId: string;
  value: number;
}

function positive(name: string, v: number): void {
  if (!(Number.isFinite(v) && v > 0)) throw new RangeError(`${name} must be a positive number, got ${v}`);
}

function nonNegative(name: string, v: number): void {
  if (!(Number.isFinite(v) && v >= 0))
    throw new RangeError(`${name} must be a non-negative number, got ${v}`);
}

/** Computes a formula and keeps its id with the value. */
export function evaluateFormula<Input>(formula: Formula<Input>, input: Input): FormulaValue {
  return { formulaId: formula.id, value: formula.compute(input) };
}

/** "efficiency (tpcc-efficiency/12.86)". */
export function formulaLabel(formula: Pick<Formula<never>, 'id' | 'name'>): string {
  return `${formula.name} (${formula.id})`;
}

/**
 * A fairness finding when two values of the same quantity were computed with different
 * formulas (e.g. efficiencies against 12.86 and 12.605 tpmC per warehouse); null when they match.
 */
export function formulaMismatch(a: FormulaValue, b: FormulaValue): string | null {
  if (a.formulaId === b.formulaId) return null;
  return `computed with different formulas: ${a.formulaId} vs ${b.formulaId}; the two values are not directly comparable`;
}

// --- TPC-C throughput and efficiency ------------------------------------------------------------

/** Minutes in three years of 365 days: 60 × 24 × 365 × 3 (seed 003). */
export const MINUTES_IN_THREE_YEARS = 60 * 24 * 365 * 3;

/**
 * Maximum new-order tpmC per warehouse used as the denominator of TPC-C efficiency.
 * - `spec`: 12.86, from the TPC-C specification's keying and think times; CockroachDB's
 *   `workload` printed `efc` against it in the runs of seed 001 (13,154.0 tpmC on 1,000
 *   warehouses → 102.3 %).
 * - `deck`: 12.605, the maximum of the card-deck transaction mix of CockroachDB's `workload`
 *   (its DeckWarehouseFactor: 10 workers × 10 new orders per 476-second deck). It is the value
 *   that reproduces seed 000's published efficiencies: 1,684,437 / (140,000 × 12.605) = 95.45 %
 *   → "95.5 %" and 1,676,800 / (140,000 × 12.605) = 95.02 % → "95.0 %". A round 12.6 would give
 *   95.49 % and 95.06 % → "95.1 %", which does not match.
 */
export const TPCC_MAX_TPMC_PER_WAREHOUSE = { spec: 12.86, deck: 12.605 } as const;

/** TPC-C efficiency in percent: tpmC / (warehouses × per-warehouse maximum) × 100. */
export function tpccEfficiency(tpmC: number, warehouses: number, perWarehouseMax: number): number {
  nonNegative('tpmC', tpmC);
  positive('warehouses', warehouses);
  positive('perWarehouseMax', perWarehouseMax);
  return (100 * tpmC) / (warehouses * perWarehouseMax);
}

export interface TpccEfficiencyInput {
  tpmC: number;
  warehouses: number;
}

/** The efficiency formula for a given per-warehouse maximum; its id is `tpcc-efficiency/<max>`. */
export function tpccEfficiencyFormula(perWarehouseMax: number, note = ''): Formula<TpccEfficiencyInput> {
  positive('perWarehouseMax', perWarehouseMax);
  return {
    id: `tpcc-efficiency/${perWarehouseMax}`,
    name: 'efficiency',
    description:
      `TPC-C efficiency: tpmC / (warehouses × ${perWarehouseMax}) as a percentage of the theoretical maximum ` +
      `new-order throughput at zero response time.${note ? ` ${note}` : ''}`,
    unit: '%',
    compute: ({ tpmC, warehouses }) => tpccEfficiency(tpmC, warehouses, perWarehouseMax),
  };
}

export const tpccEfficiencySpec = tpccEfficiencyFormula(
  TPCC_MAX_TPMC_PER_WAREHOUSE.spec,
  '12.86 is the TPC-C specification maximum, used by CockroachDB workload output in seed 001 (efc column).',
);

export const tpccEfficiencyDeck = tpccEfficiencyFormula(
  TPCC_MAX_TPMC_PER_WAREHOUSE.deck,
  '12.605 is the maximum of CockroachDB workload’s card-deck mix; it reproduces seed 000 (95.5 % and 95.0 %).',
);

export interface TpmCInput {
  newOrderCount: number;
  elapsedSeconds: number;
}

export const tpmC: Formula<TpmCInput> = {
  id: 'tpcc-tpmc',
  name: 'tpmC',
  description:
    'TPC-C throughput: new-order transactions completed per minute of measurement (ramp excluded).',
  unit: 'tpmC',
  compute: ({ newOrderCount, elapsedSeconds }) => {
    nonNegative('newOrderCount', newOrderCount);
    positive('elapsedSeconds', elapsedSeconds);
    return newOrderCount / (elapsedSeconds / 60);
  },
};

// --- price / performance ----------------------------------------------------------------------

export interface CostPerHourInput {
  /** Cluster cost per hour, USD. */
  costPerHourUsd: number;
  tpmC: number;
}

export const costPerTpmCPerHour: Formula<CostPerHourInput> = {
  id: 'cost-per-tpmc-per-hour',
  name: 'cost per tpmC',
  description:
    'Cluster cost per hour (USD) divided by tpmC, in USD per tpmC per hour. ' +
    'Seed 000: $87.81 / 1,676,800 tpmC = $0.0000524/hr; $139.97 / 1,684,437 = $0.0000831/hr.',
  unit: 'USD/tpmC/h',
  compute: ({ costPerHourUsd, tpmC: t }) => {
    nonNegative('costPerHourUsd', costPerHourUsd);
    positive('tpmC', t);
    return costPerHourUsd / t;
  },
};

export interface CostPerMinuteInput {
  /**
   * Total cost of running the system per minute, USD: instance + storage + I/O + data transfer
   * (seed 003's four components).
   */
  costPerMinuteUsd: number;
  tpmC: number;
}

export const threeYearDollarsPerTpmC: Formula<CostPerMinuteInput> = {
  id: 'tpcc-3y-dollars-per-tpmc',
  name: '3-year $/tpmC',
  description:
    'Cost of running the system for three years per unit of throughput: cost per minute (USD) × 60 × 24 × 365 × 3 / tpmC ' +
    '(seed 003, Amazon RDS study).',
  unit: 'USD/tpmC',
  compute: ({ costPerMinuteUsd, tpmC: t }) => {
    nonNegative('costPerMinuteUsd', costPerMinuteUsd);
    positive('tpmC', t);
    return (costPerMinuteUsd * MINUTES_IN_THREE_YEARS) / t;
  },
};

export const transactionCostMicroCents: Formula<CostPerMinuteInput> = {
  id: 'tpcc-transaction-cost-ucents',
  name: 'cost per transaction',
  description:
    'Provider cost of one new-order transaction in micro-cents (1 USD = 10^8 µ¢): cost per minute (USD) × 10^8 / tpmC (seed 003).',
  unit: 'µ¢',
  compute: ({ costPerMinuteUsd, tpmC: t }) => {
    nonNegative('costPerMinuteUsd', costPerMinuteUsd);
    positive('tpmC', t);
    return (costPerMinuteUsd * 1e8) / t;
  },
};

// --- throughput units -----------------------------------------------------------------------------

export interface CountOverTimeInput {
  count: number;
  elapsedSeconds: number;
}

export const throughputPerSecond: Formula<CountOverTimeInput> = {
  id: 'throughput-per-second',
  name: 'throughput',
  description: 'Operations completed divided by elapsed seconds.',
  unit: 'ops/s',
  compute: ({ count, elapsedSeconds }) => {
    nonNegative('count', count);
    positive('elapsedSeconds', elapsedSeconds);
    return count / elapsedSeconds;
  },
};

export const throughputPerMinute: Formula<CountOverTimeInput> = {
  id: 'throughput-per-minute',
  name: 'throughput',
  description: 'Operations completed per minute: count / (elapsed seconds / 60).',
  unit: 'ops/min',
  compute: ({ count, elapsedSeconds }) => {
    nonNegative('count', count);
    positive('elapsedSeconds', elapsedSeconds);
    return count / (elapsedSeconds / 60);
  },
};

export function perSecondToPerMinute(perSecond: number): number {
  return perSecond * 60;
}

export function perMinuteToPerSecond(perMinute: number): number {
  return perMinute / 60;
}

/** Every formula with an id, for lookup of stored ids. */
export const FORMULAS: readonly Formula<never>[] = [
  costPerTpmCPerHour,
  threeYearDollarsPerTpmC,
  transactionCostMicroCents,
  tpccEfficiencySpec,
  tpccEfficiencyDeck,
  tpmC,
  throughputPerSecond,
  throughputPerMinute,
];

export function formulaById(id: string): Formula<never> | undefined {
  return FORMULAS.find((f) => f.id === id);
}

// --- ratios -------------------------------------------------------------------------------------

export type Better = 'higher' | 'lower';

export interface RatioComparison {
  /** candidate / baseline. */
  ratio: number;
  /** How many times better or worse (≥ 1), unrounded. */
  factor: number;
  verdict: 'better' | 'worse' | 'same';
  /** e.g. "2.3× slower", "1.04× faster", "same (1.000×)". */
  text: string;
}

export interface RatioWords {
  better: string;
  worse: string;
}

/** The most digits a factor close to 1 is shown with before it reads "same". */
const MAX_RATIO_DIGITS = 3;

/**
 * Compares a candidate with a baseline as "N× faster/slower". `better` says which direction is
 * good: 'lower' for latency and cost, 'higher' for throughput. The factor is always ≥ 1
 * (0.71× the baseline latency reads "1.4× faster"). A factor that rounds to 1 at `digits` is
 * shown with more digits until it does not ("1.04× slower"): two printed figures 4 % apart are
 * not the same, and nothing here says the gap is noise. Only a factor that is 1 at three
 * decimals reads "same (1.000×)".
 */
export function compareRatio(
  candidate: number,
  baseline: number,
  better: Better,
  options: { digits?: number; words?: RatioWords } = {},
): RatioComparison {
  positive('candidate', candidate);
  positive('baseline', baseline);
  const digits = options.digits ?? 1;
  const words = options.words ?? { better: 'faster', worse: 'slower' };
  const ratio = candidate / baseline;
  const improves = better === 'higher' ? ratio > 1 : ratio < 1;
  const factor = ratio >= 1 ? ratio : 1 / ratio;
  let shown = factor.toFixed(digits);
  for (let more = digits + 1; Number(shown) === 1 && more <= Math.max(digits, MAX_RATIO_DIGITS); more += 1)
    shown = factor.toFixed(more);
  if (Number(shown) === 1) return { ratio, factor, verdict: 'same', text: `same (${shown}×)` };
  return {
    ratio,
    factor,
    verdict: improves ? 'better' : 'worse',
    text: `${shown}× ${improves ? words.better : words.worse}`,
  };
}

/** "2.3× slower" for a latency ratio candidate/baseline = 2.3; "1.4× faster" for 0.71. */
export function formatLatencyRatio(candidate: number, baseline: number, digits = 1): string {
  return compareRatio(candidate, baseline, 'lower', { digits }).text;
}

/** "1.4× faster" for a throughput ratio candidate/baseline = 1.4; "2.3× slower" for 0.43. */
export function formatThroughputRatio(candidate: number, baseline: number, digits = 1): string {
  return compareRatio(candidate, baseline, 'higher', { digits }).text;
}
