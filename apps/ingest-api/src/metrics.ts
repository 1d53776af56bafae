// Prometheus text exposition (format 0.0.4) for the few instruments the ingest API keeps.
// Small enough that a client library would add more than it saves.
import { monitorEventLoopDelay } from 'node:perf_hooks';

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels).map(
    ([key, value]) =>
      `${key}="${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`,
  );
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

interface Instrument {
  render(): string[];
}

export class Counter implements Instrument {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(amount = 1, labels: Labels = {}): void {
    const key = labelText(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + amount);
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [labels, value] of this.values) lines.push(`${this.name}${labels} ${value}`);
    if (this.values.size === 0) lines.push(`${this.name} 0`);
    return lines;
  }
}

/** Read at scrape time, so it never goes stale. */
export class Gauge implements Instrument {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly collect: () => Array<[Labels, number]>,
  ) {}

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const [labels, value] of this.collect()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

export class Histogram implements Instrument {
  private readonly counts: number[];
  private sum = 0;
  private total = 0;
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {
    this.counts = buckets.map(() => 0);
  }

  observe(value: number): void {
    this.sum += value;
    this.total += 1;
    const index = this.buckets.findIndex((bound) => value <= bound);
    if (index >= 0) this.counts[index]! += 1;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    let cumulative = 0;
    this.buckets.forEach((bound, index) => {
      cumulative += this.counts[index]!;
      lines.push(`${this.name}_bucket{le="${bound}"} ${cumulative}`);
    });
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.total}`, `${this.name}_sum ${this.sum}`);
    lines.push(`${this.name}_count ${this.total}`);
    return lines;
  }
}

export class Registry {
  private readonly instruments: Instrument[] = [];

  add<T extends Instrument>(instrument: T): T {
    this.instruments.push(instrument);
    return instrument;
  }

  render(): string {
    return `${this.instruments.flatMap((instrument) => instrument.render()).join('\n')}\n`;
  }
}

export interface IngestMetrics {
  registry: Registry;
  framesAccepted: Counter;
  framesDuplicate: Counter;
  framesRejected: Counter;
  rateLimited: Counter;
  liveChecks: Counter;
  liveRevoked: Counter;
  batchSeconds: Histogram;
}

export function createIngestMetrics(sources: {
  liveSubscribers: () => number;
  rollupPending?: () => number;
  pool: () => { total: number; idle: number; waiting: number };
}): IngestMetrics {
  const registry = new Registry();
  registry.add(
    new Gauge('levelfield_live_subscribers', 'Open live subscriptions on this instance.', () => [
      [{}, sources.liveSubscribers()],
    ]),
  );
  // How late timers fire: what every request waits on top of its own work when the event loop
  // is busy (a merge, a GC pause). Reset at each scrape, so it covers the last scrape interval.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  registry.add(
    new Gauge('levelfield_event_loop_delay_seconds', 'Event loop delay since the last scrape.', () => {
      const values: Array<[Labels, number]> = [
        [{ quantile: '0.5' }, loopDelay.percentile(50) / 1e9],
        [{ quantile: '0.99' }, loopDelay.percentile(99) / 1e9],
        [{ quantile: '1' }, loopDelay.max / 1e9],
      ];
      loopDelay.reset();
      return values;
    }),
  );
  registry.add(
    new Gauge(
      'levelfield_rollup_pending_buckets',
      '(Run, minute) buckets waiting for a merge, all instances.',
      () => [[{}, sources.rollupPending?.() ?? 0]],
    ),
  );
  registry.add(
    new Gauge('levelfield_db_pool_connections', 'Hot-path PostgreSQL pool connections by state.', () => {
      const pool = sources.pool();
      return [
        [{ state: 'total' }, pool.total],
        [{ state: 'idle' }, pool.idle],
        [{ state: 'waiting' }, pool.waiting],
      ];
    }),
  );
  return {
    registry,
    framesAccepted: registry.add(
      new Counter('levelfield_ingest_frames_accepted_total', 'Frames stored (new, not replays).'),
    ),
    framesDuplicate: registry.add(
      new Counter(
        'levelfield_ingest_frames_duplicate_total',
        'Replayed frames acknowledged without storing.',
      ),
    ),
    framesRejected: registry.add(
      new Counter('levelfield_ingest_frames_rejected_total', 'Frames in rejected batches, by error code.'),
    ),
    rateLimited: registry.add(
      new Counter(
        'levelfield_ingest_rate_limited_total',
        'Requests refused with 429, by limit: "token" (requests per API token) or "address" (failed authentications).',
      ),
    ),
    liveChecks: registry.add(
      new Counter(
        'levelfield_live_access_checks_total',
        'Re-checks of the access of every open live stream.',
      ),
    ),
    liveRevoked: registry.add(
      new Counter(
        'levelfield_live_streams_revoked_total',
        'Live streams ended because their viewer lost access, by reason.',
      ),
    ),
    batchSeconds: registry.add(
      new Histogram(
        'levelfield_ingest_batch_duration_seconds',
        'Time from a frame batch request to its acknowledgement.',
        [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      ),
    ),
  };
}
