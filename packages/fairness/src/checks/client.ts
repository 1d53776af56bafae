// F-CLIENT-*: the load generator — language, protocol, concurrency, load model, saturation, retries.

import type { Field } from '@levelfield/contracts/provenance';
import {
  compareFields,
  type FieldComparison,
  type FieldSpec,
  type SideValue,
  verdictOf,
} from '../compare.ts';
import {
  concurrencyStyle,
  denied,
  display,
  firstWord,
  normBuildType,
  normClientPlacement,
  normLanguage,
  normLoadModel,
  normOrm,
  normProtocolClass,
  normText,
  parallelism,
  parseNumber,
  settingNumber,
  toBool,
  toMs,
} from '../normalize.ts';
import {
  derived,
  entryValue,
  evidenceOf,
  firstOf,
  groupField,
  type Reader,
  readableBy,
  readEntry,
  saysNothing,
} from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry, RunInput } from '../schema.ts';
import { orText } from '../text.ts';
import { majorMinor } from './software.ts';
import { requireAny } from './topology.ts';

// --- F-CLIENT-1 --------------------------------------------------------------------------------

export const clientLanguageSpec: FieldSpec = {
  field: 'client.language',
  label: 'client language',
  read: groupField('client', 'language'),
  norm: normLanguage,
  required: true,
};
export const clientOrmSpec: FieldSpec = {
  field: 'client.orm',
  label: 'ORM',
  read: groupField('client', 'orm'),
  norm: normOrm,
};
/**
 * The protocol a driver's description names when no protocol is recorded: "arroy Reader
 * (in-process)" calls a library, "qdrant-client (Rust, gRPC)" crosses a wire. The aside counts
 * here, since a driver's name says nothing of its protocol.
 */
const driverProtocol: Reader = (run) => {
  const driver = groupField('client', 'driver')(run);
  if (!driver || driver.differs) return undefined;
  // Only the protocol's own words count: normProtocolClass on the whole name would find "rest" in
  // "interest". A link or a file name (a repository's URL, "package.json") names no protocol, nor
  // does "json" alone: a driver called that is a JSON library (Python's json module), not a wire.
  const named = normText(driver.value)
    .replace(/\bhttps?:\/\/\S+|\S+\.json\b/g, ' ')
    .match(/\b(in[- ]process|embedded|library calls?|grpc|http\S*|rest|resp|bolt|pgwire|thrift)\b/);
  const found = named ? normProtocolClass(named[0]) : null;
  return found
    ? { value: found, origin: 'derived', source: `client.driver: “${display(driver.value)}”` }
    : undefined;
};

/**
 * The path a driver's own words give when a protocol is recorded too: the protocol may be the
 * benchmark's traffic ("TCP (libp2p)" between two peers) while the driver says how the harness
 * reaches the system measured — "in-process Helia API" against "kubo-rpc-client over Kubo's HTTP
 * RPC API" puts an HTTP call inside one side's timing only. Without a recorded protocol the
 * protocol spec reads the driver already.
 */
const driverPath: Reader = (run) => (groupField('client', 'protocol')(run) ? driverProtocol(run) : undefined);

