import { describe, expect, it } from 'vitest';
import { threadCount } from './checks/hardware.ts';
import { namesHow } from './checks/workload-parts.ts';
import {
  amountOf,
  awsInstanceCpus,
  bytesInText,
  canonical,
  denied,
  isVacuous,
  isVacuousHead,
  normAcknowledgement,
  normAggregation,
  normBuildType,
  normCacheState,
  normClientPlacement,
  normCompilerFamily,
  normConfirmedReads,
  normDurability,
  normFeature,
  normFeatures,
  normIsolation,
  normLanguage,
  normLoadModel,
  normOrm,
  normProtocolClass,
  normResultCache,
  normScale,
  normSelectionRule,
  normStorage,
  normThroughputSource,
  parallelism,
  parseAwsInstanceType,
  parseNumber,
  parseRange,
  repetitionCount,
  saysOptimised,
  settingNumber,
  threadsPerCore,
  toBytes,
  toMs,
  toSmt,
} from './normalize.ts';
import { productStem } from './vendors.ts';

describe('normalisation rules', () => {
  it.each([
    ['serializable', 'serializable'],
    ['SERIALIZABLE', 'serializable'],
    ['Serializable isolation', 'serializable'],
    ['read_committed', 'read-committed'],
    ['READ COMMITTED', 'read-committed'],
    ['Repeatable Read', 'repeatable-read'],
    ['snapshot isolation', 'snapshot'],
    ['strict serializable', 'strict-serializable'],
    ['whatever', null],
  ])('isolation %s → %s', (raw, level) => expect(normIsolation(raw)).toBe(level));

  it.each([
    ['synchronous_commit=on', 'local-fsync'],
    ['synchronous_commit=off', 'async-commit'],
    ['fsync=on, synchronous_commit=off', 'async-commit'],
    ['fsync=off', 'no-fsync'],
    ['innodb_flush_log_at_trx_commit=2', 'async-commit'],
    ['innodb_flush_log_at_trx_commit=1', 'local-fsync'],
    ['Raft quorum, fsync per batch', 'replicated-quorum-fsync'],
    ['local-fsync', 'local-fsync'],
    ['no durability guarantee at acknowledgement', 'no-fsync'],
    ['no persistence (appendonly no, save "")', 'no-fsync'],
    ['appendfsync everysec', 'async-commit'],
    ['--wal.sync-interval 1000', 'async-commit'],
    ['--syncdelay 1', 'async-commit'],
    ['log flushed every 1 s', 'async-commit'],
    ["AOF not enabled ('you may lose data if Redis is not shutdown properly')", 'no-fsync'],
    ['WriteOptions::set_sync(true)', 'local-fsync'],
    ['flush on each message batch via log.flush.interval.messages', 'local-fsync'],
    // msync, the flush of a memory-mapped file, removed is an fsync removed.
    ["msync removed from write path ('去掉了msync')", 'no-fsync'],
    ['no msync forced flush (removed; relies on commit log)', 'no-fsync'],
    // "No fsync delay" is an fsync at once.
    ['WAL fsyncs writes by default (no fsync delay by default)', 'local-fsync'],
  ])('durability %s → %s', (raw, level) => expect(normDurability(raw)).toBe(level));

  it.each([
    ['same machine', 'same-host'],
    ['localhost', 'same-host'],
    ['Same AZ', 'same-zone'],
    ['cross-AZ', 'cross-zone'],
    ['same region', 'same-region'],
    ['different region', 'cross-region'],
    ['remote client over the network to the public endpoint', 'other-host'],
    ['load generated from a separate machine', 'other-host'],
    ['same LAN (local network nameserver)', 'other-host'],
    ['remote (public resolver reached over the Internet)', 'internet'],
    // Inside the benchmark's own process: nearer than the same host's loopback.
    ['same process: the benchmark program starts an embedded Jet member', 'same-process'],
    ['faiss called in-process through its native API', 'same-process'],
    ['measured in the bench process', 'same-process'],
  ])('client placement %s → %s', (raw, p) => expect(normClientPlacement(raw)).toBe(p));

  it('reads client language, ORM, protocol, counting point and acknowledgement', () => {
    expect(normLanguage('TypeScript (Node.js)')).toBe(normLanguage('JavaScript'));
    expect(normLanguage('Rust')).toBe('rust');
    // A native binary npm placed in node_modules is not JavaScript.
    expect(normLanguage('native binary linked into node_modules/.bin')).not.toBe('javascript');
    expect(normLanguage('launcher in node_modules/.bin (Rust binary)')).toBe('rust');
    expect(normOrm('none (stored procedure do_transfer())')).toBe('none');
    expect(normOrm('Drizzle')).toBe('drizzle');
    expect(normProtocolClass('WebSocket + BSATN (binary)')).toBe('binary');
    expect(normProtocolClass('HTTP + JSON')).toBe('text');
    // A file system through FUSE against its kernel client.
    expect(normProtocolClass('CephFS via FUSE client, mounted by the CSI driver')).toBe(
      'userspace file system',
    );
    expect(normProtocolClass('CephFS via kernel client, mounted by hand')).toBe('kernel file system');
    expect(normProtocolClass('MySQL client-server protocol over TCP localhost')).toBe('binary');
    expect(normProtocolClass('OpenAI-compatible API')).toBe('text');
    // SSH and SFTP, OTLP, and a SQL query to a database speak binary protocols.
    for (const binary of ['SSH (+ binary)', 'SFTP', 'OTLP (OTel collector)', 'SQL query to PostgreSQL'])
      expect(normProtocolClass(binary), binary).toBe('binary');
    expect(normProtocolClass('PostgreSQL wire protocol over TCP to a local Docker container')).toBe('binary');
    expect(normProtocolClass('MongoDB wire protocol, write written to the socket')).toBe('binary');
    // Memcached's protocol unqualified is its text protocol.
    expect(normProtocolClass('memcached protocol')).toBe('text');
    expect(normProtocolClass('memcached binary protocol')).toBe('binary');
    expect(normProtocolClass('in-process (lm_eval --model vllm)')).toBe('in-process');
    // The value is its head; an aside naming another protocol does not change it.
    expect(normProtocolClass("HTTP (v3 client; the v4 client 'adding gRPC support' came later)")).toBe(
      'text',
    );
    expect(normProtocolClass('gRPC (prefer_grpc=True)')).toBe('binary');
    expect(normThroughputSource('server-side Prometheus metrics')).toBe('server-counter');
    expect(normThroughputSource('client-side')).toBe('client-ack');
    // The tool under test timing itself is its own count; "webpack" holds no acknowledgement.
    expect(normThroughputSource("self-reported by the tool under test (webpack's own printed time)")).toBe(
      'server-counter',
    );
    expect(normThroughputSource("external wall clock (time -p 'real')")).toBe('client-ack');
    // Counted at one of the system's own components, not where the client saw it.
    expect(normThroughputSource("orderer throughput (the paper's TPS)")).toBe('server-counter');
    expect(normThroughputSource('TPS counted at the leader')).toBe('server-counter');
    expect(normThroughputSource('statistics.startTime / statistics.endTime of each bq job')).toBe(
      'server-counter',
    );
    expect(normThroughputSource('execution_time from information_schema.query_history')).toBe(
      'server-counter',
    );
    expect(normThroughputSource('redis-benchmark reported ops/s')).toBe('client-ack');
    expect(normThroughputSource('time printed by clickhouse local --time')).toBe('client-ack');
    expect(normAcknowledgement('not awaited by the counter')).toBe('fire-and-forget');
    expect(normAcknowledgement('none: core NATS publish is not acknowledged by the server')).toBe(
      'fire-and-forget',
    );
    expect(normAcknowledgement('each publish acknowledged by the streaming server (request/reply)')).toBe(
      'after-commit',
    );
    expect(normAcknowledgement('after the durable commit (confirmed reads)')).toBe('after-durable');
    expect(normAcknowledgement('RequiredAcks not set in the publisher config (library default)')).toBeNull();
    // Publish-subscribe middleware: asynchronous or best-effort against synchronous or reliable.
    expect(normAcknowledgement('asynchronous publishing (Fast DDS default)')).toBe('fire-and-forget');
    expect(normAcknowledgement("latency: reliability 'BestEffort'")).toBe('fire-and-forget');
    expect(normAcknowledgement('synchronous publishing (Cyclone DDS default)')).toBe('after-commit');
    expect(normAcknowledgement('reliability QoS RELIABLE, history KEEP_LAST')).toBe('after-commit');
    expect(normAcknowledgement('reply before it is durable')).toBe('after-commit');
    // A stream's delivery guarantee.
    expect(normAcknowledgement("at-least-once ('Gearpump still have that')")).toBe('after-commit');
    expect(normAcknowledgement('no ack (without acking there is no at-least-once guarantee)')).toBe(
      'fire-and-forget',
    );
  });

  it('reads write concerns as their acknowledgement level', () => {
    expect(normAcknowledgement('primary in memory (w: 1, j: false)')).toBe('after-commit');
    expect(normAcknowledgement('primary, journaled (w=1, j=true)')).toBe('after-durable');
    expect(normAcknowledgement('w: 0')).toBe('fire-and-forget');
    expect(normAcknowledgement('w: majority')).toBe('after-replicated');
    expect(normAcknowledgement('persisted and replicated')).toBe('after-replicated');
  });

  it('reads how many repetitions a value states, and not the other figures in it', () => {
    const cases: [unknown, number | null][] = [
      [3, 3],
      ['3 (TRIES=3)', 3],
      ['hyperfine -r 10 -w 3 for the 5k run (-r 2 -w 1 for appended runs)', 10],
      ['two rounds; one to warm-up, one to measure', 1],
      ["one job run linked per side ('~8.5 mins' vs '~3.5 mins')", 1],
      ['one linked job run (https://github.com/o/r/actions/runs/8011512414/job/21884933687)', 1],
      ['one run of 100 messages per size; number of runs not stated', 1],
      ['Skynet: 3; Inproc: one run per dispatcher throughput', 3],
      ['microbenchmark times = 5 (summarise), 2 (arrange)', 5],
      ['ran twice', 2],
      ['not stated', null],
      ['each figure a mean over ~8.5 minutes', null],
    ];
    for (const [value, n] of cases) expect(repetitionCount(value), String(value)).toBe(n);
  });

  it('reads selection rules with their N', () => {
    expect(normSelectionRule('best of three runs (highest throughput), the other two discarded')).toEqual({
      kind: 'best-of-n',
      n: 3,
    });
    expect(normSelectionRule('best of 5')).toEqual({ kind: 'best-of-n', n: 5 });
    expect(normSelectionRule('all runs')).toEqual({ kind: 'all' });
    expect(normSelectionRule('median of 7')).toEqual({ kind: 'median-of-n', n: 7 });
    // The head is the rule; the aside lists what else is printed.
    expect(normSelectionRule('mean of 3 rounds (min, max, stddev, median also printed)')).toEqual({
      kind: 'mean-of-n',
      n: 3,
    });
    // The shortest time is the best run.
    expect(normSelectionRule('minimum of the timed runs per query')).toEqual({ kind: 'best-of-n' });
    expect(normSelectionRule('lowest latency of 5 runs')).toEqual({ kind: 'best-of-n', n: 5 });
    expect(normSelectionRule('worst of 3')).toEqual({ kind: 'worst-of-n', n: 3 });
    // Dropping the worst runs or outliers, and printing a min/max range, pick no single run.
    expect(
      normSelectionRule('each test run five times, the two worst runs discarded based on the maximum latency')
        ?.kind,
    ).toBe('trimmed');
    expect(normSelectionRule('drops runs more than 2 standard deviations from the mean')?.kind).toBe(
      'trimmed',
    );
    expect(normSelectionRule('all runs, reported as min-max ranges')?.kind).toBe('all');
    // Every run published, whatever the headline picks from them.
    expect(
      normSelectionRule('all three runs published; the site uses the minimum of runs 2 and 3')?.kind,
    ).toBe('all');
    // A pick across the benchmark's scenarios is its worst case, not a pick among runs.
    expect(
      normSelectionRule("median of 10 trials per scenario; the engine's lowest of the five scenario results"),
    ).toEqual({ kind: 'median-of-n', n: 10 });
    // Failed runs dropped before averaging are runs picked too, a kind of their own.
    expect(
      normSelectionRule('5-run average; remove failed test results, keep only successful runs')?.kind,
    ).toBe('successful-only');
  });

  it('parses numbers and units', () => {
    expect(parseNumber('1,684,437')).toBe(1684437);
    expect(parseNumber('$0.0000524/hr')).toBe(0.0000524);
    expect(parseNumber('1,100*')).toBe(1100);
    expect(toBytes('64Gi')).toBe(64 * 1024 ** 3);
    expect(toBytes('1.7 GB')).toBe(1.7e9);
    expect(toMs('10s')).toBe(10_000);
    expect(toMs('30 minutes')).toBe(1_800_000);
    // A setting's value, not the version printed beside it.
    expect(
      settingNumber('pool size not set (HikariCP 1.3.1 defaults: minPoolSize = 10, maxPoolSize = 60)'),
    ).toBe(10);
    expect(settingNumber('8 threads')).toBe(8);
    // The micro sign, and the Greek mu NFKC turns it into.
    expect(toMs('29 µs')).toBeCloseTo(0.029);
    expect(toMs('29 \u03bcs')).toBeCloseTo(0.029);
  });

  it('reads AWS instance generations', () => {
    expect(parseAwsInstanceType('c5d.9xlarge')).toMatchObject({ generation: 5, processor: 'intel' });
    expect(parseAwsInstanceType('i8g.4xlarge')).toMatchObject({ generation: 8, processor: 'aws-graviton' });
    expect(parseAwsInstanceType('db.m6a.large')).toMatchObject({ generation: 6, processor: 'amd' });
    expect(parseAwsInstanceType('MacBook Pro')).toBeNull();
    // vCPUs and threads per core from the name: Graviton and AMD's 7th generation run one per core.
    expect(awsInstanceCpus('c7g.8xlarge')).toEqual({ vcpus: 32, threadsPerCore: 1 });
    expect(awsInstanceCpus('c6i.8xlarge')).toEqual({ vcpus: 32, threadsPerCore: 2 });
    expect(awsInstanceCpus('t3.2xlarge')).toEqual({ vcpus: 8, threadsPerCore: 2 });
    expect(awsInstanceCpus('m7a.xlarge')).toEqual({ vcpus: 4, threadsPerCore: 1 });
    expect(awsInstanceCpus('r6a.large')).toEqual({ vcpus: 2, threadsPerCore: 2 });
    expect(awsInstanceCpus('c6i.metal')).toBeNull();
  });

  it('compares values canonically and features by class', () => {
    expect(canonical(' Foo_Bar ')).toBe(canonical('foo bar'));
    expect(canonical(['b', 'A'])).toBe(canonical(['a', 'B']));
    expect(normFeatures(['stored procedure (reducer, single call)'])).toBe(
      normFeatures(['stored procedure (do_transfer(), single call)']),
    );
    expect(normFeatures(['ORM (Drizzle)'])).toBe('orm');
    // A feature denied is its absence, not the feature.
    expect(normFeatures(['shapes drawn as meshes, no draw-call batching'])).toBe('no batching');
    expect(normFeatures(['renderer (batched draw calls)'])).toBe('batching');
  });
});

