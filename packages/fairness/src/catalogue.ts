// The catalogue of docs/fairness.md: stable ids in catalogue order, each with its function.
import { describeField } from '@levelfield/contracts/field-labels';
import type { CheckDefinition } from './check.ts';
import { checkClient1, checkClient2, checkClient3, checkClient4, checkClient5 } from './checks/client.ts';
import { checkDisc1, checkDisc2, checkDisc3, checkDisc4, checkDisc5 } from './checks/disclosure.ts';
import {
  checkCost1,
  checkCost2,
  checkHw1,
  checkHw2,
  checkHw3,
  checkHw4,
  declaredDifference,
} from './checks/hardware.ts';
import {
  checkMeas1,
  checkMeas2,
  checkMeas3,
  checkMeas4,
  checkMeas5,
  checkMeas6,
  checkMeas7,
  checkMeas8,
} from './checks/measurement.ts';
import { checkSw1, checkSw2, checkSw3 } from './checks/software.ts';
import { checkDur1, checkDur2, checkIso1, checkIso2, checkTopo1, checkTopo2 } from './checks/topology.ts';
import { checkWl1, checkWl2, checkWl3, checkWl4, checkWl5, checkWl6 } from './checks/workload.ts';
import { capitalise } from './compare.ts';
import { display, type FieldValue, normText } from './normalize.ts';
import { ownFieldDifferences } from './own-fields.ts';
import { saidNothing } from './read.ts';
import {
  type CheckEvidence,
  type CheckOutcome,
  type CheckResult,
  ComparisonInput,
  type ComparisonInputRaw,
} from './schema.ts';
import { barePath, isIntended } from './subject.ts';