/** A driver as compared: its name's first word ("pgx (via gorm)" → "pgx"). */
const driverName = (value: unknown) => normText(value).split(/[\s(,]/)[0] || null;

export const clientProtocolSpec: FieldSpec = {
  field: 'client.protocol',
  label: 'wire protocol',
  read: firstOf(groupField('client', 'protocol'), driverProtocol),
  norm: normProtocolClass,
  required: true,
};

/**
 * The HTTP version a side's protocol names first: HTTP/1.1 against HTTP/2 is one connection per
 * request in flight against multiplexed binary frames, whatever the server.
 */
function httpVersion(value: unknown): string | null {
  const m = /\bhttp\s*\/?\s*(1(?:\.[01])?|2|3)(?![\w.])|\b(h2c?|h3)\b/i.exec(String(value ?? ''));
  if (!m) return null;
  const v = (m[1] ?? m[2] ?? '').toLowerCase();
  return v.startsWith('1') ? 'HTTP/1' : v.startsWith('h2') || v === '2' ? 'HTTP/2' : 'HTTP/3';
}

/**
 * Whether the wire is encrypted, from the protocol's own words: "HTTPS (TLSv1.2)" against "HTTP
 * (plain)" pays a handshake and a cipher on one side only. Null when the words do not say.
 */
function transportSecurity(value: unknown): string | null {
  const t = normText(value);
  if (/\b(plain|cleartext|insecure|h2c|no tls|without tls|tls off|no ssl)\b/.test(t)) return 'plain';
  if (/\b(https|tls\w*|ssl|wss|grpcs|quic|http ?\/? ?3)\b/.test(t)) return 'encrypted';
  return null;
}

const LANGUAGES = new Set(['javascript', 'rust', 'go', 'jvm', 'python', 'c++', 'swift']);

/**
 * The client's runtime, unless it is a runtime of another language than the client's own: a
 * Rust load generator (oha) does not run on Bun, so "Bun" there describes the server under load,
 * which differs by system on purpose.
 */
const clientRuntime: Reader = Object.assign(
  (run: RunInput) => {
    const runtime = groupField('client', 'runtimeVersion')(run);
    const language = groupField('client', 'language')(run);
    if (!runtime || !language) return runtime;
    const [of, client] = [normLanguage(runtime.value), normLanguage(language.value)];
    return of && client && LANGUAGES.has(of) && LANGUAGES.has(client) && of !== client ? undefined : runtime;
  },
  { saysNothing: groupField('client', 'runtimeVersion').saysNothing },
);

/** A driver that is a benchmark harness or load generator, not the system's client library. */
const HARNESS =
  /\b(bench(mark)?s?|\w+[-_]bench(mark)?\w*|bench[-_]\w+|harness|load ?(generator|tester|tool)|wrk2?|rewrk|memtier\w*|ycsb|sysbench|pgbench|k6|jmeter|oha|autocannon|locust|vegeta|h2load|fbench)\b/;

/** Load and measuring tools by name that the words above do not catch. */
const TOOL =
  /\b(fio|bdevperf|\w+_perf|dnsperf|resperf|netperf|iperf3?|apachebench|hey|gatling|tsung|hyperfine|jmh|mitata|tinybench)\b/;

/**
 * The load tool, when the driver names one: every side's client library differs with its system
 * (the 'system' subject covers client.driver), but the harness that drives and times them is the
 * instrument, and a different instrument on one side measures the instrument.
 */
const loadTool: Reader = (run) => {
  const driver = groupField('client', 'driver')(run);
  const words = driver && !driver.differs ? String(driver.value) : '';
  const t = normText(words);
  // A storage or network tool named anywhere in the driver line ("SPDK's driver (nvme_perf)",
  // "fio through the kernel"): the instrument, whatever the line says first. Read before
  // normalising, which turns nvme_perf's underscore into a space.
  const tool = TOOL.exec(words.toLowerCase())?.[1];
  if (!HARNESS.test(t)) return tool ? { value: tool, origin: 'derived', source: 'client.driver' } : undefined;
  // "legion 0.3 API called directly from the criterion benchmark": the system's own API, driven
  // by the harness the words name, which is the instrument.
  const named = /\b(?:from|in|by|under|with|via) (?:the |a )?([\w.-]+) (?:bench(?:mark)?s?|harness)\b/.exec(
    t,
  )?.[1];
  // "mistune package imported by test/benchmark.py": the script that imports each library is the
  // instrument, one file for every side.
  const script = /[\w./-]*bench\w*\.(?:py|js|mjs|ts|rb|go|rs|java|sh|jl|r)\b/i.exec(words)?.[0];
  return {
    value: script ?? named ?? driverName(driver?.value) ?? '',
    origin: 'derived',
    source: 'client.driver',
  };
};

/** A library reached through a layer from another language: bindings, FFI, a wrapper, cgo, JNI. */
const THROUGH_BINDING = /\b(bindings?|ffi|wrappers?|cgo|jni|n-?api|p\/invoke|ctypes|cffi)\b/;
/** A library called in its own language: "ring's Rust API (native)", "called directly", "pure Go". */
const NATIVE_CALL =
  /\bnative (api|calls?|library|implementation)\b|\(native\)|\bown (\w+ )?api\b|\bcalled directly\b|\bpure (go|rust|java|python|javascript|js|c|c\+\+|c#|ruby|php|kotlin|swift|dart|zig)\b/;

/** Each call awaited (a promise, a callback, a future) or returning its answer directly. */
const ASYNC_CALL = /\basync(hronous)?\b|\bawait(ed|s)?\b|\bpromises?\b|\bcallbacks?\b|\bfutures?\b/;
const SYNC_CALL = /\bsynchronous(ly)?\b|\bsync\b|\bblocking\b/;

/**
 * One of two opposite answers read from the words of the client's fields, the first field that
 * decides: words that say both, or neither, decide nothing. A value printed beside "differs" is
 * still the side's words.
 */
function eitherOr(
  keys: readonly ('driver' | 'protocol')[],
  yes: { words: RegExp; value: string },
  no: { words: RegExp; value: string },
): Reader {
  // True for the first reading, false for the second, null when the words say neither or both.
  // Words denied in their clause ("pure Go, no cgo call") say the opposite setup.
  const reading = (t: string): boolean | null => {
    const saysYes = yes.words.test(t) && !denied(t, yes.words);
    const saysNo = no.words.test(t) || denied(t, yes.words);
    return saysYes === saysNo ? null : saysYes;
  };
  return (run) => {
    for (const key of keys) {
      const f = groupField('client', key)(run);
      if (!f || typeof f.value !== 'string') continue;
      // The head decides before its asides ("synchronous calls (… wrapped in Future.value)").
      const said = reading(normText(f.value.replace(/\([^)]*\)/g, ' '))) ?? reading(normText(f.value));
      if (said !== null)
        return { value: said ? yes.value : no.value, origin: 'derived', source: `client.${key}` };
    }
    return undefined;
  };
}

/**
 * How the benchmark calls the system, from the words of its protocol, else of its driver: 'each
 * call awaited' or 'synchronous calls'. One side's calls each awaited through an event loop or
 * runtime against another's returning directly adds scheduling to every operation of that side
 * only.
 */
const callModel = eitherOr(
  ['protocol', 'driver'],
  { words: ASYNC_CALL, value: 'each call awaited' },
  { words: SYNC_CALL, value: 'synchronous calls' },
);

/**
 * Whether a side calls the system in its own language or through a binding layer, from the words
 * of its driver, else of its protocol: OpenSSL measured through Rust bindings against ring's own
 * Rust API times the binding too.
 */
const bindingLayer = eitherOr(
  ['driver', 'protocol'],
  { words: THROUGH_BINDING, value: 'through a binding layer' },
  { words: NATIVE_CALL, value: 'in its own language' },
);

/**
 * Systems that speak one wire protocol: Redpanda implements Kafka's, Dragonfly Redis's, CockroachDB
 * PostgreSQL's. Any client of the protocol drives each of them, so a different client per side is
 * not what comparing the systems requires.
 */
const WIRE_PROTOCOLS: readonly { protocol: string; systems: RegExp }[] = [
  { protocol: 'Kafka', systems: /\b(kafka|redpanda|warpstream|automq|bufstream|tansu)\b/ },
  {
    protocol: 'Redis (RESP)',
    systems: /\b(redis|dragonfly(db)?|keydb|valkey|garnet|kvrocks|pika|upstash|elasticache|memorydb)\b/,
  },
  { protocol: 'memcached', systems: /\bmemcached?\b/ },
  {
    protocol: 'PostgreSQL',
    systems:
      /\b(postgres(ql)?|cockroach(db)?|yugabyte(db)?|alloydb|neon|citus|timescale(db)?|supabase|crunchy|orioledb)\b/,
  },
  {
    protocol: 'MySQL',
    systems: /\b(mysql|mariadb|percona|tidb|planetscale|vitess|singlestore|memsql|oceanbase)\b/,
  },
  { protocol: 'MongoDB', systems: /\b(mongo(db)?|ferretdb|documentdb)\b/ },
  { protocol: 'CQL', systems: /\b(cassandra|scylla(db)?|keyspaces)\b/ },
  { protocol: 'AMQP 0-9-1', systems: /\b(rabbitmq|lavinmq)\b/ },
  { protocol: 'Elasticsearch API', systems: /\b(elasticsearch|opensearch)\b/ },
  { protocol: 'MQTT', systems: /\b(mosquitto|emqx|hivemq|vernemq|nanomq)\b/ },
];

/**
 * Sides whose systems speak one wire protocol but are driven through different clients: comparing
 * the systems does not make their clients differ, so the clients are measured too.
 */
function clientsAcrossOneProtocol(input: ComparisonInput): string[] {
  const subject = input.subject ?? ['system'];
  if (!subject.includes('system') || subject.some((s) => /^(client|orm)/i.test(s))) return [];
  const driven = input.entries.flatMap((entry) => {
    const driver = entryValue(readEntry(entry, groupField('client', 'driver')));
    const name = driver ? driverName(driver.value) : null;
    return name ? [{ entry, system: normText(entry.system), name, shown: display(driver?.value) }] : [];
  });
  const out: string[] = [];
  for (const { protocol, systems } of WIRE_PROTOCOLS) {
    const sides = driven.filter((s) => systems.test(s.system));
    if (sides.length >= 2 && new Set(sides.map((s) => s.name)).size > 1)
      out.push(
        `${sides.map((s) => s.entry.label).join(', ')} all speak the ${protocol} protocol yet are driven through different clients (${sides.map((s) => `${s.entry.label}: ${s.shown}`).join(' vs ')})`,
      );
  }
  return out;
}

export function checkClient1(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    clientLanguageSpec,
    clientOrmSpec,
    clientProtocolSpec,
    {
      field: 'client.runtimeVersion',
      label: 'client runtime version',
      read: clientRuntime,
      norm: (v) => majorMinor(v) ?? normText(v),
    },
    // Drivers differ by system when the systems differ (the 'system' subject covers them); on one
    // system under two ORMs or configurations, a different driver is a difference like any other.
    {
      field: 'client.driver',
      label: 'driver',
      read: groupField('client', 'driver'),
      norm: driverName,
    },
    { field: 'client.loadTool (the driver, a harness)', label: 'load tool', read: loadTool },
    {
      field: 'client.driverVersion',
      label: 'driver version',
      read: groupField('client', 'driverVersion'),
      evidenceOnly: true,
    },
    { field: 'client.codec', label: 'codec', read: groupField('client', 'codec') },
    {
      field: 'client.protocol (transport security)',
      label: 'transport security',
      read: readableBy(transportSecurity, groupField('client', 'protocol')),
      norm: transportSecurity,
    },
    {
      field: 'client.protocol (HTTP version)',
      label: 'HTTP version',
      read: readableBy(httpVersion, groupField('client', 'protocol')),
      norm: httpVersion,
    },
    { field: 'client.protocol (call model)', label: 'call model', read: callModel },
    { field: 'client.protocol (binding layer)', label: 'binding layer', read: bindingLayer },
    {
      field: 'client.protocol (driver path)',
      label: 'how the driver reaches the system',
      read: driverPath,
      norm: normProtocolClass,
    },
  ]);
  return verdictOf(
    comparisons,
    {
      why: 'a faster client language, an ORM or a heavier protocol on one side measures the client, not the database',
      subject: 'the client language, ORM and protocol',
    },
    { flags: [...unreleasedClients(input), ...clientsAcrossOneProtocol(input)] },
  );
}

