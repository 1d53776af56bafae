import { describe, expect, it } from 'vitest';
import { CHECKS, checkById, runCheck, runChecks } from '../catalogue.ts';
import type { ComparisonInput } from '../schema.ts';
import { comparison, type NodeSpec, type Plain, pair, type RunSpec, side } from '../testing.ts';
import { settingSwitches } from './feature-text.ts';
import { optimisationOf } from './software.ts';
import { normWorkloadName } from './workload.ts';

interface Case {
  id: string;
  pass: ComparisonInput;
  flag: ComparisonInput;
  /** A field path that must appear in the flag's evidence. */
  evidence?: string;
  /**
   * An input missing the needed provenance on one side: unknown, or needs_review naming what is
   * stated for one side and not the other (asymmetric disclosure is a finding of its own).
   */
  unknown?: ComparisonInput;
}

const sut = (hardware: RunSpec['nodes'] extends (infer N)[] | undefined ? N : never) => hardware;
const node = (hardware: Record<string, string | number | boolean>, count = 1) =>
  sut({ role: 'sut', count, hardware });
const throughput = (values: number[]) => ({
  name: 'tx',
  kind: 'counter',
  unit: 'ops/s',
  throughputSeries: values,
  summary: {
    count: 1000,
    durationSeconds: 600,
    throughput: values.reduce((a, b) => a + b, 0) / values.length,
    p50: 1,
    p90: 2,
    p95: 3,
    p99: 4,
    p999: 5,
    max: 6,
  },
});
const latency = (
  transaction: string,
  endPoint: string,
  percentile: string,
  value: number | null,
  quality = 'measured',
) => ({
  metric: 'latency',
  value,
  unit: 'ms',
  labels: { transaction, endPoint, percentile },
  origin: 'imported',
  quality,
});

const AUTO_CASES: Case[] = [
  {
    id: 'F-HW-1',
    pass: pair(
      { nodes: [node({ hostType: 'c5d.9xlarge' })] },
      { nodes: [node({ hostType: 'C5D.9xlarge ' })] },
    ),
    flag: pair(
      { nodes: [node({ hostType: 'c5d.9xlarge' })] },
      { nodes: [node({ hostType: 'i8g.4xlarge' })] },
    ),
    evidence: 'nodes.sut.hardware.hostType',
    // The instance type tells A's architecture (x86_64), which agrees with B's: only the
    // instance type is missing.
    unknown: pair({ nodes: [node({ hostType: 'c5d.9xlarge' })] }, { nodes: [node({ arch: 'x86_64' })] }),
  },
  {
    id: 'F-HW-2',
    pass: pair(
      { nodes: [node({ vcpus: 16 }, 64)] },
      { nodes: [node({ vcpus: 16, memoryBytes: 1 }, 60), node({ vcpus: 16 }, 4)] },
    ),
    flag: pair({ nodes: [node({ vcpus: 36 }, 81)] }, { nodes: [node({ vcpus: 16 }, 64)] }),
    evidence: 'nodes.sut.hardware.vcpus (total)',
    unknown: pair({ nodes: [node({ vcpus: 36 }, 81)] }, { nodes: [node({ hostType: 'x' }, 81)] }),
  },
  {
    id: 'F-HW-3',
    pass: pair(
      { nodes: [node({ hostType: 'c6i.4xlarge' })] },
      { nodes: [node({ hostType: 'm6i.8xlarge' })] },
    ),
    flag: pair(
      { nodes: [node({ hostType: 'c5d.9xlarge' })] },
      { nodes: [node({ hostType: 'i8g.4xlarge' })] },
    ),
    evidence: 'nodes.sut.hardware.hostType (generation)',
    unknown: pair(
      { nodes: [node({ hostType: 'c5d.9xlarge' })] },
      { nodes: [node({ hostType: 'MacBook Pro' })] },
    ),
  },
  {
    id: 'F-HW-4',
    pass: pair(
      { nodes: [node({ governor: 'performance', turbo: false, smt: true, loadAverage: 0.1 })] },
      { nodes: [node({ governor: 'Performance', turbo: 'off', smt: 'on', loadAverage: 0.3 })] },
    ),
    flag: pair(
      { nodes: [node({ governor: 'performance', loadAverage: 0.1 })] },
      { nodes: [node({ governor: 'powersave', loadAverage: 3.5 })] },
    ),
    evidence: 'nodes.sut.hardware.governor',
    unknown: pair({ nodes: [node({ governor: 'performance' })] }, { nodes: [node({ smt: true })] }),
  },
  {
    id: 'F-COST-1',
    pass: pair(
      { cost: { horizon: 'hourly', currency: 'USD', pricingModel: 'on-demand', included: 'cluster nodes' } },
      {
        cost: { horizon: 'per hour', currency: 'usd', pricingModel: 'On Demand', included: 'cluster nodes' },
      },
    ),
    flag: pair(
      { cost: { horizon: 'hourly', currency: 'USD', pricingModel: 'on-demand' } },
      { cost: { horizon: 'hourly', currency: 'USD', pricingModel: '3-year reserved' } },
    ),
    evidence: 'cost.pricingModel',
    unknown: pair({ cost: { horizon: 'hourly', currency: 'USD' } }, { cost: { currency: 'USD' } }),
  },
  {
    id: 'F-COST-2',
    pass: pair(
      { measurement: { formulaIds: ['cost-per-tpmc-per-hour', 'tpcc-efficiency/12.605'] } },
      { measurement: { formulaIds: ['cost-per-tpmc-per-hour'] } },
    ),
    flag: pair(
      { measurement: { formulaIds: ['cost-per-tpmc-per-hour'] } },
      { measurement: { formulaIds: ['tpcc-3y-dollars-per-tpmc'] } },
    ),
    evidence: 'measurement.formulaIds',
    unknown: pair(
      { measurement: { formulaIds: ['cost-per-tpmc-per-hour'] } },
      { measurement: { formulaIds: ['tpcc-tpmc'] } },
    ),
  },
  {
    id: 'F-SW-1',
    pass: pair(
      {
        software: {
          buildType: 'release',
          releaseDate: '2025-01-10',
          components: [{ name: 'AcmeDB', version: '3.1.0', role: 'server' }],
        },
      },
      {
        software: {
          buildType: 'Release (-O2)',
          releaseDate: '2025-06-01',
          components: [{ name: 'OtherDB', version: '7.2', role: 'server' }],
        },
      },
    ),
    flag: pair(
      { software: { buildType: 'release', releaseDate: '2025-01-10' } },
      { software: { buildType: 'debug', releaseDate: '2021-03-01' } },
    ),
    evidence: 'software.buildType',
    unknown: pair({ software: { buildType: 'release' } }, { software: { releaseDate: '2025-01-01' } }),
  },
  {
    id: 'F-SW-3',
    pass: pair(
      { software: { vcsDirty: false, vcsCommit: 'a1b2c3d' } },
      { disclosure: { artefacts: [{ url: 'https://github.com/example/h/tree/a1b2c3d4e5' }] } },
    ),
    flag: pair({ software: { vcsDirty: false } }, { software: { vcsDirty: true } }),
    evidence: 'software.vcsDirty',
    unknown: pair({ software: { vcsDirty: false } }, {}),
  },
  {
    id: 'F-TOPO-1',
    pass: pair(
      { topology: { replicationFactor: 3, nodeCount: 9 } },
      { topology: { replicationFactor: '3', nodeCount: 9 } },
    ),
    flag: pair(
      { topology: { replicationFactor: 3 }, nodes: [node({}, 81)] },
      { topology: { replicationFactor: 3 }, nodes: [node({}, 64)] },
    ),
    evidence: 'topology.nodeCount',
    unknown: pair({ topology: { replicationFactor: 3 } }, { topology: { nodeCount: 3 } }),
  },
  {
    id: 'F-TOPO-2',
    pass: pair(
      { topology: { clientPlacement: 'same zone', extraHops: 0, rttMs: 0.3, region: 'eu-west-1' } },
      { topology: { clientPlacement: 'same-zone', extraHops: 0, rttMs: 0.4, region: 'eu-west-1' } },
    ),
    flag: pair(
      { topology: { clientPlacement: 'same machine', extraHops: 0 } },
      { topology: { clientPlacement: 'localhost', extraHops: 1 } },
    ),
    evidence: 'topology.extraHops',
    unknown: pair({ topology: { clientPlacement: 'same-zone' } }, { topology: { rttMs: 1 } }),
  },
  {
    id: 'F-DUR-1',
    pass: pair(
      { settings: { durability: 'local-fsync' } },
      { settings: { durabilityRaw: 'synchronous_commit=on' } },
    ),
    flag: pair(
      { settings: { durabilityRaw: 'synchronous_commit=off' } },
      { settings: { durability: 'local-fsync' } },
    ),
    evidence: 'settings.durability',
    unknown: pair({ settings: { durability: 'local-fsync' } }, {}),
  },
  {
    id: 'F-DUR-2',
    pass: pair({ settings: { confirmedReads: true } }, { settings: { confirmedReads: 'yes' } }),
    flag: pair(
      { settings: { confirmedReads: false, acknowledgement: 'fire-and-forget' } },
      { settings: { acknowledgement: 'after commit round trip' } },
    ),
    evidence: 'settings.acknowledgement',
    unknown: pair({ settings: { confirmedReads: true } }, {}),
  },
  {
    id: 'F-ISO-1',
    pass: pair(
      { settings: { isolationLevel: 'serializable' } },
      { settings: { isolationLevel: 'Serializable isolation' } },
    ),
    flag: pair(
      { settings: { isolationLevel: 'SERIALIZABLE' } },
      { settings: { isolationLevel: 'read_committed' } },
    ),
    evidence: 'settings.isolationLevel',
    unknown: pair({ settings: { isolationLevel: 'serializable' } }, {}),
  },
  {
    id: 'F-ISO-2',
    pass: pair({ workload: { consistencyChecks: 'passed' } }, { workload: { consistencyChecks: true } }),
    flag: pair({ workload: { consistencyChecks: 'passed' } }, { workload: { consistencyChecks: 'not run' } }),
    evidence: 'workload.consistencyChecks',
  },
  {
    id: 'F-WL-1',
    pass: pair(
      { workload: { name: 'TPC-C', warehouses: 140000 } },
      { workload: { name: 'tpcc', warehouses: '140,000' } },
    ),
    flag: pair(
      { workload: { name: 'TPC-C', warehouses: 140000, mix: 'standard' } },
      { workload: { name: 'TPC-C', warehouses: 140000, mix: '99% cross-partition new orders' } },
    ),
    evidence: 'workload.mix',
    unknown: pair({ workload: { name: 'TPC-C', warehouses: 10 } }, { workload: { warehouses: 10 } }),
  },
  {
    id: 'F-WL-2',
    pass: pair({ workload: { keyingThinkTimes: 'per spec' } }, { workload: { keyingThinkTimes: true } }),
    flag: pair({ workload: { keyingThinkTimes: 'on' } }, { workload: { keyingThinkTimes: 'disabled' } }),
    evidence: 'workload.keyingThinkTimes',
    unknown: pair({ workload: { keyingThinkTimes: 'on' } }, {}),
  },
  {
    id: 'F-WL-6',
    pass: pair({ measurement: { loadTimeIncluded: false } }, { measurement: { loadTimeIncluded: 'no' } }),
    flag: pair({ measurement: { loadTimeIncluded: false } }, { measurement: { loadTimeIncluded: true } }),
    evidence: 'measurement.loadTimeIncluded',
  },
  {
    id: 'F-CLIENT-1',
    pass: pair(
      { client: { language: 'Rust', protocol: 'binary (BSATN over WebSocket)', orm: 'none' } },
      {
        client: {
          language: 'rust',
          protocol: 'Postgres wire protocol, binary format',
          orm: 'none (stored procedure)',
        },
      },
    ),
    flag: pair(
      { client: { language: 'Rust', protocol: 'binary WebSocket', orm: 'none' } },
      { client: { language: 'TypeScript (Node.js)', protocol: 'HTTP + JSON', orm: 'Drizzle' } },
    ),
    evidence: 'client.language',
    unknown: pair({ client: { language: 'Rust', protocol: 'binary' } }, { client: { language: 'Rust' } }),
  },
  {
    id: 'F-CLIENT-2',
    pass: pair(
      { client: { connections: 50, maxInFlight: 16384 } },
      { client: { connections: 50, pipelineDepth: 1024 } },
    ),
    flag: pair(
      { client: { connections: 50, maxInFlight: 16384 } },
      { client: { connections: 50, pipelineDepth: 1 } },
    ),
    evidence: 'client.pipelineDepth or maxInFlight (concurrency style)',
    unknown: pair({ client: { connections: 50, pipelineDepth: 1 } }, { client: { connections: 50 } }),
  },
  {
    id: 'F-CLIENT-3',
    pass: pair({ client: { loadModel: 'closed loop' } }, { client: { loadModel: 'closed' } }),
    flag: pair(
      { client: { loadModel: 'open (constant arrival rate)' } },
      { client: { loadModel: 'closed' } },
    ),
    evidence: 'client.loadModel',
    unknown: pair({ client: { loadModel: 'open' } }, {}),
  },
  {
    id: 'F-CLIENT-4',
    pass: pair(
      { client: { targetRate: 1000 }, series: [throughput([1000, 995, 1002, 999, 1001, 998])] },
      { client: { clientCpuPct: 40 } },
    ),
    flag: pair(
      { client: { targetRate: 1000 }, series: [throughput([700, 710, 690, 705, 695, 700])] },
      { client: { clientCpuPct: 40 } },
    ),
    evidence: 'client.targetRate / achieved',
    unknown: pair({ client: { clientCpuPct: 40 } }, {}),
  },
  {
    id: 'F-CLIENT-5',
    pass: pair(
      { client: { retryPolicy: 'no retries' }, measurement: { errorsCounted: true } },
      { client: { retryPolicy: 'No retries' }, measurement: { errorsCounted: 'yes' } },
    ),
    flag: pair({ client: { retryPolicy: 'retry 3×' } }, { client: { retryPolicy: 'no retries' } }),
    evidence: 'client.retryPolicy',
    unknown: pair({ client: { retryPolicy: 'no retries' } }, {}),
  },
  {
    id: 'F-MEAS-1',
    pass: pair(
      { measurement: { throughputSource: 'client-ack' } },
      { measurement: { throughputSource: 'client-side round trips' } },
    ),
    flag: pair(
      { measurement: { throughputSource: 'server-side Prometheus metrics' } },
      { measurement: { throughputSource: 'client-side' } },
    ),
    evidence: 'measurement.throughputSource',
    unknown: pair({ measurement: { throughputSource: 'client-ack' } }, {}),
  },
  {
    id: 'F-MEAS-2',
    pass: pair(
      {
        measurement: { latencyOrigin: 'intended start' },
        values: [latency('New Order', 'complete', 'p99', 10)],
      },
      {
        measurement: { latencyEndPoint: 'complete', latencyOrigin: 'intended' },
        values: [latency('New Order', 'complete', 'p99', 12)],
      },
    ),
    flag: pair(
      {
        values: [
          latency('New Order', 'initiate', 'p50', 22.4),
          latency('New Order', 'complete', 'p50', 1107.9),
        ],
      },
      {
        values: [
          latency('New Order', 'initiate', 'p50', null),
          latency('New Order', 'complete', 'p50', 402.7),
        ],
      },
    ),
    evidence: 'values.latency[transaction=New Order, endPoint=initiate, percentile=p50]',
    unknown: pair({ measurement: { latencyEndPoint: 'complete' } }, {}),
  },
  {
    id: 'F-MEAS-3',
    pass: pair(
      {
        measurement: { durationMs: 600000, warmupMs: 60000 },
        series: [throughput([100, 101, 99, 100, 102, 100, 99, 101, 100])],
      },
      { measurement: { durationMs: '10 minutes', warmupMs: '1 min' } },
    ),
    flag: pair(
      { measurement: { durationMs: 600000 }, series: [throughput([100, 101, 99, 80, 78, 79, 60, 61, 59])] },
      { measurement: { durationMs: 600000 } },
    ),
    evidence: 'series.tx.throughputSeries (steady state)',
    unknown: pair({ measurement: { durationMs: 1000 } }, {}),
  },
  {
    id: 'F-MEAS-4',
    pass: pair({ measurement: { cacheState: 'warm' } }, { measurement: { cacheState: 'Warm cache' } }),
    flag: pair({ measurement: { cacheState: 'cold' } }, { measurement: { cacheState: 'hot' } }),
    evidence: 'measurement.cacheState',
    unknown: pair({ measurement: { cacheState: 'cold' } }, {}),
  },
  {
    id: 'F-MEAS-5',
    pass: pair(
      { run: { selectionRule: 'all runs' }, measurement: { repetitions: 5 } },
      { run: { selectionRule: 'median of 5' }, measurement: { repetitions: 5 } },
    ),
    flag: pair(
      { run: { selectionRule: 'best of three' }, measurement: { repetitions: 3 } },
      { run: { selectionRule: 'all runs' }, measurement: { repetitions: 3 } },
    ),
    evidence: 'run.selectionRule',
  },
  {
    id: 'F-MEAS-6',
    pass: pair(
      { measurement: { aggregation: 'merged HDR histograms' } },
      { measurement: { aggregation: 'merged-histograms' } },
    ),
    flag: pair(
      { measurement: { aggregation: 'merged-histograms' } },
      { measurement: { aggregation: 'averaged percentiles' } },
    ),
    evidence: 'measurement.aggregation',
    unknown: pair({ measurement: { aggregation: 'merged-histograms' } }, {}),
  },
  {
    id: 'F-MEAS-7',
    pass: pair(
      { measurement: { formulaIds: ['tpcc-efficiency/12.86'] } },
      { measurement: { formulaIds: ['tpcc-efficiency/12.86'] } },
    ),
    flag: pair(
      { measurement: { formulaIds: ['tpcc-efficiency/12.86'] } },
      { measurement: { formulaIds: ['tpcc-efficiency/12.605'] } },
    ),
    evidence: 'measurement.formulaIds',
    unknown: pair({ measurement: { formulaIds: ['tpcc-efficiency/12.86'] } }, {}),
  },
  {
    id: 'F-MEAS-8',
    pass: pair(
      { values: [latency('Delivery', 'complete', 'p50', 302)] },
      { values: [latency('Delivery', 'complete', 'p50', 300)] },
    ),
    flag: pair(
      { values: [latency('Delivery', 'complete', 'p50', 302)] },
      { values: [{ ...latency('Delivery', 'complete', 'p50', 1100, 'estimated'), text: '1,100*' }] },
    ),
    evidence: 'values.latency[transaction=Delivery, endPoint=complete, percentile=p50]',
    unknown: pair({ values: [latency('Delivery', 'complete', 'p50', 302)] }, {}),
  },
  {
    id: 'F-DISC-1',
    pass: pair(
      { values: [{ metric: 'throughput', value: 73123, unit: 'TPS', origin: 'imported' }] },
      { values: [{ metric: 'throughput', value: 1838, unit: 'TPS', origin: 'imported' }] },
    ),
    flag: pair(
      { values: [{ metric: 'throughput', value: 73123, unit: 'TPS', origin: 'imported' }] },
      { values: [{ metric: 'multiplier', value: 40, unit: 'x', origin: 'imported' }] },
    ),
    evidence: 'ratio values',
    unknown: pair({ values: [{ metric: 'throughput', value: 1, unit: 'TPS', origin: 'imported' }] }, {}),
  },
  {
    id: 'F-DISC-2',
    pass: pair({ run: { compliance: 'unofficial' } }, { run: { compliance: 'not audited' } }),
    flag: pair({ run: { compliance: 'audited' } }, { run: { compliance: 'unofficial' } }),
    evidence: 'run.compliance',
    unknown: pair({ run: { compliance: 'audited' } }, {}),
  },
  {
    id: 'F-DISC-5',
    pass: pair(
      {
        settings: { isolationLevel: 'serializable' },
        client: { language: 'rust' },
        nodes: [node({ hostType: 'm6i.large' })],
        workload: { name: 'tpcc' },
        measurement: { throughputSource: 'client' },
        topology: { replicationFactor: 1 },
        cost: { horizon: 'hourly' },
        software: { buildType: 'release' },
      },
      {
        settings: { isolationLevel: 'read committed' },
        client: { language: 'rust' },
        nodes: [node({ hostType: 'm6i.large' })],
        workload: { name: 'tpcc' },
        measurement: { throughputSource: 'client' },
        topology: { replicationFactor: 1 },
        cost: { horizon: 'hourly' },
        software: { buildType: 'release' },
      },
    ),
    flag: pair(
      {
        settings: { isolationLevel: 'serializable' },
        client: { language: 'rust' },
        nodes: [node({ hostType: 'm6i.large' })],
      },
      {
        settings: { isolationLevel: 'read committed' },
        client: { language: 'typescript' },
        nodes: [node({ hostType: 'm6i.large' })],
      },
    ),
    evidence: 'client.language',
    unknown: pair(
      { settings: { isolationLevel: 'serializable' } },
      { settings: { isolationLevel: 'serializable' } },
    ),
  },
];

describe('AUTO checks: a passing and a failing pair each', () => {
  for (const c of AUTO_CASES) {
    const check = checkById(c.id);
    it(`${c.id} passes`, () => {
      const r = runCheck(check!, c.pass);
      expect(r.state, r.message).toBe('pass');
      expect(r.message.length).toBeGreaterThan(10);
    });
    it(`${c.id} flags with evidence`, () => {
      const r = runCheck(check!, c.flag);
      expect(r.state, r.message).toBe('flag');
      expect(r.evidence.length).toBeGreaterThan(0);
      if (c.evidence) expect(r.evidence.map((e) => e.field)).toContain(c.evidence);
      expect(r.message).toMatch(/\.$/);
    });
    if (c.unknown)
      it(`${c.id} never passes when provenance is missing on a side, and says which`, () => {
        const r = runCheck(check!, c.unknown!);
        expect(['unknown', 'needs_review', 'flag'], r.message).toContain(r.state);
        // A fact stated for one side only is flagged where the claim depends on it (versions, durations).
        if (r.state === 'flag') expect(r.message).toMatch(/stated for [AB] .*not for [AB]/);
        if (r.state === 'needs_review') expect(r.hint).toMatch(/stated for A .*not for B|not for A/);
        expect(r.missing?.length, r.message).toBeGreaterThan(0);
      });
  }
});

describe('every check answers unknown (or needs review), never pass, on empty provenance', () => {
  const empty = pair({}, {});
  for (const check of CHECKS)
    it(check.id, () => {
      const r = runCheck(check, empty);
      expect(['unknown', 'needs_review', 'flag']).toContain(r.state);
      // F-MEAS-5, F-DISC-1 and F-SW-3 report what nothing on any side says (repetitions, any
      // number, any code).
      if (check.mode === 'AUTO' && !['F-MEAS-5', 'F-DISC-1', 'F-SW-3'].includes(check.id))
        expect(r.state).toBe('unknown');
    });
});

