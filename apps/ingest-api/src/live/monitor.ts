// Re-checks every open live stream's access every few seconds, so a stream ends soon after its
// API token is revoked, its project is made private or its viewer is removed from the
// organization (access.ts holds the rule). One query per check covers every watched run and
// all their viewers: the cost follows the number of checks, not of viewers.
import { errorMessage, type Queryable } from '../db.ts';
import type { Counter } from '../metrics.ts';
import { ACCESS_LOSS_MESSAGES, accessLoss, readRunAccess } from './access.ts';
import type { LiveHub } from './hub.ts';

export interface LiveAccessMonitorOptions {
  db: Queryable;
  hub: LiveHub;
  /** Time between checks, ms. */
  intervalMs: number;
  /** Checks made; streams ended, by reason. */
  metrics: { checks: Counter; revoked: Counter };
  log: (level: 'info' | 'warn', message: string, details?: Record<string, unknown>) => void;
}

export class LiveAccessMonitor {
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  /** Sequence number of the last check started; closures are logged with theirs. */
  private started = 0;

  constructor(private readonly options: LiveAccessMonitorOptions) {}

  start(): void {
    this.timer ??= setInterval(() => void this.check(), this.options.intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.checking;
  }

  /** One check of every watched run; a check still running is not started again. */
  check(): Promise<void> {
    this.checking ??= this.checkAll()
      .catch((error) =>
        this.options.log('warn', `live: could not re-check stream access: ${errorMessage(error)}`),
      )
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  private async checkAll(): Promise<void> {
    const { hub, db, metrics, log } = this.options;
    const watched = hub.watched();
    if (watched.size === 0) return;
    const number = ++this.started;
    metrics.checks.inc();
    const viewers = [...watched.values()].flat();
    // Only the viewers asked about are judged: one who subscribed while the query ran (a new
    // token, a member opening the page) is not in its answer and would read as revoked.
    const asked = new Set(viewers);
    const access = await readRunAccess(
      db,
      [...watched.keys()],
      [...new Set(viewers.flatMap((viewer) => (viewer.apiTokenId ? [viewer.apiTokenId] : [])))],
      [...new Set(viewers.flatMap((viewer) => (viewer.userId ? [viewer.userId] : [])))],
    );
    for (const runId of watched.keys()) {
      const reasons = new Map<string, number>();
      hub.revoke(runId, (viewer) => {
        if (!asked.has(viewer)) return undefined;
        const reason = accessLoss(access.get(runId), viewer);
        if (!reason) return undefined;
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        return { reason, message: ACCESS_LOSS_MESSAGES[reason] };
      });
      for (const [reason, streams] of reasons) {
        metrics.revoked.inc(streams, { reason });
        log('info', 'live: ended streams that lost access', { runId, reason, streams, check: number });
      }
    }
  }
}