export const CHECKS: readonly CheckDefinition[] = [
  {
    id: 'F-HW-1',
    title: 'Same instance type / CPU model per role, or the difference is declared',
    sources: ['R', 'H', 'M'],
    mode: 'AUTO',
    reads: 'host type, CPU model per role; run.declaredDifferences',
    evaluate: checkHw1,
  },
  {
    id: 'F-HW-2',
    title: 'Total resources comparable: vCPUs, memory, storage type, node count',
    sources: ['000', 'M'],
    mode: 'AUTO',
    reads:
      'sums over SUT nodes (count × vCPUs, cores, threads, memory, storage), what the system could use (vcpusUsed, processes × threads, memory limits), totals with auxiliary nodes',
    evaluate: checkHw2,
  },
  {
    id: 'F-HW-3',
    title: 'Hardware generation / availability date',
    sources: ['S', '000'],
    mode: 'AUTO',
    reads: 'CPU family, hardware availability, instance generation',
    evaluate: checkHw3,
  },
  {
    id: 'F-HW-4',
    title: 'Quiet, fixed-frequency machine: governor, turbo, SMT, load average at start',
    sources: ['H', 'PTS'],
    mode: 'AUTO',
    reads:
      'governor, turbo, SMT, load average, virtualization, container, disk scheduler, mount options, other programs on the SUT host',
    evaluate: checkHw4,
  },
  {
    id: 'F-COST-1',
    title: 'Cost basis symmetric: pricing model, price date, region, what is included',
    sources: ['T', '000', '003'],
    mode: 'AUTO+REV',
    reads: 'cost.horizon, currency, pricingModel, priceDate, region, included',
    evaluate: checkCost1,
  },
  {
    id: 'F-COST-2',
    title: 'Same price/performance formula (per hour vs 3-year TCO)',
    sources: ['T', '003'],
    mode: 'AUTO',
    reads: 'cost formula ids in measurement.formulaIds',
    evaluate: checkCost2,
  },
  {
    id: 'F-SW-1',
    title: 'Release builds, current versions on every side',
    sources: ['R', 'M'],
    mode: 'AUTO',
    reads:
      'build type, release dates, same-named components by major.minor, pre-release versions, OS, kernel, compiler',
    evaluate: checkSw1,
  },
  {
    id: 'F-SW-2',
    title: 'Equal tuning effort; no "defaults for them, tuned for us"',
    sources: ['R', 'H', '002'],
    mode: 'AUTO+REV',
    reads:
      'non-default settings per side (count and names) from the list, the diff or a pasted configuration',
    evaluate: checkSw2,
  },
  {
    id: 'F-SW-3',
    title: 'Reproducible artefacts: clean VCS tree, hashed configs, published code',
    sources: ['R', 'M'],
    mode: 'AUTO',
    reads: 'VCS state and commit, artefacts pinned by hash or commit',
    evaluate: checkSw3,
  },
  {
    id: 'F-TOPO-1',
    title: 'Replication factor, node count, survival goal equal',
    sources: ['000', 'C'],
    mode: 'AUTO',
    reads: 'topology.replicationFactor, nodeCount, survivalGoal',
    evaluate: checkTopo1,
  },
  {
    id: 'F-TOPO-2',
    title: 'Network path parity: client placement, extra RPC hop, zone spread',
    sources: ['002', 'M'],
    mode: 'AUTO',
    reads:
      'client placement (recorded, from node zones, or from notes), provider, region, zones spanned, extra hops, RTT',
    evaluate: checkTopo2,
  },
  {
    id: 'F-DUR-1',
    title: 'Commit durability equal (fsync, synchronous_commit, WAL/sync mode)',
    sources: ['002', 'T'],
    mode: 'AUTO',
    reads: 'settings.durability (normalised), durabilityRaw',
    evaluate: checkDur1,
  },
  {
    id: 'F-DUR-2',
    title: 'Acknowledgement/read semantics equal (confirmed reads, replicated ack)',
    sources: ['002', '000'],
    mode: 'AUTO',
    reads: 'settings.confirmedReads, acknowledgement',
    evaluate: checkDur2,
  },
  {
    id: 'F-ISO-1',
    title: 'Isolation level equal',
    sources: ['T', 'C', '002'],
    mode: 'AUTO',
    reads: 'settings.isolationLevel (normalised)',
    evaluate: checkIso1,
  },
  {
    id: 'F-ISO-2',
    title: 'Correctness/consistency checks ran and passed',
    sources: ['T', 'C', 'R'],
    mode: 'AUTO+REV',
    reads: 'workload.consistencyChecks',
    evaluate: checkIso2,
  },
  {
    id: 'F-WL-1',
    title: 'Same workload spec, version and parameters (scale, mix, skew, seed)',
    sources: ['T', 'C', 'M'],
    mode: 'AUTO',
    reads: 'workload.name, specVersion, warehouses/scale, parameters, mix, skew, seed',
    evaluate: checkWl1,
  },
  {
    id: 'F-WL-2',
    title: 'Keying/think times honoured or equally disabled',
    sources: ['T', 'C'],
    mode: 'AUTO',
    reads: 'workload.keyingThinkTimes, waitFraction',
    evaluate: checkWl2,
  },
  {
    id: 'F-WL-3',
    title: 'Functional parity: stored procedures vs ORM, microbatching, foreign keys',
    sources: ['R', '002', '000'],
    mode: 'AUTO+REV',
    reads: 'workload.features per side (the subject’s feature aside)',
    evaluate: checkWl3,
  },
  {
    id: 'F-WL-4',
    title: 'Any subset of the benchmark justified; all sub-results shown',
    sources: ['H', 'K', 'R'],
    mode: 'AUTO+REV',
    reads:
      'operations reported per side against the benchmark’s total (workload.operationTypes or known benchmarks)',
    evaluate: checkWl4,
  },
  {
    id: 'F-WL-5',
    title: 'Variants outside the standard benchmark labelled',
    sources: ['R', '000'],
    mode: 'REV',
    reads: 'workload.variant, run.division',
    evaluate: checkWl5,
  },
  {
    id: 'F-WL-6',
    title: 'Load/preprocessing time treated equally',
    sources: ['R'],
    mode: 'AUTO+REV',
    reads: 'measurement.loadTimeIncluded, workload.loadTimeMs',
    evaluate: checkWl6,
  },
  {
    id: 'F-CLIENT-1',
    title: 'Client parity: language/runtime, driver/ORM, wire protocol',
    sources: ['002', 'M'],
    mode: 'AUTO',
    reads: 'client.language, orm, protocol (class), driver',
    evaluate: checkClient1,
  },
  {
    id: 'F-CLIENT-2',
    title: 'Concurrency parity: connections, workers, in-flight depth, batch/pipeline',
    sources: ['002', 'C'],
    mode: 'AUTO',
    reads: 'client.connections, workers, maxInFlight, pipelineDepth',
    evaluate: checkClient2,
  },
  {
    id: 'F-CLIENT-3',
    title: 'Same load model: open / closed / partly open, target rate',
    sources: ['O', 'W'],
    mode: 'AUTO',
    reads: 'client.loadModel, targetRate',
    evaluate: checkClient3,
  },
  {
    id: 'F-CLIENT-4',
    title: 'Load generator not saturated (achieved vs target, client CPU, schedule lag)',
    sources: ['W'],
    mode: 'AUTO',
    reads: 'client.targetRate vs achieved throughput, clientCpuPct, scheduleLagMs',
    evaluate: checkClient4,
  },
  {
    id: 'F-CLIENT-5',
    title: 'Retry/timeout policy equal; errors counted',
    sources: ['002'],
    mode: 'AUTO',
    reads: 'client.retryPolicy, timeoutPolicy, measurement.errorsCounted',
    evaluate: checkClient5,
  },
  {
    id: 'F-MEAS-1',
    title: 'Throughput counted at the same point (client ack vs server counter)',
    sources: ['002', '000'],
    mode: 'AUTO',
    reads: 'measurement.throughputSource',
    evaluate: checkMeas1,
  },
  {
    id: 'F-MEAS-2',
    title: 'Latency timed from intended start; same end point (initiate vs complete)',
    sources: ['W', '000'],
    mode: 'AUTO',
    reads: 'measurement.latencyOrigin, latencyEndPoint, values endPoint labels',
    evaluate: checkMeas2,
  },
  {
    id: 'F-MEAS-3',
    title: 'Warm-up excluded, steady state shown, comparable duration',
    sources: ['T', 'R', '001'],
    mode: 'AUTO',
    reads: 'measurement.durationMs, warmupMs, steady-state test of throughputSeries',
    evaluate: checkMeas3,
  },
  {
    id: 'F-MEAS-4',
    title: 'Cache state (cold/warm/hot) declared and matched',
    sources: ['R'],
    mode: 'AUTO',
    reads: 'measurement.cacheState',
    evaluate: checkMeas4,
  },
  {
    id: 'F-MEAS-5',
    title: 'Repetitions and variability reported; no "best of N" without saying so',
    sources: ['R', 'H', 'K', '004'],
    mode: 'AUTO',
    reads: 'run.selectionRule, measurement.repetitions, runs per entry',
    evaluate: checkMeas5,
  },
  {
    id: 'F-MEAS-6',
    title: 'Percentiles from merged histograms, never averaged; same percentile set',
    sources: ['G', 'W', 'H'],
    mode: 'AUTO',
    reads: 'measurement.aggregation, reported percentiles',
    evaluate: checkMeas6,
  },
  {
    id: 'F-MEAS-7',
    title: 'Metric formula identical (e.g. efficiency per-warehouse maximum 12.86 vs about 12.6)',
    sources: ['C', '000', '001'],
    mode: 'AUTO',
    reads: 'measurement.formulaIds, values formulaId',
    evaluate: checkMeas7,
  },
  {
    id: 'F-MEAS-8',
    title: 'Reported values measured, not estimated or quoted from another source',
    sources: ['000'],
    mode: 'AUTO',
    reads: 'quality of every value; who measured each side (run.submitter, affiliation)',
    evaluate: checkMeas8,
  },
  {
    id: 'F-DISC-1',
    title: 'Absolute numbers present, not only ratios',
    sources: ['H', 'K'],
    mode: 'AUTO',
    reads: 'absolute values and series per side; sides known only through another side’s ratio',
    evaluate: checkDisc1,
  },
  {
    id: 'F-DISC-2',
    title: 'Compliance status: audited / unofficial / estimate',
    sources: ['T', 'M', 'S'],
    mode: 'AUTO',
    reads: 'run.compliance, division',
    evaluate: checkDisc2,
  },
  {
    id: 'F-DISC-3',
    title: 'Author affiliation / conflict of interest (a vendor benchmarking its own product)',
    sources: ['R', 'M', '000'],
    mode: 'AUTO+REV',
    reads: 'affiliations matched to the compared products’ vendors as organisations',
    evaluate: checkDisc3,
  },
  {
    id: 'F-DISC-4',
    title: 'AI assistance declared: scope, tools, prompt log, human review',
    sources: ['002'],
    mode: 'AUTO+REV',
    reads: 'disclosure.ai (declared, scopes, tools, prompt log, commit trailers)',
    evaluate: checkDisc4,
  },
  {
    id: 'F-DISC-5',
    title: 'More than one dimension differs at once (confounded comparison)',
    sources: ['PTS'],
    mode: 'AUTO',
    reads: 'every recorded field, grouped; the subject set apart',
    evaluate: checkDisc5,
  },
];