describe('values that say nothing', () => {
  it.each([
    null,
    '',
    '  ',
    'not stated',
    'Not specified.',
    'default',
    'Defaults',
    'default settings',
    'n/a',
    'N/A',
    '?',
    '—',
    'short',
    'short runs',
    'unknown',
    'TBD',
    ['not stated', ''],
    { a: 'n/a' },
  ])('%j is unknown', (v) => expect(isVacuous(v as never)).toBe(true));
  it.each(['none', 'no', 'off', 'serializable', 'default isolation is serializable', 0, false, ['x', 'n/a']])(
    '%j says something',
    (v) => expect(isVacuous(v as never)).toBe(false),
  );
  it.each(['not stated (latest Helm chart at install time)', 'unknown; the harness prints nothing'])(
    '%j says nothing before its aside',
    (v) => expect(isVacuousHead(v)).toBe(true),
  );
  it.each(['1.21.5 (Docker image)', 'v0.2; built from main'])('%j states a value before its aside', (v) =>
    expect(isVacuousHead(v)).toBe(false),
  );
});

describe('percentile aggregation', () => {
  it.each([
    ['averaged percentiles', 'averaged-percentiles'],
    ["mean of the three runs' p99s", 'averaged-percentiles'],
    ['medians averaged across runs', 'averaged-percentiles'],
    ['merged HDR histograms', 'merged-histograms'],
    ['average of 10 repetitions', 'averaged-runs'],
    ['mean over 5 runs', 'averaged-runs'],
    ['single run', 'single-run'],
  ])('%s → %s', (text, aggregation) => expect(normAggregation(text)).toBe(aggregation));
});

