// Seed 000: Rama vs CockroachDB on TPC-C (vendor blog post by Rama's makers), with the figures
// exactly as published, and its 99 %-cross-partition variant (Rama standard vs Rama modified).
import type { ProvenanceInput } from '@levelfield/contracts/provenance';
import { ComparisonInput, type PublishedValue, type RunInput } from '../schema.ts';
import { decl, imp, num, pv, type SeedComparison } from './common.ts';

const SUMMARY = 'seed 000, summary table ("Here’s a summary of throughput for each")';
const LATENCY = 'seed 000, latency table ("All values are in milliseconds")';
const VARIANT = 'seed 000, "Rama’s performance on heavy cross-partition transaction workload" table';
const TPCC = 'seed 000, "TPC-C benchmark summary" (keying and think time per terminal)';
const EFFICIENCY_FORMULA =
  'reconstructed by Levelfield, not stated in the post: only 12.605 tpmC per warehouse (CockroachDB workload’s card-deck maximum) reproduces the published figure; CockroachDB’s workload printed efficiency against 12.86 in other versions (seed 001)';

type Side = 'CockroachDB' | 'Rama';

/** The latency table as printed: [transaction, end point, percentile, CockroachDB, Rama]. */
const LATENCY_ROWS: [string, string | null, string, string | null, string][] = [
  ['New Order', 'initiate', 'p50', 'N/A', '22.4'],
  ['New Order', 'initiate', 'p90', null, '129.5'],
  ['New Order', 'initiate', 'p95', null, '165.6'],
  ['New Order', 'initiate', 'p99', null, '236.9'],
  ['New Order', 'initiate', 'max', null, '708.4'],
  ['New Order', 'complete', 'p50', '402.7', '1,107.9'],
  ['New Order', 'complete', 'p90', '1,409.3', '1,574.7'],
  ['New Order', 'complete', 'p95', '2,684.4', '1,717.7'],
  ['New Order', 'complete', 'p99', '9,126.8', '2,226.8'],
  ['New Order', 'complete', 'max', '45,097.2', '3,082.0'],
  ['Payment', 'initiate', 'p50', 'N/A', '22.3'],
  ['Payment', 'initiate', 'p90', null, '129.5'],
  ['Payment', 'initiate', 'p95', null, '165.6'],
  ['Payment', 'initiate', 'p99', null, '237.0'],
  ['Payment', 'initiate', 'max', null, '685.6'],
  ['Payment', 'complete', 'p50', '251.7', '1,115.3'],
  ['Payment', 'complete', 'p90', '1,006.6', '1,588.5'],
  ['Payment', 'complete', 'p95', '2,415.9', '1,730.3'],
  ['Payment', 'complete', 'p99', '15,032.4', '2,242.7'],
  ['Payment', 'complete', 'max', '103,079.2', '3,086.3'],
  ['Delivery', 'initiate', 'p50', 'N/A', '22.1'],
  ['Delivery', 'initiate', 'p90', null, '129.0'],
  ['Delivery', 'initiate', 'p95', null, '165.2'],
  ['Delivery', 'initiate', 'p99', null, '236.6'],
  ['Delivery', 'initiate', 'max', null, '607.1'],
  ['Delivery', 'complete', 'p50', '302.0', '1,100*'],
  ['Delivery', 'complete', 'p90', '1,140.9', '1,600*'],
  ['Delivery', 'complete', 'p95', '2,415.9', '1,700*'],
  ['Delivery', 'complete', 'p99', '9,126.8', '2,200*'],
  ['Delivery', 'complete', 'max', '55,834.6', '3,100*'],
  ['Order Status', null, 'p50', '6.8', '10.0'],
  ['Order Status', null, 'p90', '62.9', '73.0'],
  ['Order Status', null, 'p95', '125.8', '112.0'],
  ['Order Status', null, 'p99', '4,160.7', '188.3'],
  ['Order Status', null, 'max', '33,286.0', '542.9'],
  ['Stock Level', null, 'p50', '39.8', '70.0'],
  ['Stock Level', null, 'p90', '469.8', '200.2'],
  ['Stock Level', null, 'p95', '906.0', '243.2'],
  ['Stock Level', null, 'p99', '5,905.6', '332.1'],
  ['Stock Level', null, 'max', '38,654.7', '772.2'],
];