export const CHECK_IDS = CHECKS.map((c) => c.id);

export function checkById(id: string): CheckDefinition | undefined {
  return CHECKS.find((c) => c.id === id);
}

/**
 * Evidence for what a side said instead of a value: for every field a check missed, the
 * recorded "not stated" / "default" text, so a reader sees it was read and why it counts as unknown.
 */
function saidNothingEvidence(input: ComparisonInput, missing: CheckOutcome['missing']): CheckEvidence[] {
  const out: CheckEvidence[] = [];
  for (const m of missing ?? []) {
    const entry = input.entries.find((e) => e.label === m.entry);
    if (!entry) continue;
    const wanted = m.field.split(/ \/ | \+ /).map(barePath);
    for (const run of entry.runs)
      for (const said of saidNothing(run))
        if (wanted.includes(said.path) && !out.some((e) => e.entry === entry.label && e.field === said.path))
          out.push({
            entry: entry.label,
            field: said.path,
            value: said.field.value as CheckEvidence['value'],
            origin: said.field.origin,
            source: `${said.field.source ? `${said.field.source}; ` : ''}says nothing, read as not stated`,
          });
  }
  return out;
}

/** Each side's declaration that this check's difference is intended (run.declaredDifferences). */
function declarationEvidence(input: ComparisonInput, checkId: string): CheckEvidence[] {
  const out: CheckEvidence[] = [];
  for (const entry of input.entries) {
    const d = declaredDifference({ entries: [entry], subject: input.subject }, checkId);
    if (d && !out.some((e) => e.entry === d.entry)) out.push(d);
  }
  return out;
}