/**
 * A side driven through a client its own makers call experimental, against sides whose clients
 * are not: the comparison measures a young client too (an experimental Redis backend against a
 * long-standing memcached one). Checked whatever the subject, since the maturity is not the
 * system's.
 */
function unreleasedClients(input: ComparisonInput): string[] {
  // "Experimental", "beta", "prototype": the words that make a build no release (normBuildType).
  const notReleased = (text: string) => normBuildType(text) === 'pre-release';
  const sides = input.entries.map((entry) => {
    const texts = ['driver', 'driverVersion'].map((k) =>
      entryValue(readEntry(entry, groupField('client', k))),
    );
    // A "client" led by the side's own system's name ("sury 10.0.0 rc.0" for Sury) is the system
    // called directly, a library under test: its release is F-SW-1's, not a client's. "PageSpeed's
    // experimental Redis client" is a client of Redis.
    const system = firstWord(entry.system ?? '');
    const said = texts
      .filter((r) => r && !r.differs)
      .map((r) => normText(r?.value))
      .filter((t) => system.length < 3 || firstWord(t) !== system);
    return { entry, said, young: said.some(notReleased) };
  });
  const young = sides.filter((s) => s.young);
  const settled = sides.filter((s) => !s.young && s.said.length > 0);
  if (young.length === 0 || settled.length === 0) return [];
  return [
    `${young.map((s) => s.entry.label).join(', ')} ${young.length === 1 ? 'is' : 'are'} driven through a client described as not yet released (${young.map((s) => s.said.find(notReleased)).join('; ')}), ${settled.map((s) => s.entry.label).join(', ')} through ${settled.length === 1 ? 'one' : 'ones'} that ${settled.length === 1 ? 'is' : 'are'} not`,
  ];
}

