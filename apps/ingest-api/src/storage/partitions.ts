// Keeps the day partitions of `frames` ahead of the clock and applies each project's retention of
// raw frames, through the database functions the migration 20261126231500_partitioned_frames
// defines (they run as the tables' owner: this service's app role owns nothing). Every instance
// runs this; the functions take an advisory lock, so concurrent calls wait for each other and
// find the work done.
import type pg from 'pg';
import { errorMessage } from '../db.ts';

export interface PartitionOptions {
  db: pg.Pool;
  log: (message: string) => void;
  /** How often partitions are created ahead and retention applied. Default 1 h. */
  intervalMs?: number;
  /** Days of partitions kept ready from today (UTC). Frames may start up to a day ahead. Default 4. */
  daysAhead?: number;
  /** Frames deleted per statement when a project's retention is shorter than a whole partition. */
  deleteBatch?: number;
}

export class FramePartitions {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  /** Draining: a retention pass stops after its current statement. */
  private stopped = false;

  constructor(private readonly options: PartitionOptions) {}

  /** Creates today's and the coming days' partitions before the first batch is accepted. */
  async start(): Promise<void> {
    try {
      await this.createAhead();
    } catch (error) {
      throw new Error(
        `could not create the frames table's partitions ahead (${errorMessage(error)}): is the database migrated?`,
      );
    }
    this.running = this.maintain();
    this.timer = setInterval(() => {
      this.running = this.maintain();
    }, this.options.intervalMs ?? 3_600_000).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopped = true;
    await this.running;
  }

  async createAhead(): Promise<number> {
    const { rows } = await this.options.db.query<{ created: number }>(
      'SELECT levelfield_create_frame_partitions(current_date, $1) AS created',
      [this.options.daysAhead ?? 4],
    );
    return rows[0]!.created;
  }

  /** Drops whole expired partitions, then deletes older frames batch by batch; returns the totals. */
  async expire(): Promise<{ dropped: number; deleted: number }> {
    const batch = this.options.deleteBatch ?? 10_000;
    const total = { dropped: 0, deleted: 0 };
    for (;;) {
      const { rows } = await this.options.db.query<{ dropped: number; deleted: number }>(
        'SELECT dropped, deleted FROM levelfield_expire_frames($1)',
        [batch],
      );
      total.dropped += rows[0]!.dropped;
      total.deleted += rows[0]!.deleted;
      if (rows[0]!.deleted < batch || this.stopped) return total;
    }
  }

  /** Both, on the timer; a failure is logged and retried at the next tick. */
  private async maintain(): Promise<void> {
    try {
      await this.createAhead();
      await this.expire();
    } catch (error) {
      this.options.log(`frame partitions: upkeep failed, will retry (${errorMessage(error)})`);
    }
  }
}