/**
 * A differing field of the publication's own: a count, switch or execution mode of the setup flags; any other
 * turns a pass or an unknown into a review.
 */
function withOwnFields(outcome: CheckOutcome, input: ComparisonInput, checkId: string): CheckOutcome {
  if (outcome.state === 'flag') return outcome;
  const own = ownFieldDifferences(input, checkId);
  const decided = own.filter((o) => o.decided).map((o) => o.text);
  if (decided.length > 0)
    return {
      ...outcome,
      state: 'flag',
      message: `${capitalise(decided.join('; '))}: a count, switch or execution mode of the setup that differs between the sides, recorded by the publication under its own name.`,
    };
  if (outcome.state !== 'pass' && outcome.state !== 'unknown') return outcome;
  if (own.length === 0) return outcome;
  const hint = `${own.map((o) => o.text).join('; ')}: Levelfield reads no field of that name, so a reviewer should weigh whether it changes the result`;
  return {
    ...outcome,
    state: 'needs_review',
    hint: outcome.hint ? `${outcome.hint} | ${hint}` : hint,
    message: `${outcome.message} A field of the publication's own differs: a reviewer should weigh it.`,
  };
}

/**
 * An unknown whose own evidence already shows the sides' words differ on a field it read ("a
 * sequential warm-up that warms one connection" against "the shared harness's warm-up"): the
 * check cannot decide, but a reviewer has a concrete difference to weigh, so it says so with both
 * sides' words instead of only what is missing. Values Levelfield computed are left out.
 */