const ESTIMATED_NOTE =
  'seed 000, latency table footnote: "*Estimated. Delivery complete latencies were not directly measured but are comparable to New Order and Payment, as all write transactions are processed together."';

function latencyValues(side: Side): PublishedValue[] {
  const out: PublishedValue[] = [];
  for (const [transaction, endPoint, percentile, crdb, rama] of LATENCY_ROWS) {
    const text = side === 'CockroachDB' ? crdb : rama;
    if (text === null) continue;
    const labels: Record<string, string> = { transaction, percentile };
    if (endPoint) labels.endPoint = endPoint;
    const estimated = text.endsWith('*');
    out.push(
      pv({
        metric: 'latency',
        value: text === 'N/A' ? null : num(text),
        unit: 'ms',
        labels,
        text,
        quality: estimated ? 'estimated' : 'measured',
        source: estimated ? ESTIMATED_NOTE : LATENCY,
      }),
    );
  }
  return out;
}

/** The lines-of-code table: [transaction, CockroachDB, Rama]. */
const LINES_OF_CODE: [string, string, string][] = [
  ['New Order', '540', '270'],
  ['Payment', '410', '130'],
  ['Delivery', '170', '60'],
  ['Order Status', '140', '60'],
  ['Stock Level', '70', '30'],
  ['Total', '1,330', '550'],
];

function linesOfCode(side: Side): PublishedValue[] {
  return LINES_OF_CODE.map(([transaction, crdb, rama]) => {
    const text = side === 'CockroachDB' ? crdb : rama;
    return pv({
      metric: 'linesOfCode',
      value: num(text),
      unit: 'lines',
      labels: transaction === 'Total' ? { scope: 'total' } : { transaction },
      text,
      source: 'seed 000, "Lines of code" table',
    });
  });
}

interface Summary {
  nodes: string;
  count: number;
  hostType: string;
  cost: string;
  vcpus: string;
  tpmC: string;
  efficiency: string;
  costPerTpmC: string;
}

const CRDB: Summary = {
  nodes: '81 x c5d.9xlarge',
  count: 81,
  hostType: 'c5d.9xlarge',
  cost: '$139.97',
  vcpus: '2,916',
  tpmC: '1,684,437',
  efficiency: '95.5%',
  costPerTpmC: '$0.0000831/hr',
};

const RAMA: Summary = {
  nodes: '64 x i8g.4xlarge',
  count: 64,
  hostType: 'i8g.4xlarge',
  cost: '$87.81',
  vcpus: '1,024',
  tpmC: '1,676,800',
  efficiency: '95.0%',
  costPerTpmC: '$0.0000524/hr',
};

function summaryValues(s: Summary): PublishedValue[] {
  return [
    pv({ metric: 'clusterCostPerHour', value: num(s.cost), unit: 'USD/h', text: s.cost, source: SUMMARY }),
    pv({ metric: 'vcpusTotal', value: num(s.vcpus), unit: 'vCPU', text: s.vcpus, source: SUMMARY }),
    pv({ metric: 'warehouses', value: 140_000, unit: 'warehouses', text: '140,000', source: SUMMARY }),
    pv({ metric: 'replicationFactor', value: 3, unit: '', text: '3', source: SUMMARY }),
    pv({ metric: 'tpmC', value: num(s.tpmC), unit: 'tpmC', text: s.tpmC, source: SUMMARY }),
    pv({
      metric: 'efficiency',
      value: num(s.efficiency),
      unit: '%',
      text: s.efficiency,
      source: SUMMARY,
      formulaId: 'tpcc-efficiency/12.605',
      formulaStated: false,
    }),
    pv({
      metric: 'costPerTpmCPerHour',
      value: num(s.costPerTpmC),
      unit: 'USD/tpmC/h',
      text: s.costPerTpmC,
      source: SUMMARY,
      formulaId: 'cost-per-tpmc-per-hour',
    }),
  ];
}