// --- F-CLIENT-2 --------------------------------------------------------------------------------

function num(run: RunInput, key: string): number | null {
  const f = groupField('client', key)(run);
  return f ? settingNumber(f.value) : null;
}

/** Requests sent per connection before the first answer; "pipelining unsupported" is one. */
function pipelineDepth(run: RunInput): number | null {
  const f = groupField('client', 'pipelineDepth')(run);
  if (!f) return null;
  const n = parseNumber(f.value);
  if (n !== null) return n;
  return /\b(unsupported|not supported|no pipelin\w*|without pipelin\w*|disabled|off|none)\b/.test(
    normText(f.value),
  )
    ? 1
    : null;
}

/** A setting recorded as "not stated" is not replaced by what other settings imply. */
const anySaysNothing = (run: RunInput, ...keys: string[]) =>
  keys.some((k) => saysNothing((run.provenance.client as Record<string, Field | undefined>)[k]));

/** Operations in flight at once: max in flight, else connections × pipeline depth. */
export const effectiveInFlight: Reader = (run) => {
  if (anySaysNothing(run, 'maxInFlight', 'connections', 'pipelineDepth')) return undefined;
  const max = num(run, 'maxInFlight');
  if (max !== null) return { value: max, origin: 'derived', source: 'client.maxInFlight' };
  const connections = num(run, 'connections');
  const depth = pipelineDepth(run);
  if (connections === null || depth === null) return undefined;
  return {
    value: connections * depth,
    origin: 'derived',
    source: `client.connections × client.pipelineDepth = ${connections} × ${depth}`,
  };
};

/** 'sequential' (one operation per connection at a time) or 'pipelined'. */
export const concurrencyStyleReader: Reader = (run) => {
  // A stated depth decides the style on its own, whatever the in-flight total says.
  const depth = anySaysNothing(run, 'pipelineDepth') ? null : pipelineDepth(run);
  if (depth !== null)
    return { value: concurrencyStyle(depth), origin: 'derived', source: 'from pipeline depth' };
  if (anySaysNothing(run, 'maxInFlight', 'connections', 'pipelineDepth')) return undefined;
  const max = num(run, 'maxInFlight');
  const connections = num(run, 'connections');
  let perConnection: number | null = null;
  if (max !== null) perConnection = connections ? max / connections : max;
  if (perConnection === null) return undefined;
  return {
    value: concurrencyStyle(perConnection),
    origin: 'derived',
    source: 'from max in flight per connection',
  };
};

/** Every side states the same operations in flight (one call at a time on each, say). */
function sameInFlight(input: ComparisonInput): boolean {
  const counts = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, effectiveInFlight));
    return read ? parseNumber(read.value) : null;
  });
  return counts.every((c) => c !== null && c === counts[0]);
}

/** A connection opened for each operation: "a new connection for every transaction", "Connection: close". */
const PER_OPERATION =
  /\bnew (database |tcp )?connection (for|per|on) (every|each)\b|\bconnections? per (request|operation|transaction|query|call)\b|\bconnection: ?close\b|\bno (keep[- ]?alive|connection reuse)\b|\bkeep[- ]?alive (off|disabled)\b/;
/** Connections held for the run: a count of them ("1 connection per trial", "64"), a pool, keep-alive. */
const HELD =
  /^\s*(\d+|one|a single)( persistent| pooled| kept[- ]alive)? connections?\b|\bpool(ed)?\b|\bkeep[- ]?alive\b|\breused?\b|\bpersistent\b/;

/**
 * Whether a side's client reuses its connections or opens one per operation, from the words of
 * its connection count and protocol: connecting inside each timed operation adds the handshake to
 * every one of them.
 */
const connectionReuse: Reader = (run) => {
  const texts = (['connections', 'protocol'] as const).flatMap((key) => {
    const f = groupField('client', key)(run);
    return f && !f.differs && typeof f.value === 'string' ? [normText(f.value)] : [];
  });
  if (texts.some((t) => PER_OPERATION.test(t)))
    return {
      value: 'a new connection per operation',
      origin: 'derived',
      source: 'client.connections / protocol',
    };
  if (texts.some((t) => HELD.test(t)))
    return { value: 'connections reused', origin: 'derived', source: 'client.connections / protocol' };
  return undefined;
};