describe('printed ranges', () => {
  it.each([
    ['+18–40 %', [18, 40]],
    ['2×–5×', [2, 5]],
    ['1.2 to 1.8 ms', [1.2, 1.8]],
    ['1,000-2,500', [1000, 2500]],
    ['about 30~45% speed up', [30, 45]],
    ['3〜6%', [3, 6]],
  ])('%s → %j', (text, range) => expect(parseRange(text)).toEqual(range));
  it.each(['40', 'about 3x', '40–18'])('%s is no range', (text) => expect(parseRange(text)).toBeNull());
});

describe('acknowledgement and reads in prose', () => {
  it('reads a client that does not wait for the server as fire-and-forget', () => {
    expect(normAcknowledgement("publish only hands the message to the client's send queue")).toBe(
      'fire-and-forget',
    );
    expect(normAcknowledgement('the producer does not wait for a broker acknowledgement')).toBe(
      'fire-and-forget',
    );
    expect(normAcknowledgement('at-most-once delivery')).toBe('fire-and-forget');
  });

  it('reads a client that waits for the reply as after-commit', () => {
    expect(normAcknowledgement('each call waits for the reply from the server')).toBe('after-commit');
    expect(normAcknowledgement('every publish acknowledged by the NATS server')).toBe('after-commit');
  });

  it('reads a denied guarantee as its opposite', () => {
    expect(denied('flink sql does not provide strong consistency', /strong/)).toBe(true);
    expect(denied('strong consistency; not for analytics', /strong/)).toBe(false);
    // Denied after the phrase, in its clause.
    expect(denied('pipelining not implemented by the server', /pipelin/)).toBe(true);
    expect(denied('prepared statements unsupported', /prepared/)).toBe(true);
    expect(denied('pipelining supported by the server', /pipelin/)).toBe(false);
    expect(denied('pipelining on; compression not used', /pipelin/)).toBe(false);
    expect(normFeature('pipelining not implemented by the server')).toBe('no batching');
    expect(normConfirmedReads('strong consistency out of the box')).toBe('true');
    expect(normConfirmedReads('does not provide strong consistency guarantees')).toBe('false');
    expect(normConfirmedReads('written data not immediately available for querying')).toBe('false');
    expect(normConfirmedReads('data is immediately queryable after the write')).toBe('true');
  });

  it('reads an answer followed by its reason, and reads from replicas as unconfirmed', () => {
    expect(normConfirmedReads("yes: 'makes data immediately available'")).toBe('true');
    expect(normConfirmedReads('no (refresh=true not set)')).toBe('false');
    expect(normConfirmedReads('clients read from backups whenever necessary')).toBe('false');
    expect(normConfirmedReads('majority read concern; no stale reads')).toBe('true');
    expect(normConfirmedReads('read concern available')).toBe('false');
  });
});

