// F-TOPO-*, F-DUR-*, F-ISO-*: cluster shape, network path, durability, isolation, correctness.
import {
  capitalise,
  compareFields,
  type FieldComparison,
  type FieldSpec,
  missingOf,
  sidesText,
  verdict,
  verdictOf,
} from '../compare.ts';
import {
  display,
  normAcknowledgement,
  normClientPlacement,
  normCloudProvider,
  normConfirmedReads,
  normContainer,
  normDurability,
  normIsolation,
  normText,
  parseNumber,
  spread,
} from '../normalize.ts';
import {
  derived,
  entryValue,
  evidenceOf,
  firstOf,
  groupField,
  nodeCount,
  nodeField,
  type Reader,
  type Role,
  readableBy,
  readEntry,
  withOthers,
} from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry } from '../schema.ts';
import { fromText, orText } from '../text.ts';
import { isRatio } from './benchmark-parts.ts';

/**
 * When a side counts a write as done; a side that states a consistency guarantee instead
 * ("strong consistency out of the box" against "does not provide strong consistency") is
 * compared on that guarantee.
 */
const acknowledgementKey = (v: unknown) => {
  const level = normAcknowledgement(v);
  if (level !== null) return level;
  const guarantee = normConfirmedReads(v);
  return guarantee === null ? null : `consistency ${guarantee === 'true' ? 'strong' : 'weaker'}`;
};

/**
 * A pass only when one of these comparisons is known on every side (WL-1 passes on its head
 * fields alone otherwise). Flags and reviews stand: asymmetric disclosure is not hidden.
 */
export function requireAny(
  outcome: CheckOutcome,
  comparisons: readonly FieldComparison[],
  subject: string,
): CheckOutcome {
  if (outcome.state !== 'pass' || comparisons.some((c) => c.known)) return outcome;
  const missing = missingOf(comparisons, false);
  return {
    state: 'unknown',
    evidence: outcome.evidence,
    missing,
    message: `Cannot check ${subject}: none of ${comparisons.map((c) => c.spec.label).join(', ')} is recorded on every side.`,
  };
}

// --- F-TOPO-1 ----------------------------------------------------------------------------------

export function checkTopo1(input: ComparisonInput): CheckOutcome {
  return verdict(
    input,
    [
      {
        field: 'topology.replicationFactor',
        label: 'replication factor',
        read: groupField('topology', 'replicationFactor'),
        norm: (v) => parseNumber(v),
        required: true,
      },
      {
        field: 'topology.nodeCount',
        label: 'node count',
        read: firstOf(groupField('topology', 'nodeCount'), nodeCount('sut')),
        norm: (v) => parseNumber(v),
      },
      {
        field: 'topology.survivalGoal',
        label: 'survival goal',
        read: groupField('topology', 'survivalGoal'),
      },
    ],
    {
      why: 'replicas and nodes do extra work for availability, so unequal topologies do not buy the same guarantees',
      subject: 'the replication factor, node count and survival goal',
    },
  );
}

// --- F-TOPO-2 ----------------------------------------------------------------------------------

/** A node's cloud field (provider, region, zone) from its `cloud` record or hardware group. */
function cloudOf(role: Role, key: string): Reader {
  return firstOf(nodeField(role, 'cloud', key), nodeField(role, 'cloud', `cloud.${key}`));
}

/** Client placement derived from the client's and the servers' zones and regions, when recorded. */
const derivedPlacement: Reader = (run) => {
  const zone = (role: Role) => cloudOf(role, 'availability_zone')(run) ?? cloudOf(role, 'zone')(run);
  const region = (role: Role) => cloudOf(role, 'region')(run);
  const [cz, sz, cr, sr] = [zone('client'), zone('sut'), region('client'), region('sut')];
  const one = (f: typeof cz) => (f && !Array.isArray(f.value) ? normText(f.value) : null);
  if (one(cr) && one(sr) && one(cr) !== one(sr))
    return { value: 'cross-region', origin: 'derived', source: 'client and server node regions' };
  if (one(cz) && one(sz))
    return {
      value: one(cz) === one(sz) ? 'same-zone' : 'cross-zone',
      origin: 'derived',
      source: 'client and server node zones',
    };
  return undefined;
};