/**
 * A worker started for every item of work ("one virtual thread per record", "goroutine per
 * request"): as many in flight as the input holds, not a number. (A thread per connection is as
 * many as the connections, which are counted on their own.)
 */
const WORKER_PER_ITEM =
  /\b(one|a|1|new)( virtual)? (thread|goroutine|task|fiber|coroutine|process|worker)s? (per|for each|for every) (record|request|message|task|item|operation|event|job)\b|\b(thread|goroutine|task)[- ]per[- ](record|request|message|task|item|operation|event|job)\b/;

/** Workers as a count, or unbounded where one is started for every item of work. */
function workersOf(value: unknown): number | string | null {
  return WORKER_PER_ITEM.test(normText(value)) ? 'one per item of work' : parseNumber(value);
}

/**
 * Connections as the words count them: a number beside "connections", "sockets" or "channels"
 * ("i.e. 32 connections for 32 threads"), or one shared by every thread ("one shared
 * ManagedChannel for all 32 JMH threads" is one, not 32); else the setting's number.
 */
function connectionCount(value: unknown): number | null {
  if (typeof value !== 'string') return settingNumber(value);
  const t = normText(value);
  const named = /(\d[\d,]*) (?:\w+ )?(?:connections?|sockets?|channels?)\b/.exec(t)?.[1];
  if (named) return parseNumber(named);
  if (
    /\b(one|a single|1) (shared |single )?\w*(connection|channel|socket)s?\b[^.;]*\b(for|across|by) (all|every)\b/.test(
      t,
    )
  )
    return 1;
  return settingNumber(value);
}

export function checkClient2(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'client.connections',
      label: 'connections',
      read: groupField('client', 'connections'),
      norm: connectionCount,
      tolerance: 1.1,
      required: true,
      // Throughput claims rest on the concurrency: stated for one side only, it is a finding,
      // unless every side states the same operations in flight, which is the concurrency.
      unevenIsFinding: !sameInFlight(input),
    },
    {
      field: 'client.workers',
      label: 'workers',
      read: groupField('client', 'workers'),
      norm: workersOf,
      tolerance: 1.1,
    },
    {
      field: 'client.threads',
      label: 'client threads',
      read: groupField('client', 'threads'),
      norm: (v) => parseNumber(v),
      tolerance: 1.1,
    },
    {
      // Named by the fields a publisher fills (the style is derived from them), not by the derived value.
      field: 'client.pipelineDepth or maxInFlight (concurrency style)',
      label: 'concurrency style',
      read: concurrencyStyleReader,
      required: true,
    },
    {
      field: 'client.connections (reuse)',
      label: 'connection reuse',
      read: connectionReuse,
    },
    // Requests batched or pipelined per connection, compared on their own where every side
    // states them: 5,000 records a batch against 300 is not the same client. Stated for some
    // sides only, the operations in flight below speak for it.
    ...(input.entries.every((e) => entryValue(readEntry(e, groupField('client', 'pipelineDepth'))))
      ? [
          {
            field: 'client.pipelineDepth',
            label: 'pipeline depth or batch size',
            read: groupField('client', 'pipelineDepth'),
            norm: (v: unknown) => parseNumber(v),
            tolerance: 10,
          },
        ]
      : []),
    {
      field: 'client.inFlight (effective)',
      label: 'operations in flight',
      read: effectiveInFlight,
      norm: (v) => parseNumber(v),
      // Within an order of magnitude: each side at its own optimal depth is still parity.
      tolerance: 10,
    },
  ]);
  const evidence: CheckEvidence[] = [];
  for (const entry of input.entries)
    for (const key of ['maxInFlight', 'pipelineDepth']) {
      const read = entryValue(readEntry(entry, groupField('client', key)));
      if (read) evidence.push(evidenceOf(entry, `client.${key}`, read));
    }
  return verdictOf(
    comparisons,
    {
      why: 'more operations in flight hide latency and raise throughput, and a connection opened per operation adds its handshake to each, so an unequal client measures the load generator',
      subject: 'the client concurrency',
    },
    {
      evidence,
      flags: [
        ...comparisons.filter((c) => COUNTS.includes(c.spec.field)).flatMap(setOnSomeSidesOnly),
        ...comparisons.filter((c) => PARALLELISM.includes(c.spec.field)).flatMap(oneAgainstMany),
      ],
    },
  );
}

/** The client's counts a publisher sets, and those of them that say how many work in parallel. */
const PARALLELISM = ['client.workers', 'client.threads'];
const COUNTS = ['client.connections', ...PARALLELISM];

/**
 * Workers or threads: one at a time on some sides, several on others, whether counted ("8") or
 * described ("multi-threaded on all cores"): the parallel side does the work on more cores.
 */
function oneAgainstMany(c: FieldComparison): string[] {
  if (c.intended) return [];
  // The words first: a number found in prose ("a --threads=1 variant") may not be the count.
  const kind = (s: SideValue) => {
    const words = parallelism(s.read?.value);
    if (words) return words;
    const n = s.keys.find((k): k is number => typeof k === 'number');
    return n === 1 ? 'one' : n !== undefined && n > 1 ? 'many' : null;
  };
  const known = c.sides.filter((s) => s.known).map((s) => ({ s, kind: kind(s) }));
  const one = known.filter((k) => k.kind === 'one');
  const many = known.filter((k) => k.kind === 'many');
  // Counts on every side are compared above; this reads what words say.
  if (one.length === 0 || many.length === 0 || known.every((k) => !k.s.unreadable)) return [];
  return [
    `${c.spec.label}: one at a time on ${one.map((k) => k.s.entry.label).join(', ')}, several on ${many.map((k) => `${k.s.entry.label} (${display(k.s.read?.value)})`).join(', ')}`,
  ];
}