describe('scales', () => {
  it('compares every number with its magnitude, and a part of a whole against the whole', () => {
    expect(normScale('1M rows')).toBe(normScale('1,000,000 records'));
    expect(normScale('1M rows')).not.toBe(normScale('1B rows'));
    expect(normScale('5.5M reads, 169.8M reads')).toBe('5500000 169800000');
    expect(normScale('10GB (TPC-H SF10)')).toBe(normScale('SF10, 10 GB'));
    expect(normScale('data of this instance (one of 2 Prometheus instances)')).toBe('part_of_2');
    expect(normScale('data written by 2 Prometheus instances')).toBe(2);
    expect(normScale('large')).toBe('large');
  });
});

describe('load models in words', () => {
  it.each([
    ['publishes a set number of messages as fast as possible', 'closed'],
    ['unthrottled producer', 'closed'],
    ['constant arrival rate of 5,000/s', 'open'],
    ['partly open: the publisher sleeps when ahead of the subscriber', 'partly-open'],
    ['open loop, Poisson arrivals', 'open'],
    ['open', 'open'],
    // A word that starts with "open" names no load model.
    ['HTTP to vllm.entrypoints.openai.api_server', null],
    ['OpenSearch benchmark client, open source', null],
    ['closed loop, 64 users', 'closed'],
    ['closed', 'closed'],
    // Something closed that is not the load model: a connection, a file, a channel, "disclosed".
    ['every inbound connection closed after one response', null],
    ['file opened/closed per write', null],
    ['software configuration not disclosed', null],
  ] as const)('%s → %s', (t, want) => expect(normLoadModel(t)).toBe(want));
});

