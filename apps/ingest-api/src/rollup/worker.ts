// Keeps rollups (per-minute buckets) and per-series run summaries current, off the hot path.
// The hot path only marks what changed; a timer recomputes those buckets from the stored
// frames in one statement. Marks live in memory, so after a crash (or on another instance's
// start-up) the running runs are recomputed whole, and every finish recomputes its run: the
// rows are always recomputable from frames (sql.ts).
import type pg from 'pg';
import { errorMessage } from '../db.ts';
import type { LiveFrame } from '../live/messages.ts';
import type { HistogramMerger } from './merge.ts';
import {
  BUCKET_HISTOGRAMS,
  ROLLUP_BUCKETS,
  ROLLUP_RUN,
  ROLLUP_WIDTH_SECONDS,
  STORE_MERGED,
  SUMMARIZE_SERIES,
} from './sql.ts';

export interface RollupOptions {
  db: pg.Pool;
  log: (message: string) => void;
  /** How often marked buckets are recomputed. */
  intervalMs?: number;
  /** Summaries cover whole runs, so they are recomputed less often than buckets. */
  summaryIntervalMs?: number;
  merger?: HistogramMerger;
}

const BUCKET_MS = ROLLUP_WIDTH_SECONDS * 1000;

export class RollupWorker {
  /** "seriesId\0bucketMs" */
  private buckets = new Set<string>();
  private series = new Set<string>();
  private runs = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastSummary = 0;

  constructor(private readonly options: RollupOptions) {}

  markFrames(frames: Pick<LiveFrame, 'series' | 'startMs'>[]): void {
    for (const frame of frames) {
      this.buckets.add(`${frame.series}\u0000${Math.floor(frame.startMs / BUCKET_MS) * BUCKET_MS}`);
      this.series.add(frame.series);
    }
  }

  /** Recompute everything of a run (it finished, or marks may have been lost in a crash). */
  markRun(runId: string): void {
    this.runs.add(runId);
  }

  async start(): Promise<void> {
    const { rows } = await this.options.db.query<{ id: string }>(
      "SELECT id FROM runs WHERE status = 'running'",
    );
    for (const row of rows) this.markRun(row.id);
    this.timer = setInterval(() => void this.flush(), this.options.intervalMs ?? 10_000).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush(true);
  }

  /** One pass at a time; a failed pass puts its marks back for the next one. */
  flush(force = false): Promise<void> {
    this.running ??= this.pass(force).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(force: boolean): Promise<void> {
    const runs = this.runs;
    const buckets = this.buckets;
    const dueSummary = force || Date.now() - this.lastSummary >= (this.options.summaryIntervalMs ?? 60_000);
    const series = dueSummary ? this.series : new Set<string>();
    this.runs = new Set();
    this.buckets = new Set();
    if (dueSummary) this.series = new Set();
    try {
      for (const runId of runs) await this.rollupRun(runId);
      await this.rollupBuckets(buckets);
      if (series.size > 0) await this.options.db.query(SUMMARIZE_SERIES, [[...series]]);
      if (dueSummary) this.lastSummary = Date.now();
    } catch (error) {
      this.options.log(`rollup: pass failed, will retry (${errorMessage(error)})`);
      for (const runId of runs) this.runs.add(runId);
      for (const key of buckets) this.buckets.add(key);
      for (const id of series) this.series.add(id);
    }
  }

  private async rollupRun(runId: string): Promise<void> {
    const { rows } = await this.options.db.query<{ series_id: string; bucket_ms: number }>(ROLLUP_RUN, [
      runId,
    ]);
    await this.mergeHistograms(rows);
    const { rows: series } = await this.options.db.query<{ id: string }>(
      'SELECT id FROM series WHERE run_id = $1',
      [runId],
    );
    if (series.length > 0) await this.options.db.query(SUMMARIZE_SERIES, [series.map((row) => row.id)]);
  }

  private async rollupBuckets(keys: Set<string>): Promise<void> {
    if (keys.size === 0) return;
    const pairs = [...keys].map((key) => key.split('\u0000') as [string, string]);
    const { rows } = await this.options.db.query<{ series_id: string; bucket_ms: number }>(ROLLUP_BUCKETS, [
      pairs.map((pair) => pair[0]),
      pairs.map((pair) => Number(pair[1])),
    ]);
    await this.mergeHistograms(rows);
  }

  private async mergeHistograms(buckets: { series_id: string; bucket_ms: number }[]): Promise<void> {
    const merger = this.options.merger;
    if (!merger) return;
    for (const bucket of buckets) {
      const { rows } = await this.options.db.query<{ histogram: Buffer }>(BUCKET_HISTOGRAMS, [
        bucket.series_id,
        bucket.bucket_ms,
      ]);
      if (rows.length === 0) continue;
      const merged = merger.merge(rows.map((row) => row.histogram));
      await this.options.db.query(STORE_MERGED, [
        bucket.series_id,
        bucket.bucket_ms,
        Buffer.from(merged.encoded),
        merged.p50,
        merged.p90,
        merged.p95,
        merged.p99,
        merged.p999,
      ]);
    }
  }
}