/** Something a request passes through on its way to the system: a router, a proxy, Docker's port mapping. */
const INTERMEDIARY =
  /\b(router|reverse proxy|proxy|load balancer|gateway|ingress|nat|port mapping|port forward\w*|sidecar|vpn|tunnel|host docker internal)\b/g;
/** A path said to go straight to the system. */
const DIRECT = /\b(no proxy|direct(ly)?|plain (http|tcp))\b/;

/** A path written as its stops: "client -> APISIX -> gRPC server", "pods → cluster IP → kubedns". */
const PATH_STEP = /\s*(?:->|→|=>)\s*/;

/**
 * Extra hops named in a side's client placement: the stops between client and server of a path
 * written with arrows, else the intermediaries its words name ("requests go through the DDEV
 * router over HTTPS" is one; "plain HTTP on localhost, no proxy" none). Where the structured count
 * is missing, they say whether one side's requests pass through something the others' do not.
 */
const hopsInPlacement: Reader = (run) => {
  const f = groupField('topology', 'clientPlacement')(run);
  if (!f || f.differs || typeof f.value !== 'string') return undefined;
  const stops = f.value.split(PATH_STEP).filter((s) => s.trim());
  if (stops.length >= 2)
    return {
      value: stops.length - 2,
      origin: 'derived',
      source: `topology.clientPlacement (${stops.length - 2} stop(s) between client and server)`,
    };
  const t = normText(f.value).replace(/[.\-_>]+/g, ' ');
  // "no DDEV router", "without a proxy": named to say it is not there.
  const hops = new Set(
    [...t.matchAll(INTERMEDIARY)]
      .filter((m) => !/\b(no|without|not)( \S+)?\s*$/.test(t.slice(0, m.index)))
      .map((m) => m[0]),
  );
  if (hops.size === 0 && !DIRECT.test(t)) return undefined;
  return {
    value: hops.size,
    origin: 'derived',
    source: `topology.clientPlacement${hops.size ? ` (${[...hops].join(', ')})` : ''}`,
  };
};

/** Docker's port publishing in a container's command or words: "-p 7688:7687", "--publish", "ports:". */
const PUBLISHED_PORT =
  /(?:^|\s)(?:-p|--publish)[ =]?\d|\bports?:|\bport (mapping|forward\w*)\b|\bpublished ports?\b/;
/** A container sharing the host's network stack: no port mapping in the path. */
const HOST_NETWORK = /\b(--net(work)?[ =]host|host network(ing)?|network mode:? host)\b/;

/**
 * Extra hops read from how the system node runs: a container reached through Docker's port
 * mapping (a userland proxy or NAT, and a VM's network on macOS and Windows) is one; a plain
 * process, or a container on the host's network, none. NornicDB run natively against Neo4j in
 * `docker run -p 7688:7687` puts the mapping in one side's every request.
 */
const hopsInContainer: Reader = (run) => {
  const f = nodeField('sut', 'software', 'container')(run);
  if (!f || f.differs || typeof f.value !== 'string') return undefined;
  const kind = normContainer(f.value);
  const words = f.value.toLowerCase();
  const hops =
    kind === 'none' || (kind === 'container' && HOST_NETWORK.test(words))
      ? 0
      : kind === 'container' && PUBLISHED_PORT.test(words)
        ? 1
        : null;
  if (hops === null) return undefined;
  return {
    value: hops,
    origin: 'derived',
    source: `nodes.sut.software.container (${hops ? "Docker's port mapping" : 'no port mapping'}: ${display(f.value)})`,
  };
};

/** How many zones the system's nodes span ("us-east-1a, us-east-1b" → 2). */
const zoneSpread: Reader = (run) => {
  const f = withOthers((v) => normText(v), groupField('topology', 'zone'), cloudOf('sut', 'zone'))(run);
  if (!f) return undefined;
  const zones = new Set(
    (Array.isArray(f.value) ? f.value : String(f.value).split(/[,;/]|\band\b/))
      .map((z) => normText(z))
      .filter(Boolean),
  );
  const multi = /multi ?az|multi zone|(\d+) (azs|zones)/.exec(normText(f.value));
  const n = multi?.[1] ? Number(multi[1]) : multi ? Math.max(2, zones.size) : zones.size;
  return { value: n, origin: 'derived', source: `zones of topology.zone: ${display(f.value)}` };
};

