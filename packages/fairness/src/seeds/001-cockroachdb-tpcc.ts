// Seed 001: CockroachDB's documentation on running TPC-C with `workload` — its two example
// results, a 3-node cluster on 1,000 warehouses and a 30-node cluster on 10,000, each the final
// line `workload run tpcc` prints, figures exactly as published. The scale is what the page
// compares (its subject); everything else that differs between the two setups is left to the checks.
import type { ProvenanceInput } from '@levelfield/contracts/provenance';
import { ComparisonInput, type RunInput } from '../schema.ts';
import { decl, imp, num, pv, type SeedComparison } from './common.ts';

const SMALL = 'seed 001, "Benchmark a small cluster"';
const LARGE = 'seed 001, "Benchmark a large cluster"';
const EFC =
  'seed 001, step "Interpret the results": "`efc` (\'efficiency\') tells you how close CockroachDB gets to theoretical maximum `tpmC`"; 12.86 tpmC per warehouse reproduces both printed efc values';

/** The final line's columns as printed: `_elapsed_ tpmC efc avg(ms) p50(ms) p90(ms) p95(ms) p99(ms) pMax(ms)`. */
const COLUMNS = [
  ['_elapsed_', 'elapsed', {}, 's'],
  ['tpmC', 'tpmC', {}, 'tpmC'],
  ['efc', 'efficiency', {}, '%'],
  ['avg(ms)', 'latency', { statistic: 'avg' }, 'ms'],
  ['p50(ms)', 'latency', { percentile: 'p50' }, 'ms'],
  ['p90(ms)', 'latency', { percentile: 'p90' }, 'ms'],
  ['p95(ms)', 'latency', { percentile: 'p95' }, 'ms'],
  ['p99(ms)', 'latency', { percentile: 'p99' }, 'ms'],
  ['pMax(ms)', 'latency', { percentile: 'max' }, 'ms'],
] as const;

interface Setup {
  key: string;
  label: string;
  nodes: number;
  warehouses: number;
  section: string;
  /** The final line, column by column, as printed. */
  line: string[];
  /** What the larger setup adds: partitions by rack, an enterprise feature. */
  features: string[];
  dataset: string;
}

const SETUPS: Setup[] = [
  {
    key: '3-nodes',
    label: '3 nodes, 1,000 warehouses',
    nodes: 3,
    warehouses: 1000,
    section: SMALL,
    line: ['298.9s', '13154.0', '102.3%', '75.1', '71.3', '113.2', '130.0', '184.5', '436.2'],
    features: ['--split', '--scatter'],
    dataset: '200GB',
  },
  {
    key: '30-nodes',
    label: '30 nodes, 10,000 warehouses',
    nodes: 30,
    warehouses: 10_000,
    section: LARGE,
    line: ['291.6s', '131109.8', '102.0%', '115.3', '88.1', '184.5', '268.4', '637.5', '4295.0'],
    features: [
      '--split',
      '--scatter',
      'partitioning: ten partitions, one per rack (enterprise feature)',
      'locality racks (--locality=rack=N)',
    ],
    dataset: '2TB',
  },
];

function provenance(s: Setup): ProvenanceInput {
  return {
    run: {
      benchmark: imp('TPC-C (CockroachDB workload run tpcc)', s.section),
      benchmarkVersion: imp(
        'workload.LATEST (edge binary)',
        `${s.section}: "wget https://edge-binaries.cockroachdb.com/cockroach/workload.LATEST"`,
      ),
    },
    nodes: [
      {
        role: 'sut',
        name: 'cockroachdb',
        count: s.nodes,
        hardware: {
          hostType: imp('n1-highcpu-16', `${s.section}: "Use the \`n1-highcpu-16\` machine type."`),
          storageType: imp(
            'one local SSD per VM, write cache flushing disabled',
            `${s.section}: "We attach a single local SSD to each virtual machine" … "Disable write cache flushing"`,
          ),
        },
      },
      {
        role: 'client',
        name: 'workload',
        count: 1,
        hardware: { hostType: imp('n1-highcpu-16', `${s.section}: a further instance runs the benchmark`) },
      },
    ],
    software: {
      components: imp(
        { CockroachDB: '{{ page.release_info.version }}', workload: 'LATEST' },
        `${s.section}: the archive "cockroach-{{ page.release_info.version }}.linux-amd64.tgz" and "workload.LATEST"`,
      ),
    },
    topology: {
      nodeCount: imp(s.nodes, `${s.section}: "Create ${s.nodes} instances for your CockroachDB nodes"`),
      cloudProvider: imp('Google Cloud Platform (GCE)', s.section),
    },
    workload: {
      name: imp('TPC-C', s.section),
      warehouses: imp(s.warehouses, `${s.section}: "--warehouses=${s.warehouses}"`),
      scale: imp(
        s.dataset,
        `seed 001, introduction: "${s.warehouses.toLocaleString('en-US')} warehouses (for a total dataset size of ${s.dataset})"`,
      ),
      features: imp(s.features, `${s.section}: the \`workload run tpcc\` flags`),
    },
    measurement: {
      rampUpMs: imp(30_000, `${s.section}: "--ramp=30s"`),
      durationMs: imp(300_000, `${s.section}: "--duration=300s"`),
      efficiencyFormula: decl('tpcc-efficiency/12.86', EFC),
    },
  };
}

function runOf(s: Setup): RunInput {
  return {
    id: `seed-001-${s.key}`,
    name: `CockroachDB TPC-C, ${s.label} (documentation example)`,
    source: 'published',
    provenance: provenance(s) as RunInput['provenance'],
    disclosure: {
      authors: [],
      affiliation: 'Cockroach Labs (CockroachDB documentation)',
      otherVendorConsulted: 'not-stated',
      artefacts: [],
      ai: { declared: 'not-stated', scopes: [], tools: [], evidence: [] },
    },
    series: [],
    values: COLUMNS.map(([column, metric, labels, unit], i) => {
      const text = s.line[i] ?? '';
      return pv({
        metric,
        value: num(text),
        unit,
        text,
        labels: { ...labels },
        source: `${s.section}, the final output line: ${column}`,
        ...(metric === 'efficiency' ? { formulaId: 'tpcc-efficiency/12.86' } : {}),
      });
    }),
  };
}

export const cockroachdbTpccScale: SeedComparison = {
  slug: 'cockroachdb-tpcc-3-vs-30-nodes',
  title: 'CockroachDB TPC-C: 3 nodes on 1,000 warehouses vs 30 nodes on 10,000',
  description:
    'The two example results of CockroachDB’s “Performance Benchmarking with TPC-C” page: n1-highcpu-16 nodes with local SSDs, `workload run tpcc --ramp=30s --duration=300s`, its final line (tpmC, efficiency against 12.86 tpmC per warehouse, latencies).',
  seed: '001',
  baseline: 0,
  // Partitioning on the large cluster only (so more than the scale differs); an edge binary
  // ("LATEST") names no release.
  expectedFlags: ['F-WL-3', 'F-DISC-5', 'F-SW-1'],
  expectedPasses: ['F-MEAS-7'],
  input: ComparisonInput.parse({
    subject: ['scale'],
    entries: SETUPS.map((s) => ({ label: s.label, system: 'CockroachDB', runs: [runOf(s)] })),
  }),
};
