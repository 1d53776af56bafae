// The provenance document of a run (packages/contracts/src/provenance.ts). Every value carries its
// origin: captured by the agent, declared by a person or file, or imported from a publication.
// Groups list the fields the fairness checks read; extra fields are allowed (catchall) so a
// tool can record more than we know about today.
import { z } from 'zod';

/**
 * A link shown to readers: http or https only, so a stored `javascript:` or `data:` URL can never
 * become a clickable script on a page (z.url alone accepts any scheme).
 */
export const WebUrl = (message: string) => z.url({ protocol: /^https?$/, message }).max(2048);

/** A stored link as pages may show it: the URL when it is http(s), else null (older rows were not checked). */
export function webUrlOrNull(value: string | null | undefined): string | null {
  return value && WebUrl('').safeParse(value).success ? value : null;
}

export const Origin = z.enum(['captured', 'declared', 'imported']);
export type Origin = z.infer<typeof Origin>;

const Text = z.string().max(4096);
const Scalar = z.union([Text, z.number().finite(), z.boolean(), z.null()]);
/** A record's values: scalars or lists of them ({ concurrencyLevels: [64, 256, 512] }). */
const Record_ = z.record(z.string().max(128), z.union([Scalar, z.array(Scalar).max(256)]));
/**
 * A scalar, a list, a record, or a list of records (components: [{ name, version, role }]) —
 * two levels deep at most, so a value is always bounded.
 */
export const FieldValue = z.union([Scalar, z.array(z.union([Scalar, Record_])).max(256), Record_]);
export type FieldValue = z.infer<typeof FieldValue>;

const FIELD_SHAPE =
  'write each field as { "value": …, "origin": "imported" | "declared" | "captured", "source": "where it is printed" }, e.g. "isolationLevel": { "value": "serializable", "origin": "imported", "source": "§3" }';

/** One recorded value with where it came from. */
export const Field = z.strictObject(
  {
    value: FieldValue,
    origin: Origin,
    /** For imported values: the URL or document section; for captured: the probe (e.g. /proc/cpuinfo). */
    source: z.string().max(2048).optional(),
    /** For imported values quoted as "estimated" or similar. */
    quality: z.enum(['measured', 'estimated', 'quoted']).optional(),
    /**
     * A source says this side differs from the others on this field without printing the value
     * (a rebuttal: "tuned for them, defaults for us"). The value may then be null.
     */
    differs: z.literal(true).optional(),
  },
  {
    // "expected object, received number" does not say to wrap the value: this does.
    error: (issue) =>
      issue.code === 'invalid_type' ? `${FIELD_SHAPE}, not a bare ${typeof issue.input}` : undefined,
  },
);
export type Field = z.infer<typeof Field>;

function group<T extends readonly string[]>(keys: T) {
  const shape = Object.fromEntries(keys.map((key) => [key, Field.optional()])) as {
    [K in T[number]]: z.ZodOptional<typeof Field>;
  };
  return z.object(shape).catchall(Field);
}

export const RunGroup = group([
  'benchmark',
  'benchmarkVersion',
  'startedAt',
  'endedAt',
  'submitter',
  /** audited | unofficial | estimate */
  'compliance',
  /** closed (standard rules) | open (modified) */
  'division',
  'repetitionGroup',
  /** "all runs", "best of 3", ... */
  'selectionRule',
  /** Check ids or provenance groups a person declares as intended differences ("F-HW-1", "hardware"). */
  'declaredDifferences',
  /** The setup as the publication describes it in prose; the checks read settings out of it. */
  'notes',
] as const);

export const HardwareGroup = group([
  'hostType',
  'arch',
  'cpuModel',
  'cpuVendor',
  'cpuFamily',
  'hwAvailability',
  'cores',
  'threads',
  'vcpus',
  'maxFrequencyMhz',
  'caches',
  'memoryBytes',
  'storageType',
  'storageBytes',
  'network',
  'accelerators',
  'governor',
  'turbo',
  'smt',
  'microcode',
  'loadAverage',
  'diskScheduler',
  'mountOptions',
  /** vCPUs the system under test could use: pinned cores, a container CPU limit, its threads. */
  'vcpusUsed',
  /** A memory limit below the machine's memory (container limit, max heap, maxmemory). */
  'memoryLimitBytes',
  /** CPU sockets per node: two sockets bring two memory controllers and a NUMA boundary. */
  'sockets',
  /** How the processors are cooled (stock cooler, tower, liquid): it decides how long boost lasts. */
  'cooling',
  /** Firmware power settings (PL1/PL2, loadline, TDP): they decide sustained clocks. */
  'powerLimits',
] as const);