function withDifferingWords(outcome: CheckOutcome, input: ComparisonInput): CheckOutcome {
  if (outcome.state !== 'unknown' || input.entries.length < 2) return outcome;
  const byField = new Map<string, Map<string, string>>();
  for (const e of outcome.evidence) {
    if (e.origin === 'derived' || e.value === null) continue;
    const sides = byField.get(e.field) ?? new Map<string, string>();
    if (!sides.has(e.entry)) sides.set(e.entry, display(e.value as FieldValue));
    byField.set(e.field, sides);
  }
  // Each system's own driver, components or image differ by design (the subject), and so does a
  // value in which every side names its own system.
  const namesOwn = (sides: Map<string, string>) =>
    [...sides.entries()].every(([label, v]) => {
      const system = input.entries.find((e) => e.label === label)?.system ?? '';
      return normText(system)
        .split(/[^a-z0-9]+/)
        .some((w) => w.length >= 3 && normText(v).includes(w));
    });
  const differing = [...byField.entries()].filter(
    ([field, sides]) =>
      sides.size >= 2 &&
      !isIntended(input, field) &&
      // A field the check still misses on a side is what the unknown is about, not a difference.
      !(outcome.missing ?? []).some((m) => barePath(m.field) === barePath(field)) &&
      !namesOwn(sides) &&
      new Set([...sides.values()].map((v) => normText(v))).size > 1,
  );
  if (differing.length === 0) return outcome;
  const hint = differing
    .map(
      ([field, sides]) =>
        `${describeField(field).label} reads differently (${[...sides.entries()].map(([entry, v]) => `${entry}: ${v}`).join(' vs ')})`,
    )
    .join('; ');
  return {
    ...outcome,
    state: 'needs_review',
    hint: outcome.hint ? `${outcome.hint} | ${hint}` : hint,
    message: `${outcome.message} What the sides record for it differs: a reviewer should weigh it.`,
  };
}

/** Runs one check; the result carries the catalogue's id, title and mode. */
export function runCheck(check: CheckDefinition, input: ComparisonInput): CheckResult {
  const outcome = withDifferingWords(withOwnFields(check.evaluate(input), input, check.id), input);
  const declared = declarationEvidence(input, check.id).filter(
    (d) => !outcome.evidence.some((e) => e.entry === d.entry && e.field === d.field),
  );
  outcome.evidence = [...outcome.evidence, ...saidNothingEvidence(input, outcome.missing), ...declared];
  const result: CheckResult = {
    id: check.id,
    title: check.title,
    mode: check.mode,
    state: outcome.state,
    evidence: outcome.evidence,
    message: outcome.message,
  };
  if (outcome.hint !== undefined) result.hint = outcome.hint;
  if (outcome.missing !== undefined && outcome.missing.length > 0) result.missing = outcome.missing;
  return result;
}

/** Validates the input and runs every check in catalogue order. */
export function runChecks(input: ComparisonInputRaw | ComparisonInput): CheckResult[] {
  const parsed = ComparisonInput.parse(input);
  return CHECKS.map((check) => runCheck(check, parsed));
}
