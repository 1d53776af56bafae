// Assembles a running ingest API (pools, live hub and listener, rollup worker, HTTP) and takes
// it down in the order that loses nothing. main.ts calls it with the environment; tests call
// it directly.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createAuthenticator } from './auth.ts';
import type { IngestContext } from './context.ts';
import { createPool, errorMessage } from './db.ts';
import { SeriesCache } from './frames/series.ts';
import { LiveHub } from './live/hub.ts';
import { NoticeListener } from './live/listener.ts';
import { LiveAccessMonitor } from './live/monitor.ts';
import { NatsNotices } from './live/nats.ts';
import { Notifier } from './live/notifier.ts';
import { NoticeRelay } from './live/relay.ts';
import { createIngestMetrics } from './metrics.ts';
import { createRateLimits, RATE_LIMIT_DEFAULTS, type RateLimitOptions } from './rate-limit.ts';
import type { HistogramMerger } from './rollup/merge.ts';
import { RollupWorker } from './rollup/worker.ts';
import { FramePartitions } from './storage/partitions.ts';

export interface IngestOptions {
  databaseUrl: string;
  host: string;
  port: number;
  webUrl: string;
  /** Defaults to the address the server listens on. */
  publicIngestUrl?: string;
  liveTokenSecret?: string | undefined;
  poolSize?: number;
  rollupIntervalMs?: number;
  /** Largest share of wall time the rollup worker is busy, querying or merging (default 0.25). */
  rollupCpuShare?: number;
  /** Defaults to the HdrHistogram codec of @levelfield/metrics (rollup/merge.ts). */
  merger?: HistogramMerger;
  /** How long an API token lookup is reused (ms); revocations take effect within it. Default 5000. */
  tokenCacheMs?: number;
  /** Per-token and per-address limits (rate-limit.ts); each defaults to RATE_LIMIT_DEFAULTS. */
  rateLimits?: Partial<RateLimitOptions>;
  /** How often every open live stream's access is re-checked, ms (live/monitor.ts). Default 5000. */
  liveRecheckMs?: number;
  /** NATS server carrying the notices between instances (live/nats.ts); unset: LISTEN/NOTIFY. */
  natsUrl?: string;
  /** Reverse proxies whose X-Forwarded-For is believed (app.ts). */
  trustProxy?: string[];
  /** How long a request's headers and body may take to arrive, ms (app.ts). */
  requestTimeoutMs?: number;
  log?: IngestContext['log'];
}

export interface RunningIngest {
  url: string;
  app: FastifyInstance;
  ctx: IngestContext;
  /** SIGTERM: refuse new work, finish in-flight batches, close live streams with a reconnect hint. */
  drain(): Promise<void>;
}

/** How long live clients wait before reconnecting (to another instance) after a shutdown. */
const RECONNECT_HINT_MS = 1000;
/** How long a drain waits for requests in flight before closing their connections anyway. */
const IN_FLIGHT_DEADLINE_MS = 8000;

function stderrLog(level: string, message: string, details?: Record<string, unknown>): void {
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), message, ...details })}\n`);
}

export async function startIngest(options: IngestOptions): Promise<RunningIngest> {
  const log = options.log ?? stderrLog;
  const db = createPool(options.databaseUrl, options.poolSize ?? 10);
  // Rollups get their own connections: a whole-run recompute must never hold the hot path's.
  const rollupDb = createPool(options.databaseUrl, 2);
  const hub = new LiveHub();
  const origin = randomUUID();
  const warn = (message: string) => log('warn', message);
  // Other instances' notices of stored frames: over NATS when configured, else LISTEN/NOTIFY.
  const relay = new NoticeRelay({ origin, hub, db, log: warn });
  let notifier: IngestContext['notifier'] & { close(): Promise<void> };
  let listener: NoticeListener | undefined;
  if (options.natsUrl) {
    const nats = await NatsNotices.connect(options.natsUrl, relay, warn);
    hub.watcher = nats;
    notifier = nats;
  } else {
    // A notification only announces frames already stored: losing one in a crash loses a live
    // update, never data, so its transactions need not wait for their WAL flush (notifier.ts).
    notifier = new Notifier(createPool(options.databaseUrl, 1, { synchronous_commit: 'off' }), warn);
    listener = new NoticeListener({ url: options.databaseUrl, relay, log: warn });
  }
  const rollup = new RollupWorker({
    db: rollupDb,
    log: warn,
    ...(options.rollupIntervalMs ? { intervalMs: options.rollupIntervalMs } : {}),
    ...(options.rollupCpuShare ? { cpuShare: options.rollupCpuShare } : {}),
    ...(options.merger ? { merger: options.merger } : {}),
  });
  const ctx: IngestContext = {
    db,
    authenticate: createAuthenticator(db, {
      ...(options.tokenCacheMs !== undefined ? { cacheMs: options.tokenCacheMs } : {}),
      onTouchError: (error) => log('warn', `could not record token use: ${errorMessage(error)}`),
    }),
    limits: createRateLimits({ ...RATE_LIMIT_DEFAULTS, ...options.rateLimits }),
    seriesCache: new SeriesCache(),
    hub,
    notifier,
    rollup,
    metrics: createIngestMetrics({
      liveSubscribers: () => hub.size,
      rollupPending: () => rollup.pendingBuckets,
      pool: () => ({ total: db.totalCount, idle: db.idleCount, waiting: db.waitingCount }),
    }),
    origin,
    webUrl: options.webUrl,
    publicIngestUrl: options.publicIngestUrl ?? '',
    liveTokenSecret: options.liveTokenSecret,
    draining: false,
    inFlight: 0,
    log,
  };
  const liveAccess = new LiveAccessMonitor({
    db,
    hub,
    intervalMs: options.liveRecheckMs ?? 5000,
    metrics: { checks: ctx.metrics.liveChecks, revoked: ctx.metrics.liveRevoked },
    log,
  });
  // Rollup connections: partition upkeep is as occasional and as far from the hot path.
  const partitions = new FramePartitions({ db: rollupDb, log: warn });
  await partitions.start();
  await listener?.start();
  await rollup.start();
  liveAccess.start();
  const app = buildApp(ctx, {
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  });
  const url = await app.listen({ host: options.host, port: options.port });
  if (!options.publicIngestUrl) ctx.publicIngestUrl = url;

  let drained: Promise<void> | undefined;
  const drain = () => {
    drained ??= (async () => {
      ctx.draining = true;
      await liveAccess.stop();
      hub.closeAll(RECONNECT_HINT_MS);
      const closed = app.close();
      // A stream whose client went away without closing its socket stays "busy" for Node
      // until the keep-alive timeout (72 s). Once the last request in flight is answered, any
      // connection left is such a socket or an idle one: close them all.
      const deadline = Date.now() + IN_FLIGHT_DEADLINE_MS;
      while (ctx.inFlight > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      app.server.closeAllConnections();
      await closed;
      await rollup.stop();
      await partitions.stop();
      await notifier.close();
      await listener?.stop();
      await Promise.all([db.end(), rollupDb.end()]);
    })();
    return drained;
  };
  return { url, app, ctx, drain };
}