/**
 * The kind of network the nodes talk over, where a field names it: kernel-bypass fabrics (RDMA,
 * InfiniBand, EFA, RoCE, Omni-Path) against TCP sockets. Null when the words name neither.
 */
export function networkTransport(value: unknown): string | null {
  const t = normText(value);
  if (/\b(rdma|infiniband|efa|elastic fabric adapter|roce\w*|omni ?path|iwarp|verbs|nvlink)\b/.test(t))
    return 'kernel-bypass fabric';
  if (/\btcp\b|\bsockets?\b|\bethernet\b/.test(t)) return 'TCP sockets';
  return null;
}

const HOP_WORDS: Readonly<Record<string, number>> = {
  no: 0,
  zero: 0,
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
};

/**
 * The hops a text states: a number, a number word ("one proxy hop") or a path's intermediate
 * nodes ("perf -> Kong -> Server" is one), so each side's path naming its own system compares by
 * its shape. Other words are compared as written.
 */
function hopCount(value: unknown): number | string {
  const n = parseNumber(value);
  if (n !== null) return n;
  const t = normText(value);
  const word = /\b(no|zero|one|single|two|three|four)\b (\w+ )?(extra |proxy |network )?hops?\b/.exec(t)?.[1];
  if (word !== undefined) return HOP_WORDS[word] ?? t;
  // normText has turned "->" into " >".
  const nodes = t.split(/\s*(?:=?>|→)\s*/);
  return nodes.length >= 3 ? nodes.length - 2 : t;
}

/** The node's network or the client's protocol, where either names the transport. */
const transportOf = firstOf(
  readableBy(networkTransport, nodeField('sut', 'hardware', 'network')),
  readableBy(networkTransport, groupField('client', 'protocol')),
);

/** Words that say a side reaches its system through a socket: another process at the least. */
const THROUGH_A_SOCKET =
  /\b(tcp|udp|http|https|grpc|bolt|rpc|socket|loopback|localhost|daemon|over the network|server process|separate (server|process))\b/;

/**
 * A side that calls its system inside the benchmark's own process against sides that reach theirs
 * through a socket (a server over TCP or HTTP), where the words of the latter name no placement
 * Levelfield reads: every request of the one pays a round trip the other never makes.
 */
function inProcessAgainstSockets(input: ComparisonInput): string[] {
  const placements = input.entries.map((entry) => {
    const values = [
      groupField('topology', 'clientPlacement'),
      groupField('topology', 'extraHops'),
      transportOf,
    ].map((read) => entryValue(readEntry(entry, read))?.value);
    return {
      entry,
      inProcess: normClientPlacement(values[0]) === 'same-process',
      socket: values.find((v) => THROUGH_A_SOCKET.test(normText(v))),
    };
  });
  const inProcess = placements.filter((p) => p.inProcess);
  const socket = placements.filter((p) => !p.inProcess && p.socket !== undefined);
  if (inProcess.length === 0 || socket.length === 0) return [];
  return [
    `${inProcess.map((p) => p.entry.label).join(', ')} ${inProcess.length === 1 ? 'calls its system' : 'call their systems'} inside the benchmark's process, while ${socket.map((p) => `${p.entry.label} (${display(p.socket)})`).join(', ')} ${socket.length === 1 ? 'goes' : 'go'} through a socket`,
  ];
}

