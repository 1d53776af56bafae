// Everything a request handler needs, built once in main.ts (or a test) and passed to buildApp.
import type pg from 'pg';
import type { Authenticate } from './auth.ts';
import type { SeriesCache } from './frames/series.ts';
import type { LiveHub } from './live/hub.ts';
import type { IngestMetrics } from './metrics.ts';
import type { RateLimits } from './rate-limit.ts';
import type { RollupWorker } from './rollup/worker.ts';

export interface IngestContext {
  db: pg.Pool;
  authenticate: Authenticate;
  /** Per-token request limits and per-address limits on failed authentication. */
  limits: RateLimits;
  seriesCache: SeriesCache;
  hub: LiveHub;
  /**
   * Tells other instances about stored frames and finished runs, after commit: PostgreSQL NOTIFY
   * (live/notifier.ts) or NATS (live/nats.ts).
   */
  notifier: { publish(runId: string, payload: string): Promise<void> };
  rollup: RollupWorker;
  metrics: IngestMetrics;
  /** Names this process in notifications, so it skips its own. */
  origin: string;
  webUrl: string;
  publicIngestUrl: string;
  liveTokenSecret: string | undefined;
  /** Set on SIGTERM: new requests are refused while in-flight ones finish. */
  draining: boolean;
  /** Requests being handled (live streams excepted). */
  inFlight: number;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
}