describe('parallelism in words', () => {
  it.each([
    ['no parallel test files (Bun does not support parallel testing)', 'one'],
    ['default: node --test runs test files concurrently (one process per file)', 'many'],
    ['fullyParallel: true', 'many'],
    ['single thread (sequential loop, no threading)', 'one'],
    ['ran serially, one after another', 'one'],
    ['single-threaded (the default; --concurrency not passed)', 'one'],
    ['Numba thread pool over the node cores', 'many'],
    ['one pack stream', null],
    ['8', null],
  ] as const)('%s → %s', (t, want) => expect(parallelism(t)).toBe(want));
});

describe('server threads as printed', () => {
  it.each([
    [4, 4],
    ['single event loop thread (Redis not multithreaded)', 1],
    ['multiple server threads (server-threads N)', 'several'],
    ['client thread + separate compaction thread', 'several'],
    ['not multithreaded', 1],
    ['all available CPU cores (the default thread count)', 'several'],
    ['parallelized directory traversal', 'several'],
    ['no parallel traversal', 1],
    ['one OS thread per connection = 1000 threads for 1000 clients', 'several'],
    ['16 worker threads', 'several'],
    ['lots', null],
  ] as const)('%s → %s', (t, want) => expect(threadCount(t)).toBe(want));
});