/**
 * "tool default (no thread flag set)", "not set", "Prisma default connection pool (not
 * configured)": a count the side left as its tool ships it. (Read only where no number is given.)
 */
const LEFT_UNSET =
  /\b(not set|unset|not configured|unconfigured|no [\w/ ]{0,30}(flag|option|setting)s? (set|given|passed)|(?!(the|its|a|an)\b)[\w.-]+'?s? defaults?|left at (its |the )?defaults?)\b/;

/**
 * A count set on some sides and left at the tool's default on others ("--parallel 8" against "no
 * parallelism flag"): the publisher tuned one side's concurrency, whatever the default is.
 */
function setOnSomeSidesOnly(c: FieldComparison): string[] {
  if (c.intended) return [];
  const set = c.sides.filter((s) => s.known && !s.unreadable);
  const unset = c.sides.filter((s) => s.unreadable && LEFT_UNSET.test(normText(s.read?.value)));
  if (set.length === 0 || unset.length === 0) return [];
  return [
    `${c.spec.label} set on ${set.map((s) => `${s.entry.label} (${display(s.read?.value)})`).join(', ')}, left at the tool's default on ${unset.map((s) => s.entry.label).join(', ')}`,
  ];
}

// --- F-CLIENT-3 --------------------------------------------------------------------------------

export function checkClient3(input: ComparisonInput): CheckOutcome {
  return verdictOf(
    compareFields(input, [
      {
        field: 'client.loadModel',
        label: 'load model',
        read: orText(groupField('client', 'loadModel'), normLoadModel),
        norm: normLoadModel,
        required: true,
      },
      {
        field: 'client.targetRate',
        label: 'target rate',
        read: groupField('client', 'targetRate'),
        norm: (v) => parseNumber(v),
        tolerance: 1.05,
      },
    ]),
    {
      why: 'a closed loop slows its requests when the system slows, an open one does not, so latencies and throughputs mean different things',
      subject: 'the load model',
    },
  );
}

// --- F-CLIENT-4 --------------------------------------------------------------------------------

/** Achieved throughput: the throughput series' summary, else a published throughput value. */
function achieved(run: RunInput): number | null {
  const series =
    run.series.find((s) => s.summary && s.kind === 'counter') ?? run.series.find((s) => s.summary);
  if (series?.summary) return series.summary.throughput;
  const v = run.values.find((x) => /throughput|tps|ops/i.test(x.metric) && x.value !== null);
  return v?.value ?? null;
}

/** A rate as a metric name's part writes it: "60k", "60000", "1.5M", "500rps", "at12000cps". */
function rateToken(part: string): number | null {
  const m = /^(?:at)?(\d+(?:\.\d+)?)(k|m)?(rps|qps|tps|cps|mps)?$/i.exec(part);
  if (!m) return null;
  const scale = m[2]?.toLowerCase() === 'k' ? 1e3 : m[2]?.toLowerCase() === 'm' ? 1e6 : 1;
  return Number(m[1]) * scale;
}

/**
 * Each target of a rate sweep (`targetRate: [30000, 60000]`) with the throughput reported at it,
 * found by the target in the figure's name ("throughput.60k"): an open-loop generator that fell
 * short of one target measured that point at another load than the other sides.
 */
function sweepPoints(run: RunInput): { target: number; achieved: number }[] {
  const f = groupField('client', 'targetRate')(run);
  if (!f || f.differs) return [];
  // A list, or the targets written in one line: "5,000 / 12,000 / 16,000 cps".
  const listed = Array.isArray(f.value)
    ? f.value
    : typeof f.value === 'string'
      ? f.value.split(/\s*[/;|]\s*|\s+and\s+/)
      : [];
  if (listed.length < 2) return [];
  const targets = listed.map((t) => settingNumber(t)).filter((t): t is number => t !== null && t > 0);
  const points: { target: number; achieved: number }[] = [];
  for (const target of targets) {
    const at = run.values.find(
      (v) =>
        v.value !== null &&
        /throughput|rps|qps|tps|rate/i.test(v.metric) &&
        v.metric.split(/[.@_\s]/).some((part) => rateToken(part) === target),
    );
    if (at?.value != null) points.push({ target, achieved: at.value });
  }
  return points;
}

/**
 * A target rate written as its makers (senders) times each one's pace: "1000 clients x one emit per
 * 50 ms" is 20,000 a second. Null when the words are not of that form.
 */
function paceRate(value: unknown): number | null {
  const m =
    /^(\d[\d,]*)\s+[a-z]+\s*(?:x|×|\*|each|,)\s*(?:(?:one|an?|(\d+(?:\.\d+)?))\s+)?[a-z]+\s+(?:per|every)\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|sec|seconds?)\b/.exec(
      normText(value).replace(/,/g, ''),
    );
  if (!m) return null;
  const period = Number(m[3]) * (m[4]?.startsWith('m') ? 1e-3 : 1);
  return period > 0 ? (Number(m[1]) * Number(m[2] ?? 1)) / period : null;
}

function targetRate(run: RunInput): number | null {
  const f = groupField('client', 'targetRate')(run);
  return (f && !f.differs ? paceRate(f.value) : null) ?? num(run, 'targetRate');
}