export function checkTopo2(input: ComparisonInput): CheckOutcome {
  const specs: FieldSpec[] = [
    {
      field: 'nodes.sut.hardware.network (transport)',
      label: 'network transport',
      read: transportOf,
      norm: networkTransport,
    },
    {
      field: 'topology.clientPlacement',
      label: 'client placement',
      read: withOthers(
        (v) => normClientPlacement(v),
        groupField('topology', 'clientPlacement'),
        derivedPlacement,
        fromText(normClientPlacement),
      ),
      norm: normClientPlacement,
      required: true,
    },
    {
      field: 'topology.cloudProvider',
      label: 'cloud provider',
      read: withOthers(
        (v) => normCloudProvider(v),
        groupField('topology', 'cloudProvider'),
        cloudOf('sut', 'provider'),
      ),
      norm: normCloudProvider,
    },
    {
      field: 'topology.region',
      label: 'region',
      read: withOthers((v) => normText(v), groupField('topology', 'region'), cloudOf('sut', 'region')),
    },
    {
      field: 'topology.zone',
      label: 'zones spanned',
      read: zoneSpread,
      norm: (v) => parseNumber(v),
    },
    {
      field: 'topology.extraHops',
      label: 'extra network hops',
      read: firstOf(groupField('topology', 'extraHops'), hopsInPlacement, hopsInContainer),
      norm: hopCount,
    },
    {
      field: 'topology.rttMs',
      label: 'measured RTT',
      read: groupField('topology', 'rttMs'),
      norm: (v) => parseNumber(v),
    },
  ];
  const comparisons = compareFields(input, specs);
  const rtt = comparisons.find((c) => c.spec.field === 'topology.rttMs');
  const flags: string[] = [];
  const placement = comparisons.find((c) => c.spec.field === 'topology.clientPlacement');
  if (!placement?.differs) flags.push(...inProcessAgainstSockets(input));
  if (rtt) {
    const values = rtt.sides
      .filter((s) => s.known)
      .flatMap((s) => s.keys.filter((k): k is number => typeof k === 'number'));
    // RTTs under 0.2 ms apart are noise; beyond that a 2× gap changes every round trip.
    if (values.length >= 2 && spread(values) > 2 && Math.max(...values) - Math.min(...values) > 0.2)
      flags.push(`measured client↔server RTT differs (${values.map((v) => `${v} ms`).join(' vs ')})`);
    rtt.differs = false;
  }
  return verdictOf(
    comparisons,
    {
      why: 'every extra hop or millisecond of network is paid on each request, so the network path, not only the system, is measured',
      subject: 'the network path',
    },
    { flags },
  );
}

// --- F-DUR-1 -----------------------------------------------------------------------------------

const RELAXED = new Set(['no-fsync', 'async-commit']);

/**
 * Durability relaxed on purpose for some sides while others run their shipped defaults: the
 * publisher changed one side's promise and not the other's, as with tuning (F-SW-2).
 */
function relaxedAgainstDefaults(c: FieldComparison): string[] {
  const relaxed = c.sides.filter((s) => s.known && RELAXED.has(String(normDurability(s.read?.value))));
  const defaults = c.sides.filter(
    (s) =>
      s.known &&
      normDurability(s.read?.value) === null &&
      /\bdefaults?\b|not changed|as shipped|stock/.test(normText(s.read?.value)),
  );
  // Relaxed for one side and nothing said of the others: as with tuning stated for one side only,
  // the publication changed one side's promise and owes the others' (F-SW-2's rule).
  const silent = c.sides.filter((s) => !s.known && !s.read);
  if (relaxed.length === 0 || defaults.length + silent.length === 0) return [];
  const relaxedText = `commit durability relaxed for ${relaxed.map((s) => `${s.entry.label} (${display(s.read?.value)})`).join(', ')}`;
  return [
    ...(defaults.length > 0
      ? [
          `${relaxedText} while ${defaults.map((s) => s.entry.label).join(', ')} ${defaults.length === 1 ? 'runs its' : 'run their'} shipped defaults`,
        ]
      : []),
    ...(silent.length > 0
      ? [`${relaxedText}, with nothing stated for ${silent.map((s) => s.entry.label).join(', ')}`]
      : []),
  ];
}

/** What durability is about: a commit, write, flush, log, replica or disk. */
const DURABLE_THING =
  /\b(commit\w*|f(data)?sync\w*|flush\w*|sync\w*|durab\w*|persist\w*|wal|journal\w*|redo|binlog|aof|writ\w*|replicat\w*|disk|acknowledg\w*|acks?)\b/;

/**
 * Durability said in a sentence of the prose. "Async" there counts only beside what it makes
 * asynchronous ("asynchronous commit", "writes are flushed asynchronously"): vLLM's "async engine"
 * says nothing about commits.
 */