describe('durability written as negations', () => {
  it.each([
    'fsync disabled',
    'without fsync',
    "Kafka doesn't fsync",
    'relies on the page cache',
    'flush is turned off',
    'SyncWrites option turned off',
    'syncWrites=false',
    "synchronous_commit=remote_write without safekeepers: this doesn't guarantee data durability",
    'WriteOptions sync not set (RocksDB default: writes not synced)',
    'log_use_fsync (added later) defaults to false',
  ])('%s → no-fsync', (t) => expect(normDurability(t)).toBe('no-fsync'));
  it('an fsync named as the fix keeps a durability caveat durable', () =>
    expect(normDurability("db.flush() then fsync of every file (sled doesn't guarantee durability)")).toBe(
      'local-fsync',
    ));
});

describe('storage', () => {
  it.each([
    ['2 x 2,500 GB NVMe SSDs', 'nvme'],
    ['gp3 EBS volume', 'network-ssd (gp3)'],
    ['EBS gp2, volume IOPS 4500', 'network-ssd (gp2)'],
    ['PD SSD', 'network-ssd (pd-ssd)'],
    ['an EBS volume', 'network-ssd'],
    ['spill location not moved to the NVMe drive', 'not local nvme'],
    ['default disk instead of the NVMe mount', null],
    // A head that names the storage, with only its aside denying another.
    ['container filesystem (no tmpfs): docker run postgres:13', 'container disk'],
    ['tmpfs (RAM): docker run --tmpfs=/pgtmpfs', 'memory'],
    ['host drives: 8x Micron (layout not stated)', null],
  ])('%s → %s', (t, want) => expect(normStorage(t)).toBe(want));
});

describe('SMT', () => {
  it.each([
    ['2 threads per physical core', true],
    ['1 thread per core', false],
    ['Hyper-Threading disabled', false],
    ['hyperthreading on', true],
    [true, true],
    ['unclear', null],
  ])('%s → %s', (t, want) => expect(toSmt(t)).toBe(want));

  it.each([
    ['one hardware thread (vCPU) per physical core', 1],
    ['two hardware threads per core, each thread a vCPU', 2],
    ['4 threads per core', 4],
    ['SMT off', 1],
  ])('%s → %s threads per core', (t, want) => expect(threadsPerCore(t)).toBe(want));
});

describe('compilers and optimised configurations', () => {
  it.each([
    ["AMD Optimizing C/C++ Compiler (AOCC) ('AMD's optimizing compiler')", 'aocc'],
    ['GCC 11.1', 'gcc'],
    ['clang 17', 'clang'],
    ['Intel oneAPI icx', 'intel'],
    ['the usual one', null],
  ])('%s → %s', (t, want) => expect(normCompilerFamily(t)).toBe(want));
  it.each([
    ['TensorRT-LLM with Hopper kernel optimizations', true],
    ['hand-tuned kernels', true],
    ['vLLM, FP16', false],
    ['defaults', false],
    ['config tweaked with a tuning script for each machine type', true],
    ['no tuning applied', false],
  ])('%s → %s', (t, want) => expect(saysOptimised(t)).toBe(want));
});

