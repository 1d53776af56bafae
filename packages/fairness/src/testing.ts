// Builders for comparison inputs in tests and fixtures: plain values become Fields
// ({ value, origin: 'declared' }); objects that already look like a Field are kept.
import type { Field, ProvenanceInput } from '@levelfield/contracts/provenance';
import { ComparisonInput, type ComparisonInput as ComparisonInputT } from './schema.ts';

type Scalar = string | number | boolean | null;
export type Plain = Scalar | Scalar[] | Record<string, Scalar> | Record<string, Scalar>[] | Field;
export type PlainGroup = Record<string, Plain>;

export interface NodeSpec {
  role?: 'sut' | 'client' | 'aux';
  name?: string;
  count?: number;
  hardware?: PlainGroup;
  software?: PlainGroup;
  cloud?: PlainGroup;
}

export interface RunSpec {
  id?: string;
  name?: string;
  source?: 'agent' | 'import' | 'published';
  run?: PlainGroup;
  nodes?: NodeSpec[];
  software?: PlainGroup;
  topology?: PlainGroup;
  workload?: PlainGroup;
  settings?: PlainGroup;
  client?: PlainGroup;
  measurement?: PlainGroup;
  cost?: PlainGroup;
  disclosure?: Record<string, unknown>;
  values?: Record<string, unknown>[];
  series?: Record<string, unknown>[];
}

function isField(v: Plain): v is Field {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && 'origin' in v && 'value' in v;
}

export function asField(v: Plain): Field {
  return isField(v) ? v : { value: v as Field['value'], origin: 'declared' };
}

export function group(g: PlainGroup | undefined): Record<string, Field> {
  return Object.fromEntries(Object.entries(g ?? {}).map(([k, v]) => [k, asField(v)]));
}

let counter = 0;

export function provenance(spec: RunSpec): ProvenanceInput {
  return {
    run: group(spec.run),
    nodes: (spec.nodes ?? []).map((n, i) => ({
      role: n.role ?? 'sut',
      name: n.name ?? `${n.role ?? 'sut'}-${i}`,
      count: n.count ?? 1,
      hardware: group(n.hardware),
      software: group(n.software),
      cloud: group(n.cloud),
    })),
    software: group(spec.software),
    topology: group(spec.topology),
    workload: group(spec.workload),
    settings: group(spec.settings),
    client: group(spec.client),
    measurement: group(spec.measurement),
    cost: group(spec.cost),
  };
}

export function run(spec: RunSpec = {}) {
  counter += 1;
  return {
    id: spec.id ?? `run-${counter}`,
    name: spec.name ?? `run ${counter}`,
    source: spec.source ?? 'agent',
    provenance: provenance(spec),
    disclosure: spec.disclosure ?? {},
    values: spec.values ?? [],
    series: spec.series ?? [],
  };
}

/** An entry with one run (a spec) or several. */
export function side(label: string, spec: RunSpec | RunSpec[] = {}, system?: string) {
  const runs = (Array.isArray(spec) ? spec : [spec]).map((s) => run(s));
  return system ? { label, system, runs } : { label, runs };
}

export function comparison(...entries: ReturnType<typeof side>[]): ComparisonInputT {
  return ComparisonInput.parse({ entries });
}

/** Two sides A and B. */
export function pair(a: RunSpec, b: RunSpec, systems?: [string, string]): ComparisonInputT {
  return comparison(side('A', a, systems?.[0]), side('B', b, systems?.[1]));
}

/** Imported field with its document section. */
export function imported(value: Field['value'], source: string, quality?: Field['quality']): Field {
  return quality ? { value, origin: 'imported', source, quality } : { value, origin: 'imported', source };
}

/**
 * A run that records every field of the provenance contract with a plausible value: two of them
 * side by side make a comparison where every check has evidence on both sides.
 */