function durabilityInProse(value: unknown): string | null {
  const level = normDurability(value);
  return level === 'async-commit' && !DURABLE_THING.test(normText(value)) ? null : level;
}

export function checkDur1(input: ComparisonInput): CheckOutcome {
  const levelOrRaw = withOthers(
    (v) => normDurability(v),
    groupField('settings', 'durability'),
    groupField('settings', 'durabilityRaw'),
    fromText(durabilityInProse),
  );
  const comparisons = compareFields(input, [
    {
      field: 'settings.durability',
      label: 'commit durability',
      read: levelOrRaw,
      norm: normDurability,
      required: true,
    },
  ]);
  const c = comparisons[0];
  const outcome = verdictOf(
    comparisons,
    {
      why: 'a commit that is not on disk when acknowledged is cheaper, so the faster side may simply be promising less',
      subject: 'the commit durability',
    },
    { flags: c ? relaxedAgainstDefaults(c) : [] },
  );
  // The raw settings explain a difference; a pass rests on the normalised levels alone.
  if (outcome.state !== 'pass')
    for (const entry of input.entries) {
      const raw = entryValue(readEntry(entry, groupField('settings', 'durabilityRaw')));
      if (
        raw &&
        !outcome.evidence.some((e) => e.entry === entry.label && e.field === 'settings.durabilityRaw')
      )
        outcome.evidence.push(evidenceOf(entry, 'settings.durabilityRaw', raw));
    }
  if (outcome.state === 'pass' && c)
    outcome.message = `Commit durability is ${normDurability(c.sides[0]?.read?.value) ?? display(c.sides[0]?.read?.value)} on every side (${sidesText(c)}).`;
  return outcome;
}

// --- F-DUR-2 -----------------------------------------------------------------------------------

/**
 * How often a stream confirms what it handled: each message on its own (Storm's acker) or a whole
 * stretch at once (a checkpoint every 30 s). Both can be "at least once"; confirming each message
 * costs work per message that a periodic checkpoint spreads over thousands.
 */
function ackGranularity(value: unknown): 'each message' | 'periodic checkpoint' | null {
  const t = normText(value);
  if (/\bcheckpoint\w*|\bperiodic\w*|\bbatch(es)? of (messages|records|events)\b/.test(t))
    return 'periodic checkpoint';
  if (/\b(every|each|per) (message|record|tuple|event)\b/.test(t) && /\back/.test(t)) return 'each message';
  return null;
}

function granularityFlags(input: ComparisonInput): { flags: string[]; evidence: CheckEvidence[] } {
  const sides = input.entries.flatMap((entry) => {
    const read = entryValue(readEntry(entry, groupField('settings', 'acknowledgement')));
    const granularity = read ? ackGranularity(read.value) : null;
    return read && granularity ? [{ entry, read, granularity }] : [];
  });
  if (new Set(sides.map((s) => s.granularity)).size < 2) return { flags: [], evidence: [] };
  return {
    flags: [
      `what an acknowledgement covers differs (${sides.map((s) => `${s.entry.label}: ${s.granularity}`).join(' vs ')})`,
    ],
    evidence: sides.map((s) => evidenceOf(s.entry, 'settings.acknowledgement', s.read)),
  };
}

export function checkDur2(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'settings.confirmedReads',
      label: 'confirmed reads',
      read: groupField('settings', 'confirmedReads'),
      norm: normConfirmedReads,
    },
    {
      field: 'settings.acknowledgement',
      label: 'acknowledgement',
      read: groupField('settings', 'acknowledgement'),
      norm: acknowledgementKey,
    },
  ]);
  return requireAny(
    verdictOf(
      comparisons,
      {
        why: 'a side that answers before the write is confirmed (durable or replicated) does less work per operation than one that waits',
        subject: 'the acknowledgement and read semantics',
      },
      granularityFlags(input),
    ),
    comparisons,
    'the acknowledgement and read semantics',
  );
}

// --- F-ISO-1 -----------------------------------------------------------------------------------