describe('reviewer checks answer needs_review with a hint', () => {
  it('F-SW-2 reads the effort from compilers and configuration prose', () => {
    const compilers = runCheck(
      checkById('F-SW-2')!,
      pair({ software: { compiler: 'AOCC 4.0' } }, { software: { compiler: 'GCC 11.1' } }),
    );
    expect(compilers.state).toBe('flag');
    expect(compilers.message).toMatch(/compiler differs \(A: AOCC 4\.0 vs B: GCC 11\.1\)/);
    // The compilers are the systems compared: their difference is the subject, not tuning.
    const compared = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { compiler: 'GCC (g++) 13.2.1' } },
        { software: { compiler: 'clang (clang++) 17.0.6' } },
        ['GCC (g++)', 'clang (clang++)'],
      ),
    );
    expect(compared.state).not.toBe('flag');
    const prose = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'server with kernel optimizations' } },
        { software: { configuration: 'vLLM, FP16' } },
      ),
    );
    // Prose that says a side was optimised or tweaked counts as tuning.
    expect(prose.state).toBe('flag');
    expect(prose.message).toMatch(
      /1 non-default setting on A \(server with kernel optimizations\) vs not recorded on B/,
    );
    const plain = runCheck(
      checkById('F-SW-2')!,
      pair({ software: { configuration: 'a.cnf' } }, { software: { configuration: 'b.cnf' } }),
    );
    expect(plain.state).toBe('needs_review');
    expect(plain.hint).toMatch(/A: a\.cnf; B: b\.cnf/);
  });

  it('F-SW-2 sends optimisation described in one side’s notes only to a reviewer', () => {
    const optimised = {
      run: { notes: 'The Drizzle-optimized implementation uses a workload-specific optimization.' },
    };
    const oneSide = runCheck(checkById('F-SW-2')!, pair(optimised, { run: { notes: 'One laptop core.' } }));
    expect(oneSide.state).toBe('needs_review');
    expect(oneSide.hint).toMatch(/A: “The Drizzle-optimized implementation[^”]*”; B: nothing said/);
    // The publication's own remark copied to every side describes no side in particular.
    const shared = runCheck(checkById('F-SW-2')!, pair(optimised, optimised));
    expect(shared.state).toBe('unknown');
    const denied = runCheck(
      checkById('F-SW-2')!,
      pair({ run: { notes: 'Run untuned, as shipped.' } }, { run: { notes: 'One laptop core.' } }),
    );
    expect(denied.state).toBe('unknown');
  });

  it('F-SW-2 flags one setting set far apart on two sides, not levels or a small gap', () => {
    const cfg = (configuration: Record<string, string>) => ({ software: { configuration } });
    const blocks = runCheck(
      checkById('F-SW-2')!,
      pair(cfg({ block_size: '16 MiB (-b 16)' }), cfg({ block_size: '900K (CLI maximum)', level: '-9' })),
    );
    expect(blocks.state).toBe('flag');
    expect(blocks.hint).toMatch(/block size: 16 MiB \(-b 16\) on A vs 900K \(CLI maximum\) on B/);
    const levels = runCheck(checkById('F-SW-2')!, pair(cfg({ level: '-9' }), cfg({ level: '-19' })));
    expect(levels.state).not.toBe('flag');
    const near = runCheck(checkById('F-SW-2')!, pair(cfg({ cache: '8GB' }), cfg({ cache: '12GB' })));
    expect(near.state).toBe('pass');
  });

  it('F-WL-1 leaves pool sizes and server threads among the parameters to the concurrency checks', () => {
    const params = (parameters: Record<string, string | number>) => ({
      workload: { name: 'wrk /db', parameters },
    });
    const pools = runCheck(
      checkById('F-WL-1')!,
      pair(
        params({ duration: '60s', poolSize: 8, serverMaxThreads: 8 }),
        params({ duration: '60s', poolSize: 16, serverMaxThreads: 16 }),
      ),
    );
    expect(pools.state).toBe('pass');
    const routes = runCheck(
      checkById('F-WL-1')!,
      pair(
        params({ routeSet: 'githubAPI (e.g. /repos/:owner)' }),
        params({ routeSet: 'githubAPI2 (e.g. /repos/{owner})' }),
      ),
    );
    expect(routes.state).toBe('flag');
  });

  it('F-SW-2 flags a setting changed on several sides and left at its default on another', () => {
    const cfg = (eventLoop: string) => ({ software: { configuration: { server: 'workers=4', eventLoop } } });
    const loops = runCheck(
      checkById('F-SW-2')!,
      comparison(
        side('A', cfg('uvloop')),
        side('B', cfg('uvloop')),
        side('C', cfg('asyncio default event loop (no uvloop)')),
      ),
    );
    expect(loops.state).toBe('flag');
    expect(loops.hint).toMatch(/eventloop: uvloop on A, uvloop on B vs its default on C/);
    // One side's value against the other's default may be what each system is (HTTP/2 for gRPC):
    // that is no knob the publisher turned for one side only.
    const one = runCheck(checkById('F-SW-2')!, pair(cfg('Http2'), cfg('not set (Kestrel default)')));
    expect(one.state).not.toBe('flag');
  });

  it('F-SW-2 reads no setting from a link cited beside one', () => {
    const sysctl = {
      software: {
        nonDefaultSettings:
          "net.core.rmem_max=2500000 ('Bump UDP receive buffer size. See https://github.com/quic-go/quic-go/wiki/UDP-Receive-Buffer-Size.')",
      },
    };
    const r = runCheck(checkById('F-SW-2')!, pair(sysctl, sysctl));
    expect(r.message).toMatch(/1 non-default setting on A \(net\.core\.rmem_max\)/);
    expect(r.message).not.toMatch(/https/);
  });

  it('F-SW-2 flags a setting one side used and another says it went without, read from the prose', () => {
    const cfg = (configuration: string) => ({ software: { configuration } });
    const striped = runCheck(
      checkById('F-SW-2')!,
      pair(cfg('data storage striped across four disks'), cfg('no disk striping')),
    );
    expect(striped.state).toBe('flag');
    expect(striped.hint).toMatch(/A: "data storage striped across four disks" vs B: "no disk striping"/);
    const allocator = runCheck(
      checkById('F-SW-2')!,
      pair(cfg('links mimalloc'), cfg('not linked against mimalloc (system allocator)')),
    );
    expect(allocator.state).toBe('flag');
    // The same setting off on every side, a command line's "no" values, a clause about what the
    // text shows, and a "not stated" are no switch.
    for (const [a, b] of [
      ['no disk striping', 'no disk striping, four disks'],
      ['redis-server --appendonly no', 'appendonly enabled'],
      ['level 1', 'no level printed'],
      ['buffered output', 'buffering not stated'],
    ])
      expect(settingSwitches(pair(cfg(a as string), cfg(b as string))).parts, `${a} / ${b}`).toEqual([]);
    // Every side as shipped: what one program does by default and another does not is the work
    // each does (F-WL-3's), not tuning.
    const shipped = runCheck(
      checkById('F-SW-2')!,
      pair(cfg('out of the box; scrollback preserved'), cfg('out of the box; no scrollback')),
    );
    expect(shipped.state).not.toBe('flag');
  });

  it('F-MEAS-4 flags a cache state stated for one side only, warm or cold', () => {
    const warm = runCheck(
      checkById('F-MEAS-4')!,
      pair({ measurement: { cacheState: 'warm: the filesystem cache of a previous build' } }, {}),
    );
    expect(warm.state).toBe('flag');
    expect(warm.message).toMatch(/cache state stated for A/i);
    // Cold on one side leaves the other free to have run warm ("kaniko had no layer cache yet").
    const cold = runCheck(checkById('F-MEAS-4')!, pair({ measurement: { cacheState: 'cold' } }, {}));
    expect(cold.state).toBe('flag');
    const both = runCheck(
      checkById('F-MEAS-4')!,
      pair({ measurement: { cacheState: 'cold' } }, { measurement: { cacheState: 'cold' } }),
    );
    expect(both.state).toBe('pass');
  });

  it('F-SW-2 reads a setting described against its default as a change, and command-line flags as settings', () => {
    const described = runCheck(
      checkById('F-SW-2')!,
      pair(
        {
          software: {
            nonDefaultSettings: ['fsync after every batch (the server by default does not flush)'],
          },
        },
        { software: { nonDefaultSettings: ['--num-scheduler-steps 10 (not default in v0.6)'] } },
      ),
    );
    expect(described.hint).toBe(
      '1 non-default setting on A (fsync after every batch (the server by default does not flush)) vs 1 non-default setting on B (--num-scheduler-steps 10 (not default in v0.6))',
    );
    const flags = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'redis-server --io-threads 16 --save ""' } },
        { software: { nonDefaultSettings: 'defaults' } },
      ),
    );
    expect(flags.state).toBe('flag');
    expect(flags.hint).toBe('2 non-default settings on A (io-threads, save) vs 0 non-default settings on B');
  });

  it('F-SW-2 leaves two descriptions of defaults to a reviewer, and lets a settings list outrank a pasted configuration', () => {
    const described = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'Intel default values for everything' } },
        { software: { configuration: 'vendor firmware default values' } },
      ),
    );
    // Two vendors' defaults may differ: not a pass.
    expect(described.state).toBe('needs_review');
    expect(described.hint).toMatch(/^described as defaults — A: Intel default values/);
    const listed = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: ['-XX:MaxGCPauseMillis=5'] } },
        { software: { nonDefaultSettings: 'none', configuration: { heap: '4 GB', gc: 'ZGC' } } },
      ),
    );
    expect(listed.state).toBe('flag');
    expect(listed.hint).toBe(
      '1 non-default setting on A (-XX:MaxGCPauseMillis=5) vs 0 non-default settings on B',
    );
    const prose = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: "Rack's default logger disabled" } },
        { software: { configuration: 'ran with default settings' } },
      ),
    );
    expect(prose.state).toBe('flag');
    expect(prose.hint).toBe(
      "1 non-default setting on A (Rack's default logger disabled) vs 0 non-default settings on B",
    );
  });

  it('F-SW-2 counts the flags of a command line as run, none if it has none', () => {
    const r = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'command: truffleruby --jvm matmul.rb 1500' } },
        { software: { configuration: 'command line used by the harness: ruby matmul.rb 1500' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.hint).toBe('1 non-default setting on A (jvm) vs 0 non-default settings on B');
    // Flags named as not passed set nothing.
    const without = runCheck(
      checkById('F-SW-2')!,
      pair(
        {
          software: {
            configuration: 'command: gateway supergraph.graphql, with no --jit and without --fork',
          },
        },
        { software: { configuration: 'command: gateway --jit --fork 3' } },
      ),
    );
    expect(without.hint).toBe('0 non-default settings on A vs 2 non-default settings on B (jit, fork)');
  });

  it('F-SW-2 counts non-default settings per side', () => {
    const r = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: ['a=1', 'b=2', 'c=3'] } },
        { software: { nonDefaultSettings: [] } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.hint).toBe('3 non-default settings on A (a=1, b=2, c=3) vs 0 non-default settings on B');
    const same = runCheck(
      checkById('F-SW-2')!,
      pair({ software: { nonDefaultSettings: 2 } }, { software: { nonDefaultSettings: 2 } }),
    );
    // Equal counts are not equal effort: which settings, a reviewer decides.
    expect(same.state).toBe('needs_review');
    expect(same.hint).toBe('2 non-default settings on A vs 2 non-default settings on B');
    const differentNames = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: ['flush.ms=1', 'num.network.threads=8'] } },
        { software: { nonDefaultSettings: ['journalMaxGroupWaitMSec=1', 'dispatchDelay=0'] } },
      ),
    );
    expect(differentNames.state).toBe('needs_review');
    // More settings on one side, and not the other's list plus additions: more effort there.
    const moreAndOther = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: ['workers=2', 'threads=4,20', 'max_requests=40'] } },
        { software: { nonDefaultSettings: ['count=4', 'endpoint=tcp'] } },
      ),
    );
    expect(moreAndOther.state).toBe('flag');
    // One list is the other's plus one setting (REST's routing beside gRPC's): a reviewer weighs it.
    const extended = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: ['gcServer=true', 'logging=None'] } },
        { software: { nonDefaultSettings: ['gcServer=true', 'logging=None', 'middleware=mvc'] } },
      ),
    );
    expect(extended.state).toBe('needs_review');
    // ...unless the one added setting switches work off on that side only.
    const sparedWork = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: ['output: nop', 'level: debug'] } },
        { software: { nonDefaultSettings: ['output: nop', 'level: debug', 'time format: disabled'] } },
      ),
    );
    expect(sparedWork.state).toBe('flag');
    // A setting named with nothing said of its value is no change: mimalloc against the shipped malloc.
    const allocator = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'memory allocator: mimalloc (linked statically)' } },
        { software: { configuration: 'memory allocator: not stated (upstream uses the system malloc)' } },
      ),
    );
    expect(allocator.state).toBe('flag');
    expect(allocator.hint).toBe('1 non-default setting on A (allocator) vs not recorded on B');
    // Whose defaults ("server-side defaults") is still no setting changed; "changed defaults" is.
    const owned = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: 'server-side defaults' } },
        { software: { nonDefaultSettings: 'changed defaults' } },
      ),
    );
    expect(owned.hint).toMatch(/0 non-default settings on A vs 1 non-default setting on B/);
    const sameNames = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'shared_buffers=8GB, work_mem=64MB' } },
        { software: { configuration: 'work_mem=64MB, shared_buffers=8GB' } },
      ),
    );
    expect(sameNames.state).toBe('pass');
    const defaults = runCheck(
      checkById('F-SW-2')!,
      pair({ software: { nonDefaultSettings: ['none'] } }, { software: { configuration: 'defaults' } }),
    );
    expect(defaults.state).toBe('pass');
    // ["none"] lists no setting: one tuned side against an untuned one.
    const schemaVsNone = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { nonDefaultSettings: ['response schema on the route'] } },
        { software: { nonDefaultSettings: ['none'] } },
      ),
    );
    expect(schemaVsNone.state).toBe('flag');
    expect(runCheck(checkById('F-SW-2')!, pair({}, {})).state).toBe('unknown');
    // "defaults" is the fact that nothing was tuned; a pasted configuration counts its settings.
    const pasted = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'shared_buffers=8GB, synchronous_commit=off, work_mem: 64MB' } },
        { software: { configuration: 'defaults' } },
      ),
    );
    expect(pasted.state).toBe('flag');
    expect(pasted.hint).toMatch(
      /3 non-default settings on A \(shared_buffers, synchronous_commit, work_mem\)/,
    );
    // Tuned on one side and nothing said of the other: flagged.
    const oneSided = runCheck(checkById('F-SW-2')!, pair({ software: { nonDefaultSettings: ['x'] } }, {}));
    expect(oneSided.state).toBe('flag');
    expect(oneSided.hint).toMatch(/not recorded on B/);
    // Defaults on one side, nothing said of the other: the other may have been tuned (principle 2).
    const untuned = runCheck(checkById('F-SW-2')!, pair({ software: { nonDefaultSettings: [] } }, {}));
    expect(untuned.state).toBe('flag');
    expect(untuned.message).toMatch(
      /Defaults are stated for some sides only \(0 non-default settings on A vs not recorded on B\)/,
    );
  });

  it("F-WL-3 points a reviewer at a publication's own field of any group when no side lists features", () => {
    const r = runCheck(
      checkById('F-WL-3')!,
      pair(
        { measurement: { 'x-accessValidation': 'unvalidated access' } },
        { measurement: { 'x-accessValidation': 'validated on demand' } },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(
      /own field x-accessValidation differs \(A: unvalidated access vs B: validated on demand\)/,
    );
    expect(runCheck(checkById('F-WL-3')!, pair({}, {})).state).toBe('unknown');
    // So does the setup as printed: extra work often shows there when no feature list is given.
    const layout = runCheck(
      checkById('F-WL-3')!,
      pair(
        { software: { configuration: 'layout analysis on' } },
        { software: { configuration: 'no layout analysis' } },
      ),
    );
    expect(layout.state).toBe('needs_review');
    expect(layout.hint).toMatch(/configuration differs \(A: layout analysis on vs B: no layout analysis\)/);
    // Described for one side only: the others' work is unknown, and the description is the lead.
    const oneSide = runCheck(
      checkById('F-WL-3')!,
      pair({ software: { configuration: 'constant-time BN operations' } }, {}),
    );
    expect(oneSide.state).toBe('needs_review');
    expect(oneSide.hint).toMatch(/configuration stated for A \(constant-time BN operations\) only/);
  });

  it('F-WL-3 flags the feature difference, unless the feature is the subject', () => {
    const sides = pair(
      { workload: { features: ['stored procedure'] } },
      { workload: { features: ['ORM (Drizzle)'] } },
    );
    const r = runCheck(checkById('F-WL-3')!, sides);
    expect(r.state).toBe('flag');
    expect(r.hint).toMatch(/A only: stored procedure; B only: ORM \(Drizzle\)/);
    // The data-access layer is the subject: an ORM against the stored procedure replacing it.
    const orms = runCheck(checkById('F-WL-3')!, { ...sides, subject: ['client.orm'] });
    expect(orms.state).toBe('pass');
    const batched = pair(
      { workload: { features: ['stored procedure', 'batched pipelining'] } },
      { workload: { features: ['ORM (Drizzle)'] } },
    );
    expect(runCheck(checkById('F-WL-3')!, { ...batched, subject: ['client.orm'] }).hint).toBe(
      'A only: batched pipelining',
    );
    // A subject naming the feature list varies every feature on purpose.
    expect(runCheck(checkById('F-WL-3')!, { ...batched, subject: ['workload.features'] }).state).toBe('pass');
    const same = runCheck(
      checkById('F-WL-3')!,
      pair({ workload: { features: ['x'] } }, { workload: { features: ['X'] } }),
    );
    expect(same.state).toBe('pass');
    expect(same.message).toMatch(/A: x; B: X/);
  });

  it('F-WL-3 flags a timed operation that differs, and sends other differing work records to a reviewer', () => {
    const timed = (region: string) => ({
      workload: { name: 'iterate' },
      measurement: { timedRegion: region },
    });
    const prepared = runCheck(
      checkById('F-WL-3')!,
      pair(timed('one prepared statement, 100 rows'), timed('100 awaited single-row queries')),
    );
    expect(prepared.state).toBe('flag');
    expect(prepared.message).toMatch(/The timed operation differs \(A: one prepared statement, 100 rows/);
    expect(runCheck(checkById('F-WL-3')!, pair(timed('one query'), timed('one query'))).state).toBe(
      'unknown',
    );
    // A variant that says how each side does the work is F-WL-3's difference, and F-WL-1's only
    // where it changes what the work is (other data, another mix): one check flags each.
    const variant = (v: string) => ({ workload: { name: 'massive insertion', variant: v } });
    const how = pair(
      variant('loaded through the BatchInserter API'),
      variant('loaded through the graph API'),
    );
    const variants = runCheck(checkById('F-WL-3')!, how);
    expect(variants.state).toBe('flag');
    expect(variants.message).toMatch(
      /The variant each side ran differs \(A: loaded through the BatchInserter API vs B: loaded through the graph API\)/,
    );
    expect(runCheck(checkById('F-WL-1')!, how).message).not.toMatch(/variant differs/i);
    // Code calling each side's own API, or how its program is written, is how it does the work too.
    const constructs = pair(
      variant('recursive check; cache is a list indexed with !!'),
      variant('while loop; cache is an array indexed directly'),
    );
    expect(runCheck(checkById('F-WL-1')!, constructs).message).not.toMatch(/variant differs/i);
    expect(runCheck(checkById('F-WL-3')!, constructs).state).toBe('flag');
    const calls = pair(variant('z.email()'), variant('v.pipe(v.string(), v.email())'));
    expect(runCheck(checkById('F-WL-3')!, calls).state).toBe('flag');
    expect(runCheck(checkById('F-WL-1')!, calls).message).not.toMatch(/variant differs/i);
    const what = pair(variant('fc layers as convolutions'), variant('fc layers linear'));
    expect(runCheck(checkById('F-WL-3')!, what).message).not.toMatch(/variant each side ran/);
    expect(runCheck(checkById('F-WL-1')!, what).message).toMatch(/variant differs/i);
    const onPurpose = pair(
      variant('loaded through the BatchInserter API'),
      variant('loaded through the graph API'),
    );
    onPurpose.subject = ['workload.variant'];
    expect(runCheck(checkById('F-WL-3')!, onPurpose).state).not.toBe('flag');
    // No features recorded, but a setup field of the publication's own (software x-…) differs:
    // functional parity is a reviewer's question.
    const own = (op: string) => ({ software: { 'x-writeOperation': op } });
    const review = runCheck(checkById('F-WL-3')!, pair(own('upsert'), own('bulk insert')));
    expect(review.state).toBe('needs_review');
    expect(review.hint).toMatch(/x-writeOperation differs/);
  });

  it('F-WL-1 sends the same number for a knob each system scales its own way to a reviewer', () => {
    const knob = (parameters: string) => ({ workload: { name: 'photo set', parameters } });
    const r = runCheck(
      checkById('F-WL-1')!,
      pair(knob('quality -q 90 (cjxl scale)'), knob('quality -Q 90 (cavif scale)'), ['cjxl', 'cavif-rs']),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(
      /every side is set to quality 90, but each system defines that setting on its own scale/,
    );
    // One system at two settings of its own knob is its own scale on both sides.
    const same = runCheck(
      checkById('F-WL-1')!,
      pair(knob('quality 90'), knob('quality 90'), ['cjxl', 'cjxl']),
    );
    expect(same.state).toBe('pass');
    // A sweep over such a knob (compression levels) with the same files is not another workload.
    const level = (n: number, files = 'silesia.tar') => ({
      workload: { name: 'silesia', parameters: { files, level: n } },
    });
    const sweep = runCheck(checkById('F-WL-1')!, pair(level(1), level(3), ['zstd', 'cgo zstd']));
    expect(sweep.state).toBe('needs_review');
    expect(sweep.hint).toMatch(/parameters differ only in level/);
    expect(runCheck(checkById('F-WL-1')!, pair(level(1), level(1, 'enwik9'))).state).toBe('flag');
  });

  it('F-WL-1 sends live traffic on every side to a reviewer unless the sides shared one copy of it', () => {
    const traffic = (name: string) => ({ workload: { name, parameters: { window: '1 h' } } });
    const live = runCheck(
      checkById('F-WL-1')!,
      pair(traffic('live tapped traffic (not replayed)'), traffic('live tapped traffic (not replayed)')),
    );
    expect(live.state).toBe('needs_review');
    expect(live.hint).toMatch(/every side measured live traffic/);
    // Production requests mirrored to both sides at once are one input.
    const mirrored = traffic('production traffic mirrored to both services');
    expect(runCheck(checkById('F-WL-1')!, pair(mirrored, mirrored)).state).toBe('pass');
  });

  it('F-WL-1 sends a parameter stated for some sides only to a reviewer, and flags work named in different terms', () => {
    const params = (parameters: Record<string, string | number>) => ({
      workload: { name: 'spans', parameters },
    });
    const gap = runCheck(
      checkById('F-WL-1')!,
      pair(params({ spans: 100, level: 'TRACE' }), params({ spans: 100 })),
    );
    expect(gap.state).toBe('needs_review');
    expect(gap.hint).toMatch(/level stated for A \(TRACE\) only/);
    // A clause one side says was not stated is a gap, not another workload.
    const variant = (v: string) => ({ workload: { name: 'nexmark q16', variant: v } });
    const sink = runCheck(
      checkById('F-WL-1')!,
      pair(variant('original q16, blackhole sink'), variant('original q16, sink not stated')),
    );
    expect(sink.state).toBe('needs_review');
    expect(sink.hint).toMatch(
      /Variant is partly not stated \(A: original q16, blackhole sink vs B: original q16, sink not stated\)/,
    );
    expect(
      runCheck(
        checkById('F-WL-1')!,
        pair(variant('original q16, blackhole sink'), variant('modified q16, sink not stated')),
      ).state,
    ).toBe('flag');
    // A shared key that differs is still a different workload, whatever else is one-sided.
    expect(
      runCheck(checkById('F-WL-1')!, pair(params({ spans: 100, level: 'TRACE' }), params({ spans: 10 })))
        .state,
    ).toBe('flag');
    // Each side sizes the work with keys the other lacks: not a gap in one side's report.
    expect(
      runCheck(
        checkById('F-WL-1')!,
        pair(params({ rounds: 1, jobs: 8_000_000 }), params({ rounds: 1, queues: 8 })),
      ).state,
    ).toBe('flag');
    // What each side writes out is how it does the work (F-WL-3), not another workload.
    const output = pair(
      params({ records: 10_000, output: 'binary file' }),
      params({ records: 10_000, output: 'text file' }),
    );
    expect(runCheck(checkById('F-WL-1')!, output).state).toBe('pass');
    expect(runCheck(checkById('F-WL-3')!, output).state).toBe('flag');
  });

  it('F-WL-1 sends work worded per system with every number equal to a reviewer, and flags a number or a change', () => {
    const loop = (call: string) => ({
      workload: { name: `for (i = 0; i < 1000000; i++) free(${call}(i * 4))` },
    });
    const worded = runCheck(checkById('F-WL-1')!, pair(loop('malloc'), loop('mi_malloc')));
    expect(worded.state).toBe('needs_review');
    expect(worded.hint).toMatch(
      /different words with the same numbers: workload \(A: .*malloc.* vs B: .*mi_malloc/,
    );
    // A part of a whole is not the whole: the data of one of two instances against both's.
    const scale = (text: string) => ({ workload: { name: 'two PromQL queries', scale: text } });
    const part = runCheck(
      checkById('F-WL-1')!,
      pair(scale('data scraped by this instance (one of 2 instances)'), scale('data written by 2 instances')),
    );
    expect(part.state).toBe('flag');
    expect(part.message).toMatch(/Scale differs/);
    // Another count is another workload, whatever the words.
    const sized = { workload: { name: 'for (i = 0; i < 1000; i++) free(mi_malloc(i * 4))' } };
    expect(runCheck(checkById('F-WL-1')!, pair(loop('malloc'), sized)).state).toBe('flag');
    // A number is read with its word: a type named by its width (tf32 against float32) differs.
    const precision = (p: string) => ({ workload: { name: 'matmul 4096', parameters: { precision: p } } });
    expect(
      runCheck(checkById('F-WL-1')!, pair(precision('tf32 inputs'), precision('float32 inputs'))).state,
    ).toBe('flag');
    // Words saying one side's work was changed are a difference even with the same numbers.
    const query = (v: string) => ({ workload: { name: 'clickbench', variant: v } });
    expect(
      runCheck(
        checkById('F-WL-1')!,
        pair(query('queries 21-24 as written'), query('queries 21-24 with phrase filters instead of LIKE')),
      ).state,
    ).toBe('flag');
  });

  it('F-WL-1 flags the benchmarked code at another commit, unless each side keeps it in a repository of its own', () => {
    const at = (implementationCommit: string, implementationRepository?: string) => ({
      workload: {
        name: 'bench-compilation',
        implementationCommit,
        ...(implementationRepository ? { implementationRepository } : {}),
      },
    });
    const moved = runCheck(checkById('F-WL-1')!, pair(at('ea28ca43019'), at('b57dc1c421f')));
    expect(moved.state).toBe('flag');
    expect(moved.message).toMatch(/Implementation commit differs \(A: ea28ca43019 vs B: b57dc1c421f\)/);
    const own = pair(at('ea28ca4', 'github.com/a/bench'), at('b57dc1c', 'github.com/b/bench'));
    expect(runCheck(checkById('F-WL-1')!, own).message).not.toMatch(/Implementation commit differs/);
  });

  it('F-WL-1 flags parameters that every side says were chosen per side, however alike the words', () => {
    const said = { workload: { name: 'typing', parameters: '200 characters; window width chosen per app' } };
    const r = runCheck(checkById('F-WL-1')!, pair(said, said));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(
      /parameters chosen per side \(every side: 200 characters; window width chosen per app\)/i,
    );
    // The same words without "per side" are the same setup.
    const same = { workload: { name: 'typing', parameters: '200 characters; window width 1200 px' } };
    expect(runCheck(checkById('F-WL-1')!, pair(same, same)).state).toBe('pass');
    // Said of one parameter of several, opening its value.
    const part = {
      workload: {
        name: 'load',
        parameters: { channels: 10, size: 'per solution: the size where loading first takes 3 s' },
      },
    };
    expect(runCheck(checkById('F-WL-1')!, pair(part, part)).state).toBe('flag');
  });

  it('F-WL-1 reads a list of sizes as the set run, in any order or with one repeated, but flags another set', () => {
    const sizes = (s: number[]) => ({
      workload: {
        name: 'latency',
        parameters: { value: { sizes: s, messages: 100 }, origin: 'imported' as const },
      },
    });
    const check = checkById('F-WL-1')!;
    expect(runCheck(check, pair(sizes([8, 64, 512]), sizes([512, 8, 64, 8]))).state).toBe('pass');
    const other = runCheck(check, pair(sizes([8, 64, 512]), sizes([8, 64])));
    expect(other.state).toBe('flag');
    expect(other.message).toMatch(/A: sizes=8, 64, 512, messages=100 vs B: sizes=8, 64, messages=100/);
  });

  it('F-WL-1 sends a side that ran part of the parameter grid to a reviewer, not a different workload', () => {
    const model = (m: string) => ({ workload: { name: 'generate', parameters: { model: m } } });
    const r = runCheck(
      checkById('F-WL-1')!,
      comparison(
        side('mojo', [model('stories15M'), model('stories110M')], 'llama2.mojo'),
        side('c', [model('stories15M')], 'llama2.c'),
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/cover more of the grid on some sides/);
  });

  it('F-WL-1 reads entries that run every system on every workload as a grid, not a workload difference', () => {
    const job = (name: string) => ({ workload: { name, scale: 10_000 } });
    const grid = comparison(
      side('email: A', job('email task'), 'Celery'),
      side('email: B', job('email task'), 'FluxQueue'),
      side('db: A', job('db task'), 'Celery'),
      side('db: B', job('db task'), 'FluxQueue'),
    );
    expect(runCheck(checkById('F-WL-1')!, grid).state).toBe('pass');
    // One system on one workload only: the workloads differ between the systems.
    const apart = comparison(side('A', job('email task'), 'Celery'), side('B', job('db task'), 'FluxQueue'));
    expect(runCheck(checkById('F-WL-1')!, apart).state).toBe('flag');
  });

  it('a parameter that says how a side works is F-WL-3, one that sizes the work F-WL-1', () => {
    const sides = pair(
      { workload: { name: 'mq', parameters: { publishers: 250, 'request-reply mode': 'correlation IDs' } } },
      { workload: { name: 'mq', parameters: { publishers: 250, 'request-reply mode': 'native request' } } },
    );
    expect(runCheck(checkById('F-WL-1')!, sides).state).toBe('pass');
    const how = runCheck(checkById('F-WL-3')!, sides);
    expect(how.state).toBe('flag');
    expect(how.message).toMatch(/how the work is done differs \(A: request-reply mode=correlation IDs/i);
    // Query files are each side's implementation, wherever the key is named.
    const files = pair(
      { workload: { name: 'tpc-ds', parameters: { warmup: 'Warmup.sql', scale: 100 } } },
      { workload: { name: 'tpc-ds', parameters: { warmup: 'tsql/warmup1.sql', scale: 100 } } },
    );
    expect(runCheck(checkById('F-WL-1')!, files).state).toBe('pass');
    expect(runCheck(checkById('F-WL-3')!, files).state).toBe('flag');
    // The aside names how a side reaches a value ("2-bit (bbq_disk)"); the head is the work.
    const aside = pair(
      { workload: { name: 'ann', parameters: { quantization: '2-bit (disk index)' } } },
      { workload: { name: 'ann', parameters: { quantization: '2-bit (HNSW)' } } },
    );
    expect(runCheck(checkById('F-WL-1')!, aside).state).toBe('pass');
    // A different size is still a different workload.
    const sized = pair(
      { workload: { parameters: { publishers: 250, mode: 'x' } } },
      { workload: { parameters: { publishers: 150, mode: 'x' } } },
    );
    expect(runCheck(checkById('F-WL-1')!, sized).state).toBe('flag');
    // Where each side listens is not the work: the same path on another host and port.
    const addressed = pair(
      { workload: { parameters: { url: 'http://10.0.0.1:8001/bench', host: 'nginx', duration: 60 } } },
      { workload: { parameters: { url: 'http://10.0.0.2:8000/bench', host: 'traefik', duration: 60 } } },
    );
    expect(runCheck(checkById('F-WL-1')!, addressed).state).not.toBe('flag');
    // The resolver each side queries is the system compared, not the work.
    const resolved = pair(
      { workload: { name: 'dnsperftest', parameters: { resolver: '1.1.1.1', queriesPerDomain: 1 } } },
      { workload: { name: 'dnsperftest', parameters: { resolver: '4.2.2.1', queriesPerDomain: 1 } } },
    );
    expect(runCheck(checkById('F-WL-1')!, resolved).state).toBe('pass');
    // So is the proxy each side is reached through, and a bare host:port under any key.
    const proxied = pair(
      { workload: { name: 'proxytest', parameters: { proxy: 'varnishbox:6081', via: 'varnishbox:6081' } } },
      { workload: { name: 'proxytest', parameters: { proxy: 'squidbox:3128', via: 'squidbox:3128' } } },
    );
    expect(runCheck(checkById('F-WL-1')!, proxied).state).not.toBe('flag');
    // A target that is an address is where a side is reached; a compile target is the work.
    const target = (value: string) => ({ workload: { name: 'snippet', parameters: { target: value } } });
    expect(runCheck(checkById('F-WL-1')!, pair(target('10.0.0.1:80'), target('10.0.0.2:80'))).state).not.toBe(
      'flag',
    );
    expect(runCheck(checkById('F-WL-1')!, pair(target('es2018'), target('es5'))).message).toMatch(
      /Parameters differs \(A: target=es2018 vs B: target=es5\)/,
    );
    const otherPath = pair(
      { workload: { parameters: { url: 'http://a:80/small', duration: 60 } } },
      { workload: { parameters: { url: 'http://b:80/large', duration: 60 } } },
    );
    expect(runCheck(checkById('F-WL-3')!, otherPath).state).toBe('flag');
    // The client's concurrency among the parameters is F-CLIENT-2's, not a different workload.
    const piped = pair(
      {
        workload: { parameters: { requests: 100, pipelining: 10 } },
        client: { connections: 50, pipelineDepth: 10 },
      },
      { workload: { parameters: { requests: 100 } }, client: { connections: 50, pipelineDepth: 1 } },
    );
    expect(runCheck(checkById('F-WL-1')!, piped).state).not.toBe('flag');
    expect(runCheck(checkById('F-CLIENT-2')!, piped).state).toBe('flag');
  });

  it('F-HW-4 flags a host described as shared or in use, and asks about a laptop, a phone or a CI runner', () => {
    const host = (hostType: string) => ({ nodes: [{ role: 'sut' as const, hardware: { hostType } }] });
    const shared = runCheck(
      checkById('F-HW-4')!,
      pair(
        host('shared ubuntu-24.04 GitHub Actions runner'),
        host('shared ubuntu-24.04 GitHub Actions runner'),
      ),
    );
    expect(shared.state).toBe('flag');
    expect(shared.message).toMatch(
      /A ran on a machine that was not quiet \("shared ubuntu-24\.04 GitHub Actions runner"\)/,
    );
    const laptop = runCheck(checkById('F-HW-4')!, pair(host('developer laptop'), host('developer laptop')));
    expect(laptop.state).toBe('needs_review');
    expect(laptop.hint).toMatch(
      /A ran on developer laptop; B ran on developer laptop, with no governor, turbo or load recorded/,
    );
    // A server whose state nobody recorded stays unknown.
    expect(runCheck(checkById('F-HW-4')!, pair(host('m5.xlarge'), host('m5.xlarge'))).state).toBe('unknown');
  });

  it('F-HW-4 reads auxiliary services placed on the SUT host as what else runs there', () => {
    const sut = { role: 'sut' as const, software: { processes: '1 Cassandra instance' } };
    const r = runCheck(
      checkById('F-HW-4')!,
      pair(
        { nodes: [sut] },
        {
          nodes: [
            sut,
            { role: 'aux' as const, name: 'Kubernetes control plane with etcd on the same single node' },
          ],
        },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(
      /What else runs on the SUT host stated for B \(Kubernetes control plane with etcd/,
    );
    // An auxiliary node of its own (a separate coordinator machine) loads no SUT host.
    const apart = runCheck(
      checkById('F-HW-4')!,
      pair(
        { nodes: [sut] },
        { nodes: [sut, { role: 'aux' as const, name: 'coordinator on its own machine' }] },
      ),
    );
    expect(apart.state).toBe('unknown');
  });

  it('F-HW-4 flags a governor that lets the clock vary, not wording it cannot read', () => {
    const gov = (governor: string) => ({ nodes: [{ hardware: { governor } }] });
    const fixed = runCheck(
      checkById('F-HW-4')!,
      pair(gov('CPU frequency scaling disabled'), gov('CPU frequency scaling disabled')),
    );
    expect(fixed.state).not.toBe('flag');
    const varies = runCheck(checkById('F-HW-4')!, pair(gov('ondemand'), gov('performance')));
    expect(varies.state).toBe('flag');
    expect(varies.message).toMatch(/A ran with the "ondemand" governor/);
    expect(runCheck(checkById('F-HW-4')!, pair(gov('the usual'), gov('the usual'))).state).not.toBe('flag');
    // A load described in words as uncontrolled is a busy machine, as a load average above 1 is.
    const load = (loadAverage: string) => ({ nodes: [{ hardware: { loadAverage } }] });
    const busy = runCheck(
      checkById('F-HW-4')!,
      pair(load("not quiet: 'other programs running during the test'"), load('0.1')),
    );
    expect(busy.state).toBe('flag');
    expect(busy.message).toMatch(/A ran on a machine that was not quiet/);
    expect(runCheck(checkById('F-HW-4')!, pair(load('quiet, idle host'), load('0.1'))).state).not.toBe(
      'flag',
    );
  });

  it('a chip that is the compared system is the subject, not a hardware asymmetry', () => {
    const chip = (accelerators: string) => ({ nodes: [{ hardware: { accelerators } }] });
    const r = runCheck(
      checkById('F-HW-2')!,
      pair(chip('Google TPU v4'), chip('Nvidia A100'), ['Google TPU v4', 'Nvidia A100']),
    );
    expect(r.message).not.toMatch(/accelerators differs/i);
    expect(
      runCheck(
        checkById('F-HW-1')!,
        pair(chip('Google TPU v4'), chip('Nvidia A100'), ['Google TPU v4', 'Nvidia A100']),
      ).state,
    ).not.toBe('flag');
    // Two systems on different chips: the chips are an asymmetry (the model is F-HW-1's).
    const other = runCheck(
      checkById('F-HW-1')!,
      pair(chip('Nvidia H100'), chip('Nvidia A100'), ['AcmeServe', 'OtherServe']),
    );
    expect(other.state).toBe('flag');
  });

  it('F-WL-3 flags part of the work done by another program, and relaxed floating-point math on one side', () => {
    const stack = (transform: string) => ({
      workload: { features: ['HMR'] },
      software: {
        components: [
          { name: 'bundler', role: 'bundler' },
          { name: transform, role: 'JSX/HMR transform' },
        ],
      },
    });
    const r = runCheck(checkById('F-WL-3')!, pair(stack('SWC'), stack('Babel plugin'), ['Turbo', 'Vite']));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/another program does the JSX\/HMR transform \(A: SWC vs B: Babel plugin\)/i);
    // A system that minifies itself against one handing minification to a plugin; a third side
    // that names no minifier is left out, not counted as agreeing.
    const bundler = (name: string, role: string, minifier?: string) => ({
      workload: { features: ['minify'] },
      software: {
        components: [{ name, role }, ...(minifier ? [{ name: minifier, role: 'minifier (plugin)' }] : [])],
      },
    });
    const minify = runCheck(
      checkById('F-WL-3')!,
      comparison(
        side('esbuild', bundler('esbuild', 'bundler and minifier'), 'esbuild'),
        side('rollup', bundler('rollup', 'bundler', 'terser'), 'rollup'),
        side('parcel', bundler('parcel', 'bundler'), 'parcel'),
      ),
    );
    expect(minify.state).toBe('flag');
    expect(minify.message).toMatch(
      /another program does the minifier \(esbuild: esbuild itself vs rollup: terser\)/i,
    );
    const math = runCheck(
      checkById('F-WL-3')!,
      pair(
        { workload: { features: ['f64'] }, software: { compilerFlags: 'fast-math on by default' } },
        { workload: { features: ['f64'] } },
      ),
    );
    expect(math.state).toBe('flag');
    expect(math.message).toMatch(
      /A computes with relaxed floating-point semantics \(fast-math on by default\), B states no such setting/,
    );
    // The same flags on both sides: the same computation.
    const same = pair(
      { workload: { features: ['f64'] }, software: { compilerFlags: '-Ofast' } },
      { workload: { features: ['f64'] }, software: { compilerFlags: '-Ofast' } },
    );
    expect(runCheck(checkById('F-WL-3')!, same).state).toBe('pass');
  });

  it('one benchmark run in part on a side is a subset (F-WL-4), not another workload', () => {
    const sides = pair(
      { workload: { name: 'KV bench: write, readKey, readSeq' } },
      { workload: { name: 'KV bench: write, readKey only' } },
    );
    expect(runCheck(checkById('F-WL-1')!, sides).message).not.toMatch(/workload differs/i);
    const subset = runCheck(checkById('F-WL-4')!, sides);
    expect(subset.state).toBe('flag');
    expect(subset.message).toMatch(/A: write, readkey, readseq; B: write, readkey/);
    // A side entered for one of the workloads the others ran is a subset too.
    const variant = comparison(
      side('A', [{ workload: { name: 'code base' } }, { workload: { name: 'VM image' } }]),
      side('B', [{ workload: { name: 'VM image' } }]),
    );
    expect(runCheck(checkById('F-WL-1')!, variant).message).not.toMatch(/(workload|benchmark) differs/i);
    const crossed = comparison(
      side('A', [{ workload: { name: 'code base' } }, { workload: { name: 'VM image' } }]),
      side('B', [{ workload: { name: 'VM image' } }, { workload: { name: 'photos' } }]),
    );
    expect(runCheck(checkById('F-WL-1')!, crossed).state).toBe('flag');
    // The same command line, each naming its own system, is the same workload.
    const named = pair(
      { workload: { name: 'run', parameters: 'time docker run --rm -t img ./build.py -h' } },
      { workload: { name: 'run', parameters: 'time podman run --rm -t img ./build.py -h' } },
      ['Docker', 'Podman'],
    );
    expect(runCheck(checkById('F-WL-1')!, named).message).not.toMatch(/parameters differs/i);
    // Settings as printed too ("invocation: time bash script"), read against the systems' names
    // only: a label naming the setting that differs ("FP8") does not hide it.
    const shells = pair(
      { workload: { name: 'script', parameters: { script: 'echo test', invocation: 'time bash script' } } },
      { workload: { name: 'script', parameters: { script: 'echo test', invocation: 'time fish script' } } },
      ['bash', 'fish'],
    );
    expect(runCheck(checkById('F-WL-1')!, shells).message).not.toMatch(/parameters differs/i);
    const precision = comparison(
      side('H100 (FP8)', { workload: { name: 'llama', parameters: { precision: 'FP8' } } }, 'H100'),
      side('MI300X (FP16)', { workload: { name: 'llama', parameters: { precision: 'FP16' } } }, 'MI300X'),
    );
    expect(runCheck(checkById('F-WL-1')!, precision).message).toMatch(/parameters differs/i);
    // A match named after the opponent on each side ("vs Stockfish 8", "vs AlphaZero") is one match.
    const match = pair(
      { run: { benchmark: '100-game match vs Stockfish 8 at one minute per move' } },
      { run: { benchmark: '100-game match vs AlphaZero at one minute per move' } },
      ['AlphaZero', 'Stockfish 8'],
    );
    expect(runCheck(checkById('F-WL-1')!, match).message).not.toMatch(/benchmark differs/i);
    // The data a side reads is its work, even written as a path.
    const inputs = pair(
      {
        workload: {
          name: 'select fields',
          parameters: { fields: '1,8,19', inputFile: './hyper_data_multichar.txt' },
        },
      },
      {
        workload: { name: 'select fields', parameters: { fields: '1,8,19', inputFile: './hyper_data.txt' } },
      },
    );
    expect(runCheck(checkById('F-WL-1')!, inputs).state).not.toBe('pass');
    // The port each side listens on is where it is reached, not the work.
    const ports = pair(
      { run: { benchmark: 'drill: GET http://localhost:8001/test/ returning a JSON status' } },
      { run: { benchmark: 'drill: GET http://localhost:8002/test/ returning a JSON status' } },
    );
    expect(runCheck(checkById('F-WL-1')!, ports).message).not.toMatch(/(workload|benchmark) differs/i);
    // Only the other side's whole name is a name: its generic words ("html") still read as work.
    const generic = pair(
      { workload: { name: 'parse', parameters: 'parse(html) then walk the tree' } },
      { workload: { name: 'parse', parameters: 'parse(input) then walk the tree' } },
      ['htmlparser2', 'node-html-parser'],
    );
    expect(runCheck(checkById('F-WL-1')!, generic).message).toMatch(/parameters differs/i);
    // Disjoint parts are different workloads.
    const other = pair({ workload: { name: 'TPC-H: Q1' } }, { workload: { name: 'TPC-H: Q2' } });
    expect(runCheck(checkById('F-WL-1')!, other).state).toBe('flag');
    expect(runCheck(checkById('F-WL-4')!, other).state).not.toBe('flag');
  });

  it('F-WL-4 flags a subset a side states in its own words, not a count of runs', () => {
    const w = (workload: Record<string, string>) => ({ workload });
    const suite = pair(
      w({ name: 'RTOSBench kernel-service tests (subset)' }),
      w({ name: 'RTOSBench kernel-service tests (subset)' }),
    );
    expect(runCheck(checkById('F-WL-4')!, suite).message).toMatch(/in the publication's own words/);
    const twoOfEight = pair(
      w({ name: 'MLPerf Training', 'x-submitted': 'ResNet-50 and BERT (2 of the 8 benchmarks)' }),
      w({ name: 'MLPerf Training' }),
    );
    expect(runCheck(checkById('F-WL-4')!, twoOfEight).state).toBe('flag');
    const runs = pair(w({ name: 'fillrandom', parameters: 'best 3 of 5 runs' }), w({ name: 'fillrandom' }));
    expect(runCheck(checkById('F-WL-4')!, runs).state).not.toBe('flag');
  });

  it('F-WL-4 reports reported/total for a known benchmark', () => {
    const tx = (t: string) => ({
      metric: 'latency',
      value: 1,
      unit: 'ms',
      labels: { transaction: t },
      origin: 'imported',
    });
    const r = runCheck(
      checkById('F-WL-4')!,
      pair(
        {
          workload: { name: 'TPC-C' },
          values: ['New Order', 'Payment', 'Delivery', 'Order Status', 'Stock Level'].map(tx),
        },
        { workload: { name: 'TPC-C' }, values: ['New Order', 'Payment'].map(tx) },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.hint).toBe('A: 5/5 TPC-C transaction types reported; B: 2/5 TPC-C transaction types reported');
  });

  it('F-WL-4 reads a count of the parts a side could not run as a subset', () => {
    const v = (metric: string, value: number) => ({ metric, value, unit: 'queries', origin: 'imported' });
    const r = runCheck(
      checkById('F-WL-4')!,
      pair({ values: [v('queries.unsupported', 0)] }, { values: [v('queries.unsupported', 10)] }),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B: .*10 it could not run/);
  });

  it('F-WL-4 reads operations from dotted metric names every side reports', () => {
    const v = (metric: string, unit = 'GB/s') => ({ metric, value: 1, unit, origin: 'imported' });
    // Decryption reported for one library only: another part of the benchmark.
    const partial = runCheck(
      checkById('F-WL-4')!,
      pair(
        { values: [v('throughput.encrypt'), v('throughput.decrypt')] },
        { values: [v('throughput.encrypt')] },
      ),
    );
    expect(partial.state).toBe('flag');
    // Statistics, ratios against the other side and a metric only one side has are no parts.
    const notParts = runCheck(
      checkById('F-WL-4')!,
      pair(
        {
          values: [
            v('latency.p99', 'ms'),
            v('latency.p999', 'ms'),
            v('throughput.vsRedis', 'x'),
            v('memory.rss'),
          ],
        },
        { values: [v('latency.p99', 'ms')] },
      ),
    );
    expect(notParts.state).not.toBe('flag');
    const same = runCheck(
      checkById('F-WL-4')!,
      pair(
        { values: [v('encodeMs.tiny'), v('encodeMs.base')] },
        { values: [v('encodeMs.base'), v('encodeMs.tiny')] },
      ),
    );
    expect(same.state).not.toBe('flag');
  });

  it('F-WL-4 flags a result most sides report and one side does not', () => {
    const v = (metric: string, unit = 'ms') => ({ metric, value: 1, unit, origin: 'imported' });
    const full = { values: [v('startup'), v('rps', 'req/s')] };
    const r = runCheck(
      checkById('F-WL-4')!,
      comparison(side('Micronaut', full), side('Quarkus', full), side('Spring', { values: [v('startup')] })),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Spring reports no rps, which most sides report/);
    // Two of five lacking it is as unshown as one of three.
    const five = runCheck(
      checkById('F-WL-4')!,
      comparison(
        side('A', full),
        side('B', full),
        side('C', full),
        side('D', { values: [v('startup')] }),
        side('E', { values: [v('startup')] }),
      ),
    );
    expect(five.message).toMatch(/D reports no rps; E reports no rps/);
    // With two sides, a metric one side has is its own; a side that shares no metric names its
    // results in other words.
    expect(runCheck(checkById('F-WL-4')!, pair(full, { values: [v('startup')] })).message).not.toMatch(
      /reports no rps/,
    );
    const other = runCheck(
      checkById('F-WL-4')!,
      comparison(side('A', full), side('B', full), side('C', { values: [v('boot time')] })),
    );
    expect(other.message).not.toMatch(/reports no/);
  });

  it('F-WL-4 reads the parts a side names in its setup against the standard benchmark', () => {
    const listed = runCheck(
      checkById('F-WL-4')!,
      pair(
        { run: { benchmark: 'LDBC-SNB queries 2, 6, 8, 9 (1-5 hops) and 11' } },
        { run: { benchmark: 'LDBC-SNB queries 2, 6, 8, 9 (1-5 hops) and 11' } },
      ),
    );
    expect(listed.state).toBe('flag');
    expect(listed.hint).toMatch(/A: 5\/14 LDBC SNB Interactive complex reads reported/);
    const omitted = runCheck(
      checkById('F-WL-4')!,
      pair(
        { workload: { name: 'Nexmark', variant: 'queries common to both; q6, q10 omitted' } },
        { workload: { name: 'Nexmark', variant: 'queries common to both; q6, q10 omitted' } },
      ),
    );
    expect(omitted.state).toBe('flag');
    expect(omitted.hint).toMatch(/2 left out \(6, 10\)/);
    // Every query of the benchmark, and numbers that cannot be parts of it, are not a subset.
    const whole = runCheck(
      checkById('F-WL-4')!,
      pair({ workload: { name: 'TPC-H queries 1 to 22' } }, { workload: { name: 'TPC-H queries 1 to 22' } }),
    );
    expect(whole.state).not.toBe('flag');
    const rows = runCheck(
      checkById('F-WL-4')!,
      pair(
        { workload: { name: 'TPC-H, query 1000 rows' } },
        { workload: { name: 'TPC-H, query 1000 rows' } },
      ),
    );
    expect(rows.state).not.toBe('flag');
  });

  it('F-WL-5 names the variant', () => {
    const r = runCheck(
      checkById('F-WL-5')!,
      pair({}, { workload: { variant: '99% cross-partition new orders' }, run: { division: 'open' } }),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/B: variant "99% cross-partition new orders" \(division open\)/);
    expect(runCheck(checkById('F-WL-5')!, pair({}, {})).hint).toMatch(/no variant/);
  });

  it('F-DISC-3 flags the maker of the part compared, on one base product, against the other parts', () => {
    const affiliation = 'Shopify, developer of YJIT';
    const jits = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { affiliation } }, { disclosure: { affiliation } }, [
        'CRuby + YJIT',
        'CRuby + MJIT',
      ]),
    );
    expect(jits.state).toBe('flag');
    expect(jits.message).toMatch(/published by the vendor of CRuby \+ YJIT, compared against CRuby \+ MJIT/);
    // A publisher that makes neither part has nothing of its own in the comparison.
    const neutral = runCheck(
      checkById('F-DISC-3')!,
      pair(
        { disclosure: { affiliation: 'University of Somewhere' } },
        { disclosure: { affiliation: 'University of Somewhere' } },
        ['CRuby + YJIT', 'CRuby + MJIT'],
      ),
    );
    expect(neutral.state).toBe('needs_review');
  });

  it('F-MEAS-8 flags a side its own publication calls an estimate, values or not', () => {
    const r = runCheck(
      checkById('F-MEAS-8')!,
      pair(
        {
          run: { compliance: 'estimate' },
          values: [{ metric: 'speedup', value: 1.4, unit: 'x', origin: 'imported' }],
        },
        {},
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A is published as an estimate/);
  });

  it('F-MEAS-8 asks about sides measured more than a week apart', () => {
    const run = (startedAt: string) => ({
      run: { startedAt },
      values: [{ metric: 'throughput', value: 100, unit: 'req/s', origin: 'imported' as const }],
    });
    const apart = runCheck(checkById('F-MEAS-8')!, pair(run('2024-10-26'), run('2024-09-29')));
    expect(apart.state).toBe('needs_review');
    expect(apart.hint).toMatch(/A: 2024-10-26; B: 2024-09-29; 27 days apart/);
    expect(runCheck(checkById('F-MEAS-8')!, pair(run('2024-10-26'), run('2024-10-25'))).state).toBe('pass');
  });

  it('F-MEAS-5 sends run-selection rules worded differently per side to a reviewer instead of passing', () => {
    const sel = (selectionRule: string) => ({ run: { selectionRule }, measurement: { repetitions: 25 } });
    const r = runCheck(
      checkById('F-MEAS-5')!,
      pair(
        sel('first-run outlier removed in each iteration'),
        sel('first iteration outlier removed; last iteration all runs kept'),
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/select their runs by different rules/);
  });

  it('F-MEAS-5 reads a spread named where the repetitions are described', () => {
    const reps = (repetitions: string) => ({ measurement: { repetitions } });
    const stated = runCheck(
      checkById('F-MEAS-5')!,
      pair(
        reps('tasty-bench defaults: mean and 2*Stdev reported'),
        reps('tasty-bench defaults: mean and 2*Stdev reported'),
      ),
    );
    expect(stated.state).toBe('needs_review');
    expect(stated.hint).toMatch(/a spread is reported, not how many runs it spans/);
    // Said to be missing, or a range across tests rather than runs: no spread.
    const missing = reps('not stated (error and standard deviation not printed in the issue)');
    expect(runCheck(checkById('F-MEAS-5')!, pair(missing, missing)).state).toBe('flag');
  });

  it('F-MEAS-5 flags repetitions that pool runs of different setups', () => {
    const sel = (selectionRule: string) => ({ run: { selectionRule }, measurement: { repetitions: 3 } });
    const r = runCheck(
      checkById('F-MEAS-5')!,
      pair(sel('Averaged across 3 runs (2 with Metal, 1 without)'), sel('mean of 3 runs')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A pools runs of different setups/);
    expect(r.message).not.toMatch(/B pools/);
    // Runs "with warm-up" on every side are one setup.
    const one = runCheck(
      checkById('F-MEAS-5')!,
      pair(sel('mean of 3 runs with warm-up'), sel('mean of 3 runs')),
    );
    expect(one.message).not.toMatch(/pools/);
  });

  it('F-MEAS-1 flags throughput counted as work is handed over rather than completed, even on every side', () => {
    const submitted = {
      measurement: {
        throughputSource:
          'submission loop only: the timer stops when the last task is handed over, not when tasks complete',
      },
    };
    const r = runCheck(checkById('F-MEAS-1')!, pair(submitted, submitted));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(
      /^Throughput is counted as work is handed over, not as it completes, on A \(submission/,
    );
    // Counted when each request completes: a counting point like any other.
    const acked = {
      measurement: { throughputSource: 'requests counted when the response completes (client ack)' },
    };
    expect(runCheck(checkById('F-MEAS-1')!, pair(acked, acked)).state).toBe('pass');
    // A timer that stops when the messages are sent, not handled, is F-MEAS-2's finding.
    const sent = {
      measurement: {
        timedRegion: 'until the last tell call returned (messages enqueued, handling not awaited)',
      },
    };
    expect(runCheck(checkById('F-MEAS-2')!, pair(sent, sent)).message).toMatch(
      /^The timer stops as work is handed over, not as it completes, on A/,
    );
  });

  it('F-MEAS-8 flags a side without figures whose measurement record says it was never timed', () => {
    const timed = { values: [{ metric: 'speedup', value: 4, unit: 'x', origin: 'imported' as const }] };
    const never = { measurement: { timedRegion: 'none: naive_softmax is not called in benchmark()' } };
    const r = runCheck(checkById('F-MEAS-8')!, pair(timed, never));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B was not measured by this publication \("none: naive_softmax is not called/);
    // Who measured it can say so as well.
    const byOthers = { run: { submitter: 'Intel (comparison), GPU numbers not measured by Intel' } };
    expect(runCheck(checkById('F-MEAS-8')!, pair(timed, byOthers)).message).toMatch(
      /B was not measured by this publication/,
    );
    // Without such words a side with no figures is only unknown.
    expect(
      runCheck(checkById('F-MEAS-8')!, pair(timed, { measurement: { timedRegion: 'main loop' } })).state,
    ).toBe('unknown');
  });

  it('F-MEAS-8 flags a side whose record says its numbers come from another publication', () => {
    const measured = { values: [{ metric: 'qps', value: 1200, unit: 'ops/s', origin: 'imported' }] };
    const r = runCheck(
      checkById('F-MEAS-8')!,
      pair(measured, { run: { notes: "numbers from NirantK's comparison (charts only)" } }),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B's numbers are taken from another publication/);
    const earlier = runCheck(
      checkById('F-MEAS-8')!,
      pair(measured, {
        ...measured,
        run: { notes: 'previously recorded results from PR 169, quoted in PR 177' },
      }),
    );
    expect(earlier.state).toBe('flag');
    // Results from the same harness, or read off a tool, are this publication's own.
    for (const notes of [
      'results from the same harness, 3 runs',
      'measurements were taken from `cargo bench`',
      'latency as reported by dig',
    ]) {
      const own = pair(measured, { ...measured, run: { notes } });
      expect(runCheck(checkById('F-MEAS-8')!, own).state, notes).toBe('pass');
    }
  });

  it('F-MEAS-2 sends end points stated in words it cannot classify to a reviewer with both texts', () => {
    const r = runCheck(
      checkById('F-MEAS-2')!,
      pair(
        {
          measurement: {
            latencyEndPoint: "from the 'new msg' log line to the last delivery",
            latencyOrigin: 'intended',
          },
        },
        {
          measurement: {
            latencyEndPoint: "from the 'connect from' log line to the last delivery",
            latencyOrigin: 'intended',
          },
        },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/A: from the 'new msg' log line .* vs B: from the 'connect from' log line/);
    // Not stated is still missing, not words to compare.
    const unstated = runCheck(
      checkById('F-MEAS-2')!,
      pair(
        { measurement: { latencyEndPoint: 'not stated' } },
        { measurement: { latencyEndPoint: 'not stated' } },
      ),
    );
    expect(unstated.state).toBe('unknown');
  });

  it("F-DISC-3 flags results published in one compared product's own repository", () => {
    const hosted = (url: string) => {
      const input = pair({}, {}, ['@ox-content/napi', 'marked']);
      for (const e of input.entries) for (const r of e.runs) r.sourceUrl = url;
      return runCheck(checkById('F-DISC-3')!, input);
    };
    const readme = hosted('https://github.com/ubugeeei-prod/ox-content/blob/eb40c9e/README.md');
    expect(readme.state).toBe('flag');
    expect(readme.message).toMatch(
      /published in the repository of @ox-content\/napi \(ox-content\), compared against marked/,
    );
    // An issue in that repository is anyone's writing; a third party's benchmark repository names no product.
    expect(hosted('https://github.com/ubugeeei-prod/ox-content/issues/545').state).toBe('needs_review');
    expect(hosted('https://github.com/someone/markdown-benchmarks/blob/main/README.md').state).toBe(
      'needs_review',
    );
    // So is a pull request: a critic's fork opens them too.
    expect(hosted('https://github.com/ubugeeei-prod/ox-content/pull/546').state).toBe('needs_review');
  });

  it("F-DISC-3 reads a product named inside its repository's name, but not a benchmark repository's", () => {
    const hosted = (url: string, systems: [string, string]) => {
      const input = pair({}, {}, systems);
      for (const e of input.entries) for (const r of e.runs) r.sourceUrl = url;
      return runCheck(checkById('F-DISC-3')!, input);
    };
    const plugin = hosted(
      'https://github.com/nvim-telescope/telescope-fzf-native.nvim/blob/c507c54/README.md',
      ['fzf-native', 'fzy-lua'],
    );
    expect(plugin.state).toBe('flag');
    expect(plugin.message).toMatch(/repository of fzf-native \(telescope-fzf-native\.nvim\)/);
    expect(
      hosted('https://github.com/someone/fzf-native-benchmarks/blob/main/README.md', [
        'fzf-native',
        'fzy-lua',
      ]).state,
    ).toBe('needs_review');
  });

  it('F-DISC-3 flags a vendor benchmarking its own product, matched as an organisation', () => {
    const r = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { affiliation: 'Acme DB Inc. (makers of AcmeDB)' } }, {}, ['AcmeDB', 'OtherDB']),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A is published by the vendor of AcmeDB, compared against OtherDB/);
    expect(r.hint).toMatch(/B: no affiliation declared/);
    // Two names for one publisher, a spaced slash between them: the second is the project.
    const both = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { affiliation: 'Winds-Studio / Leaf project (Leaf documentation site)' } }, {}, [
        'Leaf',
        'Paper',
      ]),
    );
    expect(both.message).toMatch(/A is published by the vendor of Leaf, compared against Paper/);
    // A product named by its repository is the product: the author of github.com/hamba/avro.
    const repo = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { authors: [{ name: 'N', affiliation: 'author of github.com/hamba/avro' }] } }, {}, [
        'hamba/avro',
        'gogen-avro',
      ]),
    );
    expect(repo.state).toBe('flag');
    expect(repo.message).toMatch(/A is published by the vendor of hamba\/avro/);
    // A role written beside an author's name, with no affiliation field.
    const role = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { authors: [{ name: 'Daan Leijen (mimalloc author, Microsoft)' }] } }, {}, [
        'mimalloc v1.7.0',
        'tcmalloc',
      ]),
    );
    expect(role.state).toBe('flag');
    expect(role.message).toMatch(/A is published by the vendor of mimalloc v1.7.0/);
    // Two projects of one foundation are two products: "Eclipse Zenoh" against "Eclipse Cyclone DDS".
    const foundation = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { affiliation: 'University team, with a prologue by kydos (Zenoh)' } }, {}, [
        'Eclipse Zenoh',
        'Eclipse Cyclone DDS',
      ]),
    );
    expect(foundation.state).toBe('flag');
    // A digit that is part of a name is not a version: "N2" is N2, not "N".
    const digit = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { affiliation: 'Kakao (authors of N2)' } }, {}, ['N2', 'nmslib (HNSW)']),
    );
    expect(digit.state).toBe('flag');
    // Whoever asked for the work, a product's maintainers named before the word, and a vendor
    // known by name whose product's stem is shorter than its name (TiDB → PingCAP).
    const cases: [string, string, string][] = [
      ['Brooklyn Data Co. (benchmark requested by Databricks)', 'Delta Lake', 'Apache Iceberg'],
      ['IBM (Presto maintainers; grafana.ibm.prestodb.dev)', 'Prestissimo (Presto C++ workers)', 'Trino'],
      ['PingCAP (documentation of the product)', 'TiDB Cloud Lake', 'Snowflake'],
      // One author named in the singular, and a maker known by name (Oracle makes GraalPy).
      ['Bun author', 'Bun', 'Yarn'],
      ['Oracle (GraalVM)', 'GraalPy', 'CPython'],
      // Who sells or hosts a product, and a post in its project's own venue.
      ["Supabase (ships pgvector in its hosted Postgres; 'we're a Postgres company')", 'pgvector', 'Qdrant'],
      ['Embedded LLM (guest post on the vLLM project blog)', 'vLLM', 'TGI'],
    ];
    for (const [affiliation, own, rival] of cases) {
      const r = runCheck(
        checkById('F-DISC-3')!,
        pair({ disclosure: { affiliation } }, { disclosure: { affiliation } }, [own, rival]),
      );
      expect(r.state, affiliation).toBe('flag');
      expect(r.message).toContain(`A is published by the vendor of ${own}`);
    }
    // A sponsor that makes both sides' product still declares its conflict of interest.
    const sponsor = runCheck(
      checkById('F-DISC-3')!,
      pair(
        {
          disclosure: {
            affiliation: 'GigaOm, benchmark sponsored by Microsoft',
            conflictOfInterest: 'Microsoft sponsored it',
          },
        },
        {
          disclosure: {
            affiliation: 'GigaOm, benchmark sponsored by Microsoft',
            conflictOfInterest: 'Microsoft sponsored it',
          },
        },
        ['Microsoft SQL Server on Azure', 'Microsoft SQL Server on AWS'],
      ),
    );
    expect(sponsor.state).toBe('flag');
    // Naming a competitor in prose is not an affiliation with it.
    const prose = runCheck(
      checkById('F-DISC-3')!,
      pair(
        { disclosure: { affiliation: 'University of Somewhere: we chose OtherDB as our comparison point' } },
        { disclosure: { affiliation: 'University of Somewhere' } },
        ['AcmeDB', 'OtherDB'],
      ),
    );
    expect(prose.state).toBe('needs_review');
    expect(prose.hint).not.toMatch(/the vendor of/);
    // A competitor's vendor publishing the other side's numbers.
    const rival = runCheck(
      checkById('F-DISC-3')!,
      pair(
        { disclosure: { authors: [{ name: 'X', affiliation: 'Cockroach Labs' }] } },
        { disclosure: { authors: [{ name: 'X', affiliation: 'Cockroach Labs' }] } },
        ['CockroachDB', 'YugabyteDB'],
      ),
    );
    expect(rival.state).toBe('flag');
    expect(rival.message).toMatch(/B is published by the vendor of a competing system \(CockroachDB\)/);
    // The organisation named in a product's own name is its vendor; a substring of a word is not.
    const named = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { affiliation: 'Databricks' } }, { disclosure: { affiliation: 'Databricks' } }, [
        'Spark Streaming (Databricks Runtime 3.1)',
        'Apache Flink 1.2',
      ]),
    );
    expect(named.state).toBe('flag');
    expect(named.message).toMatch(/A is published by the vendor of Spark Streaming/);
    const partOfAWord = runCheck(
      checkById('F-DISC-3')!,
      pair({ disclosure: { affiliation: 'Bricks' } }, { disclosure: { affiliation: 'Bricks' } }, [
        'Spark Streaming (Databricks Runtime 3.1)',
        'Apache Flink 1.2',
      ]),
    );
    expect(partOfAWord.state).toBe('needs_review');
    // A maker clause anywhere in the affiliation, unless it is denied.
    for (const affiliation of [
      'Coiled (company behind Dask; blog on docs.coiled.io)',
      'CloudWeGo, maintainers of the Dask framework',
    ]) {
      const clause = runCheck(
        checkById('F-DISC-3')!,
        pair({ disclosure: { affiliation } }, { disclosure: { affiliation } }, ['Dask', 'Apache Spark']),
      );
      expect(clause.state, affiliation).toBe('flag');
    }
    const denied = runCheck(
      checkById('F-DISC-3')!,
      pair(
        { disclosure: { affiliation: 'University of X, not affiliated with the makers of Dask' } },
        { disclosure: { affiliation: 'University of X' } },
        ['Dask', 'Apache Spark'],
      ),
    );
    expect(denied.state).toBe('needs_review');
    // A conflict of interest the publication declares is a fact, even without a known vendor.
    const declared = runCheck(
      checkById('F-DISC-3')!,
      pair(
        {
          disclosure: {
            affiliation: 'Oven (makers of Bun)',
            conflictOfInterest: 'our own docs compare our driver',
          },
        },
        { disclosure: { affiliation: 'Oven (makers of Bun)', conflictOfInterest: 'none' } },
        ['AcmeDB', 'OtherDB'],
      ),
    );
    expect(declared.state).toBe('flag');
    expect(declared.message).toMatch(/A declares a conflict of interest \(our own docs compare our driver\)/);
    expect(declared.message).not.toMatch(/B declares/);
    // "bun:sqlite" is a module of Bun: its namespace names the maker.
    const moduleOf = runCheck(
      checkById('F-DISC-3')!,
      pair(
        { disclosure: { affiliation: 'Oven (makers of Bun)' } },
        { disclosure: { affiliation: 'Oven (makers of Bun)' } },
        ['bun:sqlite', 'better-sqlite3'],
      ),
    );
    expect(moduleOf.state).toBe('flag');
    expect(moduleOf.message).toMatch(/A is published by the vendor of bun:sqlite/);
    // A company named by gluing a suffix onto its product, a brand in an aside, a project named in
    // the product's name — and an aside that is prose, not a name.
    for (const [affiliation, systems, state] of [
      ['AcmeHub', ['Acme', 'OtherDB'], 'flag'],
      ['Zeta Beta Technology (AcmeDB)', ['AcmeDB', 'OtherDB'], 'flag'],
      ['AcmeJava project (publishes these bindings)', ['Acme via AcmeJava', 'OtherDB'], 'flag'],
      ['Zeta Beta Technology (we ran AcmeDB)', ['AcmeDB', 'OtherDB'], 'needs_review'],
      ['AcmeHubble', ['Acme', 'OtherDB'], 'needs_review'],
      ['Zeta (Apache Acme company), press release', ['Apache Acme', 'OtherDB'], 'flag'],
      ['AMD', ['AMD EPYC 7742', 'Intel Xeon 9282'], 'flag'],
      ['AMD', ['Ryzen AMDX', 'Intel Xeon 9282'], 'needs_review'],
    ] as const) {
      const r = runCheck(
        checkById('F-DISC-3')!,
        pair({ disclosure: { affiliation } }, { disclosure: { affiliation } }, [...systems]),
      );
      expect(r.state, affiliation).toBe(state);
    }
  });

  it('F-ISO-2 asks a reviewer when no consistency result is recorded', () => {
    const r = runCheck(checkById('F-ISO-2')!, pair({ workload: { consistencyChecks: 'passed' } }, {}));
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/B/);
  });

  it('F-COST-1 asks about scope when what the price includes is not recorded', () => {
    const r = runCheck(
      checkById('F-COST-1')!,
      pair(
        { cost: { horizon: 'hourly', currency: 'USD' } },
        { cost: { horizon: 'hourly', currency: 'USD' } },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/A, B/);
  });

  it("F-COST-1 flags a managed service's price against the price of the machines", () => {
    const r = runCheck(
      checkById('F-COST-1')!,
      pair(
        { cost: { pricingModel: 'self-hosted on AWS EC2 (infrastructure cost)' } },
        { cost: { pricingModel: 'managed service, s1 pods' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Priced as infrastructure on A vs managed service on B/);
    // Words that say neither leave the side out.
    const vague = runCheck(
      checkById('F-COST-1')!,
      pair({ cost: { pricingModel: 'list price' } }, { cost: { pricingModel: 'managed service' } }),
    );
    expect(vague.message).not.toMatch(/Priced as/);
  });

  it('F-SW-1 reads the version every run of a side gives, when its runs list components differently', () => {
    const qemu = (arch: string) => ({
      software: { components: [{ name: `QEMU (${arch} user mode)`, version: '2.5' }] },
    });
    const r = runCheck(
      checkById('F-SW-1')!,
      comparison(
        side('QEMU', [qemu('arm'), qemu('x86_64')], 'QEMU'),
        side(
          'usercorn',
          { software: { components: [{ name: 'usercorn', version: 'not stated' }] } },
          'usercorn',
        ),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/usercorn runs a version not stated, while QEMU \(arm user mode\) is 2\.5/i);
  });

  it('F-SW-1 flags a 32-bit build against a 64-bit one', () => {
    const build = (buildType: string) => ({ software: { buildType } });
    const r = runCheck(checkById('F-SW-1')!, pair(build('64 bit'), build('32 bit')));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/build word size differs \(A: 64 bit vs B: 32 bit\)/i);
    expect(
      runCheck(checkById('F-SW-1')!, pair(build('64-bit release'), build('release, 64 bit'))).state,
    ).not.toBe('flag');
    // A build type that names no word size leaves it to the compiler flags.
    const flagged = (compilerFlags: string) => ({ software: { buildType: 'release', compilerFlags } });
    const flags = runCheck(checkById('F-SW-1')!, pair(flagged('-O2 -m64'), flagged('-O2 -m32')));
    expect(flags.message).toMatch(/build word size differs \(A: -O2 -m64 vs B: -O2 -m32\)/i);
  });

  it('F-SW-1 flags a build that is no release (snapshot, release candidate, custom build)', () => {
    const r = runCheck(
      checkById('F-SW-1')!,
      pair(
        { software: { components: { kafka: '3.6.0' } } },
        { software: { components: { pulsar: '3.1.0-SNAPSHOT' } } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B runs pulsar 3\.1\.0-SNAPSHOT, not a release/);
    // A commit instead of a tag: a Go pseudo-version, `git describe`, a beta with its number.
    for (const version of [
      'v0.3.5-0.20220819080849-d19ff0111efa',
      '2.1.0-14-g1a2b3c4d',
      '7.0.0-beta7-*',
      '2.0.0b2',
      '1.1.0rc1',
      // A build its makers call temporary or not for production.
      'pingcap2021/tidb-operator:v1.1.14 (temporary ARM image)',
      'v4.0.10 (not meant for a production environment)',
    ]) {
      const commit = runCheck(
        checkById('F-SW-1')!,
        pair(
          { software: { components: { grpc: '1.42.0' } } },
          { software: { components: { kitex: version } } },
        ),
      );
      expect(commit.state, version).toBe('flag');
    }
  });

  it('F-WL-3 flags a feature switched on for one side and off for the other in their configurations', () => {
    const r = runCheck(
      checkById('F-WL-3')!,
      pair(
        { software: { configuration: { TLS: 'enabled', SASL: 'enabled' } } },
        { software: { configuration: { TLS: 'enabled', SASL: 'disabled (not supported)' } } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/SASL differs \(A: enabled vs B: disabled \(not supported\)\)/);
  });

  it('F-WL-3 flags a setting both sides name but choose differently (a cheaper filter), not amounts or a configuration compared on purpose', () => {
    const filter = (resampling: string) => ({ software: { configuration: { resampling, quality: 80 } } });
    const r = runCheck(
      checkById('F-WL-3')!,
      pair(filter('bilinear only'), filter('lanczos3 (where available)')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/resampling differs \(A: bilinear only vs B: lanczos3/i);
    // The same choice written with an aside is the same choice.
    expect(
      runCheck(checkById('F-WL-3')!, pair(filter('lanczos3'), filter('lanczos3 (default)'))).state,
    ).not.toBe('flag');
    // Amounts are F-SW-2's; a value that says nothing is no choice.
    const amounts = pair(
      { software: { configuration: { threads: '8' } } },
      { software: { configuration: { threads: 'default' } } },
    );
    expect(runCheck(checkById('F-WL-3')!, amounts).state).not.toBe('flag');
    const onPurpose: ComparisonInput = {
      ...pair(filter('bilinear'), filter('lanczos3')),
      subject: ['configuration'],
    };
    expect(runCheck(checkById('F-WL-3')!, onPurpose).state).not.toBe('flag');
  });

  it('F-SW-2 passes a configuration compared on purpose only where every side records it', () => {
    const tuned = (settings: string[]) => ({ software: { nonDefaultSettings: settings } });
    const recorded: ComparisonInput = {
      ...pair(tuned(['fsync=off']), tuned(['fsync=on', 'wal_level=minimal'])),
      subject: ['configuration'],
    };
    expect(runCheck(checkById('F-SW-2')!, recorded).state).toBe('pass');
    const unrecorded: ComparisonInput = { ...pair(tuned(['fsync=off']), {}), subject: ['configuration'] };
    const r = runCheck(checkById('F-SW-2')!, unrecorded);
    expect(r.state).toBe('unknown');
    expect(r.message).toMatch(/subject, but not recorded on B/);
  });

  it('F-CLIENT-2 flags a client that connects for every operation against one that reuses its connections', () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { connections: '1 connection per trial' } },
        { client: { connections: '1 connection per trial; opens a new connection for every transaction' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(
      /Connection reuse differs \(A: connections reused vs B: a new connection per operation\)/,
    );
    // Both keep their connections: nothing about reuse to flag.
    const held = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { protocol: 'HTTP/1.1 keep-alive' } }, { client: { protocol: 'pooled HTTP/2' } }),
    );
    expect(held.message).not.toMatch(/reuse differs/);
  });

  it('F-CLIENT-1 flags calls awaited one by one on one side against synchronous calls on another', () => {
    const r = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { protocol: 'synchronous API, prepared statements reused' } },
        { client: { protocol: 'asynchronous Promise API; SQL text passed on every call' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Call model differs \(A: synchronous calls vs B: each call awaited\)/);
    // Words that say both decide nothing; the driver's words count where the protocol says neither.
    const mixed = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { protocol: 'box.get synchronous; await box.put per key' } },
        { client: { protocol: 'S3 API', driver: 'async bindings on tokio' } },
      ),
    );
    expect(mixed.message).not.toMatch(/Call model differs/);
    expect(mixed.hint).toMatch(/call model stated for B \(each call awaited\), not for A/i);
    // The head decides before an aside that names the other model.
    const aside = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        {
          client: {
            driver: 'ObjectBox API, synchronous calls on the UI isolate (each wrapped in Future.value)',
          },
        },
        { client: { driver: 'Isar API, asynchronous calls (putAll awaited)' } },
      ),
    );
    expect(aside.message).toMatch(/Call model differs \(A: synchronous calls vs B: each call awaited\)/);
  });

  it('F-CLIENT-5 flags a side measured while its requests failed, whatever the others state', () => {
    const r = runCheck(
      checkById('F-CLIENT-5')!,
      pair({ measurement: { errorsCounted: 'the gateway had problems with timeout errors' } }, {}),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A was measured while requests failed/);
    const clean = runCheck(
      checkById('F-CLIENT-5')!,
      pair({ measurement: { errorsCounted: 'ran with no errors' } }, {}),
    );
    expect(clean.message).not.toMatch(/measured while requests failed/);
  });

  it('F-CLIENT-1 takes the harness a driver line names as the load tool, not the system called', () => {
    const driven = (system: string) => ({
      client: { driver: `${system} 0.3 API called directly from the criterion benchmark` },
    });
    const r = runCheck(checkById('F-CLIENT-1')!, pair(driven('legion'), driven('bevy_ecs')));
    expect(r.message).not.toMatch(/Load tool differs/);
    const tools = runCheck(
      checkById('F-CLIENT-1')!,
      pair({ client: { driver: 'wrk2 -R 1000' } }, { client: { driver: 'oha load generator' } }),
    );
    expect(tools.message).toMatch(/Load tool differs/);
    // A storage tool named in passing, after the driver it drives.
    const storage = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { driver: 'SPDK userspace NVMe driver (nvme_perf)' } },
        { client: { driver: 'fio through the kernel with direct I/O' } },
        ['SPDK', 'Linux kernel'],
      ),
    );
    expect(storage.state).toBe('flag');
    expect(storage.message).toMatch(/Load tool differs \(A: nvme_perf vs B: fio\)/);
    // One side called in its own language, the other through bindings from another.
    const bound = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { language: 'Rust', driver: "ring's Rust API (native)" } },
        { client: { language: 'Rust', driver: 'OpenSSL called through Rust bindings' } },
        ['ring', 'OpenSSL'],
      ),
    );
    expect(bound.state).toBe('flag');
    expect(bound.message).toMatch(
      /Binding layer differs \(A: in its own language vs B: through a binding layer\)/,
    );
    // "Pure Go, no cgo call" denies the binding it names.
    const cgo = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        {
          client: {
            language: 'Go',
            driver: 'h3-go: a thin Go binding over the C library; every call crosses cgo',
          },
        },
        { client: { language: 'Go', driver: 'golang/geo s2: pure Go, no cgo call' } },
        ['H3', 'S2'],
      ),
    );
    expect(cgo.message).toMatch(
      /Binding layer differs \(A: through a binding layer vs B: in its own language\)/,
    );
  });

  it('F-CLIENT-1 flags different clients for systems that speak one wire protocol, not for systems that do not', () => {
    const driven = (driver: string) => ({ client: { language: 'Go', driver } });
    const kafka = runCheck(
      checkById('F-CLIENT-1')!,
      pair(driven('github.com/segmentio/kafka-go'), driven('github.com/twmb/franz-go'), [
        'Apache Kafka',
        'Redpanda',
      ]),
    );
    expect(kafka.state).toBe('flag');
    expect(kafka.message).toMatch(
      /A, B all speak the Kafka protocol yet are driven through different clients/,
    );
    // NATS speaks its own protocol: its own client is what comparing the systems brings.
    const nats = runCheck(
      checkById('F-CLIENT-1')!,
      pair(driven('github.com/segmentio/kafka-go'), driven('github.com/nats-io/nats.go'), [
        'Apache Kafka',
        'NATS',
      ]),
    );
    expect(nats.state).not.toBe('flag');
  });

  it('F-MEAS-5 asks for the count where a spread is reported without one, rather than flagging', () => {
    const spread = { measurement: { aggregation: 'mean with error and standard deviation' } };
    const r = runCheck(checkById('F-MEAS-5')!, pair(spread, spread));
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/A: a spread is reported, not how many runs it spans/);
    expect(runCheck(checkById('F-MEAS-5')!, pair({}, {})).state).toBe('flag');
  });

  it('an unknown whose recorded words differ between the sides goes to a reviewer with both', () => {
    const warm = (w: string) => ({ measurement: { warmupMs: w } });
    const r = runCheck(
      checkById('F-MEAS-3')!,
      pair(warm('sequential warm-up of one pooled connection'), warm('the shared harness warm-up')),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(
      /Warm-up reads differently \(A: sequential warm-up of one pooled connection vs B: the shared harness warm-up\)/,
    );
    // The same words, or each side naming its own system, leave the unknown as it is.
    expect(
      runCheck(checkById('F-MEAS-3')!, pair(warm('harness warm-up'), warm('harness warm-up'))).state,
    ).toBe('unknown');
    const own = runCheck(
      checkById('F-MEAS-3')!,
      pair(warm('Redis warm-up script'), warm('Dragonfly warm-up script'), ['Redis', 'Dragonfly']),
    );
    expect(own.state).toBe('unknown');
  });

  it('a value that says it equals another side\'s ("equivalent to each TiDB VM") is no difference', () => {
    const host = (hostType: string) => ({ nodes: [{ role: 'sut' as const, hardware: { hostType } }] });
    const same = runCheck(
      checkById('F-HW-1')!,
      pair(host('m5.xlarge'), host("equivalent to the other side's m5.xlarge VM")),
    );
    expect(same.state).not.toBe('flag');
    expect(runCheck(checkById('F-HW-1')!, pair(host('m5.xlarge'), host('c5.large'))).state).toBe('flag');
    // Words between "same" and "as" still say it; a denial does not.
    const named = pair(host('CNCF lab machine'), host('the same hardware as the 1.22 run'));
    expect(runCheck(checkById('F-HW-1')!, named).state).not.toBe('flag');
    const denied = pair(host('CNCF lab machine'), host('not the same hardware as the 1.22 run'));
    expect(runCheck(checkById('F-HW-1')!, denied).state).toBe('flag');
  });

  it('F-HW-1 flags bare metal against a virtual machine, unless each side names its own runtime', () => {
    const host = (virtualization: string) => ({
      nodes: [{ role: 'sut' as const, hardware: { cpuModel: 'Xeon E5-2620' }, software: { virtualization } }],
    });
    const hw1 = checkById('F-HW-1')!;
    const r = runCheck(hw1, pair(host('bare metal'), host('KVM guest on the same host')));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/bare metal or virtual machine/);
    expect(runCheck(hw1, pair(host('bare metal'), host('physical machine'))).state).toBe('pass');
    // runc against Kata Containers: the virtual machine is the system compared.
    const subject = pair(host('none (runc container)'), host('QEMU VM (Kata Containers), 9p'), [
      'runc',
      'Kata Containers (QEMU, 9p)',
    ]);
    expect(runCheck(hw1, subject).state).not.toBe('flag');
  });

  it('F-MEAS-4 flags a cache state that mixes cold and warm samples, even when every side says so', () => {
    const cache = (cacheState: string) => ({ measurement: { cacheState } });
    const meas4 = checkById('F-MEAS-4')!;
    const mixed = 'mixed: most samples include a cold start';
    const r = runCheck(meas4, pair(cache(mixed), cache(mixed)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A measured cold and warm samples together/);
    expect(
      runCheck(meas4, pair(cache('cold start each sample'), cache('cold start each sample'))).state,
    ).toBe('pass');
  });

  it('F-SW-2 counts a configuration clause by clause, a switch said in words included', () => {
    const config = (configuration: string) => ({ software: { configuration } });
    const r = runCheck(
      checkById('F-SW-2')!,
      pair(
        config('hugepage-aware allocator enabled; thp=always'),
        config('defaults (no setting stated); thp=always'),
      ),
    );
    expect(r.state).not.toBe('pass');
    expect(r.hint).toBe(
      '2 non-default settings on A (hugepage-aware allocator enabled, thp) vs 1 non-default setting on B (thp)',
    );
    // A clause that says a switch was not used is no setting.
    const negated = runCheck(
      checkById('F-SW-2')!,
      pair(config('no code-path override set; thp=always'), config('thp=always')),
    );
    expect(negated.state).toBe('pass');
  });

  it('F-CLIENT-1 flags an encrypted wire on one side against a plain one', () => {
    const proto = (protocol: string) => ({ client: { language: 'C', protocol } });
    const r = runCheck(checkById('F-CLIENT-1')!, pair(proto('HTTPS (TLSv1.2)'), proto('HTTP (plain)')));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/transport security differs/i);
    // Protocols that say nothing of encryption are not compared on it.
    expect(runCheck(checkById('F-CLIENT-1')!, pair(proto('HTTP/1.1'), proto('HTTP/1.1'))).state).toBe('pass');
  });

  it('F-TOPO-2 flags a kernel-bypass fabric on one side against TCP sockets', () => {
    const net = (network: string) => ({
      nodes: [{ role: 'sut' as const, hardware: { network } }],
      topology: { clientPlacement: 'same host' },
    });
    const r = runCheck(checkById('F-TOPO-2')!, pair(net('EFA via libfabric'), net('TCP sockets')));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/network transport differs/i);
    expect(runCheck(checkById('F-TOPO-2')!, pair(net('25 Gbit/s'), net('25 Gbit/s'))).state).toBe('pass');
  });

  it('F-SW-2 reads the optimisation each build asked for from its compiler flags', () => {
    expect(optimisationOf('-Wall -O3 -pthread')).toBe('O3');
    expect(optimisationOf('-O (opt-level 2)')).toBe('O2');
    expect(optimisationOf('-C target-cpu=native; link time optimisation; codegen-units=1')).toBe(
      'default level + native + lto + one codegen unit',
    );
    expect(optimisationOf('-Wall -pthread')).toBeNull();
    // A level above 3 is -O3 to GCC and Clang; an instruction set asked for by name is built for it.
    expect(optimisationOf('gcc -O9 -mavx2')).toBe('O3 + avx2');
    expect(optimisationOf('cc -O2 -msse4.2')).toBe('O2 + sse4.2');
    // A technique named to say it was not used; a build described, not flagged.
    expect(optimisationOf('Gentoo build of clang/LLVM with LTO, no PGO')).toBe('default level + lto');
    // A library's SIMD switch, said on or off.
    expect(optimisationOf('GGML_SIMD enabled')).toBe('default level + simd');
    expect(optimisationOf('GGML_SIMD disabled (default on Graviton)')).toBe('default level + simd off');
    const built = (buildType: string) => ({ software: { buildType } });
    expect(
      runCheck(
        checkById('F-SW-2')!,
        pair(built('Gentoo build of gcc with LTO and PGO'), built('Gentoo build with LTO, no PGO')),
      ).message,
    ).toMatch(
      /optimisation flags differ \(A: Gentoo build of gcc with LTO and PGO vs B: Gentoo build with LTO, no PGO\)/,
    );
    // F-SW-1 compares the flags of a command line, not the program or file names in it.
    const line = (compilerFlags: string) => ({ software: { compilerFlags } });
    expect(
      runCheck(
        checkById('F-SW-1')!,
        pair(line('g++ -O3 --std=c++2a main.cpp -o main'), line('clang++ -O3 --std=c++2a main.cpp -o main')),
      ).message,
    ).not.toMatch(/compiler flags differs/i);
    const flags = (compilerFlags: string) => ({ software: { compilerFlags } });
    expect(runCheck(checkById('F-SW-2')!, pair(flags('gcc -O9 -mavx2'), flags('gcc -O9'))).state).toBe(
      'flag',
    );
    const levels = runCheck(checkById('F-SW-2')!, pair(flags('-Wall -O3'), flags('-O (opt-level 2)')));
    expect(levels.state).toBe('flag');
    expect(levels.hint).toMatch(/optimisation flags differ/);
    // Native code and LTO on one side, the other's flags not given: tuned on one side.
    const oneSided = runCheck(
      checkById('F-SW-2')!,
      pair(flags('-C target-cpu=native, lto'), flags('not stated')),
    );
    expect(oneSided.state).toBe('flag');
    expect(runCheck(checkById('F-SW-2')!, pair(flags('-O2'), flags('-O2'))).state).not.toBe('flag');
  });

  it('F-HW-2 compares the threads each server node runs where they are counted', () => {
    const threads = (threadsPerProcess: number) => ({
      nodes: [{ role: 'sut' as const, hardware: { vcpus: 8 }, software: { threadsPerProcess } }],
    });
    const r = runCheck(checkById('F-HW-2')!, pair(threads(4), threads(3)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/server threads per node differs/i);
    // Within a fifth of each other: the same.
    expect(runCheck(checkById('F-HW-2')!, pair(threads(10), threads(9))).state).toBe('pass');
  });

  it('F-SW-2 flags a configuration printed for one side only', () => {
    const r = runCheck(
      checkById('F-SW-2')!,
      pair({ software: { configuration: 'connection pool pre-warming; prepared statement caching' } }, {}),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/printed for A only/);
    // Printed for every side: a reviewer compares them.
    const both = { software: { configuration: 'connection pool pre-warming' } };
    expect(runCheck(checkById('F-SW-2')!, pair(both, both)).state).toBe('needs_review');
  });

  it('F-WL-1 reads a workload named in the singular on one side and the plural on another as one', () => {
    expect(normWorkloadName('TFB db / query / update / fortunes')).toBe(
      normWorkloadName('TFB db / queries / updates / fortunes'),
    );
    expect(normWorkloadName('TPC-C')).toBe('tpcc');
    expect(normWorkloadName('read queries')).not.toBe(normWorkloadName('write queries'));
  });

  it('a field stated as unknown on every side keeps a check from passing', () => {
    const side = { workload: { name: 'YCSB workload A', scale: 'not stated' } };
    const r = runCheck(checkById('F-WL-1')!, pair(side, side));
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/^Scale is stated as unknown on every side/);
    const stated = { workload: { name: 'YCSB workload A', scale: '10M records' } };
    expect(runCheck(checkById('F-WL-1')!, pair(stated, stated)).state).toBe('pass');
  });

  it('F-ISO-2 flags sides that loaded different amounts of data', () => {
    const loaded = (n: number) => ({
      values: [
        { metric: 'loadedDocuments', value: n, unit: 'documents', labels: {}, origin: 'imported' as const },
      ],
    });
    const r = runCheck(checkById('F-ISO-2')!, pair(loaded(999_999_258), loaded(947_421_756)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/The sides loaded different data \(A: 999,999,258 vs B: 947,421,756\)/);
    expect(runCheck(checkById('F-ISO-2')!, pair(loaded(1000), loaded(1000))).state).not.toBe('flag');
    // Stored rather than loaded, or counted in items by its unit: the same finding.
    const stored = (metric: string, n: number, unit: string) => ({
      values: [{ metric, value: n, unit, labels: {}, origin: 'imported' as const }],
    });
    for (const [metric, unit] of [
      ['spansRecorded', 'spans'],
      ['documents', 'documents'],
    ])
      expect(
        runCheck(
          checkById('F-ISO-2')!,
          pair(
            stored(metric as string, 57_026_426, unit as string),
            stored(metric as string, 34_400_956, unit as string),
          ),
        ).state,
        metric,
      ).toBe('flag');
    // A rate is not a count of data.
    expect(
      runCheck(
        checkById('F-ISO-2')!,
        pair(stored('throughput', 5_000, 'rows/s'), stored('throughput', 7_000, 'rows/s')),
      ).state,
    ).not.toBe('flag');
  });

  it('F-TOPO-2 flags a system called inside the benchmark process against one reached through a socket', () => {
    const placed = (clientPlacement: string) => ({ topology: { clientPlacement } });
    const r = runCheck(
      checkById('F-TOPO-2')!,
      pair(
        placed('embedded in the Python benchmark process'),
        placed('server; benchmark client communicates over TCP (Bolt)'),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(
      /A calls its system inside the benchmark's process, while B \(server; .*TCP \(Bolt\)\) goes through a socket/,
    );
    // Both in process: the same path.
    const both = pair(placed('in-process library'), placed('in-process library'));
    expect(runCheck(checkById('F-TOPO-2')!, both).state).not.toBe('flag');
  });

  it("F-TOPO-2 counts Docker's port mapping as a hop, and F-HW-4 reads a native process as no container", () => {
    const run = (container: string) => ({
      nodes: [{ role: 'sut' as const, count: 1, software: { container } }],
    });
    const r = runCheck(
      checkById('F-TOPO-2')!,
      pair(
        run("none: native process started with 'go run cmd/server/main.go'"),
        run('docker run -p 7688:7687 -e NEO4J_AUTH=none neo4j:community'),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/extra network hops differs \(A: 0 vs B: 1\)/i);
    // A container on the host's network has no mapping in its path.
    const host = runCheck(
      checkById('F-TOPO-2')!,
      pair(run('native process'), run('docker run --network=host redis:7')),
    );
    expect(host.message).not.toMatch(/extra network hops differs/i);
    const machine = runCheck(
      checkById('F-HW-4')!,
      pair(run('none: native process'), run('docker run -p 6379:6379 redis:7')),
    );
    expect(machine.message).toMatch(/container runtime differs/i);
  });

  it('F-TOPO-2 counts the intermediaries a client placement names, not those it says are absent', () => {
    const placed = (text: string) => ({ topology: { clientPlacement: text } });
    const r = runCheck(
      checkById('F-TOPO-2')!,
      pair(
        placed('same host; requests go through the DDEV router over HTTPS'),
        placed('same host; plain HTTP to localhost:3000 (no DDEV router, no TLS)'),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/extra network hops/i);
    const both = runCheck(
      checkById('F-TOPO-2')!,
      pair(placed('same host, through the proxy'), placed('same host, through a reverse proxy')),
    );
    expect(both.state).toBe('pass');
    // A path written with arrows: the stops between client and server.
    const arrows = runCheck(
      checkById('F-TOPO-2')!,
      pair(
        placed('client -> APISIX (grpc-transcode) -> gRPC server'),
        placed('client → gRPC server directly'),
      ),
    );
    expect(arrows.message).toMatch(/extra network hops differs \(A: 1 vs B: 0\)/i);
  });

  it('F-CLIENT-4 asks a reviewer when the load generator shares the server machine and nothing shows it kept up', () => {
    const local = { topology: { clientPlacement: 'same host (ab on the server laptop)' } };
    const r = runCheck(checkById('F-CLIENT-4')!, pair(local, local));
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/runs on the server's own machine on A, B/);
    const remote = { topology: { clientPlacement: 'separate client machine in the same rack' } };
    expect(runCheck(checkById('F-CLIENT-4')!, pair(remote, remote)).state).toBe('unknown');
  });

  it('F-CLIENT-4 reads client CPU against the threads the generator has', () => {
    const load = (threads: number, clientCpuPct: number) => ({ client: { threads, clientCpuPct } });
    const r = runCheck(checkById('F-CLIENT-4')!, pair(load(3, 80), load(1, 80)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B's single-threaded load generator ran at 80 % of its one core/);
    expect(r.message).not.toMatch(/A's/);
    expect(runCheck(checkById('F-CLIENT-4')!, pair(load(3, 80), load(1, 60))).state).toBe('pass');
  });

  it('F-CLIENT-4 reads a rate sweep: each target against the throughput reported at it', () => {
    const sweep = (at60k: number) => ({
      client: { targetRate: [30_000, 60_000] },
      values: [
        {
          metric: 'throughput.30k',
          value: 30_000,
          unit: 'requests/s',
          labels: {},
          origin: 'imported' as const,
        },
        {
          metric: 'throughput.60k',
          value: at60k,
          unit: 'requests/s',
          labels: {},
          origin: 'imported' as const,
        },
      ],
    });
    const r = runCheck(checkById('F-CLIENT-4')!, pair(sweep(59_999.9), sweep(43_824)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/^B achieved 73 % of its target rate of 60000/);
    expect(runCheck(checkById('F-CLIENT-4')!, pair(sweep(59_999.9), sweep(59_870))).state).toBe('pass');
  });

  it('F-CLIENT-4 reads a sweep whose targets are written in one line, each against the rate achieved at it', () => {
    const sweep = (at12k: number) => ({
      client: { targetRate: '5,000 / 12,000 cps' },
      values: [
        { metric: 'throughput.achieved.at5000cps', value: 4950, unit: 'cps', origin: 'imported' as const },
        { metric: 'throughput.achieved.at12000cps', value: at12k, unit: 'cps', origin: 'imported' as const },
      ],
    });
    const r = runCheck(checkById('F-CLIENT-4')!, pair(sweep(11_990), sweep(10_300)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B achieved 86 % of its target rate of 12000/);
  });

  it('F-CLIENT-4 reads a target written as senders times their pace, and no pass from a target far below what was achieved', () => {
    const side = (targetRate: string, achieved: number) => ({
      client: { targetRate },
      values: [
        { metric: 'throughput', value: achieved, unit: 'msg/s', labels: {}, origin: 'imported' as const },
      ],
    });
    // 1000 clients each emitting every 50 ms ask for 20,000 messages a second.
    const paced = runCheck(
      checkById('F-CLIENT-4')!,
      pair(
        side('1000 clients x one emit per 50 ms', 5_205),
        side('1000 clients x one emit per 50 ms', 12_833),
      ),
    );
    expect(paced.state).toBe('flag');
    expect(paced.message).toMatch(/^A achieved 26 % of its target rate; B achieved 64 %/);
    // "1000" read alone would be passed at 5× the target: a figure that far above is in other terms.
    const terms = runCheck(checkById('F-CLIENT-4')!, pair(side('1000', 5_205), side('1000', 12_833)));
    expect(terms.state).toBe('unknown');
  });

  it('F-WL-2 reads a wait in (milli)seconds, and no think time from a load tool that cannot wait', () => {
    const side = (keyingThinkTimes: string | undefined, driver: string) => ({
      client: { driver },
      ...(keyingThinkTimes === undefined ? {} : { workload: { keyingThinkTimes } }),
    });
    const locust = side(
      'no wait declared; the default min_wait = 1000 ms between tasks',
      'Locust HttpLocust',
    );
    const r = runCheck(checkById('F-WL-2')!, pair(locust, side('not stated', 'ab (ApacheBench)')));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B: none: the load tool cannot wait between requests/);
    // A second's pause written before its word is a wait too.
    const gatling = side('1-second pause between consecutive requests', 'Gatling');
    expect(runCheck(checkById('F-WL-2')!, pair(gatling, side(undefined, 'wrk'))).state).toBe('flag');
    // A tool that can wait (JMeter with a timer) says nothing of the think time by its name.
    expect(runCheck(checkById('F-WL-2')!, pair(locust, side(undefined, 'JMeter'))).state).not.toBe('flag');
  });

  it('F-CLIENT-2 counts connections where the words name them, and one shared by every thread as one', () => {
    const conns = (connections: string) => ({ client: { connections } });
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        conns('one socket per JMH thread, i.e. 32 connections for 32 threads'),
        conns('one shared ManagedChannel for all 32 JMH threads'),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Connections differs/);
  });

  it('F-CLIENT-2 flags a worker started for every record against a fixed pool', () => {
    const workers = (w: string | number) => ({ client: { connections: 1, workers: w } });
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(workers('one virtual thread per record'), workers('100-worker thread pool')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(
      /Workers differs \(A: one virtual thread per record vs B: 100-worker thread pool\)/,
    );
    const alike = pair(workers('one virtual thread per record'), workers('goroutine per request'));
    expect(runCheck(checkById('F-CLIENT-2')!, alike).state).not.toBe('flag');
  });

  it('F-CLIENT-2 reads a connection count a ramp reached as a result, not as the setting', () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { connections: '33000 at the last step', maxInFlight: 4 } },
        { client: { connections: '13000 at the last step', maxInFlight: 4 } },
      ),
    );
    expect(r.state).not.toBe('flag');
    expect(r.state).not.toBe('pass');
  });

  it('F-DUR-2 names an acknowledgement stated for one side only instead of calling it unknown', () => {
    const r = runCheck(checkById('F-DUR-2')!, pair({ settings: { acknowledgement: 'acks=all' } }, {}));
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/acknowledgement stated for A \(acks=all\), not for B/i);
  });

  it("F-SW-1 does not pass without the systems' versions, and flags a tag that names no release", () => {
    const os = { nodes: [{ software: { osName: 'Windows 7' } }] };
    const r = runCheck(checkById('F-SW-1')!, pair(os, os));
    expect(r.state).toBe('unknown');
    expect(r.message).toMatch(/no version of the system is recorded for A, B/);
    const latest = runCheck(
      checkById('F-SW-1')!,
      pair(
        { software: { components: [{ name: 'cp-kafka', version: 'latest', role: 'broker image' }] } },
        { software: { components: [{ name: 'nats-streaming', version: '0.11.2', role: 'server image' }] } },
      ),
    );
    expect(latest.state).toBe('flag');
    expect(latest.message).toMatch(/A runs cp-kafka "latest", which names no release/);
    // A package-manager range installs whatever is newest on the day; an exact release does not.
    const versions = (jest: string, vitest: string) =>
      pair(
        { software: { components: [{ name: 'jest', version: jest, role: 'test runner' }] } },
        { software: { components: [{ name: 'vitest', version: vitest, role: 'test runner' }] } },
      );
    // A pre-release word after a space is one too ("v5.9 beta", "2.0 alpha"); a word is not.
    expect(runCheck(checkById('F-SW-1')!, versions('27.4.7', 'v5.9.0 (commit: v5.9 beta)')).message).toMatch(
      /B runs vitest v5\.9\.0 \(commit: v5\.9 beta\), not a release/,
    );
    expect(runCheck(checkById('F-SW-1')!, versions('27.4.7', '2.0.0 (betas were skipped)')).state).not.toBe(
      'flag',
    );
    // Nor is an early-access build, however it is written, or a JBoss-style candidate release.
    for (const ea of [
      '24-ea+26',
      'openjdk-24-leyden+2-8 (download.java.net/java/early_access/leyden/2)',
      '1.0.0.CR2',
      '1.26 (prerelease)',
      '2.1.0 pre-release build',
    ])
      expect(runCheck(checkById('F-SW-1')!, versions('27.4.7', ea)).message, ea).toMatch(/, not a release/);
    // A Maven milestone is no release either.
    const milestone = runCheck(checkById('F-SW-1')!, versions('27.4.7', '2.0.0.M3'));
    expect(milestone.message).toMatch(/B runs vitest 2\.0\.0\.M3, not a release/);
    for (const range of ['^0.5.1', '~1.2', '>=2.0', '1.x']) {
      const r = runCheck(checkById('F-SW-1')!, versions('27.4.7', range));
      expect(r.state, range).toBe('flag');
      expect(r.message).toMatch(/B runs vitest "[^"]+", which names no release/);
    }
    expect(runCheck(checkById('F-SW-1')!, versions('27.4.7', '0.5.1')).state).not.toBe('flag');
    // Snapshots of one named day on every side run code equally current; of different days, or a
    // snapshot against a release, they do not.
    const day = 'git snapshot 2021-02-21';
    expect(runCheck(checkById('F-SW-1')!, versions(day, day)).state).not.toBe('flag');
    expect(runCheck(checkById('F-SW-1')!, versions(day, 'git snapshot 2020-06-01')).message).toMatch(
      /A runs jest git snapshot 2021-02-21, not a release; B runs vitest git snapshot 2020-06-01/,
    );
    expect(runCheck(checkById('F-SW-1')!, versions(day, '2.0.0')).state).toBe('flag');
    // A side's own working copy is no release; a build from source at a release tag is one.
    const own = runCheck(checkById('F-SW-1')!, versions('27.4.7', '2.0.0 (path dependency ../vitest)'));
    expect(own.message).toMatch(/B runs vitest 2\.0\.0 \(path dependency \.\.\/vitest\), not a release/);
    expect(
      runCheck(checkById('F-SW-1')!, versions('27.4.7', 'built from source at commit 7915b2e')).state,
    ).toBe('flag');
    expect(runCheck(checkById('F-SW-1')!, versions('27.4.7', 'local tree (replace => ../)')).state).toBe(
      'flag',
    );
    const readme = versions('27.4.7', 'repository code at the README commit');
    expect(runCheck(checkById('F-SW-1')!, readme).state).toBe('flag');
    // "Latest released version" names a release (the newest one), unlike an image's :latest tag.
    const newest = runCheck(
      checkById('F-SW-1')!,
      versions('27.4.7', 'latest released version (not printed)'),
    );
    expect(newest.message).not.toMatch(/names no release/);
    expect(runCheck(checkById('F-SW-1')!, versions('27.4.7', 'built from source at v2.0.0')).state).not.toBe(
      'flag',
    );
  });

  it("F-SW-1 flags a system pinned by a commit against another side's release, not commits on every side", () => {
    const at = (name: string, version: string) => ({
      software: { components: [{ name, role: 'server', version }] },
    });
    const mixed = runCheck(
      checkById('F-SW-1')!,
      pair(at('kube-nftlb', 'commit 4f89518e28efae24'), at('kube-proxy', 'v1.18.3'), [
        'kube-nftlb',
        'kube-proxy',
      ]),
    );
    expect(mixed.state).toBe('flag');
    expect(mixed.message).toMatch(
      /Kube-nftlb runs a commit \(commit 4f89518e28efae24\), not a release, while kube-proxy is v1\.18\.3/,
    );
    const pinned = runCheck(
      checkById('F-SW-1')!,
      pair(at('buildkit', 'moby/buildkit@376093d2'), at('img', 'genuinetools/img@1a47aed9'), [
        'buildkit',
        'img',
      ]),
    );
    expect(pinned.message).not.toMatch(/runs a commit/);
  });

  it('F-SW-1 flags results of different systems dated over a year apart when no release is dated', () => {
    const release = (name: string, version: string, startedAt?: string, releaseDate?: string): RunSpec => ({
      run: startedAt ? { startedAt } : {},
      software: { components: [{ name, version, role: 'server' }], ...(releaseDate ? { releaseDate } : {}) },
    });
    const sw1 = (a: RunSpec, b: RunSpec) => runCheck(checkById('F-SW-1')!, pair(a, b, ['ClickDB', 'TimeDB']));
    const stale = sw1(release('ClickDB', '19.1.6', '2016-06-01'), release('TimeDB', '2.5.0', '2021-10-31'));
    expect(stale.state).toBe('flag');
    expect(stale.message).toMatch(/A's result dates from 2016-06-01, 5\.4 years before B's \(2021-10-31\)/);
    expect(stale.evidence).toContainEqual(
      expect.objectContaining({ entry: 'A', field: 'run.startedAt', value: '2016-06-01' }),
    );
    // Months apart, or one side undated: whether each release was current goes to a reviewer.
    for (const [a, b] of [
      ['2021-01-10', '2021-10-31'],
      [undefined, '2021-10-31'],
    ] as const) {
      const r = sw1(release('ClickDB', '19.1.6', a), release('TimeDB', '2.5.0', b));
      expect(r.state, `${a} / ${b}`).toBe('needs_review');
    }
    // Releases dated on every side decide it: a year of results apart, releases months apart.
    const dated = sw1(
      release('ClickDB', '21.9', '2020-01-01', '2021-09-01'),
      release('TimeDB', '2.5.0', '2021-10-31', '2021-10-20'),
    );
    expect(dated.state).not.toBe('flag');
  });

  it('F-SW-1 flags a compared system whose version is not stated while another is', () => {
    const components = (name: string, version?: string) => ({
      software: {
        components: [
          { name, role: 'server', ...(version ? { version } : {}) },
          { name: 'sysbench', role: 'tool' },
        ],
      },
    });
    const r = runCheck(
      checkById('F-SW-1')!,
      pair(components('AcmeDB', '0.35.10'), components('OtherDB'), ['AcmeDB', 'OtherDB']),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/OtherDB runs a version not stated, while AcmeDB is 0\.35\.10/);
    // "not stated" with its reason in an aside is still no version.
    const aside = runCheck(
      checkById('F-SW-1')!,
      pair(
        components('AcmeDB', '0.35.10'),
        components('OtherDB', 'not stated (latest Helm chart at install time)'),
        ['AcmeDB', 'OtherDB'],
      ),
    );
    expect(aside.state).toBe('flag');
    expect(aside.message).toMatch(/OtherDB runs a version not stated/);
    // A component whose role says it is the one under test is the system, whatever the side is called.
    const underTest = (name: string, version?: string) => ({
      software: { components: [{ name, role: 'JVM under test', ...(version ? { version } : {}) }] },
    });
    const roles = runCheck(
      checkById('F-SW-1')!,
      pair(underTest('Oracle JDK', '23.0.2'), underTest('Zulu'), ['Vanilla', 'CRaC']),
    );
    expect(roles.message).toMatch(/Zulu runs a version not stated, while Oracle JDK is 23\.0\.2/);
    // A comparison of drivers compares the drivers' releases.
    const driver = (name: string, driverVersion: string) => ({ client: { driver: name, driverVersion } });
    const drivers = runCheck(checkById('F-SW-1')!, {
      ...pair(driver('Jedis (JedisPool)', 'not stated'), driver('Redisson (single server)', '3.5.1'), [
        'Redis',
        'Redis',
      ]),
      subject: ['client.driver'],
    });
    expect(drivers.message).toMatch(/Jedis runs a version not stated, while Redisson is 3\.5\.1/);
    // The same, written as a name → version map.
    const map = runCheck(
      checkById('F-SW-1')!,
      pair(
        { software: { components: { acmedb: '0.35.10' } } },
        { software: { components: { otherdb: 'version not stated' } } },
        ['AcmeDB', 'OtherDB'],
      ),
    );
    expect(map.state).toBe('flag');
    expect(map.message).toMatch(/otherdb runs a version not stated, while acmedb is 0\.35\.10/i);
    // Their software listed and no release named on any side: the check's "current release on
    // every side" cannot be met, and the claim cannot be reproduced or dated.
    const neither = runCheck(
      checkById('F-SW-1')!,
      pair(components('AcmeDB'), components('OtherDB'), ['AcmeDB', 'OtherDB']),
    );
    expect(neither.state).toBe('flag');
    expect(neither.hint).toMatch(/no version of the system stated on any side \(A, B\)/);
    // Built from source by one harness (the same compiler on every side): the tree holds the
    // versions, and a reviewer asks for them.
    const built = (name: string) => ({ software: { ...components(name).software, compiler: 'go1.23.1' } });
    const together = runCheck(
      checkById('F-SW-1')!,
      pair(built('AcmeDB'), built('OtherDB'), ['AcmeDB', 'OtherDB']),
    );
    expect(together.state).toBe('needs_review');
    expect(together.hint).toMatch(/no version of the system stated on any side/);
    // A binding named after its language is the system ("python-rapidjson" for rapidjson); a
    // branch named before an aside saying the version was not stated names no release.
    const binding = (name: string, version: string) => ({ software: { components: [{ name, version }] } });
    const bound = runCheck(
      checkById('F-SW-1')!,
      pair(binding('orjson', '3.3.0'), binding('python-rapidjson', 'main at PR time (not stated)'), [
        'orjson',
        'rapidjson',
      ]),
    );
    expect(bound.state).toBe('flag');
    expect(bound.message).toMatch(/rapidjson runs a version not stated, while orjson is 3\.3\.0/);
  });

  it('F-DISC-5 counts a system preloaded on one side and built in on the other', () => {
    const bound = (configuration: string) => ({ software: { configuration } });
    const r = runCheck(
      checkById('F-DISC-5')!,
      pair(
        bound("glibc's own malloc, no preload"),
        bound("mimalloc injected with LD_PRELOAD ('LD_PRELOAD'ed')"),
        ['glibc malloc', 'mimalloc'],
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/software \(how the system is linked\)/);
    // Both preloaded: the mechanism is shared and only the allocator differs.
    const both = runCheck(
      checkById('F-DISC-5')!,
      pair(bound('LD_PRELOAD=libjemalloc.so'), bound('LD_PRELOAD=libmimalloc.so'), ['jemalloc', 'mimalloc']),
    );
    expect(both.message).not.toMatch(/linked/);
  });

  it('F-DISC-5 counts settings tuned on one side only beside the subject', () => {
    const tuned = (nonDefaultSettings: string) => ({ software: { nonDefaultSettings } });
    const r = runCheck(
      checkById('F-DISC-5')!,
      pair(tuned('defaults'), tuned('RSS=1,1,1,1; min_num_slots=65536'), ['libpcap', 'PF_RING']),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/settings \(0 non-default settings on A vs 2 non-default settings on B/);
    // The same settings on every side leave nothing to count.
    const same = runCheck(
      checkById('F-DISC-5')!,
      pair(tuned('RSS=1,1,1,1'), tuned('RSS=1,1,1,1'), ['libpcap', 'PF_RING']),
    );
    expect(same.message).not.toMatch(/settings \(/);
  });

  it('F-DISC-5 counts a platform component in the same role that is another program', () => {
    const stack = (server: string, runtime: string) => ({
      software: {
        components: [
          { name: server, role: 'server' },
          { name: runtime, role: 'runtime' },
          { name: 'bombardier', role: 'tool' },
        ],
      },
    });
    const r = runCheck(
      checkById('F-DISC-5')!,
      pair(stack('elysia', 'bun 1.1'), stack('express', 'node 22'), ['Elysia', 'Express']),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/runtime \(A: bun 1\.1 vs B: node 22\)/);
    // The same runtime on both sides: only the system differs.
    const same = runCheck(
      checkById('F-DISC-5')!,
      pair(stack('elysia', 'node 22'), stack('express', 'node 22'), ['Elysia', 'Express']),
    );
    expect(same.message).not.toMatch(/runtime/);
    // One program at two releases (the host application under each runtime) differs as well.
    const hosted = (runtime: string, wiki: string) => ({
      software: {
        components: [
          { name: runtime, role: 'runtime', version: '1' },
          { name: 'MediaWiki', role: 'host application', version: wiki },
        ],
      },
    });
    const versions = runCheck(
      checkById('F-DISC-5')!,
      pair(hosted('HHVM', '1.27.5'), hosted('PHP', '1.31.1'), ['HHVM', 'PHP']),
    );
    expect(versions.state).toBe('flag');
    expect(versions.message).toMatch(/MediaWiki version differs \(A: 1\.27\.5 vs B: 1\.31\.1\)/);
  });

  it('F-SW-1 compares the versions of what ships under a program whose versions are compared', () => {
    const engine = (defold: string, box2d: string) => ({
      software: {
        components: [
          { name: 'Defold', role: 'game engine', version: defold },
          { name: 'Box2D', role: 'physics engine', version: box2d },
        ],
      },
    });
    const input = (box2d: string) => ({
      ...pair(engine('1.9.8', '2.2'), engine('1.10.0', box2d), ['Defold 1.9.8', 'Defold 1.10.0']),
      subject: ['software.components'],
    });
    const bundled = runCheck(checkById('F-SW-1')!, input('3.0'));
    expect(bundled.state).toBe('flag');
    expect(bundled.message).toMatch(/^Box2D version differs \(A: 2\.2 vs B: 3\.0\)/);
    // The compared program's own versions are the subject, not a finding.
    expect(runCheck(checkById('F-SW-1')!, input('2.2')).message).not.toMatch(/version differs/);
  });

  it('F-SW-1 flags a beta or branch build against a release', () => {
    const r = runCheck(
      checkById('F-SW-1')!,
      pair(
        { software: { buildType: 'release v3.1.0' } },
        { software: { buildType: 'master branch (commit 100c104a)' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B ran a build that is not a release \(master branch/);
  });

  it('F-CLIENT-1 compares drivers when the systems are the same (an ORM comparison), not when they differ', () => {
    const sides = pair(
      {
        client: {
          language: 'Go',
          protocol: 'pgwire',
          orm: 'gorm',
          driver: 'pgx (via gorm.io/driver/postgres)',
        },
      },
      { client: { language: 'Go', protocol: 'pgwire', orm: 'none', driver: 'lib/pq v1.8.0' } },
    );
    const orms = runCheck(checkById('F-CLIENT-1')!, { ...sides, subject: ['client.orm'] });
    expect(orms.state).toBe('flag');
    expect(orms.message).toMatch(/driver differs/i);
    expect(orms.message).not.toMatch(/ORM differs/);
    expect(runCheck(checkById('F-CLIENT-1')!, sides).message).not.toMatch(/driver differs/i);
  });

  it('F-CLIENT-1 keeps an encrypted connection against a plain one when drivers are the subject', () => {
    const sides = pair(
      { client: { language: 'JavaScript', driver: 'Prisma', protocol: 'pgwire, sslmode=prefer (TLS)' } },
      { client: { language: 'JavaScript', driver: 'pg', protocol: 'pgwire, sslmode=disable (no TLS)' } },
    );
    const drivers = runCheck(checkById('F-CLIENT-1')!, { ...sides, subject: ['client.driver'] });
    expect(drivers.state).toBe('flag');
    expect(drivers.message).toMatch(/transport security differs/i);
    // Named itself as the subject, the protocol's encryption is what is compared.
    const protocols = runCheck(checkById('F-CLIENT-1')!, {
      ...sides,
      subject: ['client.driver', 'client.protocol'],
    });
    expect(protocols.message).not.toMatch(/transport security differs/i);
  });

  it('F-CLIENT-1 flags HTTP/1.1 against HTTP/2, not two spellings of one version', () => {
    const proto = (protocol: string) => ({ client: { language: 'C', protocol } });
    const r = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        proto("HTTP/1.1: h2load fell back ('Application protocol: http/1.1')"),
        proto('HTTP/2 (h2 over TLS)'),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/HTTP version differs/);
    const same = runCheck(checkById('F-CLIENT-1')!, pair(proto('h2'), proto('HTTP/2 over TLS')));
    expect(same.message).not.toMatch(/HTTP version differs/);
  });

  it('F-CLIENT-1 reads the protocol a driver names and compares the load tool even across systems', () => {
    const inProcess = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { language: 'Rust', driver: 'arroy Reader (in-process)' } },
        { client: { language: 'Rust', driver: 'qdrant-client (Rust, gRPC)' } },
      ),
    );
    expect(inProcess.state).toBe('flag');
    expect(inProcess.message).toMatch(/wire protocol differs \(A: in-process vs B: binary\)/i);
    // With the traffic's protocol recorded, the driver's words still say how the harness reaches
    // each system: an in-process API against an HTTP RPC client.
    const rpc = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { language: 'JavaScript', protocol: 'TCP (libp2p)', driver: 'in-process Helia API' } },
        {
          client: {
            language: 'JavaScript',
            protocol: 'TCP (libp2p)',
            driver: "kubo-rpc-client over Kubo's HTTP RPC API",
          },
        },
      ),
    );
    expect(rpc.state).toBe('flag');
    expect(rpc.message).toMatch(/how the driver reaches the system differs \(A: in-process vs B: text\)/i);
    // A file name or a link in the description names no protocol.
    const script = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { driver: 'npm run build (package.json script: eleventy --quiet)' } },
        { client: { driver: 'deno task build (https://deno.land/x/lume)' } },
      ),
    );
    expect(script.evidence.filter((e) => e.field === 'client.protocol')).toEqual([]);
    // Each system's client library differs on purpose; the harness timing them does not.
    const tools = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { language: 'C', driver: 'openssl-bench d5de57d9' } },
        { client: { language: 'C', driver: 'rustls bench tool (bench-measure.mk)' } },
      ),
    );
    expect(tools.state).toBe('flag');
    expect(tools.message).toMatch(/load tool differs/i);
    const libraries = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { language: 'Go', driver: 'go-redis v9' } },
        { client: { language: 'Go', driver: 'gomemcache' } },
      ),
    );
    expect(libraries.message).not.toMatch(/load tool|driver differs/i);
  });

  it('F-SW-1 asks a reviewer whether releases named but not dated were current, instead of passing', () => {
    const release = (name: string, version: string) => ({
      software: { components: [{ name, version }] },
    });
    const r = runCheck(checkById('F-SW-1')!, pair(release('A', '0.1.0'), release('B', '0.31.2'), ['A', 'B']));
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/releases named but not dated \(A 0\.1\.0, B 0\.31\.2\)/);
    const dated = (name: string, version: string) => ({
      software: { components: [{ name, version }], releaseDate: '2024-03-01' },
    });
    expect(runCheck(checkById('F-SW-1')!, pair(dated('A', '1.0'), dated('B', '2.0'), ['A', 'B'])).state).toBe(
      'pass',
    );
  });

  it('F-HW-3 flags unreleased or superseded hardware against shipping hardware, even when processors are the subject', () => {
    const availability = (hwAvailability: string) => ({ nodes: [{ hardware: { hwAvailability } }] });
    const preview = {
      ...pair(availability('upcoming: not yet launched'), availability('shipping')),
      subject: ['nodes.sut.hardware.cpuModel'],
    };
    const r = runCheck(checkById('F-HW-3')!, preview);
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/release state .* differs/i);
    // An older generation said of one side flags until the other says its own.
    const older = runCheck(checkById('F-HW-3')!, pair(availability('previous generation (R4)'), {}));
    expect(older.state).toBe('flag');
    expect(
      runCheck(checkById('F-HW-3')!, pair(availability('shipping'), availability('available'))).state,
    ).not.toBe('flag');
  });

  it('a statement that there is no conflict declares none (F-DISC-3)', () => {
    const denied = (conflictOfInterest: string) => ({ disclosure: { conflictOfInterest } });
    const r = runCheck(
      checkById('F-DISC-3')!,
      pair(denied('benchANT states it does not favor any vendor'), denied('independent benchmark')),
    );
    expect(r.message).not.toMatch(/declares a conflict/);
  });

  it('F-CLIENT-2 takes equal operations in flight as the concurrency when connections are stated for one side only', () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { connections: 1, maxInFlight: 1 } }, { client: { maxInFlight: 1 } }),
    );
    expect(r.state).not.toBe('flag');
    expect(runCheck(checkById('F-CLIENT-2')!, pair({ client: { connections: 8 } }, {})).state).toBe('flag');
  });

  it("F-WL-1 compares a benchmark's repository, not each language's file in it, nor each system's read call", () => {
    const impl = (file: string) => ({
      workload: { name: 'pnoise', implementationRepository: `https://github.com/nsf/pnoise (${file})` },
    });
    expect(runCheck(checkById('F-WL-1')!, pair(impl('test.c'), impl('test.java'))).state).not.toBe('flag');
    const other = runCheck(
      checkById('F-WL-1')!,
      pair(impl('test.c'), {
        workload: { name: 'pnoise', implementationRepository: 'https://github.com/x/fork' },
      }),
    );
    expect(other.state).toBe('flag');
    const calls = (readFunction: string) => ({
      workload: { name: 'taxi', parameters: { readFunction, rows: 10 } },
    });
    expect(
      runCheck(checkById('F-WL-1')!, pair(calls('vaex.open(p)'), calls('dd.read_parquet(p)'))).state,
    ).toBe('pass');
  });

  it('F-CLIENT-5 flags failed requests reported on one side and none on another', () => {
    const errors = (n: number) => ({
      values: [
        { metric: 'throughput', value: 5000, unit: 'req/s', origin: 'imported' as const },
        { metric: 'errors.connection', value: n, unit: 'errors', origin: 'imported' as const },
      ],
    });
    const r = runCheck(checkById('F-CLIENT-5')!, pair(errors(0), errors(1740)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B reported 1740 failed requests while A reported none/);
    expect(runCheck(checkById('F-CLIENT-5')!, pair(errors(0), errors(0))).state).not.toBe('flag');
  });

  it('F-CLIENT-5 reads timeouts switched off in any wording as one policy', () => {
    const timeout = (timeoutPolicy: string) => ({ client: { retryPolicy: 'none', timeoutPolicy } });
    const off = runCheck(
      checkById('F-CLIENT-5')!,
      pair(
        timeout('read/write timeouts disabled with WithTimeout(0)'),
        timeout('no timeouts (not supported)'),
      ),
    );
    expect(off.state).not.toBe('flag');
    const set = runCheck(checkById('F-CLIENT-5')!, pair(timeout('5 s'), timeout('no timeouts')));
    expect(set.state).toBe('flag');
  });

  it('F-SW-1 compares the versions of an ORM every side uses, unless the ORM is the subject', () => {
    const orm = (text: string) => ({ client: { orm: text } });
    const r = runCheck(
      checkById('F-SW-1')!,
      pair(orm('Hibernate ORM 7.1.11 (per issue #108)'), orm('Hibernate ORM core 6.6.36.Final')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Hibernate ORM version differs \(A: 7\.1\.11 vs B: 6\.6\.36\)/);
    const onPurpose = { ...pair(orm('Hibernate 7.1'), orm('Hibernate 6.6')), subject: ['client.orm'] };
    expect(runCheck(checkById('F-SW-1')!, onPurpose).message).not.toMatch(/Hibernate/);
  });

  it('F-CLIENT-1 does not read a runtime of another language as the client runtime', () => {
    const client = (runtimeVersion: string) => ({
      client: { language: 'Rust (oha)', protocol: 'HTTP/1.1', runtimeVersion },
    });
    // oha is a Rust program: "Bun" and "Node.js" are the servers' runtimes.
    expect(runCheck(checkById('F-CLIENT-1')!, pair(client('Bun'), client('Node.js'))).state).toBe('pass');
    const js = (runtimeVersion: string) => ({
      client: { language: 'JavaScript', protocol: 'HTTP/1.1', runtimeVersion },
    });
    const r = runCheck(checkById('F-CLIENT-1')!, pair(js('Node.js 18.2'), js('Node.js 20.1')));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/client runtime version differs/i);
  });

  it('F-HW-2 reads only a count as server processes, not the digits in a list of programs', () => {
    const host = {
      role: 'sut' as const,
      hardware: { vcpus: 16 },
      software: { processes: 'mysqld + pmm2-client' },
    };
    const r = runCheck(checkById('F-HW-2')!, pair({ nodes: [host] }, { nodes: [host] }));
    expect(r.evidence.some((e) => e.field === 'nodes.sut.hardware.vcpusUsed (total)')).toBe(false);
  });

  it('F-HW-2 reads cores used in words: all available cores against one', () => {
    const node = (vcpusUsed: string | number) => ({ role: 'sut' as const, hardware: { vcpusUsed } });
    const r = runCheck(
      checkById('F-HW-2')!,
      pair({ nodes: [node('all available CPU cores')] }, { nodes: [node(1)] }),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/several cores vs .*one core/);
    // "All cores" of a node whose cores are counted is that count: 48 against 16 threads allowed.
    const counted = (vcpusUsed: string | number) => ({
      role: 'sut' as const,
      hardware: { hostType: 'c5.metal', cores: 48, vcpusUsed },
    });
    const whole = runCheck(
      checkById('F-HW-2')!,
      pair({ nodes: [counted(16)] }, { nodes: [counted('all cores (default configuration)')] }),
    );
    expect(whole.state).toBe('flag');
    expect(whole.message).toMatch(/vCPUs the system could use differs \(A: 16 vs B: 48\)/i);
    // The cores one side used, nothing said of the other's: stated for one side only.
    const oneSided = runCheck(
      checkById('F-HW-2')!,
      pair(
        { nodes: [counted('all 14 cores by default')] },
        { nodes: [{ role: 'sut', hardware: { hostType: 'c5.metal', cores: 48 } }] },
      ),
    );
    expect(oneSided.state).toBe('flag');
    expect(oneSided.message).toMatch(/VCPUs the system could use stated for A \(14\), not for B/);
  });

  it('F-HW-2 flags data kept in RAM on one side while the others say nothing of their storage', () => {
    const r = runCheck(
      checkById('F-HW-2')!,
      pair(
        { nodes: [node({ vcpus: 32, storageType: '/dev/shm (tmpfs, RAM-backed)' })] },
        { nodes: [node({ vcpus: 32 })] },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/storage type/i);
    // The database behind each web framework, on tmpfs for one side only.
    const db = (storageType: string) => ({
      nodes: [
        node({ vcpus: 32 }),
        { role: 'aux' as const, name: 'PostgreSQL', count: 1, hardware: { storageType } },
      ],
    });
    const aux = runCheck(
      checkById('F-HW-2')!,
      pair(db('container filesystem (no tmpfs)'), db('tmpfs (RAM)')),
    );
    expect(aux.state).toBe('flag');
    expect(aux.message).toMatch(/auxiliary storage type differs/i);
  });

  it('F-SW-3 asks a reviewer when what was run is published but not pinned to a version', () => {
    const r = runCheck(
      checkById('F-SW-3')!,
      pair(
        { disclosure: { artefacts: [{ url: 'https://github.com/example/h' }] } },
        { software: { vcsDirty: false } },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(
      /A: https:\/\/github.com\/example\/h \(no hash or commit\); B: a clean tree but no commit/,
    );
  });

  it('an entry states a field when any of its runs does: a batched variant against an unbatched side', () => {
    // Whisper through Transformers at fp32 (batch not stated) and batched by 24, against one
    // that cannot batch: the entry's stated depth is compared, not hidden by the run without it.
    const input = comparison(
      side('Transformers', [{}, { client: { pipelineDepth: 24 } }]),
      side('Faster Whisper', [{ client: { pipelineDepth: 1 } }, { client: { pipelineDepth: 1 } }]),
    );
    const r = runCheck(checkById('F-CLIENT-2')!, input);
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/pipelined vs .*sequential/);
  });

  it('F-WL-6 flags load time that words include on one side and exclude on another, and never passes on words', () => {
    const load = (v: boolean | string) => ({ measurement: { loadTimeIncluded: v } });
    const r = runCheck(
      checkById('F-WL-6')!,
      pair(
        load(false),
        load('page-level parsing included (lazy page loading); document open recorded separately'),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A: not included — false; B: included — page-level parsing included/);
    const both = runCheck(
      checkById('F-WL-6')!,
      pair(load('total includes a global setup step'), load('total includes start-up')),
    );
    expect(both.state).toBe('needs_review');
  });

  it('F-WL-6 asks about a compile step kept out of the timing on some sides only', () => {
    const load = (loadTimeIncluded: string) => ({ measurement: { loadTimeIncluded } });
    const r = runCheck(
      checkById('F-WL-6')!,
      pair(
        load('no (foil:load/1 compiles the namespace into a module before timing)'),
        load('no (ets:insert before timing; no compile step)'),
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/a compile or build step is kept out of the timing on A/);
    expect(runCheck(checkById('F-WL-6')!, pair(load('no'), load('no'))).state).toBe('pass');
  });

  it('F-WL-6 flags a load time of zero beside a real one, whether or not load is counted', () => {
    const side = (loadTimeMs: number) => ({
      measurement: { loadTimeIncluded: false },
      workload: { loadTimeMs },
    });
    const r = runCheck(checkById('F-WL-6')!, pair(side(0), side(2_342_000)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/zero on some sides \(A: 0 ms\) and not on others \(B: 2,342,000 ms\)/);
    // Two real loads of different lengths are what the systems do, not a different preparation.
    expect(runCheck(checkById('F-WL-6')!, pair(side(10_000), side(2_342_000))).state).toBe('pass');
  });

  it('F-WL-6 asks a reviewer with the load times when treatment is not recorded', () => {
    const r = runCheck(checkById('F-WL-6')!, pair({ workload: { loadTimeMs: 1000 } }, {}));
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/load time stated for A \(1,000\), not for B/i);
  });

  it('F-WL-6 passes load counted on every side only where each load time is recorded', () => {
    const counted = (loadTimeMs?: number) => ({
      measurement: { loadTimeIncluded: true },
      ...(loadTimeMs === undefined ? {} : { workload: { loadTimeMs } }),
    });
    const unsized = runCheck(checkById('F-WL-6')!, pair(counted(), counted()));
    expect(unsized.state).toBe('needs_review');
    expect(unsized.hint).toMatch(/load time is counted in the result on every side .* not recorded on A, B/);
    expect(runCheck(checkById('F-WL-6')!, pair(counted(120), counted(150))).state).toBe('pass');
    // Left out of the result on every side, its size does not matter to the figure.
    const excluded = { measurement: { loadTimeIncluded: false } };
    expect(runCheck(checkById('F-WL-6')!, pair(excluded, excluded)).state).toBe('pass');
  });
});

describe('F-DISC-4: AI assistance', () => {
  const ai = (a: Record<string, unknown>) => ({ disclosure: { ai: a } });
  it('passes when every side declares no AI assistance', () => {
    expect(runCheck(checkById('F-DISC-4')!, pair(ai({ declared: 'no' }), ai({ declared: 'no' }))).state).toBe(
      'pass',
    );
  });
  it('flags commit trailers without a declaration', () => {
    const r = runCheck(
      checkById('F-DISC-4')!,
      pair(
        ai({ declared: 'no' }),
        ai({ evidence: [{ commit: 'abc123', trailer: 'Co-Authored-By: Claude <noreply@anthropic.com>' }] }),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.evidence.find((e) => e.field === 'disclosure.ai.evidence')?.entry).toBe('B');
    // An editor's own trailer names its model as well as a co-author line does.
    const cursor = pair(ai({}), ai({ evidence: [{ commit: 'f88aeee', trailer: 'Made-with: Cursor' }] }));
    expect(runCheck(checkById('F-DISC-4')!, cursor).state).toBe('flag');
    const human = pair(
      ai({}),
      ai({ evidence: [{ commit: 'f88aeee', trailer: 'Reviewed-by: Ana <ana@example.org>' }] }),
    );
    expect(runCheck(checkById('F-DISC-4')!, human).state).not.toBe('flag');
    // A commit a coding agent authored itself, as the agent records it (agents/…/git.go).
    const authored = pair(
      ai({}),
      ai({ evidence: [{ commit: 'f209527', trailer: 'Author: Claude <noreply@anthropic.com>' }] }),
    );
    expect(runCheck(checkById('F-DISC-4')!, authored).state).toBe('flag');
    const person = pair(
      ai({}),
      ai({ evidence: [{ commit: 'f209527', trailer: 'Author: Claudette Dupont <cd@x>' }] }),
    );
    expect(runCheck(checkById('F-DISC-4')!, person).state).not.toBe('flag');
  });
  it('asks for review of a declared scope, with the prompt log', () => {
    const r = runCheck(
      checkById('F-DISC-4')!,
      pair(
        ai({
          declared: 'yes',
          scopes: ['harness-code'],
          tools: ['Claude Code'],
          promptLog: '### Turn 1\nhi\n### Turn 2\nmore',
        }),
        ai({ declared: 'no' }),
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(
      /A: AI assistance declared — scopes harness-code; tools Claude Code; prompt log included \(2 turns\)/,
    );
  });
  it('is unknown when not stated', () => {
    expect(runCheck(checkById('F-DISC-4')!, pair({}, ai({ declared: 'no' }))).state).toBe('unknown');
  });
  it('flags AI assistance declared for one side with nothing said of the other', () => {
    const r = runCheck(checkById('F-DISC-4')!, pair(ai({ declared: 'yes', scopes: ['harness-code'] }), {}));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/declared for A, and nothing is said of it for B/);
  });
});

describe('special rules', () => {
  it('F-HW-1 passes a grid that compares a baseline with each option on each machine, not sides on different machines', () => {
    const kernel = (cpu: string, flags: string) =>
      side(
        `${cpu} ${flags}`,
        { nodes: [node({ cpuModel: cpu })], software: { compilerFlags: flags } },
        'Linux',
      );
    const grid = {
      ...comparison(
        kernel('Intel Xeon X3360', '-march=x86-64'),
        kernel('Intel Xeon X3360', '-march=core2'),
        kernel('Intel i7-2620M', '-march=x86-64'),
        kernel('Intel i7-2620M', '-march=sandybridge'),
      ),
      subject: ['software.compilerFlags'],
    };
    const r = runCheck(checkById('F-HW-1')!, grid);
    expect(r.state).toBe('pass');
    expect(r.message).toMatch(
      /^Each machine runs every compared software\.compilerFlags \(a grid over the machines\)/,
    );
    // One option per machine is a comparison across machines.
    const across = {
      ...comparison(
        kernel('Intel Xeon X3360', '-march=x86-64'),
        kernel('Intel i7-2620M', '-march=sandybridge'),
      ),
      subject: ['software.compilerFlags'],
    };
    expect(runCheck(checkById('F-HW-1')!, across).state).toBe('flag');
  });

  it('F-HW-1 passes when the hardware difference is declared', () => {
    const r = runCheck(
      checkById('F-HW-1')!,
      pair(
        { nodes: [node({ hostType: 'c5d.9xlarge' })], run: { declaredDifferences: ['F-HW-1'] } },
        { nodes: [node({ hostType: 'i8g.4xlarge' })] },
      ),
    );
    expect(r.state).toBe('pass');
    expect(r.evidence.map((e) => e.field)).toContain('run.declaredDifferences');
  });

  it('F-MEAS-5 flags unknown repetitions and gives a confidence interval for repeated runs', () => {
    const r = runCheck(checkById('F-MEAS-5')!, pair({}, { measurement: { repetitions: 1 } }));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A does not report how many repetitions/);
    const repeated = comparison(
      side('A', [
        { series: [throughput([100, 100, 100, 100, 100, 100])] },
        { series: [throughput([110, 110, 110, 110, 110, 110])] },
      ]),
      side('B', { measurement: { repetitions: 3 }, run: { selectionRule: 'mean of all runs' } }),
    );
    const ok = runCheck(checkById('F-MEAS-5')!, repeated);
    expect(ok.state).toBe('pass');
    expect(ok.evidence.find((e) => e.field.includes('95 % CI'))?.value).toMatchObject({ mean: 105, n: 2 });
  });

  it('F-MEAS-5 flags repetitions twice as many on one side, counts only runs of one setup, and takes a best run shown with its spread', () => {
    const reps = (n: number) => ({ measurement: { repetitions: n, aggregation: 'mean ± stddev' } });
    const uneven = runCheck(checkById('F-MEAS-5')!, pair(reps(10), reps(4)));
    expect(uneven.state).toBe('flag');
    expect(uneven.message).toMatch(/repetitions differ \(A: 10 vs B: 4\)/);
    // Four scenarios grouped in one entry are four results, not four repetitions.
    const scenarios = ['cold cache', 'warm cache', 'lockfile', 'no lockfile'].map((variant) => ({
      workload: { name: 'install', variant },
    }));
    const grouped = runCheck(checkById('F-MEAS-5')!, comparison(side('A', scenarios), side('B', scenarios)));
    expect(grouped.message).toMatch(/do not report how many repetitions/);
    const best = {
      measurement: { repetitions: 3, aggregation: 'median / min / max over the 3 runs' },
      run: { selectionRule: 'the chart plots the minimum' },
    };
    const shown = runCheck(checkById('F-MEAS-5')!, pair(best, best));
    expect(shown.state).toBe('pass');
    expect(shown.message).toMatch(/A, B pick their best run and show the spread of all of them/);
  });

  it('F-MEAS-5 sends the least time of as many runs on every side to a reviewer, and flags a best throughput', () => {
    const timed = (n: number, unit: string, metric = 'time') => ({
      measurement: { repetitions: n },
      run: { selectionRule: `best time of ${n} runs` },
      values: [{ metric, value: 24.3, unit, origin: 'imported' as const }],
    });
    const alike = runCheck(checkById('F-MEAS-5')!, pair(timed(5, 'ms'), timed(5, 'ms')));
    expect(alike.state).toBe('needs_review');
    expect(alike.hint).toMatch(/every side reports the least time of 5 runs \(A, B\), with no spread/);
    // Of more runs on one side, the least time is luckier there.
    const uneven = runCheck(checkById('F-MEAS-5')!, pair(timed(5, 'ms'), timed(3, 'ms')));
    expect(uneven.state).toBe('flag');
    expect(uneven.message).toMatch(/A reports the best of 5 runs; B reports the best of 3 runs/);
    // The best of a rate, or of a latency percentile under load, is the luckiest run of a system.
    expect(runCheck(checkById('F-MEAS-5')!, pair(timed(3, 'ops/s'), timed(3, 'ops/s'))).state).toBe('flag');
    expect(
      runCheck(checkById('F-MEAS-5')!, pair(timed(3, 'ms', 'p99 latency'), timed(3, 'ms', 'p99 latency')))
        .state,
    ).toBe('flag');
  });

  it('F-MEAS-5 flags a side that ran once, unless its figure carries its spread', () => {
    const once = runCheck(
      checkById('F-MEAS-5')!,
      pair({ measurement: { repetitions: 1 } }, { measurement: { repetitions: 1 } }),
    );
    expect(once.state).toBe('flag');
    expect(once.message).toMatch(/^A, B ran once and report no spread:/);
    const spread = { measurement: { repetitions: 1, aggregation: 'hyperfine mean ± σ over 10 runs' } };
    expect(runCheck(checkById('F-MEAS-5')!, pair(spread, spread)).state).toBe('pass');
  });

  it('F-MEAS-5 counts the runs each side prints a figure for, but not numbered runs far apart', () => {
    const runs = (metric: string, figures: number[]) => ({
      values: figures.map((value, i) => ({
        metric: `${metric}.run${i + 1}`,
        value,
        unit: 'ops/s',
        origin: 'imported' as const,
      })),
    });
    const printed = runCheck(
      checkById('F-MEAS-5')!,
      pair(
        runs('throughput.insert', [10769.8, 10700.9, 10655]),
        runs('throughput.insert', [9120, 9310, 9002]),
      ),
    );
    expect(printed.state).toBe('pass');
    expect(printed.evidence).toContainEqual(
      expect.objectContaining({ entry: 'A', field: 'values (one per run)', value: 3 }),
    );
    // Runs that overlap put the difference within the noise: a reviewer weighs it.
    const overlap = runCheck(
      checkById('F-MEAS-5')!,
      pair(runs('qps', [438.5, 445.34, 452.39]), runs('qps', [437.83, 427.81, 444.74])),
    );
    expect(overlap.state).toBe('needs_review');
    expect(overlap.hint).toMatch(/runs overlap for qps \(A: 438\.5–452\.39 vs B: 427\.81–444\.74\)/);
    // A first full backup and then incremental ones are numbered runs, not one measurement repeated.
    const backups = runCheck(
      checkById('F-MEAS-5')!,
      pair(runs('backup', [612, 41, 38]), runs('backup', [590, 45, 40])),
    );
    expect(backups.state).toBe('flag');
    expect(backups.message).toMatch(/A, B do not report how many repetitions were run/);
  });

  it('F-MEAS-5 reads a spread printed beside the figure, and flags one at least half the figure', () => {
    const bench = (time: number, text: string) => ({
      measurement: { repetitions: 'chosen by the harness (not stated)' },
      values: [{ metric: 'time', value: time, unit: 'ns', origin: 'imported' as const, text }],
    });
    const printed = runCheck(
      checkById('F-MEAS-5')!,
      pair(
        bench(198866, 'bench: 198,866 ns/iter (+/- 9,663)'),
        bench(14468930, 'bench: 14,468,930 ns/iter (+/- 321,171)'),
      ),
    );
    expect(printed.state).toBe('needs_review');
    expect(printed.hint).toMatch(/a spread is reported, not how many runs it spans/);
    // "+/-" with no number after it says "about", not a spread.
    expect(runCheck(checkById('F-MEAS-5')!, pair(bench(4, '4s +/-'), bench(14, '14s +/-'))).state).toBe(
      'flag',
    );
    const noisy = runCheck(
      checkById('F-MEAS-5')!,
      pair(bench(386525, '386,525 ns/iter (+/- 368,903)'), bench(516801, '516,801 ns/iter (+/- 139,907)')),
    );
    expect(noisy.state).toBe('flag');
    expect(noisy.message).toMatch(/spread is at least half the figure for A's time \(386,525 ns ± 368,903\)/);
    // A relative spread (benchstat's "± 2%") is read as a share.
    const relative = pair(bench(2.579, '2.579µ ± 2%'), bench(3.1, '3.1µ ± 3%'));
    expect(runCheck(checkById('F-MEAS-5')!, relative).message).not.toMatch(/at least half/);
    // A spread in another unit than its figure (IPython's %timeit) is converted first.
    const timeit = pair(
      bench(26.4, '26.4 ms ± 29 µs per loop (mean ± std. dev. of 7 runs, 10 loops each)'),
      bench(7.59, '7.59 ms ± 2.07 μs per loop (mean ± std. dev. of 7 runs, 100 loops each)'),
    );
    expect(runCheck(checkById('F-MEAS-5')!, timeit).message).not.toMatch(/at least half/);
    expect(
      runCheck(checkById('F-MEAS-5')!, pair(bench(2, '2 ms ± 1.5 ms'), bench(3, '3 ms ± 2000 µs'))).message,
    ).toMatch(/A's time \(2 ms ± 1.5 ms\), B's time \(3 ms ± 2000 µs\)/);
  });

  it('F-MEAS-5 flags figures averaged over the runs that did not fail, but not outliers dropped', () => {
    const rule = (selectionRule: string) => ({ run: { selectionRule }, measurement: { repetitions: 5 } });
    const kept = rule('5-run average; remove failed test results, keep only successful runs');
    const r = runCheck(checkById('F-MEAS-5')!, pair(kept, kept));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A reports only the runs that did not fail/);
    const trimmed = rule('each test run five times, the two worst runs discarded');
    expect(runCheck(checkById('F-MEAS-5')!, pair(trimmed, trimmed)).state).toBe('pass');
  });

  it('F-MEAS-7 recomputes a published efficiency with its formula', () => {
    const vals = (tpm: number, eff: string) => [
      { metric: 'tpmC', value: tpm, unit: 'tpmC', origin: 'imported' },
      {
        metric: 'efficiency',
        value: Number.parseFloat(eff),
        unit: '%',
        origin: 'imported',
        text: eff,
        formulaId: 'tpcc-efficiency/12.605',
      },
    ];
    const r = runCheck(
      checkById('F-MEAS-7')!,
      pair(
        { workload: { warehouses: 140000 }, values: vals(1684437, '95.5%') },
        { workload: { warehouses: 140000 }, values: vals(1676800, '95.0%') },
      ),
    );
    expect(r.state).toBe('pass');
    expect(
      r.evidence.find((e) => e.entry === 'A' && e.field === 'values.efficiency (recomputed)')?.value,
    ).toMatchObject({
      computed: 95.45,
    });
  });

  it('F-MEAS-7 sends formulas the sides name differently to a reviewer instead of passing', () => {
    const r = runCheck(
      checkById('F-MEAS-7')!,
      pair(
        { measurement: { formulaIds: ['mean_time / internal_iterations'] } },
        { measurement: { formulaIds: ['Bench mean time'] } },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/A: mean_time \/ internal_iterations vs B: Bench mean time/);
  });

  it('F-MEAS-7 flags one quantity defined differently per side, written out in words', () => {
    const formula = (f: string) => ({ measurement: { formulaIds: [f] } });
    const ram = runCheck(
      checkById('F-MEAS-7')!,
      pair(
        formula('Total RAM used summed over the app’s 18 processes'),
        formula('Total RAM used of 1 process only'),
      ),
    );
    expect(ram.state).toBe('flag');
    expect(ram.message).toMatch(/Total RAM used is computed differently \(A: Total RAM used summed over/);
    // The same words with each side's own page linked are one formula.
    const linked = runCheck(
      checkById('F-MEAS-7')!,
      pair(
        formula('Minified+gzip size as reported by bundlephobia (https://bundlephobia.com/package/a)'),
        formula('Minified+gzip size as reported by bundlephobia (https://bundlephobia.com/package/@b/c)'),
      ),
    );
    expect(linked.state).toBe('pass');
    // A name written shorter on one side is the same quantity.
    const rate = runCheck(
      checkById('F-MEAS-7')!,
      pair(
        formula('decode MB/s computed on the encoded input size'),
        formula('MB/s of the raw bytes copied'),
      ),
    );
    expect(rate.state).toBe('flag');
    // A side that only names the quantity defines nothing to compare: a reviewer's question.
    const named = runCheck(
      checkById('F-MEAS-7')!,
      pair(formula('queries per second (ratio only)'), formula('queries per second')),
    );
    expect(named.state).toBe('needs_review');
    // The same definition on every side agrees.
    const same = formula('throughput = operations / wall time');
    expect(runCheck(checkById('F-MEAS-7')!, pair(same, same)).state).toBe('pass');
  });

  it("F-CLIENT-2 flags a count set on one side and left at the tool's default on another", () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { threads: 8 } },
        { client: { threads: 'tool default (no thread/parallelism flag set)' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Client threads set on A \(8\), left at the tool's default on B/);
    const pool = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { connections: 'pg Pool max 8, min 8' } },
        { client: { connections: 'Prisma default connection pool (not configured in the benchmark code)' } },
      ),
    );
    expect(pool.message).toMatch(
      /Connections set on A \(pg Pool max 8, min 8\), left at the tool's default on B/,
    );
    // Words that do not say it was left unset stay with a reviewer.
    const words = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { threads: 8 } }, { client: { threads: 'as many as the scheduler allows' } }),
    );
    expect(words.state).toBe('needs_review');
  });

  it("F-CLIENT-1 reads no wire protocol from a driver called 'json' (a JSON library)", () => {
    const driver = (name: string) => ({ client: { language: 'Python 3', driver: name } });
    const r = runCheck(
      checkById('F-CLIENT-1')!,
      pair(driver('json'), driver('hyperjson'), ['json', 'hyperjson']),
    );
    expect(r.message).not.toMatch(/wire protocol stated for/i);
  });

  it('F-CLIENT-1 flags a side driven through a client its makers call experimental', () => {
    const r = runCheck(
      checkById('F-CLIENT-1')!,
      pair(
        { client: { driver: "PageSpeed's experimental Redis client" } },
        { client: { driver: "PageSpeed's built-in memcached client" } },
        ['Redis', 'memcached'],
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A is driven through a client described as not yet released/);
    const both = runCheck(
      checkById('F-CLIENT-1')!,
      pair({ client: { driver: 'beta client' } }, { client: { driver: 'experimental client' } }),
    );
    expect(both.state).not.toBe('flag');
    // A library called directly is the system, not a client: its pre-release is F-SW-1's.
    const libraries = runCheck(
      checkById('F-CLIENT-1')!,
      pair({ client: { driver: 'zod 4.0.0 beta' } }, { client: { driver: 'valibot 1.0.0' } }, [
        'Zod',
        'Valibot',
      ]),
    );
    expect(libraries.state).not.toBe('flag');
  });

  it('F-MEAS-3 reads a warm-up of none, whatever follows, against a described warm-up', () => {
    const r = runCheck(
      checkById('F-MEAS-3')!,
      pair(
        { measurement: { durationMs: 1000, warmupMs: 'none: the script starts measuring at once' } },
        { measurement: { durationMs: 1000, warmupMs: 'JIT warm-up: one pass before the measurement' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/warm-up differs/i);
  });

  it('F-MEAS-3 reads a timed region that includes the warm-up as no warm-up before the clock', () => {
    const region = (timedRegion: string) => ({ measurement: { durationMs: 1000, timedRegion } });
    const both = runCheck(
      checkById('F-MEAS-3')!,
      pair(region('end to end, including warmup (~7.8 s)'), region('end to end, including warmup (~9.5 s)')),
    );
    expect(both.state).toBe('needs_review');
    expect(both.hint).toMatch(/no side warms up before it is timed/);
    // Against a side that warms up first and stops the clock after, the treatment differs.
    const one = runCheck(
      checkById('F-MEAS-3')!,
      pair(region('end to end, including warmup'), {
        measurement: { durationMs: 1000, warmupMs: 'one discarded warm-up run' },
      }),
    );
    expect(one.state).toBe('flag');
    // A region said not to include it says nothing of a warm-up.
    expect(
      runCheck(checkById('F-MEAS-3')!, pair(region('not including warmup'), region('not including warmup')))
        .state,
    ).not.toBe('needs_review');
  });

  it('F-MEAS-3 names the unit of the durations it compares', () => {
    const r = runCheck(
      checkById('F-MEAS-3')!,
      pair({ measurement: { durationMs: 42646.082 } }, { measurement: { durationMs: 26185.284 } }),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/measured duration differs \(A: 42,646\.082 ms vs B: 26,185\.284 ms\)/i);
  });

  it('F-MEAS-3 flags a JIT-compiled side measured cold against one compiled ahead of time', () => {
    const side = (runtime: string, warmupMs: string | number) => ({
      software: { components: [{ name: runtime, version: '11' }] },
      measurement: { durationMs: 300_000, warmupMs },
    });
    const cold = runCheck(
      checkById('F-MEAS-3')!,
      pair(side('Java', 'none (sleep 5)'), side('Go', 'none (sleep 5)')),
    );
    expect(cold.state).toBe('flag');
    expect(cold.message).toMatch(
      /A \(JIT-compiled\) measured without warm-up against B \(compiled ahead of time\)/,
    );
    // A warm-up on the JIT side, or two JIT runtimes, is not this asymmetry.
    const warmed = runCheck(checkById('F-MEAS-3')!, pair(side('Java', 60_000), side('Go', 60_000)));
    expect(warmed.state).toBe('pass');
    // Every side compiling while timed is alike, but not the steady state: a reviewer confirms it.
    const bothJit = runCheck(checkById('F-MEAS-3')!, pair(side('Java', 'none'), side('C#', 'none')));
    expect(bothJit.state).toBe('needs_review');
    expect(bothJit.hint).toMatch(
      /no side warms up before it is timed, and every side is JIT-compiled \(A: none; B: none\)/,
    );
    // No side warms up and none is JIT-compiled: each figure still includes its system's start-up.
    const coldAot = runCheck(checkById('F-MEAS-3')!, pair(side('Go', 'none'), side('C', 'none')));
    expect(coldAot.state).toBe('needs_review');
    expect(coldAot.hint).toMatch(/^no side warms up before it is timed \(A: none; B: none\)/);
    // Compilation kept out of the timing on one side only is a warm-up on that side only.
    const compiled = runCheck(
      checkById('F-MEAS-3')!,
      pair(
        side('Julia', 'compilation outside the measurement (BenchmarkTools)'),
        side('Numba', 'none: the first timed call compiles'),
      ),
    );
    expect(compiled.state).toBe('flag');
    // Said in the side's own words, whatever its runtime's name: compilation inside the timer.
    const said = runCheck(
      checkById('F-MEAS-3')!,
      pair(
        side('JAX', 'none: the timed call is the first call, so JIT compilation is inside the timer'),
        side('NumPy', 'none (first and only call timed; NumPy has no compilation step)'),
      ),
    );
    expect(said.message).toMatch(/A \(JIT-compiled\) measured without warm-up against B/);
    // Julia compiles each method at its first call; a timed region that includes that compilation says so too.
    expect(runCheck(checkById('F-MEAS-3')!, pair(side('Julia', 0), side('Nim', 0))).state).toBe('flag');
    const region = (timedRegion: string) => ({
      measurement: { durationMs: 300_000, warmupMs: 0, timedRegion },
    });
    const included = runCheck(
      checkById('F-MEAS-3')!,
      pair(
        region('process wall time, which for this side includes JIT compilation'),
        region('process wall time (compiled ahead of time)'),
      ),
    );
    expect(included.message).toMatch(/A \(JIT-compiled\) measured without warm-up against B/);
    // No warm-up recorded for the JIT side (its language named by the client): a reviewer's question.
    const language = (name: string) => ({ client: { language: name }, measurement: { durationMs: 300_000 } });
    const unstated = runCheck(checkById('F-MEAS-3')!, pair(language('Kotlin'), language('Rust')));
    expect(unstated.state).toBe('needs_review');
    expect(unstated.hint).toMatch(/A is JIT-compiled and no warm-up is recorded for it, against B/);
    expect(runCheck(checkById('F-MEAS-3')!, pair(language('Rust'), language('Go'))).state).toBe('pass');
    // An interpreter has no JIT to warm either: HHVM cold against PHP-FPM with OPcache.
    const php = runCheck(checkById('F-MEAS-3')!, pair(side('HHVM', 0), side('PHP-FPM', 0)));
    expect(php.message).toMatch(/A \(JIT-compiled\) measured without warm-up against B \(interpreted\)/);
    const mjit = runCheck(
      checkById('F-MEAS-3')!,
      pair(side('CRuby --jit (MJIT)', 0), side('CRuby (no JIT)', 0)),
    );
    expect(mjit.state).toBe('flag');
    // A JIT switched off is an interpreter like the other side: both cold, alike, for a reviewer.
    const joff = runCheck(checkById('F-MEAS-3')!, pair(side('LuaJIT -joff', 0), side('Lua', 0)));
    expect(joff.state).not.toBe('flag');
    expect(joff.hint).toMatch(/^no side warms up before it is timed \(/);
  });

  it('F-CLIENT-2 flags one worker at a time against several, in words or figures', () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { threads: 'single-threaded (the default; --concurrency not passed)' } },
        { client: { threads: 'default multi-threaded (all cores); a --threads=1 variant is also reported' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Client threads: one at a time on A, several on B/);
    const words = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { workers: 'no worker threads (--threads=false)' } }, { client: { workers: 8 } }),
    );
    expect(words.state).toBe('flag');
    const concurrent = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { workers: 'concurrent: does not wait for each put' } }, { client: { workers: 1 } }),
    );
    expect(concurrent.message).toMatch(
      /Workers: several at once on A, one at a time on B|one at a time on B/,
    );
    expect(concurrent.state).toBe('flag');
  });

  it('prints an object the runs of a side give differently as its parts, not as [object Object]', () => {
    const pool = (workers: number) => ({ client: { connections: { perWorker: 4, workers } } });
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      comparison(side('A', [pool(16), pool(14)]), side('B', pool(16))),
    );
    expect(JSON.stringify(r)).not.toMatch(/object Object/);
    expect(JSON.stringify(r)).toMatch(/perWorker=4, workers=14/);
  });

  it('compares the runs of each side position by position: sides that each ran 29 and 10 workers agree', () => {
    const runs = (...workers: number[]) => workers.map((w) => ({ client: { workers: w } }));
    const same = runCheck(
      checkById('F-CLIENT-2')!,
      comparison(side('A', runs(29, 10)), side('B', runs(10, 29))),
    );
    expect(same.message).not.toMatch(/Workers differs/);
    const apart = runCheck(
      checkById('F-CLIENT-2')!,
      comparison(side('A', runs(29, 10)), side('B', runs(29, 4))),
    );
    expect(apart.message).toMatch(/Workers differs/);
  });

  it('F-CLIENT-2 compares batch sizes on their own, within an order of magnitude', () => {
    const batch = (n: number) => ({ client: { workers: 20, pipelineDepth: n } });
    const r = runCheck(checkById('F-CLIENT-2')!, pair(batch(5000), batch(300)));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/pipeline depth or batch size differs/i);
    expect(runCheck(checkById('F-CLIENT-2')!, pair(batch(5000), batch(1000))).state).not.toBe('flag');
  });

  it('F-CLIENT-2 flags different connection counts', () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { connections: 50, pipelineDepth: 1 } },
        { client: { connections: 8, pipelineDepth: 1 } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Connections differs \(A: 50 vs B: 8\)/);
  });

  it("an own field naming each side's execution mode flags F-SW-2 when the modes differ", () => {
    const mode = (v: string) => ({ software: { 'x-executionTier': v } });
    const sw2 = checkById('F-SW-2')!;
    const interpretedVsNative = runCheck(
      sw2,
      pair(
        mode('interpreter; the AOT compiler was not used'),
        mode('compiled to native code by the runtime'),
      ),
    );
    expect(interpretedVsNative.state).toBe('flag');
    expect(interpretedVsNative.message).toMatch(/execution mode/);
    expect(
      runCheck(sw2, pair(mode('AOT mode (ahead-of-time compiled)'), mode('JIT at load (Cranelift)'))).state,
    ).toBe('flag');
    // A JIT said to be off is an interpreter, the same as the other side's.
    expect(runCheck(sw2, pair(mode('MJIT not enabled'), mode('interpreter'))).state).not.toBe('flag');
    // Compiled at an unsaid time is not shown to differ from a JIT; a side that says nothing decides nothing.
    expect(runCheck(sw2, pair(mode('compiled to native code'), mode('JIT compiler'))).state).not.toBe('flag');
    expect(runCheck(sw2, pair(mode('mode not stated'), mode('interpreter'))).state).not.toBe('flag');
    // Under a name that is not an execution mode, words still go to a reviewer.
    expect(
      runCheck(sw2, pair({ software: { 'x-notes': 'interpreter' } }, { software: { 'x-notes': 'AOT' } }))
        .state,
    ).toBe('needs_review');
  });

  it("a field of the publication's own that differs: a count of the setup flags, words go to a reviewer", () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { 'x-uploadParallel': 16 } }, { client: { 'x-uploadParallel': 5 } }),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Own field x-uploadParallel differs \(A: 16 vs B: 5\)/);
    const words = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { 'x-uploadMode': 'streamed' } }, { client: { 'x-uploadMode': 'batched' } }),
    );
    expect(words.state).toBe('needs_review');
    expect(words.hint).toMatch(/own field x-uploadMode differs \(A: streamed vs B: batched\)/);
    // A source that says the value differed, without printing it, documents a difference.
    const marked = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        {
          client: {
            'x-uploadMode': { value: null, differs: true, origin: 'imported', source: 'https://x.test' },
          },
        },
        {},
      ),
    );
    expect(marked.state).toBe('flag');
    expect(marked.message).toMatch(/own field x-uploadMode differs on A \(value not stated\)/i);
    // A core's clock during the run is the machine's state (F-HW-4), not its resources.
    const clock = pair(
      {
        nodes: [
          {
            role: 'sut',
            hardware: {
              'x-coreClockDuringRun': {
                value: null,
                differs: true,
                origin: 'imported',
                source: 'https://x.test',
              },
            },
          },
        ],
      },
      { nodes: [{ role: 'sut', hardware: {} }] },
    );
    expect(runCheck(checkById('F-HW-4')!, clock).message).toMatch(
      /own field x-coreClockDuringRun differs on A/i,
    );
    // The client's TLS is its wire protocol (F-CLIENT-1), not its concurrency.
    const tls = pair(
      { client: { 'x-tls': 'NoTls' } },
      { client: { 'x-tls': { value: null, differs: true, origin: 'imported', source: 'https://x.test' } } },
    );
    expect(runCheck(checkById('F-CLIENT-1')!, tls).message).toMatch(/own field x-tls differs on B/i);
    // The numeric format of a model's weights is the arithmetic of the work (F-WL-1), wherever filed.
    const dtype = pair({ software: { 'x-weightDtype': 'bf16' } }, { software: { 'x-weightDtype': 'int4' } });
    expect(runCheck(checkById('F-WL-1')!, dtype).hint).toMatch(
      /own field x-weightDtype differs \(A: bf16 vs B: int4\)/,
    );
    // The kind of machine (bare metal or a VM) is the hardware compared (F-HW-1).
    const kind = pair(
      { nodes: [{ role: 'sut', hardware: { 'x-machineKind': 'AWS EC2 instance (cloud VM)' } }] },
      { nodes: [{ role: 'sut', hardware: { 'x-machineKind': 'bare metal' } }] },
    );
    expect(runCheck(checkById('F-HW-1')!, kind).hint).toMatch(/own field x-machineKind differs/);
    // Of the workload, it says the sides did different work (F-WL-3), not another spec (F-WL-1).
    const work = pair(
      {
        workload: {
          name: 'FFT',
          'x-inverseNormalization': {
            value: null,
            differs: true,
            origin: 'imported',
            source: 'https://x.test',
          },
        },
      },
      { workload: { name: 'FFT' } },
    );
    expect(runCheck(checkById('F-WL-3')!, work).state).toBe('flag');
    expect(runCheck(checkById('F-WL-1')!, work).message).not.toMatch(/x-inverseNormalization/);
    // A measured result under its own name is not a setup that differs.
    const measured = runCheck(
      checkById('F-HW-4')!,
      pair(
        { nodes: [{ role: 'sut' as const, hardware: { 'x-averagePowerW': 274 } }] },
        { nodes: [{ role: 'sut' as const, hardware: { 'x-averagePowerW': 333 } }] },
      ),
    );
    expect(measured.state).not.toBe('flag');
    // Nor is a rate a side achieved: an outcome, whatever group the publication filed it in.
    const achieved = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { 'x-achievedRateAt60k': 59_999 } }, { client: { 'x-achievedRateAt60k': 43_824 } }),
    );
    expect(achieved.state).not.toBe('flag');
    // Nor is the CPU time a side took, even under a name that mentions a cache.
    const cpuTime = runCheck(
      checkById('F-MEAS-4')!,
      pair(
        { measurement: { 'x-cpuTimeWithoutCacheUserPlusSys': 15 } },
        { measurement: { 'x-cpuTimeWithoutCacheUserPlusSys': 7.2 } },
      ),
    );
    expect(cpuTime.state).not.toBe('flag');
    const equal = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { connections: 8, pipelineDepth: 1, 'x-uploadParallel': 16 } },
        { client: { connections: 8, pipelineDepth: 1, 'x-uploadParallel': '16' } },
      ),
    );
    expect(equal.state).toBe('pass');
    // Another group's check is not touched; a flag stays a flag.
    expect(
      runCheck(checkById('F-WL-1')!, pair({ client: { 'x-a': 1 } }, { client: { 'x-a': 2 } })).hint ?? '',
    ).not.toMatch(/own field/);
    const flagged = runCheck(
      checkById('F-CLIENT-2')!,
      pair({ client: { connections: 50, 'x-a': 1 } }, { client: { connections: 8, 'x-a': 2 } }),
    );
    expect(flagged.state).toBe('flag');
  });

  it('a name the contract does not list is an own field too; a result cache under its own name is F-MEAS-4', () => {
    const cache = pair(
      { measurement: { cacheState: 'hot', queryResultCache: 'active: repeated queries answered from it' } },
      { measurement: { cacheState: 'hot', queryResultCache: 'none enabled' } },
    );
    const r = runCheck(checkById('F-MEAS-4')!, cache);
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/^Cache switched on or off differs/);
    // Unmarked and unknown to the checks: a reviewer reads it, it is not decided.
    const unmarked = runCheck(
      checkById('F-TOPO-2')!,
      pair({ topology: { activeNodes: 3 } }, { topology: { activeNodes: 1 } }),
    );
    expect(unmarked.state).not.toBe('flag');
    expect(unmarked.hint).toMatch(/own field activeNodes differs/);
    // Which statistics a side reports is F-MEAS-6's, whatever group it is filed in.
    const stats = runCheck(
      checkById('F-MEAS-6')!,
      pair(
        { measurement: { 'x-durationStatistics': 'average and maximum' } },
        { measurement: { 'x-durationStatistics': 'p50 and p99.9' } },
      ),
    );
    expect(stats.hint).toMatch(/own field x-durationStatistics differs/);
    // Error responses counted on one side, filed under software, are the error policy's.
    const errors = runCheck(
      checkById('F-CLIENT-5')!,
      pair({ software: { 'x-non2xxResponses': 'present in the run' } }, { software: {} }),
    );
    expect(errors.hint).toMatch(/own field x-non2xxResponses stated for A/);
    // How packets travel (an overlay's encapsulation) is the network path's, filed under settings.
    const path = runCheck(
      checkById('F-TOPO-2')!,
      pair(
        { settings: { 'x-encapsulation': 'VXLAN tunnel' } },
        { settings: { 'x-encapsulation': 'none (BGP)' } },
      ),
    );
    expect(path.state).toBe('needs_review');
    expect(path.hint).toMatch(/own field x-encapsulation differs \(A: VXLAN tunnel vs B: none \(BGP\)\)/);
    // Prose that holds the same digits is still different prose.
    const flushed = runCheck(
      checkById('F-MEAS-4')!,
      pair(
        {
          measurement: {
            cacheState: 'cold',
            cacheFlush: 'echo 1,2,3 > drop_caches; the database API clears its caches',
          },
        },
        {
          measurement: {
            cacheState: 'cold',
            cacheFlush: 'echo 1,2,3 > drop_caches; a query on another table',
          },
        },
      ),
    );
    expect(flushed.hint).toMatch(/own field cacheFlush differs/);
  });

  it('an own field goes to the check its name or value concerns: how to F-WL-3, cooling to F-HW-4', () => {
    const how = pair(
      {
        workload: { features: ['x'], 'x-nestedUpdates': 'executed one after another in this implementation' },
      },
      { workload: { features: ['x'] } },
    );
    expect(runCheck(checkById('F-WL-3')!, how).state).toBe('needs_review');
    expect(runCheck(checkById('F-WL-3')!, how).hint).toMatch(/own field x-nestedUpdates/);
    expect(runCheck(checkById('F-WL-1')!, how).hint ?? '').not.toMatch(/own field/);
    const cooling = pair(
      { nodes: [{ hardware: { 'x-cpuCooler': 'tower cooler' } }] },
      { nodes: [{ hardware: { 'x-cpuCooler': 'stock cooler' } }] },
    );
    expect(runCheck(checkById('F-HW-4')!, cooling).hint).toMatch(/own field x-cpuCooler differs/);
    expect(runCheck(checkById('F-HW-2')!, cooling).hint ?? '').not.toMatch(/own field/);
    const mitigations = pair(
      { nodes: [{ hardware: { 'x-mitigations': 'speculative-execution mitigations on (IBRS, PTI)' } }] },
      { nodes: [{ hardware: {} }] },
    );
    expect(runCheck(checkById('F-HW-4')!, mitigations).hint).toMatch(/x-mitigations/);
    const codec = pair({ client: { 'x-marshaler': 'gob' } }, { client: { 'x-marshaler': 'sarama default' } });
    expect(runCheck(checkById('F-CLIENT-1')!, codec).hint).toMatch(/own field x-marshaler differs/);
    // The client's software (a browser driving the workload) is its stack, not its concurrency.
    const browser = pair({ client: { 'x-browser': 'Safari' } }, { client: { 'x-browser': 'Chrome' } });
    expect(runCheck(checkById('F-CLIENT-1')!, browser).hint).toMatch(/own field x-browser differs/);
    expect(runCheck(checkById('F-CLIENT-2')!, browser).hint ?? '').not.toMatch(/own field/);
    const counted = pair(
      { measurement: { 'x-resourceUsageSource': 'user space only' } },
      { measurement: { 'x-resourceUsageSource': 'user space and kernel' } },
    );
    expect(runCheck(checkById('F-HW-2')!, counted).hint).toMatch(/own field x-resourceUsageSource differs/);
    // How many servers do the work behind a side (a proxy's backends) is a resource count.
    const backends = pair({ topology: { 'x-backends': 4 } }, { topology: { 'x-backends': 1 } });
    expect(runCheck(checkById('F-HW-2')!, backends).state).toBe('flag');
    expect(runCheck(checkById('F-TOPO-2')!, backends).hint ?? '').not.toMatch(/own field/);
    const timed = pair(
      { measurement: { 'x-timedRegion': 'build and walk' } },
      { measurement: { 'x-timedRegion': 'serialize only' } },
    );
    expect(runCheck(checkById('F-MEAS-2')!, timed).hint).toMatch(/own field x-timedRegion differs/);
    // What each operation produces is the work done, wherever it is filed: not the client's concurrency.
    const produced = pair({ client: { 'x-responseBytes': 31866 } }, { client: { 'x-responseBytes': 26874 } });
    expect(runCheck(checkById('F-WL-3')!, produced).state).toBe('flag');
    expect(runCheck(checkById('F-CLIENT-2')!, produced).message).not.toMatch(/own field/i);
  });

  it('a workload parameter that says nothing is not compared, and leaves the rest to a reviewer', () => {
    const r = runCheck(
      checkById('F-WL-1')!,
      pair(
        { workload: { name: 'read a file', parameters: { fileBytes: '2GB', iterations: 'not stated' } } },
        { workload: { name: 'read a file', parameters: { fileBytes: '2GB' } } },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/iterations not stated on A/);
    // Each library's own defaults, values not printed, are no agreement either.
    const defaults = { password: 'hello', options: 'none passed (library defaults, values not stated)' };
    const libraries = runCheck(
      checkById('F-WL-1')!,
      pair(
        { workload: { name: 'hash', parameters: defaults } },
        { workload: { name: 'hash', parameters: defaults } },
      ),
    );
    expect(libraries.state).toBe('needs_review');
  });

  it("a workload name's aside is each side's way of running it, not another workload", () => {
    const r = runCheck(
      checkById('F-WL-1')!,
      pair(
        { workload: { name: 'q1-q4 (SQL joins)' } },
        { workload: { name: 'q1-q4 (aggregation pipeline)' } },
      ),
    );
    expect(r.message).not.toMatch(/workload differs/i);
  });

  it('F-MEAS-4 compares a query result cache switched off for one side with one left at its default', () => {
    const r = runCheck(
      checkById('F-MEAS-4')!,
      pair(
        { measurement: { cacheState: 'warm; result cache: --use_cache=false' } },
        { measurement: { cacheState: 'warm; result cache: not set in the scripts' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Cache switched on or off differs/);
    // Any switchable cache by its kind: an inference server's prefix cache off on one side only.
    const prefix = runCheck(
      checkById('F-MEAS-4')!,
      pair(
        { measurement: { cacheState: 'prefix caching disabled (--no-enable-prefix-caching)' } },
        { measurement: { cacheState: 'prefix cache on by default and could not be disabled' } },
      ),
    );
    expect(prefix.state).toBe('flag');
    // A cache state that names no result cache says nothing about one.
    const plain = runCheck(
      checkById('F-MEAS-4')!,
      pair(
        { measurement: { cacheState: 'warm' } },
        { measurement: { cacheState: 'warm (after a warm-up pass)' } },
      ),
    );
    expect(plain.state).toBe('pass');
  });

  it('F-MEAS-5 cites the runs grouped in each entry when it passes on them', () => {
    const r = runCheck(checkById('F-MEAS-5')!, comparison(side('A', [{}, {}]), side('B', [{}, {}])));
    expect(r.state).toBe('pass');
    expect(new Set(r.evidence.map((e) => e.entry))).toEqual(new Set(['A', 'B']));
    expect(r.evidence.find((e) => e.entry === 'A')?.field).toBe('runs in the entry');
  });

  it('F-DUR-1 flags durability relaxed for one side with nothing stated for the other', () => {
    const r = runCheck(checkById('F-DUR-1')!, pair({ settings: { durability: 'no fsync' } }, {}));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/relaxed for A \(no fsync\), with nothing stated for B/);
    // Nothing relaxed and one side silent: the durability a claim rests on is stated for one
    // side only, itself a finding (principle 2), named as such rather than as a relaxation.
    const durable = runCheck(
      checkById('F-DUR-1')!,
      pair({ settings: { durability: 'fsync on commit' } }, {}),
    );
    expect(durable.state).toBe('flag');
    expect(durable.message).toMatch(/stated for A/);
    expect(durable.message).not.toMatch(/relaxed/);
  });

  it('F-DISC-1 reads a unit relative to another side as a ratio', () => {
    const relative = (unit: string) => ({
      values: [{ metric: 'throughput', value: 0.5, unit, labels: {}, origin: 'imported' as const }],
    });
    const r = runCheck(
      checkById('F-DISC-1')!,
      pair(relative('x (relative to AOM)'), relative('% of baseline')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/only as ratios/);
    expect(runCheck(checkById('F-DISC-1')!, pair(relative('MB/s'), relative('MB/s'))).state).toBe('pass');
  });

  it('F-SW-3 asks a reviewer about a side run from a branch whose commit is not given', () => {
    const harness = {
      disclosure: { artefacts: [{ url: 'https://github.com/o/h/blob/a1b2c3d4e5/bench.rs' }] },
    };
    const r = runCheck(
      checkById('F-SW-3')!,
      pair(
        { ...harness, software: { vcsCommit: '3f6c34a', vcsDirty: false } },
        { ...harness, software: { vcsCommit: 'not stated (master)', vcsBranch: 'master' } },
      ),
    );
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(/B: branch master, no commit/);
  });

  it('F-SW-3 asks a reviewer when no side records any code, and when only some sides do', () => {
    const none = runCheck(checkById('F-SW-3')!, pair({}, {}));
    expect(none.state).toBe('needs_review');
    expect(none.hint).toMatch(/no code, commit or artefact is recorded for any side \(A, B\)/);
    const one = runCheck(
      checkById('F-SW-3')!,
      pair({ software: { vcsCommit: 'abc123', vcsDirty: false } }, {}),
    );
    // One side's code linked and the other's not: half the comparison may not be rebuildable.
    expect(one.state).toBe('needs_review');
    expect(one.hint).toMatch(/stated for A only, not for B/);
  });

  it('F-DISC-1 asks a reviewer when no side has any number, and flags when only some sides do', () => {
    const none = runCheck(checkById('F-DISC-1')!, pair({}, {}));
    expect(none.state).toBe('needs_review');
    expect(none.hint).toMatch(/no absolute number is recorded for any side \(A, B\)/);
    const one = runCheck(
      checkById('F-DISC-1')!,
      pair({ values: [{ metric: 'throughput', value: 10, unit: 'TPS', origin: 'imported' }] }, {}),
    );
    expect(one.state).toBe('flag');
    // Every side's result entered as printed, without a number: the publication printed none.
    const words = (text: string) => ({
      values: [{ metric: 'speed', value: null, unit: 'relative', text, origin: 'imported' as const }],
    });
    const claim = runCheck(
      checkById('F-DISC-1')!,
      pair(words('comparable to optimized C'), words('plotted only; no number printed')),
    );
    expect(claim.state).toBe('flag');
    expect(claim.message).toMatch(/A: “comparable to optimized C”; B: “plotted only; no number printed”/);
    // One side entered as printed and the other not entered at all: still only a person can tell.
    expect(runCheck(checkById('F-DISC-1')!, pair(words('comparable'), {})).state).toBe('needs_review');
  });

  it("F-TOPO-2 counts the hops of a path that names each side's own system", () => {
    const hops = (text: string) => ({ topology: { extraHops: text } });
    const topo2 = (a: string, b: string) =>
      runCheck(checkById('F-TOPO-2')!, pair(hops(a), hops(b), ['Kong', 'Pingora']));
    expect(topo2('one proxy hop: perf -> Kong -> Server', '1').message).not.toMatch(/hops differs/);
    expect(topo2('perf -> Kong -> Server', 'perf -> Pingora -> Server').message).not.toMatch(/hops differs/);
    expect(topo2('perf -> Kong -> Server', 'perf -> LB -> Pingora -> Server').state).toBe('flag');
  });

  it("F-MEAS-2 compares timed regions without the sides' own names", () => {
    const region = (text: string) => ({ measurement: { timedRegion: text } });
    const input = (a: string, b: string) => pair(region(a), region(b), ['SimdJson', 'Jackson']);
    const same = runCheck(
      checkById('F-MEAS-2')!,
      input('SimdJson deserialize run', 'Jackson deserialize run'),
    );
    expect(same.state).not.toBe('flag');
    const other = runCheck(
      checkById('F-MEAS-2')!,
      input('SimdJson deserialize run', 'Jackson deserialize run including file read'),
    );
    expect(other.state).toBe('flag');
  });

  it('F-MEAS-6 leaves how runs are summarised to F-MEAS-7 where no side has a percentile', () => {
    const summary = (aggregation: string) => ({
      measurement: { aggregation },
      values: [{ metric: 'startup', value: 50, unit: 's', labels: {}, origin: 'imported' as const }],
    });
    const input = pair(summary('average of 3 runs'), summary('median of 10 runs'));
    const meas6 = runCheck(checkById('F-MEAS-6')!, input);
    expect(meas6.state).toBe('unknown');
    expect(meas6.message).toMatch(/^No side reports or aggregates percentiles/);
    const meas7 = runCheck(checkById('F-MEAS-7')!, input);
    expect(meas7.state).toBe('flag');
    expect(meas7.message).toMatch(
      /summarise their runs with different statistics \(A: mean \(“average of 3 runs”\) vs B: median \(“median of 10 runs”\)\)/,
    );
    // The same statistic on every side names no second formula.
    expect(
      runCheck(checkById('F-MEAS-7')!, pair(summary('mean of 5 runs'), summary('average of 3 runs'))).state,
    ).toBe('unknown');
  });

  it('F-MEAS-6 flags runs averaged only where the results averaged are percentiles', () => {
    const runs = (values: { metric: string; percentile?: string }[]) => ({
      measurement: { aggregation: 'average of 10 repetitions' },
      values: values.map((v) => ({
        metric: v.metric,
        value: 12,
        unit: 'ms',
        labels: v.percentile ? { percentile: v.percentile } : {},
        origin: 'imported' as const,
      })),
    });
    const times = runs([{ metric: 'hmr' }]);
    expect(runCheck(checkById('F-MEAS-6')!, pair(times, times)).state).not.toBe('flag');
    const p99 = runs([{ metric: 'latency', percentile: 'p99' }]);
    const r = runCheck(checkById('F-MEAS-6')!, pair(p99, p99));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/^A averages percentiles/);
  });

  it('F-DISC-1 reads a ratio by the words of its name: a duration is an absolute number', () => {
    const value = (metric: string, unit: string) => ({
      values: [{ metric, value: 12.5, unit, labels: {}, origin: 'imported' as const }],
    });
    const disc1 = (metric: string, unit: string) =>
      runCheck(checkById('F-DISC-1')!, pair(value(metric, unit), value(metric, unit)));
    expect(disc1('coldstart.init.duration.avg', 'ms').state).toBe('pass');
    expect(disc1('build.duration', 's').state).toBe('pass');
    for (const ratio of ['throughputRatio', 'speedupVsAwsCli', 'speed up', 'timesFaster'])
      expect(disc1(ratio, '').state, ratio).toBe('flag');
  });

  it('F-DISC-1 flags speed known only as ratios, a printed range included, beside absolute memory', () => {
    const forge = {
      values: [
        {
          metric: 'speedupPct.8GB',
          value: null,
          low: 30,
          high: 45,
          text: '30~45% speed up',
          unit: '%',
          labels: {},
          origin: 'imported' as const,
        },
        { metric: 'vramAvgGB', value: 6.3, unit: 'GB', labels: {}, origin: 'imported' as const },
      ],
    };
    const original = {
      values: [{ metric: 'vramAvgGB', value: 7.4, unit: 'GB', labels: {}, origin: 'imported' as const }],
    };
    const r = runCheck(checkById('F-DISC-1')!, pair(forge, original));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(
      /How fast each side is, is reported only as ratios; the absolute numbers printed measure memory/,
    );
    // A time printed beside the ratio is the absolute number.
    const timed = {
      values: [
        ...original.values,
        { metric: 'step', value: 1.4, unit: 's', labels: {}, origin: 'imported' as const },
      ],
    };
    expect(runCheck(checkById('F-DISC-1')!, pair(forge, timed)).state).toBe('pass');
  });

  it('F-DISC-1 asks for the absolute numbers when the publication links its raw results', () => {
    const ratio = {
      values: [{ metric: 'slowdown', value: 60, unit: 'x', labels: {}, origin: 'imported' as const }],
    };
    const withData = (url: string) => ({ ...ratio, disclosure: { artefacts: [{ url }] } });
    const linked = runCheck(
      checkById('F-DISC-1')!,
      pair(withData('https://github.com/acme/metrics'), withData('https://github.com/acme/metrics')),
    );
    expect(linked.state).toBe('needs_review');
    expect(linked.hint).toMatch(/links its raw results \(https:\/\/github\.com\/acme\/metrics\)/);
    // A link to the product's code holds no results: ratios only is a finding.
    const code = runCheck(
      checkById('F-DISC-1')!,
      pair(withData('https://github.com/acme/acmedb'), withData('https://github.com/acme/acmedb')),
    );
    expect(code.state).toBe('flag');
  });

  it('F-DISC-1 flags an operation reported only as ratios while the others have absolute numbers', () => {
    const value = (metric: string, v: number, unit: string) => ({
      metric,
      value: v,
      unit,
      labels: {},
      origin: 'imported' as const,
    });
    const download = (v: number) => value('download.throughput', v, 'MB/s');
    const r = runCheck(
      checkById('F-DISC-1')!,
      pair({ values: [download(4300), value('upload.speedupVsB', 12, 'x')] }, { values: [download(375)] }),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/^upload is reported only as ratios on every side/);
    // The same operation with absolute numbers too, or a ratio named as such: nothing missing.
    const both = runCheck(
      checkById('F-DISC-1')!,
      pair(
        { values: [download(4300), value('download.speedupVsB', 11, 'x')] },
        { values: [download(375), value('speedup.vsA', 0.09, 'x')] },
      ),
    );
    expect(both.state).toBe('pass');
    // The ratio word first ("speedup.lazygrid") names the operation last: still ratio-only.
    const first = runCheck(
      checkById('F-DISC-1')!,
      pair(
        { values: [value('cpu_time.visualeffects', 8.8, 's')] },
        { values: [value('cpu_time.visualeffects', 2.4, 's'), value('speedup.lazygrid', 9, '% faster')] },
      ),
    );
    expect(first.state).toBe('flag');
    expect(first.message).toMatch(/^lazygrid is reported only as ratios/);
  });

  it("F-DUR-1 reads 'async' in prose only beside what it makes asynchronous", () => {
    const prose = (configuration: string) => ({ software: { configuration } });
    const engines = runCheck(
      checkById('F-DUR-1')!,
      pair(
        prose("vLLM async engine ('use vllm asyncengine')"),
        prose('AsyncLLMEngine, engine arguments not stated'),
      ),
    );
    expect(engines.state).toBe('unknown');
    const logs = runCheck(
      checkById('F-DUR-1')!,
      pair(prose('AsynchronousLogHandler writing logs/app.log'), prose('synchronous_commit = on')),
    );
    expect(logs.state).toBe('flag');
  });

  it('F-DUR-1 flags durability relaxed for one side while another runs its defaults', () => {
    const r = runCheck(
      checkById('F-DUR-1')!,
      pair(
        { settings: { durability: 'async (WAL fsync every 3 s)' } },
        { settings: { durability: 'not changed by the scripts (server defaults)' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(
      /relaxed for A \(async \(WAL fsync every 3 s\)\) while B runs its shipped defaults/,
    );
  });

  it('F-DUR-2 reads a read concern: majority reads only confirmed writes, local does not', () => {
    const r = runCheck(
      checkById('F-DUR-2')!,
      pair(
        { settings: { confirmedReads: 'read concern majority' } },
        { settings: { confirmedReads: 'local' } },
      ),
    );
    expect(r.state).toBe('flag');
  });

  it('F-HW-1 reads the architecture from an AWS instance type against a CPU model that names its maker', () => {
    const hw = (hardware: Record<string, string>) => ({ nodes: [{ role: 'sut' as const, hardware }] });
    const r = runCheck(
      checkById('F-HW-1')!,
      pair(hw({ hostType: 'im4gn.2xlarge' }), hw({ cpuModel: 'Intel Core i5 4670K' })),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/SUT architecture differs \(A: arm64 vs B: x86_64\)/);
    // An Intel instance against an Intel desktop CPU: the architecture does not tell them apart.
    const alike = pair(hw({ hostType: 'c5.2xlarge' }), hw({ cpuModel: 'Intel Core i5 4670K' }));
    expect(runCheck(checkById('F-HW-1')!, alike).message).not.toMatch(/architecture differs/);
  });

  it('F-HW-2 counts physical cores from vCPUs and the threads per core each side states', () => {
    const vm = (smt: string) => ({
      nodes: [{ role: 'sut' as const, count: 1, hardware: { vcpus: 64, smt } }],
    });
    const r = runCheck(
      checkById('F-HW-2')!,
      pair(vm('one hardware thread (vCPU) per physical core'), vm('two hardware threads per core')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Total physical cores differs \(A: 64 vs B: 32\)/);
  });

  it('F-HW-2 reads vCPUs and cores from AWS instance types where no count is recorded', () => {
    const host = (hostType: string) => ({
      nodes: [{ role: 'sut' as const, count: 1, hardware: { hostType } }],
    });
    const r = runCheck(checkById('F-HW-2')!, pair(host('c7g.8xlarge'), host('c6i.8xlarge')));
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Total physical cores differs \(A: 32 vs B: 16\)/);
    expect(r.message).not.toMatch(/Total vCPUs differs/);
  });

  it('F-HW-2 counts an accelerator named by its kind, and none where only the CPU was used', () => {
    const gpu = (accelerators: string) => ({
      nodes: [{ role: 'sut' as const, count: 1, hardware: { accelerators } }],
    });
    const r = runCheck(
      checkById('F-HW-2')!,
      pair(gpu('phone GPU (the app offloads to it)'), gpu('Adreno GPU present; only the CPU used')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Accelerators differs/);
    expect(runCheck(checkById('F-HW-2')!, pair(gpu('phone GPU'), gpu('the GPU'))).message).not.toMatch(
      /Accelerators differs/,
    );
    // A GPU used on one side, nothing said of the other's: resources the other is not shown to have.
    const oneSided = runCheck(
      checkById('F-HW-2')!,
      pair(gpu('Apple Metal (GPU acceleration enabled)'), { nodes: [{ role: 'sut' as const, count: 1 }] }),
    );
    expect(oneSided.state).toBe('flag');
    expect(oneSided.message).toMatch(/Accelerators stated for A \(Apple Metal/);
  });

  it('F-HW-2 compares memory limits said as a share of the machine, and a limit said to differ', () => {
    const limited = (memoryLimitBytes: Plain, memoryBytes?: string) => ({
      nodes: [
        {
          role: 'sut' as const,
          count: 1,
          hardware: { accelerators: 'NVIDIA L4', memoryLimitBytes, ...(memoryBytes ? { memoryBytes } : {}) },
        },
      ],
    });
    const shares = runCheck(
      checkById('F-HW-2')!,
      pair(
        limited('--gpu-memory-utilization 0.9 (fraction of the GPU memory)'),
        limited('--mem-fraction-static 0.75'),
      ),
    );
    expect(shares.state).toBe('flag');
    expect(shares.message).toMatch(/Share of memory the system could use differs \(A: 0.9 vs B: 0.75\)/);
    // A share of a stated machine's memory is bytes: 80 % of 64 GB against a 32 GB limit.
    const bytes = runCheck(
      checkById('F-HW-2')!,
      pair(limited('80% of RAM', '64 GB'), limited('32 GB', '64 GB')),
    );
    expect(bytes.message).toMatch(/Total memory the system could use differs/);
    // "Differs, value not stated" on one side is a difference, not a missing value.
    const unstated = { value: null, origin: 'imported' as const, differs: true as const };
    expect(runCheck(checkById('F-HW-2')!, pair(limited(unstated), limited('0.9 of GPU memory'))).state).toBe(
      'flag',
    );
    // The same share on both sides is no finding.
    const same = runCheck(
      checkById('F-HW-2')!,
      pair(limited('90% of GPU memory'), limited('0.9 (fraction)')),
    );
    expect(same.message).not.toMatch(/share of memory/i);
  });

  it('F-HW-1 compares the accelerator model, F-HW-2 how many accelerators', () => {
    const gpu = (accelerators: string) => ({
      nodes: [{ role: 'sut' as const, count: 1, hardware: { accelerators } }],
    });
    const models = runCheck(
      checkById('F-HW-1')!,
      pair(gpu('NVIDIA GeForce RTX 3090'), gpu('NVIDIA GeForce RTX 2080')),
    );
    expect(models.state).toBe('flag');
    expect(models.message).toMatch(
      /SUT accelerator model differs \(A: NVIDIA GeForce RTX 3090 vs B: NVIDIA GeForce RTX 2080\)/i,
    );
    expect(
      runCheck(checkById('F-HW-2')!, pair(gpu('NVIDIA GeForce RTX 3090'), gpu('NVIDIA GeForce RTX 2080')))
        .message,
    ).not.toMatch(/accelerators differs/i);
    // The same card printed two ways is one model and one card.
    const same = pair(gpu('1x NVIDIA A100 40GB'), gpu('NVIDIA A100 PCIe 40GB'));
    expect(runCheck(checkById('F-HW-1')!, same).message).not.toMatch(/accelerator model differs/i);
    expect(runCheck(checkById('F-HW-2')!, same).message).not.toMatch(/accelerators differs/i);
    const counts = runCheck(checkById('F-HW-2')!, pair(gpu('8x NVIDIA H100'), gpu('4 x NVIDIA H100')));
    expect(counts.state).toBe('flag');
    expect(counts.message).toMatch(/accelerators differs \(A: 8x NVIDIA H100 vs B: 4 x NVIDIA H100\)/i);
  });

  it('F-HW-2 reads the cores a build keeps busy from its OpenMP switch when no thread count says it', () => {
    const build = (compilerFlags: string) => ({ software: { compilerFlags } });
    const r = runCheck(
      checkById('F-HW-2')!,
      pair(
        build('built without OpenMP'),
        build('default build, which enables OpenMP (later rebuilt with --disable-openmp)'),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/cores the server keeps busy differs \(A: one core vs B: several cores\)/i);
    // Flags that do not name OpenMP say nothing of the cores used.
    const plain = runCheck(checkById('F-HW-2')!, pair(build('-O2'), build('-O3 -march=native')));
    expect(plain.evidence.some((e) => e.field.includes('cores kept busy'))).toBe(false);
  });

  it('F-HW-2 flags a multithreaded server against a single-threaded one on the same machine', () => {
    const node = (software: NodeSpec['software']) => ({
      nodes: [{ role: 'sut' as const, count: 1, hardware: { vcpus: 8 }, software }],
    });
    const r = runCheck(
      checkById('F-HW-2')!,
      pair(
        node({ processes: 'pm2-runtime -i max (cluster mode)' }),
        node({ processes: 1, threadsPerProcess: 'single event loop thread' }),
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/cores the server keeps busy differs/);
    const same = runCheck(
      checkById('F-HW-2')!,
      pair(
        node({ processes: 1, threadsPerProcess: 1 }),
        node({ processes: 1, threadsPerProcess: 'one thread' }),
      ),
    );
    expect(same.state).toBe('pass');
    // One core kept busy on one side, nothing said of the other: a finding, not a gap.
    const confined = runCheck(
      checkById('F-HW-2')!,
      pair(node({ processes: 1, threadsPerProcess: 1 }), node({})),
    );
    expect(confined.state).toBe('flag');
    expect(confined.message).toMatch(/cores the server keeps busy stated for A \(one core\), not for B/i);
    // One thread with the process count left out is one process's thread: one core, against a
    // tool whose threads span the machine.
    const oneThread = runCheck(
      checkById('F-HW-2')!,
      pair(node({ threadsPerProcess: 'all cores (multithreaded diff)' }), node({ threadsPerProcess: 1 })),
    );
    expect(oneThread.state).toBe('flag');
    expect(oneThread.message).toMatch(/cores the server keeps busy differs/i);
    // Several cores on one side and nothing said of the other: stated for one side only, as one
    // core is (principle 2; 5 documented asymmetries of the read corpus, no false flag).
    const several = runCheck(
      checkById('F-HW-2')!,
      pair(node({ processes: 4, threadsPerProcess: 1 }), node({})),
    );
    expect(several.state).toBe('flag');
    expect(several.message).toMatch(/VCPUs the system could use stated for A \(4\), not for B/);
  });

  it('F-SW-3 flags code a side says is not published, even inside a "not stated"', () => {
    const r = runCheck(
      checkById('F-SW-3')!,
      pair(
        { software: { vcsRepository: 'not stated (benchmark code not in the repository)' } },
        { software: { vcsRepository: 'closed source configuration' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A's code or configuration is not published/);
    // Nothing said on any side: a reviewer's question, never a pass.
    const unsaid = runCheck(checkById('F-SW-3')!, pair({ software: { vcsRepository: 'not stated' } }, {}));
    expect(unsaid.state).toBe('needs_review');
    // Notes saying no code came with the numbers say the same.
    const notes = { run: { notes: 'Timings in ms; no code, machine or repetitions given.' } };
    expect(runCheck(checkById('F-SW-3')!, pair(notes, notes)).message).toMatch(
      /A's code or configuration is not published/,
    );
    // The benchmark's own code (a harness binding) kept back cannot be re-run either.
    const harness = {
      workload: {
        implementationRepository: 'go-ycsb with an etcd binding not on master (not published at the time)',
      },
      disclosure: {
        artefacts: [
          { url: 'https://github.com/o/r/blob/21932d7ab537781cda71d1bcf720267a79f0a109/docs/b.md' },
        ],
      },
    };
    const unrun = runCheck(checkById('F-SW-3')!, pair(harness, harness));
    expect(unrun.state).toBe('flag');
    expect(unrun.evidence).toContainEqual(
      expect.objectContaining({ field: 'workload.implementationRepository' }),
    );
    // A configuration the publisher kept back is withheld, not merely unstated.
    const kept = runCheck(
      checkById('F-SW-3')!,
      pair(
        { software: { configuration: "not disclosed ('AMD didn't disclose its software configuration')" } },
        {},
      ),
    );
    expect(kept.state).toBe('flag');
    expect(kept.message).toMatch(/A's code or configuration is not published/);
    // "No … published" says it as well; a shared engine or a --no-… flag does not.
    const none = runCheck(
      checkById('F-SW-3')!,
      pair(
        { software: { configuration: 'Presto as provided by EMR (no Presto config files published)' } },
        {
          disclosure: {
            artefacts: [{ url: 'https://github.com/x/y/tree/ef2944ada246db8f4c58037b48a945673914666e' }],
          },
        },
      ),
    );
    expect(none.message).toMatch(/A's code or configuration is not published/);
    const engine = runCheck(
      checkById('F-SW-3')!,
      pair(
        { software: { configuration: 'no explicit shared Engine; --no-simplification-of-shared-nodes' } },
        {
          disclosure: {
            artefacts: [{ url: 'https://github.com/x/y/tree/ef2944ada246db8f4c58037b48a945673914666e' }],
          },
        },
      ),
    );
    expect(engine.message).not.toMatch(/not published/);
  });

  it('F-MEAS-3 flags a warm-up described for one side only, in words or as a duration', () => {
    const r = runCheck(
      checkById('F-MEAS-3')!,
      pair(
        { measurement: { durationMs: 60_000, warmupMs: 'one full sweep run and discarded' } },
        { measurement: { durationMs: 60_000 } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Warm-up stated for A/);
  });

  it("F-WL-1: one program in each side's language is one workload; a method name is how, a count is what", () => {
    const languages = runCheck(
      checkById('F-WL-1')!,
      pair(
        { workload: { name: 'generated Julia source: 200 functions of depth 200' } },
        { workload: { name: 'generated C source: 200 functions of depth 200' } },
      ),
    );
    expect(languages.state).not.toBe('flag');
    const methods = runCheck(
      checkById('F-WL-1')!,
      pair(
        { workload: { name: 'create', parameters: { method_create: 'save', executedQueries: 10 } } },
        { workload: { name: 'create', parameters: { method_create: 'flush', executedQueries: 10 } } },
      ),
    );
    expect(methods.state).not.toBe('flag');
    const counts = runCheck(
      checkById('F-WL-1')!,
      pair(
        { workload: { name: 'create', parameters: { executedQueries: 28_466 } } },
        { workload: { name: 'create', parameters: { executedQueries: 814 } } },
      ),
    );
    expect(counts.state).toBe('flag');
  });

  it('a source saying a side differs without the value flags: threads (F-HW-2), the commit measured (F-SW-3)', () => {
    const differs = {
      value: null,
      differs: true as const,
      origin: 'imported' as const,
      source: 'a rebuttal',
    };
    const threads = runCheck(
      checkById('F-HW-2')!,
      pair(
        {
          nodes: [
            {
              role: 'sut' as const,
              count: 1,
              hardware: { vcpus: 8 },
              software: { threadsPerProcess: differs },
            },
          ],
        },
        {
          nodes: [
            {
              role: 'sut' as const,
              count: 1,
              hardware: { vcpus: 8 },
              software: { processes: 1, threadsPerProcess: 1 },
            },
          ],
        },
      ),
    );
    expect(threads.state).toBe('flag');
    const commit = runCheck(
      checkById('F-SW-3')!,
      pair({ software: { vcsRepository: 'https://example.com/repo', vcsCommit: differs } }, {}),
    );
    expect(commit.state).toBe('flag');
    expect(commit.message).toMatch(/A was measured from code other than what is published/);
  });

  it('F-HW-2 compares the IOPS a storage line provisions, and says nothing of a line without them', () => {
    const disk = (storageType: string) => ({
      nodes: [{ role: 'sut' as const, count: 1, hardware: { vcpus: 32, storageType } }],
    });
    const r = runCheck(
      checkById('F-HW-2')!,
      pair(disk('io1, 250 GB, 50 IOPS/GiB'), disk('io1, 300 GiB, 15k IOPS')),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Provisioned storage IOPS differs \(A: 12,500 vs B: 15,000\)/);
    expect(runCheck(checkById('F-HW-2')!, pair(disk('local NVMe SSD'), disk('NVMe SSD (local)'))).state).toBe(
      'pass',
    );
  });

  it('F-MEAS-4 reads a page-cache drop as cold and its absence as warm', () => {
    const r = runCheck(
      checkById('F-MEAS-4')!,
      pair(
        { measurement: { cacheState: 'first run of each query not preceded by a page-cache drop' } },
        { measurement: { cacheState: 'page cache dropped before every query (echo 3 > drop_caches)' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Cache state differs/);
  });

  it('F-DUR-2 flags a guarantee one side states and the other denies', () => {
    const r = runCheck(
      checkById('F-DUR-2')!,
      pair(
        { settings: { acknowledgement: 'strong consistency out of the box' } },
        { settings: { acknowledgement: 'does not provide strong consistency' } },
      ),
    );
    expect(r.state).toBe('flag');
  });

  it('F-CLIENT-4 asks a reviewer when different systems tie within 3 % and nothing shows the client kept up', () => {
    const check = checkById('F-CLIENT-4')!;
    const tie = (a: number, b: number) =>
      runCheck(
        check,
        pair(
          {
            client: { driver: 'custom bencher' },
            values: [{ metric: 'throughput', value: a, unit: 'req/s', origin: 'imported' }],
          },
          {
            client: { driver: 'custom bencher' },
            values: [{ metric: 'throughput', value: b, unit: 'req/s', origin: 'imported' }],
          },
        ),
      );
    const same = tie(8415.98, 8230.11);
    expect(same.state).toBe('needs_review');
    expect(same.hint).toMatch(/same throughput within 2\.3 %/);
    expect(tie(8415.98, 6230.11).state).toBe('unknown');
  });

  it('F-MEAS-7 flags formulas that summarise samples with different statistics', () => {
    const check = checkById('F-MEAS-7')!;
    const formulas = (a: string, b: string) =>
      runCheck(check, pair({ measurement: { formulaIds: a } }, { measurement: { formulaIds: b } }));
    const r = formulas(
      'mean time per request (criterion)',
      'mean time after rejection of extreme values; median time',
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A: mean vs B: mean without extremes or median/);
    // The same statistic in other words, or words naming none, stay with a reviewer.
    expect(formulas('mean time per request', 'average latency per call').state).toBe('needs_review');
    expect(formulas('requests / elapsed seconds', 'median time').state).toBe('needs_review');
  });

  it('F-SW-2 does not count variables a code snippet declares as settings', () => {
    const r = runCheck(
      checkById('F-SW-2')!,
      pair(
        { software: { configuration: 'db, err := pebble.Open("demo", &pebble.Options{}); t := time.Now()' } },
        {
          software: {
            configuration:
              'opts := rocksdb.NewDefaultOptions(); db, err := rocksdb.OpenDb(opts, "demo"); opt := rocksdb.NewDefaultWriteOptions(); t := time.Now()',
          },
        },
      ),
    );
    expect(r.state).not.toBe('flag');
    expect(r.message).not.toMatch(/non-default settings? on/);
  });

  it('F-CLIENT-1 reads the benchmark script that imports every library as the one load tool', () => {
    const driver = (name: string) => ({
      client: { driver: `${name} Python package imported by test/benchmark.py` },
    });
    const r = runCheck(
      checkById('F-CLIENT-1')!,
      pair(driver('mistune'), driver('markdown'), ['mistune', 'Python-Markdown']),
    );
    expect(r.message).not.toMatch(/load tool differs/i);
    const other = pair(
      { client: { driver: 'mistune imported by test/benchmark.py' } },
      { client: { driver: 'markdown imported by bench/run_bench.py' } },
      ['mistune', 'Python-Markdown'],
    );
    expect(runCheck(checkById('F-CLIENT-1')!, other).message).toMatch(/load tool differs/i);
  });

  it('F-MEAS-4 flags a cache state nobody controlled, even in the same words on every side', () => {
    const uncontrolled = "not controlled: 'No reboot or cache purge was performed'";
    const r = runCheck(
      checkById('F-MEAS-4')!,
      pair({ measurement: { cacheState: uncontrolled } }, { measurement: { cacheState: uncontrolled } }),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/not controlled/);
  });

  it('F-WL-1 compares a scale written as an object key by key', () => {
    const r = runCheck(
      checkById('F-WL-1')!,
      pair(
        { workload: { name: 'jest suite', scale: { testSuites: 48, tests: 239 } } },
        { workload: { name: 'jest suite', scale: { testSuites: 49, tests: 250 } } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/scale differs/i);
  });

  it('F-ISO-2 reads how a check counts failures apart from failures it found', () => {
    const checks = (a: string, b: string) =>
      runCheck(
        checkById('F-ISO-2')!,
        pair({ workload: { consistencyChecks: a } }, { workload: { consistencyChecks: b } }),
      );
    const counted = 'row count verified after ingest; 0-row query results recorded as errors';
    expect(checks(counted, counted).state).toBe('pass');
    expect(checks(counted, 'two of 43 queries returned wrong results').state).toBe('flag');
  });

  it('F-WL-3 reads a long feature description as itself, not as the class a word in it names', () => {
    const r = runCheck(
      checkById('F-WL-3')!,
      pair(
        {
          workload: {
            features:
              'schema modified: 4 of 9 tables created as reference tables because of the foreign-key limitation',
          },
        },
        { workload: { features: 'standard BenchmarkSQL schema with foreign keys on a single instance' } },
      ),
    );
    expect(r.state).toBe('flag');
    // A feature's short name still meets its class: "FK constraints" in other words.
    const short = pair(
      { workload: { features: ['foreign keys'] } },
      { workload: { features: ['foreign key constraints'] } },
    );
    expect(runCheck(checkById('F-WL-3')!, short).state).toBe('pass');
  });

  it('F-DUR-2 flags "at least once" confirmed per message on one side and by periodic checkpoint on another', () => {
    const check = checkById('F-DUR-2')!;
    const stream = (storm: string, flink: string) =>
      runCheck(
        check,
        pair({ settings: { acknowledgement: storm } }, { settings: { acknowledgement: flink } }),
      );
    const r = stream('At Least Once: every message ACKed', 'At Least Once: checkpoint every 30 s');
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/each message vs .*periodic checkpoint/);
    // The same mechanism on both sides, or one side saying nothing of it, is not this difference.
    expect(stream('at least once, checkpoint every 10 s', 'at least once, checkpoint every 30 s').state).toBe(
      'pass',
    );
    expect(stream('At Least Once: every message ACKed', 'at least once').state).toBe('pass');
  });

  it('the same unreadable words on every side agree; different ones go to a reviewer', () => {
    const same = 'reads served by whichever copy answers first';
    const agree = runCheck(
      checkById('F-DUR-2')!,
      pair({ settings: { confirmedReads: same } }, { settings: { confirmedReads: same } }),
    );
    expect(agree.state).toBe('pass');
    const other = runCheck(
      checkById('F-DUR-2')!,
      pair({ settings: { confirmedReads: same } }, { settings: { confirmedReads: 'copies answer in turn' } }),
    );
    expect(other.state).toBe('needs_review');
    // The same words that admit they do not know are the same ignorance, not the same setup.
    const unknownBoth = 'client and server pods; nodes not stated';
    const ignorance = runCheck(
      checkById('F-TOPO-2')!,
      pair({ topology: { clientPlacement: unknownBoth } }, { topology: { clientPlacement: unknownBoth } }),
    );
    expect(ignorance.state).not.toBe('pass');
  });

  it('F-CLIENT-2 reads "pipelining unsupported" as one request per connection', () => {
    const r = runCheck(
      checkById('F-CLIENT-2')!,
      pair(
        { client: { connections: 100, pipelineDepth: 24 } },
        { client: { connections: 100, pipelineDepth: 'pipelining unsupported by the server' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/A: 2,400 vs B: 100/);
    expect(r.message).toMatch(/A: pipelined vs B: sequential/);
  });

  it('runChecks runs the whole catalogue in order and validates its input', () => {
    const results = runChecks(pair({}, {}));
    expect(results.map((r) => r.id)).toEqual(CHECKS.map((c) => c.id));
    expect(results).toHaveLength(39);
    expect(() => runChecks({ entries: [] })).toThrow();
  });
});