export function fullySpecifiedRun(): RunSpec {
  return {
    run: {
      benchmark: 'TPC-C',
      benchmarkVersion: '5.11',
      startedAt: '2026-01-10T10:00:00Z',
      endedAt: '2026-01-10T11:00:00Z',
      submitter: 'someone',
      compliance: 'unofficial',
      division: 'closed',
      repetitionGroup: 'g1',
      selectionRule: 'all runs',
      declaredDifferences: [],
      notes: 'Three nodes in one zone.',
    },
    nodes: [
      {
        role: 'sut',
        count: 3,
        hardware: {
          hostType: 'm6i.4xlarge',
          arch: 'x86_64',
          cpuModel: 'Intel Xeon Platinum 8375C',
          cpuVendor: 'Intel',
          cpuFamily: 'Ice Lake',
          hwAvailability: '2021-08',
          cores: 8,
          threads: 16,
          vcpus: 16,
          maxFrequencyMhz: 3500,
          caches: 'L3 54 MB',
          memoryBytes: '64 GiB',
          storageType: 'gp3',
          storageBytes: '1 TB',
          network: '12.5 Gbps',
          accelerators: 'none',
          governor: 'performance',
          turbo: true,
          smt: true,
          microcode: '0xd0003a5',
          loadAverage: 0.1,
          diskScheduler: 'none',
          mountOptions: 'noatime',
          vcpusUsed: 16,
          memoryLimitBytes: '64 GiB',
          sockets: 1,
          cooling: 'cloud provider managed',
          powerLimits: 'provider default',
        },
        software: {
          osName: 'Ubuntu',
          osVersion: '22.04',
          kernel: '6.5.0',
          containerImage: 'none',
          virtualization: 'kvm',
          container: false,
          processes: 1,
          threadsPerProcess: 16,
        },
        cloud: { provider: 'aws', region: 'us-east-1', zone: 'us-east-1a' },
      },
      {
        role: 'client',
        count: 1,
        hardware: { hostType: 'c6i.2xlarge', arch: 'x86_64', cpuModel: 'Intel Xeon Platinum 8375C' },
        cloud: { provider: 'aws', region: 'us-east-1', zone: 'us-east-1a' },
      },
    ],
    software: {
      components: [{ name: 'OpenJDK', version: '21.0.2' }],
      buildType: 'release',
      compiler: 'gcc 12.2',
      compilerFlags: '-O2',
      vcsRepository: 'https://example.org/harness',
      vcsCommit: 'abc123',
      vcsBranch: 'main',
      vcsDirty: false,
      configuration: { cache_size: '8GB' },
      configurationDiff: { cache_size: '8GB' },
      nonDefaultSettings: ['cache_size'],
      releaseDate: '2025-06-01',
    },
    topology: {
      nodeCount: 3,
      replicationFactor: 3,
      survivalGoal: 'zone',
      cloudProvider: 'aws',
      region: 'us-east-1',
      zone: 'us-east-1a',
      clientPlacement: 'same zone',
      rttMs: 0.3,
      extraHops: 0,
    },
    workload: {
      name: 'TPC-C',
      specVersion: '5.11',
      implementationRepository: 'https://github.com/example/tpcc',
      implementationCommit: 'def456',
      parameters: { terminals: 10 },
      scale: 100,
      warehouses: 100,
      mix: 'standard',
      skew: 'uniform',
      keyingThinkTimes: 'disabled',
      seed: 42,
      datasetHash: 'sha256:aaaa',
      schemaHash: 'sha256:bbbb',
      features: ['foreign keys'],
      variant: 'standard',
      loadTimeMs: 60000,
      consistencyChecks: 'passed',
      operationTypes: 5,
      waitFraction: 0,
      indexes: 'primary keys and the TPC-C secondary indexes',
    },
    settings: {
      isolationLevel: 'serializable',
      durability: 'replicated-quorum-fsync',
      durabilityRaw: 'raft quorum',
      acknowledgement: 'after replicated',
      confirmedReads: true,
    },
    client: {
      language: 'Go',
      runtimeVersion: 'go1.22',
      driver: 'pgx',
      driverVersion: '5.5',
      orm: 'none',
      protocol: 'pgwire',
      connections: 64,
      workers: 64,
      threads: 8,
      maxInFlight: 64,
      pipelineDepth: 1,
      loadModel: 'closed',
      targetRate: 1000,
      retryPolicy: 'none',
      timeoutPolicy: '10s',
      clientCpuPct: 40,
      scheduleLagMs: 1,
      codec: 'pgwire binary',
    },
    measurement: {
      throughputSource: 'client ack',
      latencyOrigin: 'intended',
      latencyEndPoint: 'complete',
      histogramFormat: 'HdrHistogram',
      precisionDigits: 3,
      intervalMs: 1000,
      warmupMs: 300000,
      rampMs: 60000,
      durationMs: 3600000,
      cacheState: 'warm',
      aggregation: 'merged histograms',
      coCorrection: true,
      formulaIds: ['tpcc-efficiency/12.86', 'cost-per-tpmc-hour'],
      repetitions: 3,
      errorsCounted: true,
      loadTimeIncluded: false,
      timedRegion: 'from the transaction start to its commit acknowledgement',
    },
    cost: {
      pricingModel: 'on-demand',
      currency: 'USD',
      priceDate: '2026-01-01',
      region: 'us-east-1',
      unitPricePerNodeHour: 0.768,
      clusterCostPerHour: 2.304,
      included: 'compute and storage',
      horizon: 'hourly',
      priceSource: 'https://aws.amazon.com/ec2/pricing/',
    },
    disclosure: { ai: { declared: 'no' }, artefacts: [{ url: 'https://example.org/harness' }] },
    values: [{ metric: 'tpmC', value: 1000, unit: 'tpmC', origin: 'declared' }],
  };
}

/** A copy of the input with one field of one entry's runs replaced (`group.key` or `nodes.role.group.key`). */
export function withField(
  input: ComparisonInputT,
  entry: number,
  path: string,
  field: Field,
): ComparisonInputT {
  const copy = structuredClone(input);
  const parts = path.split('.');
  for (const r of copy.entries[entry]?.runs ?? []) {
    if (parts[0] === 'nodes') {
      const node = r.provenance.nodes.find((n) => n.role === parts[1]);
      if (node) (node[parts[2] as 'hardware'] as Record<string, Field>)[parts.slice(3).join('.')] = field;
    } else (r.provenance[parts[0] as 'run'] as Record<string, Field>)[parts.slice(1).join('.')] = field;
  }
  return copy;
}