/** Each target a run set with the rate achieved against it: a sweep's points, else its one target. */
function saturationPoints(run: RunInput): { target: number; achieved: number }[] {
  const sweep = sweepPoints(run);
  if (sweep.length > 0) return sweep;
  const target = targetRate(run);
  const got = achieved(run);
  return target !== null && got !== null && target > 0 ? [{ target, achieved: got }] : [];
}

/** Throughputs of different systems this close together (max/min) look like one shared limit. */
const SAME_CEILING = 1.03;

/**
 * Different systems whose throughputs all lie within 3 % of each other: when nothing shows the
 * load generator kept up, a common figure is more likely the generator's or the network's limit
 * than a tie (two Rust web frameworks at 8,416 and 8,230 req/s behind a bottlenecked bencher).
 */
function sharedCeiling(
  input: ComparisonInput,
): { spread: number; text: string; evidence: CheckEvidence[] } | null {
  const sides = input.entries.flatMap((entry) => {
    const run = entry.runs[0];
    const got = run ? achieved(run) : null;
    return got !== null && got > 0 ? [{ entry, got }] : [];
  });
  const systems = new Set(input.entries.map((e) => normText(e.system ?? e.label)));
  if (sides.length < 2 || sides.length < input.entries.length || systems.size < 2) return null;
  const rates = sides.map((s) => s.got);
  const ratio = Math.max(...rates) / Math.min(...rates);
  if (ratio > SAME_CEILING) return null;
  return {
    spread: Number(((ratio - 1) * 100).toFixed(1)),
    text: sides.map((s) => `${s.entry.label}: ${s.got}`).join(' vs '),
    evidence: sides.map((s) => derived(s.entry, 'throughput (achieved)', s.got)),
  };
}

/** Achieved at least this many times the target: the two figures do not count the same thing. */
const NOT_THE_SAME_TERMS = 1.5;

/** A single-threaded load generator this busy (per cent of its one core) is close to saturated. */
const SINGLE_THREAD_BUSY = 80;

export function checkClient4(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const flags: string[] = [];
  const unknown: string[] = [];
  for (const entry of input.entries) {
    let signal = false;
    // A saturation signal recorded as "not stated" leaves the side unknown, whatever else it shows.
    const declined = entry.runs.some((r) => anySaysNothing(r, 'targetRate', 'clientCpuPct', 'scheduleLagMs'));
    for (const run of declined ? [] : entry.runs) {
      const points = saturationPoints(run);
      for (const point of points) {
        const ratio = point.achieved / point.target;
        evidence.push(
          derived(entry, 'client.targetRate / achieved', { ...point, ratio: Number(ratio.toFixed(3)) }),
        );
        // Far more than was asked for: the target is not the rate that was achieved against (a
        // count of clients, say), so it shows nothing about saturation.
        if (ratio >= NOT_THE_SAME_TERMS) continue;
        signal = true;
        if (ratio < 0.95)
          flags.push(
            `${entry.label} achieved ${(ratio * 100).toFixed(0)} % of its target rate${points.length > 1 ? ` of ${point.target}` : ''}`,
          );
      }
      const cpu = num(run, 'clientCpuPct');
      if (cpu !== null) {
        signal = true;
        const f = groupField('client', 'clientCpuPct')(run);
        if (f) evidence.push(evidenceOf(entry, 'client.clientCpuPct', f));
        // One thread has one core of headroom: at four fifths of it the generator is the next
        // bottleneck (a Node.js client's event loop already delays its requests there).
        if (cpu > 90) flags.push(`${entry.label}'s load generator ran at ${cpu} % CPU`);
        else if (cpu >= SINGLE_THREAD_BUSY && num(run, 'threads') === 1)
          flags.push(`${entry.label}'s single-threaded load generator ran at ${cpu} % of its one core`);
      }
      const lag = num(run, 'scheduleLagMs');
      if (lag !== null) {
        signal = true;
        const f = groupField('client', 'scheduleLagMs')(run);
        if (f) evidence.push(evidenceOf(entry, 'client.scheduleLagMs', f));
        if (lag > 100) flags.push(`${entry.label}'s load generator fell ${lag} ms behind schedule`);
      }
    }
    if (!signal) unknown.push(entry.label);
  }
  if (flags.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${flags.join('; ')}: a saturated load generator caps the result, so the number describes the client.`,
    };
  const missing = unknown.map((e) => ({
    entry: e,
    field: 'client.targetRate + achieved / client.clientCpuPct',
  }));
  // A load generator on the server's own machine takes CPU from the server it measures: with
  // nothing showing it kept up, a person should confirm it did.
  const sharing = input.entries.filter(
    (e) =>
      unknown.includes(e.label) &&
      ['same-host', 'same-process'].includes(
        normClientPlacement(entryValue(readEntry(e, groupField('topology', 'clientPlacement')))?.value) ?? '',
      ),
  );
  if (sharing.length > 0)
    return {
      state: 'needs_review',
      evidence,
      missing,
      hint: `the load generator runs on the server's own machine on ${sharing.map((e) => e.label).join(', ')}, with no client CPU, target rate or schedule lag recorded`,
      message: `The load generator shares the machine with the server on ${sharing.map((e) => e.label).join(', ')}, competing with it for CPU, and nothing recorded shows it kept up: a reviewer should confirm it was not the bottleneck.`,
    };
  const ceiling = unknown.length === input.entries.length ? sharedCeiling(input) : null;
  if (ceiling)
    return {
      state: 'needs_review',
      evidence: [...evidence, ...ceiling.evidence],
      missing,
      hint: `every side reached the same throughput within ${ceiling.spread} % (${ceiling.text}) with no client CPU, target rate or schedule lag recorded`,
      message: `Different systems reached the same throughput within ${ceiling.spread} % (${ceiling.text}), and nothing recorded shows the load generator kept up: a reviewer should confirm the shared figure is not the load generator's (or the network's) ceiling.`,
    };
  if (unknown.length > 0)
    return {
      state: 'unknown',
      evidence,
      missing,
      message: `Cannot tell whether the load generator was saturated on ${unknown.join(', ')}: no target rate with achieved rate, client CPU or schedule lag recorded.`,
    };
  return { state: 'pass', evidence, message: 'No side shows a saturated load generator.' };
}

