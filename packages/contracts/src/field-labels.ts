// What people read for each provenance field: a label, a one-line help and, for plain numbers,
// their unit. Pages name fields through here (describeField for the paths the provenance diff
// and the fairness checks use, "nodes.sut.hardware.hostType"), never by their raw key.
// field-labels.test.ts holds every field of GROUP_FIELDS to a label and a help.
import type {
  ClientGroup,
  CostGroup,
  HardwareGroup,
  MeasurementGroup,
  NodeSoftwareGroup,
  PROVENANCE_GROUPS,
  RunGroup,
  SettingsGroup,
  SoftwareGroup,
  TopologyGroup,
  WorkloadGroup,
} from './provenance.ts';
import { VALUE_GROUPS } from './provenance.ts';

/** Units of fields recorded as plain numbers: pages print them as 72 GiB, 1.5 s, 45 %. */
export type FieldUnit = 'bytes' | 'ms' | 'MHz' | 'percent' | 'fraction';

export interface FieldLabel {
  label: string;
  help: string;
  unit?: FieldUnit;
}

type Labels<Shape> = { [K in keyof Shape]: FieldLabel };

export const FIELD_LABELS: {
  run: Labels<typeof RunGroup.shape>;
  hardware: Labels<typeof HardwareGroup.shape>;
  nodeSoftware: Labels<typeof NodeSoftwareGroup.shape>;
  software: Labels<typeof SoftwareGroup.shape>;
  topology: Labels<typeof TopologyGroup.shape>;
  workload: Labels<typeof WorkloadGroup.shape>;
  settings: Labels<typeof SettingsGroup.shape>;
  client: Labels<typeof ClientGroup.shape>;
  measurement: Labels<typeof MeasurementGroup.shape>;
  cost: Labels<typeof CostGroup.shape>;
} = {
  run: {
    benchmark: { label: 'Benchmark', help: 'The benchmark that was run, e.g. TPC-C or pgbench.' },
    benchmarkVersion: { label: 'Benchmark version', help: 'Version of the benchmark tool or kit.' },
    startedAt: { label: 'Started', help: 'When the measured run began.' },
    endedAt: { label: 'Ended', help: 'When the measured run finished.' },
    submitter: { label: 'Submitter', help: 'Who ran and submitted the result.' },
    compliance: {
      label: 'Compliance',
      help: 'Audited, unofficial or an estimate: how far the result was checked against the rules.',
    },
    division: {
      label: 'Division',
      help: 'Closed (the standard rules) or open (rules modified for this run).',
    },
    repetitionGroup: {
      label: 'Repetition group',
      help: 'Runs that repeat one setup share this name, so they are compared as one entry.',
    },
    selectionRule: {
      label: 'Selection rule',
      help: 'Which runs the result reports: all of them, the best of N, the median…',
    },
    declaredDifferences: {
      label: 'Declared differences',
      help: 'Differences from the other side named on purpose (check ids or provenance groups).',
    },
    notes: { label: 'Notes', help: 'The setup as the source describes it in its own words.' },
  },
  hardware: {
    hostType: { label: 'Host type', help: 'Cloud instance type or machine model, e.g. c5d.9xlarge.' },
    arch: { label: 'Architecture', help: 'CPU instruction set, e.g. x86_64 or arm64.' },
    cpuModel: { label: 'CPU model', help: 'The processor as its vendor names it.' },
    cpuVendor: { label: 'CPU vendor', help: 'Intel, AMD, Ampere, AWS…' },
    cpuFamily: { label: 'CPU family', help: 'Processor generation, to compare hardware of the same age.' },
    hwAvailability: {
      label: 'Hardware availability',
      help: 'When this hardware became generally available.',
    },
    cores: { label: 'Cores', help: 'Physical CPU cores of the machine.' },
    threads: {
      label: 'Hardware threads',
      help: 'Logical CPUs the machine offers (cores × threads per core).',
    },
    vcpus: { label: 'vCPUs', help: 'Virtual CPUs of the instance or machine.' },
    maxFrequencyMhz: { label: 'Max CPU frequency', help: 'Highest clock rate a core reaches.', unit: 'MHz' },
    caches: { label: 'CPU caches', help: 'Cache sizes per level (L1, L2, L3).' },
    memoryBytes: { label: 'Memory', help: 'Main memory of the machine.', unit: 'bytes' },
    storageType: { label: 'Storage type', help: 'Local NVMe, network block storage, SSD, disk…' },
    storageBytes: {
      label: 'Storage size',
      help: 'Capacity of the storage the data lives on.',
      unit: 'bytes',
    },
    network: { label: 'Network', help: 'Network bandwidth or interface of the machine.' },
    accelerators: { label: 'Accelerators', help: 'GPUs or other accelerators attached.' },
    governor: {
      label: 'CPU governor',
      help: 'Frequency scaling policy; "performance" keeps clocks steady during a measurement.',
    },
    turbo: {
      label: 'Turbo boost',
      help: 'Whether cores may run above their base clock, which makes results vary.',
    },
    smt: { label: 'SMT', help: 'Simultaneous multithreading (Hyper-Threading): two threads per core.' },
    microcode: { label: 'Microcode', help: 'CPU microcode revision; some revisions change performance.' },
    loadAverage: {
      label: 'Load average',
      help: 'How busy the machine was with other work when the run began.',
    },
    diskScheduler: { label: 'Disk scheduler', help: 'The kernel’s I/O scheduler for the data disk.' },
    mountOptions: { label: 'Mount options', help: 'Options of the data file system, e.g. noatime.' },
    vcpusUsed: {
      label: 'vCPUs used',
      help: 'vCPUs the system under test could use: pinned cores, a container limit, its threads.',
    },
    memoryLimitBytes: {
      label: 'Memory limit',
      help: 'A limit below the machine’s memory: container limit, maximum heap, maxmemory.',
      unit: 'bytes',
    },
    sockets: {
      label: 'CPU sockets',
      help: 'Processor sockets per machine; two sockets add a NUMA boundary.',
    },
    cooling: {
      label: 'Cooling',
      help: 'How the processors are cooled; a better cooler holds boost clocks longer.',
    },
    powerLimits: {
      label: 'Power limits',
      help: 'Firmware power settings (PL1/PL2, loadline, TDP) that decide sustained clocks.',
    },
  },
  nodeSoftware: {
    osName: { label: 'Operating system', help: 'The OS distribution, e.g. Ubuntu.' },
    osVersion: { label: 'OS version', help: 'Release of the operating system.' },
    kernel: { label: 'Kernel', help: 'Kernel version the node ran.' },
    containerImage: {
      label: 'Container image',
      help: 'Image the software ran from, ideally pinned by digest.',
    },
    virtualization: { label: 'Virtualization', help: 'Hypervisor or bare metal.' },
    container: { label: 'Container', help: 'Whether the software ran in a container, and which runtime.' },
    processes: { label: 'Server processes', help: 'Server processes (instances, shards) on the node.' },
    threadsPerProcess: { label: 'Threads per process', help: 'Worker threads each server process ran.' },
  },
  software: {
    components: { label: 'Software versions', help: 'Each component of the system and its version.' },
    buildType: { label: 'Build type', help: 'Release or debug build.' },
    compiler: { label: 'Compiler', help: 'Compiler that built the system, with its version.' },
    compilerFlags: { label: 'Compiler flags', help: 'Optimisation and target flags of the build.' },
    vcsRepository: { label: 'Source repository', help: 'Where the code of the system under test lives.' },
    vcsCommit: { label: 'Source commit', help: 'The exact commit that was built.' },
    vcsBranch: { label: 'Source branch', help: 'Branch the commit was on.' },
    vcsDirty: {
      label: 'Uncommitted changes',
      help: 'Whether the working tree had changes not in the commit, so the build cannot be reproduced.',
    },
    configuration: { label: 'Configuration', help: 'Configuration files or settings the system ran with.' },
    configurationDiff: {
      label: 'Configuration changes',
      help: 'How the configuration differs from the defaults.',
    },
    nonDefaultSettings: {
      label: 'Non-default settings',
      help: 'Settings changed from their defaults, by name.',
    },
    releaseDate: { label: 'Release date', help: 'When the version under test was released.' },
  },
  topology: {
    nodeCount: { label: 'Node count', help: 'Nodes of the system under test.' },
    replicationFactor: { label: 'Replication factor', help: 'Copies kept of each piece of data.' },
    survivalGoal: {
      label: 'Survival goal',
      help: 'The failure the cluster is set to survive: a node, a zone, a region.',
    },
    cloudProvider: { label: 'Cloud provider', help: 'AWS, GCP, Azure, on premises…' },
    region: { label: 'Region', help: 'Cloud region the system ran in.' },
    zone: { label: 'Zone', help: 'Availability zones the nodes were spread over.' },
    clientPlacement: {
      label: 'Client placement',
      help: 'Where the load generator ran: same host, same zone, another zone or region.',
    },
    rttMs: {
      label: 'Client–server round trip',
      help: 'Network round-trip time between client and server.',
      unit: 'ms',
    },
    extraHops: { label: 'Extra hops', help: 'Proxies or RPC hops between the client and the data.' },
  },
  workload: {
    name: { label: 'Workload', help: 'The workload as its specification names it.' },
    specVersion: { label: 'Specification version', help: 'Version of the workload’s specification.' },
    implementationRepository: {
      label: 'Implementation repository',
      help: 'Where the code that drives the workload lives.',
    },
    implementationCommit: {
      label: 'Implementation commit',
      help: 'The commit of the workload driver that ran.',
    },
    parameters: { label: 'Parameters', help: 'Workload parameters as given to the driver.' },
    scale: { label: 'Scale', help: 'Size of the data set in the benchmark’s own unit.' },
    warehouses: {
      label: 'Warehouses',
      help: 'TPC-C scale: each warehouse adds about 100 MB and ten terminals.',
    },
    mix: { label: 'Transaction mix', help: 'Share of each operation type in the load.' },
    skew: { label: 'Access skew', help: 'How unevenly keys are accessed, e.g. a Zipf constant.' },
    keyingThinkTimes: {
      label: 'Keying and think times',
      help: 'Whether terminals pause between transactions as the specification requires.',
    },
    seed: { label: 'Random seed', help: 'Seed of the workload’s random choices.' },
    datasetHash: {
      label: 'Data set hash',
      help: 'Checksum of the loaded data, to show both sides used the same.',
    },
    schemaHash: { label: 'Schema hash', help: 'Checksum of the schema, to show both sides used the same.' },
    features: {
      label: 'Features',
      help: 'Stored procedures, ORM, batching, foreign keys… as the workload used them.',
    },
    variant: { label: 'Variant', help: 'A change from the standard workload, named.' },
    loadTimeMs: {
      label: 'Load time',
      help: 'Time spent loading the data before the measurement.',
      unit: 'ms',
    },
    consistencyChecks: {
      label: 'Consistency checks',
      help: 'Correctness checks run after the load, and their outcome.',
    },
    operationTypes: {
      label: 'Operation types',
      help: 'How many operation types the benchmark defines (TPC-C: 5), for "reported / total".',
    },
    waitFraction: {
      label: 'Wait fraction',
      help: 'Share of each terminal’s time spent in keying and think waits.',
      unit: 'fraction',
    },
    indexes: {
      label: 'Indexes',
      help: 'The indexes the queries can use; a missing index turns a lookup into a scan.',
    },
  },
  settings: {
    isolationLevel: {
      label: 'Isolation level',
      help: 'Transaction isolation, e.g. serializable or read committed.',
    },
    durability: {
      label: 'Durability',
      help: 'When a commit is safe: local fsync, replicated quorum fsync, asynchronous commit, no fsync.',
    },
    durabilityRaw: {
      label: 'Durability settings',
      help: 'The settings behind the durability, as configured.',
    },
    acknowledgement: {
      label: 'Acknowledgement',
      help: 'When the system tells the client a write succeeded.',
    },
    confirmedReads: {
      label: 'Confirmed reads',
      help: 'Whether reads are confirmed against a quorum before answering.',
    },
  },
  client: {
    language: { label: 'Client language', help: 'Programming language of the load generator.' },
    runtimeVersion: { label: 'Runtime version', help: 'Version of the client’s language runtime.' },
    driver: { label: 'Driver', help: 'Database driver or client library.' },
    driverVersion: { label: 'Driver version', help: 'Version of the driver.' },
    orm: { label: 'ORM', help: 'Object-relational mapper between the workload and the driver, if any.' },
    protocol: { label: 'Wire protocol', help: 'Protocol the client spoke to the system.' },
    connections: { label: 'Connections', help: 'Open connections to the system.' },
    workers: { label: 'Workers', help: 'Concurrent clients or terminals issuing operations.' },
    threads: { label: 'Client threads', help: 'Threads of the load generator.' },
    maxInFlight: { label: 'Max in flight', help: 'Operations allowed to wait for an answer at once.' },
    pipelineDepth: {
      label: 'Pipeline depth',
      help: 'Operations sent per round trip (batching or pipelining).',
    },
    loadModel: {
      label: 'Load model',
      help: 'Open (a fixed arrival rate), closed (each client waits for its answer) or partly open.',
    },
    targetRate: { label: 'Target rate', help: 'Operations per second the client aimed for.' },
    retryPolicy: { label: 'Retry policy', help: 'How failed operations were retried.' },
    timeoutPolicy: { label: 'Timeout policy', help: 'When an operation was given up as failed.' },
    clientCpuPct: {
      label: 'Client CPU',
      help: 'How busy the load generator’s CPUs were; near 100 % it limits the result.',
      unit: 'percent',
    },
    scheduleLagMs: {
      label: 'Schedule lag',
      help: 'How far the load generator fell behind its schedule.',
      unit: 'ms',
    },
    codec: {
      label: 'Codec',
      help: 'How the client encodes what it sends: a marshaler, a serializer, JSON or a binary codec.',
    },
  },
  measurement: {
    throughputSource: {
      label: 'Throughput counted at',
      help: 'Where operations were counted: the client’s acknowledgements or a server counter.',
    },
    latencyOrigin: {
      label: 'Latency measured from',
      help: 'Intended start (includes waiting when the system falls behind) or actual send.',
    },
    latencyEndPoint: {
      label: 'Latency end point',
      help: 'Whether latency ends when an operation is initiated or complete.',
    },
    histogramFormat: {
      label: 'Histogram format',
      help: 'How latencies were recorded, e.g. HdrHistogram with 3 digits.',
    },
    precisionDigits: { label: 'Precision', help: 'Significant digits the latency histograms keep.' },
    intervalMs: { label: 'Reporting interval', help: 'Length of each recorded interval.', unit: 'ms' },
    warmupMs: { label: 'Warm-up', help: 'Time at the start left out of the results.', unit: 'ms' },
    rampMs: { label: 'Ramp-up', help: 'Time over which the load was raised to its full level.', unit: 'ms' },
    durationMs: { label: 'Measured duration', help: 'Length of the measurement after warm-up.', unit: 'ms' },
    cacheState: { label: 'Cache state', help: 'Cold, warm or hot caches when the measurement began.' },
    aggregation: {
      label: 'Aggregation',
      help: 'How results over time or runs were combined: merged histograms, averaged percentiles…',
    },
    coCorrection: {
      label: 'Coordinated-omission correction',
      help: 'Whether latencies were corrected for operations the client delayed while waiting.',
    },
    formulaIds: { label: 'Formulas', help: 'Ids of the formulas the reported metrics were computed with.' },
    repetitions: { label: 'Repetitions', help: 'How many times the measurement was repeated.' },
    errorsCounted: {
      label: 'Errors counted',
      help: 'Whether failed operations were counted as errors rather than dropped or retried silently.',
    },
    loadTimeIncluded: {
      label: 'Load time included',
      help: 'Whether loading or preprocessing time is part of the reported result.',
    },
    timedRegion: {
      label: 'Timed region',
      help: 'What the timer covers, from where to where: building the request, serializing, the round trip.',
    },
  },
  cost: {
    pricingModel: { label: 'Pricing model', help: 'On demand, reserved, spot, list price, a quote…' },
    currency: { label: 'Currency', help: 'Currency of the prices.' },
    priceDate: { label: 'Price date', help: 'When the prices were taken.' },
    region: { label: 'Price region', help: 'Region whose prices were used.' },
    unitPricePerNodeHour: { label: 'Price per node-hour', help: 'What one node costs for an hour.' },
    clusterCostPerHour: {
      label: 'Cluster cost per hour',
      help: 'What the whole system under test costs for an hour.',
    },
    included: {
      label: 'Included in cost',
      help: 'What the cost covers: compute, storage, network, licences, support.',
    },
    horizon: {
      label: 'Cost horizon',
      help: 'The period the cost is for: an hour, three years of ownership…',
    },
    priceSource: { label: 'Price source', help: 'Where the prices come from.' },
  },
};