export const NodeSoftwareGroup = group([
  'osName',
  'osVersion',
  'kernel',
  'containerImage',
  'virtualization',
  'container',
  /** Server processes (instances, shards) on the node. */
  'processes',
  'threadsPerProcess',
] as const);

export const Node = z.strictObject({
  role: z.enum(['sut', 'client', 'aux']),
  name: z.string().min(1).max(200),
  /** Identical nodes may be described once with a count (e.g. 81 × c5d.9xlarge). */
  count: z.number().int().min(1).max(100_000).default(1),
  hardware: HardwareGroup.default({}),
  software: NodeSoftwareGroup.default({}),
  /** Cloud instance identity (provider, region, zone, instance type) as captured. */
  cloud: z.record(z.string().max(128), Field).default({}),
});
export type Node = z.infer<typeof Node>;

export const SoftwareGroup = group([
  /** value: { name: version } or [{ name, version, purl, role }] */
  'components',
  'buildType',
  'compiler',
  'compilerFlags',
  'vcsRepository',
  'vcsCommit',
  'vcsBranch',
  'vcsDirty',
  'configuration',
  'configurationDiff',
  'nonDefaultSettings',
  'releaseDate',
] as const);

export const TopologyGroup = group([
  'nodeCount',
  'replicationFactor',
  'survivalGoal',
  'cloudProvider',
  'region',
  'zone',
  /** same-host | same-zone | cross-zone | cross-region */
  'clientPlacement',
  'rttMs',
  'extraHops',
] as const);

export const WorkloadGroup = group([
  'name',
  'specVersion',
  'implementationRepository',
  'implementationCommit',
  'parameters',
  'scale',
  'warehouses',
  'mix',
  'skew',
  'keyingThinkTimes',
  'seed',
  'datasetHash',
  'schemaHash',
  'features',
  'variant',
  'loadTimeMs',
  'consistencyChecks',
  /** How many operation types the benchmark defines (TPC-C: 5), for "reported / total". */
  'operationTypes',
  /** Share of each terminal's time spent in keying/think waits (0–1). */
  'waitFraction',
  /** The indexes the workload's queries can use, per side (a missing index turns a lookup into a scan). */
  'indexes',
] as const);

export const SettingsGroup = group([
  'isolationLevel',
  /** local-fsync | replicated-quorum-fsync | async-commit | no-fsync */
  'durability',
  'durabilityRaw',
  'acknowledgement',
  'confirmedReads',
] as const);

export const ClientGroup = group([
  'language',
  'runtimeVersion',
  'driver',
  'driverVersion',
  'orm',
  'protocol',
  'connections',
  'workers',
  /** Load-generator threads. */
  'threads',
  'maxInFlight',
  'pipelineDepth',
  /** open | closed | partly-open */
  'loadModel',
  'targetRate',
  'retryPolicy',
  'timeoutPolicy',
  'clientCpuPct',
  /** How far the load generator fell behind its schedule (ms). */
  'scheduleLagMs',
  /** How the client encodes what it sends (a marshaler, a serializer, JSON vs a binary codec). */
  'codec',
] as const);

export const MeasurementGroup = group([
  /** client-ack | server-counter */
  'throughputSource',
  /** intended | actual */
  'latencyOrigin',
  /** initiate | complete */
  'latencyEndPoint',
  'histogramFormat',
  'precisionDigits',
  'intervalMs',
  'warmupMs',
  'rampMs',
  'durationMs',
  /** cold | warm | hot */
  'cacheState',
  /** merged-histograms | averaged-percentiles | ... */
  'aggregation',
  'coCorrection',
  'formulaIds',
  'repetitions',
  /** Whether failed operations are counted (as errors) rather than dropped or retried silently. */
  'errorsCounted',
  /** Whether loading or preprocessing time is part of the reported result. */
  'loadTimeIncluded',
  /** What the timer covers, from where to where (building the request, serializing, the round trip). */
  'timedRegion',
] as const);

export const CostGroup = group([
  'pricingModel',
  'currency',
  'priceDate',
  'region',
  'unitPricePerNodeHour',
  'clusterCostPerHour',
  'included',
  'horizon',
  'priceSource',
] as const);