// --- F-CLIENT-5 --------------------------------------------------------------------------------

/** A published figure that counts failures: errors, timeouts, non-2xx answers, failed requests. */
const ERROR_METRIC = /\b(errors?|fail(ed|ures?)?|timeouts?|non[- ]?2xx|dropped)\b/i;

/** The failures a side's figures report, summed; null when none of its figures counts them. */
function reportedErrors(entry: Entry): number | null {
  const figures = entry.runs.flatMap((r) =>
    r.values.filter((v) => v.value !== null && ERROR_METRIC.test(v.metric.replace(/[._]/g, ' '))),
  );
  return figures.length === 0 ? null : figures.reduce((sum, v) => sum + (v.value ?? 0), 0);
}

/**
 * Failures reported on some sides and none on others: the throughput beside them counts failed
 * requests (or requests that failed fast) as work on those sides only.
 */
function unevenErrors(input: ComparisonInput): { flags: string[]; evidence: CheckEvidence[] } {
  const sides = input.entries.map((entry) => ({ entry, errors: reportedErrors(entry) }));
  const failing = sides.filter((s) => s.errors !== null && s.errors > 0);
  const clean = sides.filter((s) => s.errors === 0);
  if (failing.length === 0 || clean.length === 0) return { flags: [], evidence: [] };
  return {
    flags: [
      `${failing.map((s) => `${s.entry.label} reported ${s.errors} failed requests`).join(', ')} while ${clean.map((s) => s.entry.label).join(', ')} reported none, and throughput is given for both`,
    ],
    evidence: sides.flatMap((s) =>
      s.errors === null ? [] : [derived(s.entry, 'values (errors, failures, timeouts)', s.errors)],
    ),
  };
}

/** Timeouts switched off, in any wording: "no timeouts", "timeouts disabled with WithTimeout(0)". */
const NO_TIMEOUT =
  /\bno timeouts?\b|\btimeouts? (are |is |were |was )?(disabled|off|not (set|supported|used))|\bwithout (a |any )?timeouts?\b|timeout\w*\W*0\b|\binfinite timeout/;

/** A timeout policy as compared: none, a duration, or the text as printed. */
function normTimeout(value: unknown): string | number | null {
  const t = normText(value);
  if (t === '') return null;
  if (NO_TIMEOUT.test(t)) return 'none';
  return toMs(value) ?? t;
}

/** Words that say requests failed during the run: "had problems with timeout errors", "got non-2xx responses". */
const FAILED_DURING_RUN =
  /\b(had|has|with|saw|got|hit|returned|produced|reported|showed)\b[^.;]*\b(errors?|timeouts?|failures?|failed requests|non 2xx)\b/;
const NO_FAILURES = /\b(no|without|zero|0)( \w+)? (errors?|timeouts?|failures?)\b/;

/**
 * Sides whose errors line says requests failed while they were measured: their throughput and
 * latency include those failures, whatever the other sides state.
 */
function failedWhileMeasured(input: ComparisonInput): string[] {
  return input.entries.flatMap((entry) => {
    const read = entryValue(readEntry(entry, groupField('measurement', 'errorsCounted')));
    const t = read && !read.differs && typeof read.value === 'string' ? normText(read.value) : '';
    return FAILED_DURING_RUN.test(t) && !NO_FAILURES.test(t)
      ? [`${entry.label} was measured while requests failed (${display(read?.value)})`]
      : [];
  });
}

export function checkClient5(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'client.retryPolicy',
      label: 'retry policy',
      read: groupField('client', 'retryPolicy'),
      required: true,
    },
    {
      field: 'client.timeoutPolicy',
      label: 'timeout policy',
      read: groupField('client', 'timeoutPolicy'),
      norm: normTimeout,
    },
    {
      field: 'measurement.errorsCounted',
      label: 'errors counted',
      read: groupField('measurement', 'errorsCounted'),
      norm: (v) => {
        const b = toBool(v);
        return b === null ? normText(v) : String(b);
      },
    },
  ]);
  const errors = unevenErrors(input);
  const flags = (comparisons[2]?.sides ?? [])
    .filter((s) => s.keys.includes('false'))
    .map((s) => `errors are not counted on ${s.entry.label}`)
    .concat(errors.flags, failedWhileMeasured(input));
  return requireAny(
    verdictOf(
      comparisons,
      {
        why: 'retrying silently or dropping failed requests turns errors into throughput',
        subject: 'the retry and timeout policy',
      },
      { flags, evidence: errors.evidence },
    ),
    comparisons,
    'the retry and timeout policy',
  );
}