function provenance(side: Side, s: Summary, variant = false): ProvenanceInput {
  const perNodeVcpus = (num(s.vcpus) ?? 0) / s.count;
  return {
    run: {
      benchmark: imp('TPC-C', 'seed 000, first paragraph'),
      ...(variant
        ? {
            division: imp(
              'open (modified)',
              `${VARIANT}: "we ran a modified version of the TPC-C benchmark"`,
            ),
          }
        : {}),
    },
    nodes: [
      {
        role: 'sut',
        name: side === 'Rama' ? 'rama' : 'cockroachdb',
        count: s.count,
        hardware: {
          hostType: imp(s.hostType, `${SUMMARY}: Nodes ${s.nodes}`),
          vcpus: imp(perNodeVcpus, `${SUMMARY}: vCPUs (total) ${s.vcpus} over ${s.count} nodes`),
        },
      },
    ],
    topology: {
      replicationFactor: imp(3, `${SUMMARY}: RF 3`),
      nodeCount: imp(s.count, `${SUMMARY}: Nodes ${s.nodes}`),
    },
    workload: {
      name: imp('TPC-C', 'seed 000, first paragraph'),
      warehouses: imp(140_000, `${SUMMARY}: Warehouses 140,000`),
      mix: variant
        ? imp(
            '99% of new order transactions cross-partition',
            `${VARIANT}: "99% of the new order transactions are cross-partition"`,
          )
        : imp(
            'standard (10% of new order transactions cross-partition)',
            'seed 000: "Just 10% of new order transactions are cross-partition"',
          ),
      ...(variant ? { variant: imp('99% cross-partition', VARIANT) } : {}),
      keyingThinkTimes: imp('on (TPC-C terminals wait a keying and think time)', TPCC),
      features:
        side === 'Rama'
          ? imp(
              [
                'microbatching (every microbatch is a cross-partition transaction)',
                'exactly-once microbatch processing',
              ],
              'seed 000, "Rama’s efficiency": work is grouped into "microbatches"',
            )
          : imp(
              ['individual transactions (locks, consensus, commit per transaction)'],
              'seed 000, "Rama’s efficiency": "In CockroachDB … each transaction executes independently"',
            ),
    },
    settings: {
      // The post names no level; it asserts equivalence, kept as a claim rather than a level.
      isolationClaim: imp(
        'equivalent isolation levels (level not named)',
        'seed 000: "Both benchmarks were done with equal amounts of replication and equivalent isolation levels."',
        'quoted',
      ),
    },
    measurement: {
      latencyEndPoint:
        side === 'Rama'
          ? imp(
              ['initiate', 'complete'],
              'seed 000: "Rama’s write transactions report two latencies: “initiate” and “complete”"',
            )
          : imp('complete', `${LATENCY}: CockroachDB initiate latencies "N/A"`),
      formulaIds: imp(['cost-per-tpmc-per-hour'], `${SUMMARY}: "Cost per tpmC" = cluster cost/hr ÷ tpmC`),
      efficiencyFormula: decl('tpcc-efficiency/12.605', EFFICIENCY_FORMULA, 'estimated'),
    },
    cost: {
      clusterCostPerHour: imp(num(s.cost), `${SUMMARY}: Cluster cost/hr ${s.cost}`),
      currency: imp('USD', `${SUMMARY}: "$"`),
      horizon: imp('hourly', `${SUMMARY}: "Cluster cost/hr", "Cost per tpmC … /hr"`),
      included: imp('cluster nodes', `${SUMMARY}: "Cluster cost/hr"`),
    },
  };
}