/** The groups as pages title them. */
export const GROUP_LABELS: Record<(typeof PROVENANCE_GROUPS)[number] | 'disclosure', string> = {
  run: 'Run',
  nodes: 'Hardware and platform',
  software: 'Software',
  topology: 'Topology',
  workload: 'Workload',
  settings: 'Settings',
  client: 'Client',
  measurement: 'Measurement',
  cost: 'Cost',
  disclosure: 'Disclosure',
};

export const NODE_ROLE_LABELS: Record<string, string> = {
  sut: 'system under test',
  client: 'client',
  aux: 'auxiliary node',
};

const NODE_COUNT: FieldLabel = { label: 'Nodes', help: 'How many identical nodes of this kind there are.' };

/** The disclosure fields the provenance diff shows beside the provenance. */
const DISCLOSURE_LABELS: Record<string, FieldLabel> = {
  affiliation: { label: 'Affiliation', help: 'Whom the authors work for, or who paid for the work.' },
  conflictOfInterest: { label: 'Conflict of interest', help: 'A stake the authors have in the outcome.' },
  otherVendorConsulted: {
    label: 'Other vendor consulted',
    help: 'Whether the makers of the other systems were asked to review their setup.',
  },
  'ai.declared': { label: 'AI assistance', help: 'Whether AI tools helped with the code, analysis or text.' },
  'ai.scopes': {
    label: 'AI assistance scopes',
    help: 'What AI tools helped with: harness code, configuration, analysis…',
  },
  'ai.tools': { label: 'AI tools', help: 'The AI tools and models used.' },
  ai: { label: 'AI assistance', help: 'What the authors declare about AI tools in the work.' },
  authors: { label: 'Authors', help: 'Who did the work.' },
  artefacts: { label: 'Artefacts', help: 'Published code and configuration, pinned by hash or commit.' },
};