describe('build types', () => {
  it.each([
    ['release v3.1.0', 'release'],
    ['generally available', 'release'],
    ['-O2', 'release'],
    ['beta (JavaScript support is a beta product)', 'pre-release'],
    ['master branch (commit: 100c104a)', 'pre-release'],
    ['3.1.0-rc2 release candidate', 'pre-release'],
    ['edge release 2.3-edge-19.5.2', 'pre-release'],
    ['generated from the source at tag 1.1.6 with a local patch applied', 'pre-release'],
    ['patch release 1.1.7', 'release'],
    ['debug', 'debug'],
    ['a prototype client (work in progress)', 'pre-release'],
    ['NODE_ENV not set (React runs its development build checks on the server)', 'debug'],
    ['react-with-addons.js (development build with add-ons)', 'debug'],
    ['Micronaut 2.0.0.M3 milestone (pre-release) build', 'pre-release'],
    ['cargo run (default dev profile, default opt-level; no --release)', 'debug'],
    ['cargo build --release', 'release'],
    ["run from source with `lein run` (Leiningen's default profile; no uberjar/production profile)", 'debug'],
    ['Scala Native nativeLink with no nativeMode set in build.sbt', 'debug'],
    ['uberjar built with the production profile', 'release'],
    ['go run', 'release'],
    ['quiche git commit with the nginx patch (not an official nginx HTTP/3 release)', 'pre-release'],
    ['nginx QUIC build (developer: not ready until end of 2023)', 'pre-release'],
    ['modified: MongoDB connector compiled in as a built-in connector', 'pre-release'],
  ])('%s → %s', (text, kind) => expect(normBuildType(text)).toBe(kind));
});

describe('a parameter that says how a side does the work', () => {
  it.each([
    ['queries', 'benchmarks/tpch/q1.sql', true],
    ['setup', 'clickhouse/create.sh', true],
    ['harness', './run/bench', true],
    ['precision', 'mixed FP16/FP32', false],
    ['ratio', 'read/write 50/50', false],
    ['queryMode', 'prepared', true],
    ['rendering', "series sampling 'lttb'", true],
    ['hashAlgorithm', 'xxh3', true],
    ['rows', 1000, false],
    ['routeSet', 'githubAPI2 (203 routes, e.g. /repos/{owner}/{repo}/events)', false],
    // The code a side runs, and the hash it uses, are how it does the work.
    ['coroutineBody', 'for (;;) co_await std::experimental::suspend_always{};', true],
    ['keyType', 'Str<12> (fixed 12-byte char array)', true],
    ['hash', 'djb ver1 (default HashFunc 0)', true],
    ['keyType', 'integer keys, 8 bytes', false],
  ] as const)('%s = %s → %s', (key, value, how) => expect(namesHow(key, value)).toBe(how));
});

describe('the amount a setting is set to', () => {
  it.each([
    ['16 MiB (-b 16)', 16 * 1024 ** 2],
    ['900K (CLI maximum)', 900 * 1024],
    ['four providers configured at once', 4],
    ["one provider 'mock'", 1],
    ['-9', null],
    ['on', null],
    ['pinned core count', null],
  ] as const)('%s → %s', (text, want) => expect(amountOf(text)).toBe(want));
});

describe('the one size a sentence states', () => {
  it.each([
    ["JVM heap ~12 GB pre-allocated ('~12 GB in these results')", 12e9],
    ["shared_buffers 'set to the default 128 MB'", 128e6],
    ['java -Xmx4g -jar server.jar', 4 * 1024 ** 3],
    ['64Gi', 64 * 1024 ** 3],
    ['host 64 GB, heap 16 GB', null],
    ['heap not stated', null],
  ] as const)('%s → %s', (text, want) => expect(bytesInText(text)).toBe(want));
});

describe('a switchable cache as printed', () => {
  it.each([
    ['result cache: none enabled', 'off'],
    ['query result cache: active', 'on'],
    ['query result cache: inactive', 'off'],
    ['query cache enabled', 'on'],
    ['hot (response cache on: repeated identical query served from the cache)', 'on'],
    ['not stated (no response cache)', 'off'],
    ['result cache off (query cache on for metadata)', 'off'],
    // A tool's own cache, switched on its command line.
    ['eslint --cache src/', 'on'],
    ['prettier --write . --no-cache', 'off'],
    ['run without --no-cache (its CLI cache stays on)', 'on'],
    ['ESLint run bare, without --cache', 'off'],
    ['prettier --cache-location .cache', null],
  ] as const)('%s → %s', (text, want) => expect(normResultCache(text)).toBe(want));
});