export const Provenance = z.strictObject({
  schemaVersion: z.literal(1).default(1),
  run: RunGroup.default({}),
  nodes: z.array(Node).max(64).default([]),
  software: SoftwareGroup.default({}),
  topology: TopologyGroup.default({}),
  workload: WorkloadGroup.default({}),
  settings: SettingsGroup.default({}),
  client: ClientGroup.default({}),
  measurement: MeasurementGroup.default({}),
  cost: CostGroup.default({}),
});
export type Provenance = z.infer<typeof Provenance>;
export type ProvenanceInput = z.input<typeof Provenance>;

/** The groups of whole-run values (every group but the nodes), in provenance.md's order. */
export const VALUE_GROUPS = [
  'run',
  'software',
  'topology',
  'workload',
  'settings',
  'client',
  'measurement',
  'cost',
] as const;
export type ValueGroup = (typeof VALUE_GROUPS)[number];

/** The groups in the order provenance.md lists them; views and diffs walk this list. */
export const PROVENANCE_GROUPS = ['run', 'nodes', ...VALUE_GROUPS.slice(1)] as const;

const AiScope = z.enum(['harness-code', 'configuration', 'analysis', 'report-text', 'figures']);

export const Disclosure = z.strictObject({
  authors: z
    .array(z.strictObject({ name: z.string().min(1).max(200), affiliation: z.string().max(200).optional() }))
    .max(100)
    .default([]),
  affiliation: z.string().max(500).optional(),
  conflictOfInterest: z.string().max(4000).optional(),
  otherVendorConsulted: z.enum(['yes', 'no', 'not-stated']).default('not-stated'),
  artefacts: z
    .array(
      z.strictObject({
        url: WebUrl('must be a full http(s) URL such as https://example.org/harness'),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional(),
      }),
    )
    .max(100)
    .default([]),
  ai: z
    .strictObject({
      declared: z.enum(['yes', 'no', 'not-stated']).default('not-stated'),
      scopes: z.array(AiScope).max(5).default([]),
      tools: z.array(z.string().min(1).max(200)).max(50).default([]),
      promptLog: z.string().max(200_000).optional(),
      promptLogUrl: WebUrl('must be a full http(s) URL such as https://example.org/harness').optional(),
      /** Captured from commit trailers by the agent. */
      evidence: z
        .array(
          z.strictObject({
            commit: z.string().max(64),
            trailer: z.string().max(500),
            origin: Origin.default('captured'),
          }),
        )
        .max(500)
        .default([]),
      humanResponsible: z.string().max(200).optional(),
      humanReviewed: z.boolean().optional(),
    })
    .default({ declared: 'not-stated', scopes: [], tools: [], evidence: [] }),
});
export type Disclosure = z.infer<typeof Disclosure>;
export type DisclosureInput = z.input<typeof Disclosure>;

export const RunLabels = z.record(
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:/-]+$/),
  z.string().max(256),
);
export type RunLabels = z.infer<typeof RunLabels>;

/** The known fields of each group, in catalogue order (forms and diffs list these first). */
export const GROUP_FIELDS = {
  run: Object.keys(RunGroup.shape),
  hardware: Object.keys(HardwareGroup.shape),
  nodeSoftware: Object.keys(NodeSoftwareGroup.shape),
  software: Object.keys(SoftwareGroup.shape),
  topology: Object.keys(TopologyGroup.shape),
  workload: Object.keys(WorkloadGroup.shape),
  settings: Object.keys(SettingsGroup.shape),
  client: Object.keys(ClientGroup.shape),
  measurement: Object.keys(MeasurementGroup.shape),
  cost: Object.keys(CostGroup.shape),
} as const;

/** Where a group's fields live in the document, for messages ("nodes[].hardware"). */
const GROUP_PLACES = {
  run: 'run',
  hardware: 'nodes[].hardware',
  nodeSoftware: 'nodes[].software',
  software: 'software',
  topology: 'topology',
  workload: 'workload',
  settings: 'settings',
  client: 'client',
  measurement: 'measurement',
  cost: 'cost',
} as const;

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      prev = row[j] as number;
      row[j] = next;
    }
  }
  return row[b.length] as number;
}

/** A key as field names are matched: case and separators ignored. */
const flatKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The known field a mistyped key most likely meant (case and separators ignored), if any is close. */
export function suggestField(group: keyof typeof GROUP_FIELDS, key: string): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of GROUP_FIELDS[group]) {
    const [k, n] = [flatKey(key), flatKey(name)];
    // "isolation" for "isolationLevel": a prefix is as good as a close spelling.
    const d = k === n ? 0 : k.length >= 4 && (n.startsWith(k) || k.startsWith(n)) ? 1 : distance(k, n);
    if (!best || d < best.d) best = { name, d };
  }
  return best && best.d <= Math.max(2, Math.floor(key.length / 3)) ? best.name : undefined;
}

