// Keeps rollups (per-minute merged histograms) and per-series run summaries current, off the
// hot path. The hot path only marks the buckets it wrote to; a timer recomputes each bucket from
// the stored frames once it has closed (so a bucket's frames are decoded about once, not on
// every pass while it fills), merges the frames' histograms with @levelfield/metrics (in a
// thread of its own: thread-merger.ts), and
// then recomputes the summaries of the series it touched from the rollups.
//
// Marks live in memory. A finish recomputes every bucket of its run whose rollup is missing or
// stale (rollup frame_count ≠ stored frames), and so does start-up for running and recently
// finished runs, so a crash or a cut-short drain loses nothing: rows are always recomputable
// from frames (sql.ts), and writes from several instances converge.
//
// Merging costs tens of µs per frame here and reading the frames back as much in PostgreSQL,
// so the worker works in small slices and, after each query and each merge, rests in proportion
// to stay busy at most `cpuShare` of wall time: ingest always comes first.
import type pg from 'pg';
import { errorMessage } from '../db.ts';
import { byteaArray } from '../frames/columns.ts';
import type { HistogramMerger } from './merge.ts';
import {
  BUCKET_HISTOGRAMS,
  BUCKET_INPUTS,
  RECOVERABLE_RUNS,
  ROLLUP_WIDTH_SECONDS,
  RUN_SERIES,
  STALE_BUCKETS,
  STORE_ROLLUPS,
  STORE_SUMMARIES,
  SUMMARY_HISTOGRAMS,
  SUMMARY_INPUTS,
} from './sql.ts';
import { defaultMerger } from './thread-merger.ts';

export interface RollupOptions {
  db: pg.Pool;
  log: (message: string) => void;
  /** How often closed buckets are recomputed. Default 10 s. */
  intervalMs?: number;
  /** Summaries cover whole runs, so they are recomputed less often than buckets. Default 60 s. */
  summaryIntervalMs?: number;
  /** A bucket is recomputed this long after it closed (late batches land first). Default 10 s. */
  settleMs?: number;
  /** Largest share of wall time the worker is busy, querying or merging (0 < share ≤ 1). Default 0.25. */
  cpuShare?: number;
  merger?: HistogramMerger;
}

const BUCKET_MS = ROLLUP_WIDTH_SECONDS * 1000;
/** Buckets (or summaries) read per statement: at most a few MB of histograms. */
const SLICE = 50;

interface Aggregate {
  frame_count: number;
  count: string;
  duration_ms: string;
  min: number;
  max: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  without_histogram: number;
}

interface BucketRow extends Aggregate {
  series_id: string;
  bucket_ms: number;
  warmup_frames: number;
}

interface SummaryRow extends Aggregate {
  series_id: string;
  last_seq: number;
}

