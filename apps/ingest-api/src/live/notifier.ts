// Sends the notifications other instances listen for (messages.ts), after the data they announce
// has committed, from a connection of its own whose transactions do not wait for their WAL flush.
//
// Why not NOTIFY inside the batch's statement: PostgreSQL serialises the commits of all
// transactions that NOTIFY with one database-wide lock, held through each commit's WAL flush, so
// every batch queued behind the one before it ("Lock: object" waits on pg_database; most of the
// ingest ack p99 under load). Here batches commit without that lock, and the notifications go
// out in transactions that write nothing else. A crash between a batch's commit and its
// notification loses one live update on other instances, never a frame: a viewer that
// reconnects reads the stored frames.
import type pg from 'pg';
import { errorMessage } from '../db.ts';
import { FRAMES_CHANNEL } from './messages.ts';

/** Notifications sent per statement when many are waiting: bounds one statement's size. */
const MAX_PER_STATEMENT = 256;

interface Pending {
  payload: string;
  sent: () => void;
}

export class Notifier {
  private queue: Pending[] = [];
  private pumping: Promise<void> | undefined;

  /** `pool` is this notifier's own (createPool with synchronous_commit off, one connection). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Queues one notification (one channel for every run); resolves once it was sent (or dropped,
   * logged, when the database refused it). Notifications go out in the order they were published.
   */
  publish(_runId: string, payload: string): Promise<void> {
    return new Promise((sent) => {
      this.queue.push({ payload, sent });
      this.pumping ??= this.pump().finally(() => {
        this.pumping = undefined;
      });
    });
  }

  /** Sends what is queued, then closes the connection. */
  async close(): Promise<void> {
    await this.pumping;
    await this.pool.end();
  }

  /** One statement at a time: whatever queued while one was in flight goes in the next. */
  private async pump(): Promise<void> {
    while (this.queue.length > 0) {
      const chunk = this.queue.splice(0, MAX_PER_STATEMENT);
      try {
        await this.pool.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
          FRAMES_CHANNEL,
          chunk.map((pending) => pending.payload),
        ]);
      } catch (error) {
        this.log(
          `live: ${chunk.length} notification(s) for other instances not sent (${errorMessage(error)})`,
        );
      }
      for (const pending of chunk) pending.sent();
    }
  }
}