const disclosure = {
  CockroachDB: {
    affiliation:
      'CockroachDB’s vendor: the figures are CockroachDB’s own published TPC-C results, as cited by the post ("they publish detailed, reproducible TPC-C results")',
  },
  Rama: {
    affiliation:
      'Rama’s vendor: the post is written by the makers of Rama ("We chose CockroachDB as our comparison point for Rama")',
  },
};

function crdbRun(): RunInput {
  return {
    id: 'seed-000-cockroachdb',
    name: 'CockroachDB TPC-C, 140,000 warehouses (as published)',
    source: 'published',
    provenance: provenance('CockroachDB', CRDB) as RunInput['provenance'],
    disclosure: disclosure.CockroachDB as RunInput['disclosure'],
    series: [],
    values: [...summaryValues(CRDB), ...latencyValues('CockroachDB'), ...linesOfCode('CockroachDB')],
  };
}

function ramaRun(): RunInput {
  return {
    id: 'seed-000-rama',
    name: 'Rama TPC-C, 140,000 warehouses (as published)',
    source: 'published',
    provenance: provenance('Rama', RAMA) as RunInput['provenance'],
    disclosure: disclosure.Rama as RunInput['disclosure'],
    series: [],
    values: [...summaryValues(RAMA), ...latencyValues('Rama'), ...linesOfCode('Rama')],
  };
}

function ramaVariantRun(): RunInput {
  const values = [
    pv({ metric: 'warehouses', value: 140_000, unit: 'warehouses', text: '140,000', source: VARIANT }),
    pv({ metric: 'replicationFactor', value: 3, unit: '', text: '3', source: VARIANT }),
    pv({ metric: 'tpmC', value: 1_507_200, unit: 'tpmC', text: '1,507,200', source: VARIANT }),
  ];
  return {
    id: 'seed-000-rama-99-cross-partition',
    name: 'Rama TPC-C, 99 % cross-partition new orders (as published)',
    source: 'published',
    provenance: provenance('Rama', RAMA, true) as RunInput['provenance'],
    disclosure: disclosure.Rama as RunInput['disclosure'],
    series: [],
    values,
  };
}

export const ramaVsCockroachdb: SeedComparison = {
  slug: 'rama-vs-cockroachdb-tpcc',
  title: 'Rama vs CockroachDB on TPC-C (140,000 warehouses, RF 3)',
  description:
    'A vendor blog post comparing Rama (64 × i8g.4xlarge) with CockroachDB’s published result (81 × c5d.9xlarge): tpmC, efficiency, cluster cost per hour, cost per tpmC and per-transaction latencies with Rama’s “initiate” and “complete” end points.',
  seed: '000',
  baseline: 0,
  expectedFlags: ['F-HW-1', 'F-HW-2', 'F-HW-3', 'F-MEAS-2', 'F-MEAS-7', 'F-MEAS-8', 'F-DISC-3'],
  expectedPasses: ['F-COST-1', 'F-COST-2'],
  input: ComparisonInput.parse({
    entries: [
      { label: 'CockroachDB', system: 'CockroachDB', runs: [crdbRun()] },
      { label: 'Rama', system: 'Rama', runs: [ramaRun()] },
    ],
  }),
};

export const ramaCrossPartitionVariant: SeedComparison = {
  slug: 'rama-vs-cockroachdb-tpcc-99-cross-partition',
  title: 'Rama on TPC-C: standard vs 99 % cross-partition new orders',
  description:
    'The post’s modified TPC-C where 99 % of new order transactions cross partitions, next to Rama’s standard run (1,676,800 vs 1,507,200 tpmC).',
  seed: '000',
  baseline: 0,
  expectedFlags: ['F-WL-5', 'F-WL-1'],
  input: ComparisonInput.parse({
    entries: [
      { label: 'Rama (Standard)', system: 'Rama', runs: [ramaRun()] },
      { label: 'Rama (99% cross-partition)', system: 'Rama', runs: [ramaVariantRun()] },
    ],
  }),
};