type Percentiles = Pick<Aggregate, 'p50' | 'p90' | 'p95' | 'p99' | 'p999'> & {
  histogram: Buffer | null;
  bands: Buffer | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
const yieldToIo = () => new Promise((resolve) => setImmediate(resolve));

export class RollupWorker {
  /** seriesId → bucket starts (epoch ms) written since their last recompute. */
  private buckets = new Map<string, Set<number>>();
  private series = new Set<string>();
  private runs = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** Passes run one after another. */
  private chain: Promise<void> = Promise.resolve();
  private passing = false;
  private lastSummary = 0;
  /** Draining: no more resting between merges. */
  private draining = false;
  /** The drain deadline passed: leave the rest to the next start-up. */
  private abandoned = false;
  private undecodable = 0;
  private readonly merger: HistogramMerger;
  private readonly share: number;

  constructor(private readonly options: RollupOptions) {
    this.merger = options.merger ?? defaultMerger();
    this.share = Math.min(Math.max(options.cpuShare ?? 0.25, 0.01), 1);
  }

  /** Buckets waiting for a recompute (for /metrics). */
  get pendingBuckets(): number {
    let n = 0;
    for (const set of this.buckets.values()) n += set.size;
    return n;
  }

  /** Called by the hot path after commit; cheap: a Map lookup and a Set add. */
  markBucket(seriesId: string, startMs: number): void {
    const bucket = startMs - (((startMs % BUCKET_MS) + BUCKET_MS) % BUCKET_MS);
    let set = this.buckets.get(seriesId);
    if (!set) {
      set = new Set();
      this.buckets.set(seriesId, set);
    }
    set.add(bucket);
  }

  /** Recompute every stale bucket of a run (it finished, or marks may have been lost in a crash). */
  markRun(runId: string): void {
    this.runs.add(runId);
  }

  async start(): Promise<void> {
    const { rows } = await this.options.db.query<{ id: string }>(RECOVERABLE_RUNS);
    for (const row of rows) this.markRun(row.id);
    this.timer = setInterval(() => {
      if (!this.passing) void this.flush();
    }, this.options.intervalMs ?? 10_000).unref();
    void this.flush();
  }

  /**
   * Drain: a last pass over everything marked, at full speed, for at most `deadlineMs`; what
   * is left is recomputed by the next start-up (RECOVERABLE_RUNS).
   */
  async stop(deadlineMs = 10_000): Promise<void> {
    clearInterval(this.timer);
    this.draining = true;
    const timer = setTimeout(() => {
      this.abandoned = true;
    }, deadlineMs);
    await this.flush(true);
    clearTimeout(timer);
    await this.merger.close?.();
    if (this.abandoned) {
      this.options.log(
        `rollup: drain deadline passed with ${this.pendingBuckets} bucket(s) and ${this.series.size} ` +
          'summaries left; the next start-up recomputes them',
      );
    }
  }

  /** Runs a pass after any running one; `force` also takes open buckets and summaries. */
  flush(force = false): Promise<void> {
    const pass = this.chain.then(() => this.pass(force));
    this.chain = pass.catch(() => {});
    return pass;
  }

  private async pass(force: boolean): Promise<void> {
    this.passing = true;
    try {
      const runs = this.runs;
      this.runs = new Set();
      const due: Array<[string, number]> = [];
      if (runs.size > 0) {
        try {
          const ids = [...runs];
          const stale = await this.query<{ series_id: string; bucket_ms: number }>(STALE_BUCKETS, [ids]);
          // Recomputed now, open or not: the run finished (or is being recovered).
          for (const row of stale.rows) {
            due.push([row.series_id, row.bucket_ms]);
            this.buckets.get(row.series_id)?.delete(row.bucket_ms);
          }
          const series = await this.query<{ id: string }>(RUN_SERIES, [ids]);
          for (const row of series.rows) this.series.add(row.id);
        } catch (error) {
          this.options.log(`rollup: could not list stale buckets, will retry (${errorMessage(error)})`);
          for (const id of runs) this.runs.add(id);
        }
      }
      due.push(...this.takeDue(force ? Number.POSITIVE_INFINITY : Date.now()));
      await this.rollupBuckets(due);
      const dueSummary =
        force || runs.size > 0 || Date.now() - this.lastSummary >= (this.options.summaryIntervalMs ?? 60_000);
      if (dueSummary && this.series.size > 0) {
        const series = this.series;
        this.series = new Set();
        await this.summarize([...series]);
        this.lastSummary = Date.now();
      }
      if (this.undecodable > 0) {
        this.options.log(
          `rollup: ${this.undecodable} bucket(s) or summaries had an undecodable histogram; ` +
            'stored without a merged histogram, percentiles as upper bounds',
        );
        this.undecodable = 0;
      }
    } finally {
      this.passing = false;
    }
  }

  /** Takes the marked buckets that closed at least settleMs before `now`. */
  private takeDue(now: number): Array<[string, number]> {
    const latestStart = now - BUCKET_MS - (this.options.settleMs ?? 10_000);
    const due: Array<[string, number]> = [];
    for (const [seriesId, set] of this.buckets) {
      for (const bucket of set) {
        if (bucket > latestStart) continue;
        due.push([seriesId, bucket]);
        set.delete(bucket);
      }
      if (set.size === 0) this.buckets.delete(seriesId);
    }
    return due;
  }

  private async rollupBuckets(due: Array<[string, number]>): Promise<void> {
    for (let i = 0; i < due.length; i += SLICE) {
      if (this.abandoned) {
        for (const [seriesId, bucket] of due.slice(i)) this.markBucket(seriesId, bucket);
        return;
      }
      const slice = due.slice(i, i + SLICE);
      try {
        const params = [slice.map((b) => b[0]), slice.map((b) => b[1])];
        const { rows } = await this.query<BucketRow>(BUCKET_INPUTS, params);
        const histograms = await this.query<{
          series_id: string;
          bucket_ms: number;
          histogram: Buffer;
        }>(BUCKET_HISTOGRAMS, params);
        const byBucket = groupBy(histograms.rows, (h) => `${h.series_id}\u0000${h.bucket_ms}`);
        const merged: Percentiles[] = [];
        for (const row of rows) {
          merged.push(
            await this.mergeThrottled(
              row,
              byBucket.get(`${row.series_id}\u0000${row.bucket_ms}`) ?? [],
              true,
            ),
          );
        }
        await this.query(STORE_ROLLUPS, [
          rows.map((r) => r.series_id),
          rows.map((r) => r.bucket_ms),
          rows.map((r) => r.frame_count),
          rows.map((r) => r.warmup_frames),
          rows.map((r) => r.count),
          rows.map((r) => r.duration_ms),
          rows.map((r) => r.min),
          rows.map((r) => r.max),
          rows.map((r) => r.mean),
          ...percentileColumns(merged),
          byteaArray(merged.map((m) => m.bands)),
        ]);
        for (const row of rows) this.series.add(row.series_id);
      } catch (error) {
        this.options.log(`rollup: pass failed, will retry (${errorMessage(error)})`);
        for (const [seriesId, bucket] of due.slice(i)) this.markBucket(seriesId, bucket);
        return;
      }
    }
  }

  private async summarize(seriesIds: string[]): Promise<void> {
    for (let i = 0; i < seriesIds.length; i += SLICE) {
      if (this.abandoned) {
        for (const id of seriesIds.slice(i)) this.series.add(id);
        return;
      }
      const slice = seriesIds.slice(i, i + SLICE);
      try {
        const { rows } = await this.query<SummaryRow>(SUMMARY_INPUTS, [slice]);
        const histograms = await this.query<{ series_id: string; histogram: Buffer }>(SUMMARY_HISTOGRAMS, [
          slice,
        ]);
        const bySeries = groupBy(histograms.rows, (h) => h.series_id);
        const merged: Percentiles[] = [];
        for (const row of rows)
          merged.push(await this.mergeThrottled(row, bySeries.get(row.series_id) ?? []));
        await this.query(STORE_SUMMARIES, [
          rows.map((r) => r.series_id),
          rows.map((r) => r.frame_count),
          rows.map((r) => r.last_seq),
          rows.map((r) => r.count),
          rows.map((r) => r.duration_ms),
          rows.map((r) => r.min),
          rows.map((r) => r.max),
          rows.map((r) => r.mean),
          ...percentileColumns(merged),
        ]);
      } catch (error) {
        this.options.log(`rollup: summaries failed, will retry (${errorMessage(error)})`);
        for (const id of seriesIds.slice(i)) this.series.add(id);
        return;
      }
    }
  }

  /** Rests so that `busyMs` of work stays within cpuShare of wall time (not while draining). */
  private rest(busyMs: number): Promise<unknown> {
    if (this.draining || this.share >= 1) return yieldToIo();
    return sleep((busyMs * (1 - this.share)) / this.share);
  }

  /**
   * A query, then a rest in proportion to its duration: PostgreSQL's share of a rollup (reading
   * the frames, writing the rows) is held to cpuShare like the merging is, so the hot path's
   * statements keep the database.
   */
  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const started = performance.now();
    const result = await this.options.db.query<R>(text, values);
    await this.rest(performance.now() - started);
    return result;
  }

  /**
   * Exact percentiles from the merged histogram when every input has a decodable one; otherwise
   * (counters, gauges, a corrupt encoding) no histogram and the largest of the inputs'
   * percentiles: an upper bound, never an average of percentiles. Then rests to keep cpuShare.
   */
  private async mergeThrottled(row: Aggregate, histograms: Buffer[], bands = false): Promise<Percentiles> {
    const upperBound: Percentiles = {
      p50: row.p50,
      p90: row.p90,
      p95: row.p95,
      p99: row.p99,
      p999: row.p999,
      histogram: null,
      bands: null,
    };
    if (row.without_histogram > 0 || histograms.length === 0) return upperBound;
    const started = performance.now();
    let result = upperBound;
    try {
      const merged = await this.merger.merge(histograms, { bands });
      result = {
        p50: merged.p50,
        p90: merged.p90,
        p95: merged.p95,
        p99: merged.p99,
        p999: merged.p999,
        histogram: Buffer.from(merged.encoded.buffer, merged.encoded.byteOffset, merged.encoded.byteLength),
        bands: merged.bands
          ? Buffer.from(merged.bands.buffer, merged.bands.byteOffset, merged.bands.byteLength)
          : null,
      };
    } catch {
      this.undecodable += 1;
    }
    await this.rest(performance.now() - started);
    return result;
  }
}

function percentileColumns(merged: Percentiles[]) {
  return [
    merged.map((m) => m.p50),
    merged.map((m) => m.p90),
    merged.map((m) => m.p95),
    merged.map((m) => m.p99),
    merged.map((m) => m.p999),
    byteaArray(merged.map((m) => m.histogram)),
  ];
}

/** Histograms by key, in row order. */
function groupBy<T extends { histogram: Buffer }>(rows: T[], key: (row: T) => string): Map<string, Buffer[]> {
  const groups = new Map<string, Buffer[]>();
  for (const row of rows) {
    const k = key(row);
    let group = groups.get(k);
    if (!group) {
      group = [];
      groups.set(k, group);
    }
    group.push(row.histogram);
  }
  return groups;
}