describe('cache state read from what was done to the cache', () => {
  it.each([
    ['`pnpm store prune` before each run', 'cold'],
    ['`yarn cache clean --all` before each run', 'cold'],
    ['local ./cache folder (--cache=cache), removed with rimraf between scenarios', 'cold'],
    ['cache disabled (--no-cache)', 'cold'],
    ['whole remote cache reset per run', 'cold'],
    [
      "Bun's default global cache (~/.bun/install/cache) is never cleaned: only the local folder is removed",
      'warm',
    ],
    ['store never cleaned between runs', 'warm'],
    ['remote cache only partly invalidated', 'warm'],
    ['no cache drop possible for the managed service', 'warm'],
    ['the build cache survives between runs', 'warm'],
    ['clean local output, warm remote cache', 'warm'],
    ["run 1 cold, runs 2-3 with Parcel's disk cache from the earlier run", 'warm'],
    ["no cache (Rollup's cache only applies in --watch mode)", 'cold'],
    ['without a persistent cache', 'cold'],
    ['no cache options set', null],
    ['fio --direct=1 honoured (page cache bypassed)', 'cold'],
    ['fio --direct=1 requested, but the filesystem has no native Direct IO', 'warm'],
    ['O_DIRECT reads', 'cold'],
    ["async data cache enabled ('Prestissimo (with async data cache)')", 'warm'],
    ['no tile cache configured in tegola/config.toml', 'cold'],
    ['in memory (dataset fits in server RAM)', 'hot'],
    ['100% hit rate', 'hot'],
    ['caching not supported', 'cold'],
    ['data kept in CPU memory and copied to the GPU for each GPU search', 'cold'],
    ['index resident in GPU memory after train+add', 'hot'],
    ['table preloaded into memory', 'hot'],
    // Builds: what an earlier build left, and a build from nothing.
    ['clean compile with the Gradle build cache populated: 32 tasks executed, 93 taken from cache', 'warm'],
    ['incremental, no changes (134 tasks UP-TO-DATE)', 'warm'],
    ['applies learned classification from prior runs', 'warm'],
    ['no learned state (in-kernel default scheduler)', 'cold'],
    ['links against the pre-compiled standard library that comes with the Go SDK', 'warm'],
    ['the Go standard library is not cached and is rebuilt', 'cold'],
    ['clean compile', 'cold'],
    // What the text says, not the cache: unknown.
    ['clean compile (no cache mentioned)', 'cold'],
    ['no cache mentioned', null],
    // Cold and warm samples in one figure.
    ['mixed: most samples include connection creation after cold starts', 'mixed'],
    ['cold first run included', 'mixed'],
    ['the mean includes a cold first run', 'mixed'],
    ['both cold and warm samples in one mean', 'mixed'],
    // A cache only partly filled misses part of every run.
    ["warm, but partial: 'remaining work repeats each run'", 'mixed'],
    ['partially warmed build cache', 'mixed'],
    // Both reported, each in its own figure: not a mixture.
    ["both cold and warm reported ('similar query speed at warm state')", null],
    ['cold start on each request', 'cold'],
    ['template caching disabled', 'cold'],
    ['Handlebars compiles the template on every request', 'cold'],
    ['JSP compiles once (compiled template effectively cached)', 'warm'],
    ["compile step served from the engine's template cache", 'warm'],
    // The OS page cache dropped with the server left running: its own caches stay warm.
    [
      'cold run = OS page cache dropped only; the Umbra container (and its buffer pool) keeps running',
      'warm',
    ],
    ['lukewarm cold run: only the OS page cache is dropped; the database is not restarted', 'warm'],
    ['cold run = OS page cache dropped and a new duckdb process started for each query', 'cold'],
  ] as const)('%s → %s', (t, state) => expect(normCacheState(t)).toBe(state));
});

describe('a product by its stem', () => {
  it.each([
    ['CockroachDB 23.1', 'cockroach'],
    ['Apache Kafka', 'kafka'],
    ['kube-nftlb', 'kube-nftlb'],
    ['kube-proxy', 'kube-proxy'],
    ['Yugabyte-DB', 'yugabyte'],
    ['github.com/gin-gonic/gin', 'gin'],
    ['bun:sqlite', 'bun'],
  ] as const)('%s → %s', (name, want) => expect(productStem(name)).toBe(want));
});

describe('normFeature', () => {
  it('names a long description by its head, not by a class word further on', () => {
    expect(
      normFeature('ORM (Drizzle): 5 round trips per transfer (BEGIN, SELECT, UPDATE, UPDATE, COMMIT)'),
    ).toBe('orm');
    expect(normFeature('foreign key constraints')).toBe('foreign keys');
    const described =
      'schema modified: 4 of 9 tables made reference tables because of the foreign-key limitation';
    expect(normFeature(described)).toBe(described.replace('-', ' '));
  });
});