export function checkIso1(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'settings.isolationLevel',
      label: 'isolation level',
      read: orText(groupField('settings', 'isolationLevel'), normIsolation),
      norm: normIsolation,
      required: true,
    },
  ]);
  const outcome = verdictOf(comparisons, {
    why: 'stronger isolation aborts and waits more under contention, so the sides do not give the same guarantees',
    subject: 'the isolation level',
  });
  const c = comparisons[0];
  if (outcome.state === 'pass' && c)
    outcome.message = `The isolation level is ${normIsolation(c.sides[0]?.read?.value) ?? display(c.sides[0]?.read?.value)} on every side (${sidesText(c)}).`;
  return outcome;
}

// --- F-ISO-2 (AUTO where recorded, else REV) ----------------------------------------------------

function consistency(value: unknown): 'passed' | 'failed' | 'not-run' | null {
  if (typeof value === 'boolean') return value ? 'passed' : 'failed';
  const t = normText(value);
  if (/fail|violation|mismatch|incorrect|wrong (result|answer|count)/.test(t)) return 'failed';
  if (/not run|skipped|none|disabled|^no$/.test(t)) return 'not-run';
  // "Empty results recorded as errors" says how a check counts, not that it found any.
  if (/pass|ok|success|yes|true|clean|verified|validated|matched/.test(t)) return 'passed';
  if (/error/.test(t)) return 'failed';
  return null;
}

/** A figure that counts the data a side loaded: "loadedDocuments", "rows_ingested", "indexed records". */
const LOADED_COUNT =
  /(load|ingest|index|import|insert|stor|record|writ|kept)\w*.*(doc|row|record|event|entr|item|object|span|message|point)|(doc|row|record|event|entr|item|object|span|message|point)\w*.*(load|ingest|index|import|insert|stor|record|writ|kept)/i;
/** A figure whose unit is the data items themselves: "173,384,804 documents", "57 M spans". */
const ITEM_UNIT =
  /^(doc(ument)?s?|rows?|records?|events?|spans?|messages?|points?|entries|items?|objects?)$/i;

/**
 * The data each side loaded, where its figures count it: sides that loaded different amounts
 * queried different data, so their answers (and the work behind them) differ.
 */
function loadedCounts(input: ComparisonInput): { entry: Entry; count: number }[] {
  return input.entries.flatMap((entry) => {
    const figure = entry.runs
      .flatMap((r) => r.values)
      .find(
        (v) =>
          v.value !== null && (LOADED_COUNT.test(v.metric) || ITEM_UNIT.test(v.unit.trim())) && !isRatio(v),
      );
    return figure?.value != null ? [{ entry, count: figure.value }] : [];
  });
}

export function checkIso2(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const states = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, groupField('workload', 'consistencyChecks')));
    if (read) evidence.push(evidenceOf(entry, 'workload.consistencyChecks', read));
    return { entry, state: read ? consistency(read.value) : null };
  });
  const bad = states.filter((s) => s.state === 'failed' || s.state === 'not-run');
  const loaded = loadedCounts(input);
  for (const l of loaded) evidence.push(derived(l.entry, 'values (data loaded)', l.count));
  const findings: string[] = [];
  if (bad.length > 0)
    findings.push(
      `consistency checks ${bad.map((b) => `${b.state === 'failed' ? 'failed' : 'did not run'} on ${b.entry.label}`).join('; ')}`,
    );
  if (loaded.length >= 2 && new Set(loaded.map((l) => l.count)).size > 1)
    findings.push(
      `the sides loaded different data (${loaded.map((l) => `${l.entry.label}: ${l.count.toLocaleString('en-US')}`).join(' vs ')})`,
    );
  if (findings.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${capitalise(findings.join('; '))}: a faster result that is not correct is not a result.`,
    };
  const unrecorded = states.filter((s) => s.state === null);
  if (unrecorded.length > 0)
    return {
      state: 'needs_review',
      evidence,
      missing: unrecorded.map((s) => ({ entry: s.entry.label, field: 'workload.consistencyChecks' })),
      hint: `No consistency-check result recorded for ${unrecorded.map((s) => s.entry.label).join(', ')}: look for the benchmark's consistency checks (e.g. TPC-C 3.3.2, workload check) in the publication or logs.`,
      message:
        'Whether correctness checks ran and passed is not recorded on every side; a reviewer must confirm.',
    };
  return { state: 'pass', evidence, message: 'Consistency checks ran and passed on every side.' };
}