/**
 * The place of a key that is a field of another group ("measurement.selectionRule" belongs to
 * run): kept where it was written, no check would ever read it.
 */
function homeGroupOf(group: keyof typeof GROUP_FIELDS, key: string): string | undefined {
  for (const [other, names] of Object.entries(GROUP_FIELDS) as [
    keyof typeof GROUP_FIELDS,
    readonly string[],
  ][]) {
    if (other === group) continue;
    const name = names.find((n) => flatKey(n) === flatKey(key));
    if (name) return `${GROUP_PLACES[other]}.${name}`;
  }
  return undefined;
}

/** A field a person adds that the contract does not know: allowed when its name says so. */
export const CUSTOM_FIELD_PREFIX = 'x-';

export interface UnknownField {
  /** Path in the document, e.g. ['nodes', 0, 'hardware', 'vCPUs']. */
  path: (string | number)[];
  message: string;
  /** The contract field the key most likely meant: then it is a misspelling, refused on import. */
  suggestion?: string;
}

/**
 * Keys of a provenance document the contract does not know. Agents may record more than the
 * contract names (catchall groups). A person entering provenance is told about a probable
 * misspelling ("hardware.vCPUs: did you mean vcpus?", refused on import); a key close to no
 * field is a fact of their own, kept and compared by F-DISC-5's generic rule (named "x-…" to
 * say so explicitly).
 */
export function unknownFields(provenance: ProvenanceInput): UnknownField[] {
  const out: UnknownField[] = [];
  eachGroup(provenance, (group, fields, path) => {
    for (const key of Object.keys(fields)) {
      if (key.startsWith(CUSTOM_FIELD_PREFIX) || (GROUP_FIELDS[group] as readonly string[]).includes(key))
        continue;
      const elsewhere = homeGroupOf(group, key);
      if (elsewhere) {
        out.push({
          path: [...path, key],
          suggestion: elsewhere,
          message: `“${key}” is a field of ${elsewhere.slice(0, elsewhere.lastIndexOf('.'))}, not of ${GROUP_PLACES[group]}: move it to ${elsewhere}, where the checks read it.`,
        });
        continue;
      }
      const suggestion = suggestField(group, key);
      out.push({
        path: [...path, key],
        ...(suggestion ? { suggestion } : {}),
        message: suggestion
          ? `unknown field “${key}” in ${GROUP_PLACES[group]}: did you mean “${suggestion}”? The fields there are ${GROUP_FIELDS[group].join(', ')}; name a field of your own “${CUSTOM_FIELD_PREFIX}${key}”.`
          : `“${key}” is not a field of ${GROUP_PLACES[group]}: kept as a field of your own, which only F-DISC-5 compares between sides (the fields the checks read are ${GROUP_FIELDS[group].join(', ')}).`,
      });
    }
  });
  return out;
}

/** Calls `visit` with every group of fields in the document: the value groups, then each node's. */
function eachGroup(
  provenance: ProvenanceInput,
  visit: (
    group: keyof typeof GROUP_FIELDS,
    fields: Record<string, unknown>,
    path: (string | number)[],
  ) => void,
): void {
  const fieldsOf = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  for (const group of VALUE_GROUPS) visit(group, fieldsOf(provenance[group]), [group]);
  (provenance.nodes ?? []).forEach((node, i) => {
    visit('hardware', fieldsOf(node.hardware), ['nodes', i, 'hardware']);
    visit('nodeSoftware', fieldsOf(node.software), ['nodes', i, 'software']);
  });
}

/**
 * Paths of fields that claim origin "captured". Only the agent captures, on the machine it
 * measures; a person or a publication's importer may only declare or import, so a document
 * entered by hand that claims "captured" is refused rather than shown with a badge it did not earn.
 */
export function capturedFields(provenance: ProvenanceInput): (string | number)[][] {
  const out: (string | number)[][] = [];
  eachGroup(provenance, (_group, fields, path) => {
    for (const [key, field] of Object.entries(fields))
      if ((field as { origin?: unknown } | undefined)?.origin === 'captured') out.push([...path, key]);
  });
  return out;
}