/** "cpuModel" → "CPU model": a field no label names (an agent's extra or a custom "x-" field). */
export function humanize(key: string): string {
  const words = key
    .replace(/^x-/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return (words.charAt(0).toUpperCase() + words.slice(1))
    .replace(/\bcpu\b/i, 'CPU')
    .replace(/\bvcs\b/i, 'VCS')
    .replace(/\bos\b/i, 'OS')
    .replace(/\becu\b/i, 'ECU');
}

/** The label of a field of a group, or its key made readable when no label names it. */
export function groupFieldLabel(
  group: keyof typeof FIELD_LABELS,
  key: string,
): FieldLabel | { label: string } {
  return Object.hasOwn(FIELD_LABELS[group], key)
    ? FIELD_LABELS[group][key as keyof (typeof FIELD_LABELS)[typeof group]]
    : { label: humanize(key) };
}

export interface DescribedField {
  label: string;
  help?: string;
  unit?: FieldUnit;
}

const VALUE_GROUP_KEYS: ReadonlySet<string> = new Set(VALUE_GROUPS);

/** A bare provenance path: "settings.isolationLevel", "nodes.sut.hardware.hostType", "disclosure.ai.declared". */
function labelOfPath(path: string): DescribedField {
  const [head = '', second = '', third = '', ...rest] = path.split('.');
  if (head === 'nodes') {
    const key = rest.join('.');
    const field =
      third === 'count'
        ? NODE_COUNT
        : third === 'hardware' && key
          ? groupFieldLabel('hardware', key)
          : third === 'software' && key
            ? groupFieldLabel('nodeSoftware', key)
            : { label: humanize(key || third) };
    return { ...field, label: `${field.label} · ${NODE_ROLE_LABELS[second] ?? second}` };
  }
  const key = [second, third, ...rest].filter(Boolean).join('.');
  if (head === 'disclosure') return DISCLOSURE_LABELS[key] ?? { label: humanize(key) };
  if (!VALUE_GROUP_KEYS.has(head)) return { label: path };
  const field = groupFieldLabel(head as keyof typeof FIELD_LABELS, second);
  const within = [third, ...rest].filter(Boolean).join('.');
  // A part of a field (one setting of the configuration) shares its help, not its unit.
  return within
    ? { label: `${field.label}: ${within}`, ...('help' in field ? { help: field.help } : {}) }
    : field;
}

/** Provenance paths inside a text: a node's field, or a field (and its parts) of a group. */
const PATH =
  /\b(?:nodes\.[\w-]+\.(?:count|(?:hardware|software|cloud)\.[\w-]+)|(?:run|software|topology|workload|settings|client|measurement|cost|disclosure)(?:\.[\w-]+)+)/g;

/** Whether a path names a field the contract knows (not "run.sh" or "client.js" in a value). */
function knownPath(path: string): boolean {
  const [head = '', second = '', third = '', ...rest] = path.split('.');
  if (head === 'nodes') {
    const key = rest[0] ?? '';
    return (
      third === 'count' ||
      (third === 'hardware' && Object.hasOwn(FIELD_LABELS.hardware, key)) ||
      (third === 'software' && Object.hasOwn(FIELD_LABELS.nodeSoftware, key))
    );
  }
  if (head === 'disclosure')
    return Object.hasOwn(DISCLOSURE_LABELS, [second, third, ...rest].filter(Boolean).join('.'));
  return VALUE_GROUP_KEYS.has(head) && Object.hasOwn(FIELD_LABELS[head as keyof typeof FIELD_LABELS], second);
}

/**
 * A sentence with the contract's field paths in it (a check's message or hint: "Cannot check the
 * measurement window: measurement.durationMs for A not recorded") with each known path in words
 * ("Measured duration for A"). Words that only look like paths ("run.sh") are left as written.
 */
export function describePathsIn(text: string): string {
  return text.replace(PATH, (path) => (knownPath(path) ? labelOfPath(path).label : path));
}

/**
 * A field named by its path, as the provenance diff and the fairness checks' evidence write it,
 * in words: "settings.isolationLevel" → Isolation level (with its help);
 * "nodes.sut.hardware.vcpus (total)" → vCPUs · system under test (total);
 * "client.targetRate / achieved" → Target rate / achieved. Text without a path is left as it is.
 */
export function describeField(text: string): DescribedField {
  const label = text
    .replace(/^software\.components\[name=([^\]]+)\]\.version$/, 'software.components ($1)')
    .replace(PATH, (path) => labelOfPath(path).label);
  const [whole] = text.match(PATH) ?? [];
  // Help and unit belong to the text when it is one field, qualified at most: "… (total)".
  const one = whole !== undefined && (text === whole || text.startsWith(`${whole} (`));
  if (!one) return { label };
  const { help, unit } = labelOfPath(whole);
  return { label, ...(help ? { help } : {}), ...(unit ? { unit } : {}) };
}
