// Keeps rollups (per-minute merged histograms) and per-series run summaries current, off the
// hot path. The statement that stores a batch marks the (run, minute) buckets it wrote to in
// pending_rollups (rollup/sql.ts); every instance's worker claims due ones with FOR UPDATE SKIP
// LOCKED — running runs first — so any number of instances share the work and each bucket is
// merged by one of them, recomputes them from the stored frames once they have closed (so a
// bucket's frames are decoded about once, not on every pass while it fills), merges the frames'
// histograms with @levelfield/metrics (in a thread of its own: thread-merger.ts), then
// recomputes the summaries of the series it touched from the rollups.
//
// A claim is a lease: an instance that dies while merging leaves its buckets to another once the
// lease ends. Rows are always recomputable from frames (sql.ts), and writes from several
// instances converge. A finish makes its run's buckets due at once (markRun).
//
// Reading frames back costs PostgreSQL tens of µs per frame, so the worker works in small slices
// and, after each query, rests in proportion to stay busy at most `cpuShare` of wall time: ingest
// always comes first. Merging in process (from TypeScript source) rests the same way; the merge
// thread runs at the lowest scheduling priority instead (merge-thread.ts).
import type { LatencyQuantiles } from '@levelfield/metrics/stats';
import type pg from 'pg';
import { errorMessage } from '../db.ts';
import { byteaArray } from '../frames/columns.ts';
import type { HistogramMerger } from './merge.ts';
import {
  BUCKET_HISTOGRAMS,
  BUCKET_INPUTS,
  CLAIM_PENDING,
  EXPEDITE_RUNS,
  PENDING_COUNT,
  RELEASE_PENDING,
  RUN_SERIES,
  STORE_ROLLUPS,
  STORE_SUMMARIES,
  SUMMARY_HISTOGRAMS,
  SUMMARY_INPUTS,
  UNCLAIM_PENDING,
} from './sql.ts';
import { defaultMerger } from './thread-merger.ts';

export interface RollupOptions {
  db: pg.Pool;
  log: (message: string) => void;
  /** How often due buckets are looked for (a pass then claims until none is left). Default 10 s. */
  intervalMs?: number;
  /** Summaries cover whole runs, so they are recomputed less often than buckets. Default 60 s. */
  summaryIntervalMs?: number;
  /** Largest share of wall time the worker is busy, querying or merging (0 < share ≤ 1). Default 0.25. */
  cpuShare?: number;
  /** How long a claim holds its buckets against other instances. Default 5 min. */
  leaseMs?: number;
  merger?: HistogramMerger;
}

/** Buckets (or summaries) read per statement: at most a few MB of histograms. */
const SLICE = 50;
/** (run, minute) buckets per claim: few, so instances share a backlog evenly. */
const CLAIM_SIZE = 4;

interface Aggregate extends LatencyQuantiles {
  frame_count: number;
  count: string;
  duration_ms: string;
  min: number;
  max: number;
  mean: number;
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

interface Claim {
  run_id: string;
  bucket_ms: number;
  marks: number;
  status: string;
}

type Percentiles = LatencyQuantiles & {
  histogram: Buffer | null;
  bands: Buffer | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
const yieldToIo = () => new Promise((resolve) => setImmediate(resolve));

export class RollupWorker {
  /** Series whose summary is due. */
  private series = new Set<string>();
  /** Runs finished here since the last pass: their buckets become due at once. */
  private finished = new Set<string>();
  /** A run finished: summarize in this pass rather than at the summary interval. */
  private summaryNow = false;
  private pending = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Passes run one after another. */
  private chain: Promise<void> = Promise.resolve();
  private passing = false;
  /** A pass for finished runs waits in the chain: later finishes join it. */
  private passQueued = false;
  private lastSummary = 0;
  /** Draining: no more resting between merges. */
  private draining = false;
  /** The drain deadline passed: leave the rest to other instances or the next start-up. */
  private abandoned = false;
  private undecodable = 0;
  private readonly merger: HistogramMerger;
  private readonly share: number;
  private readonly leaseMs: number;

  constructor(private readonly options: RollupOptions) {
    this.merger = options.merger ?? defaultMerger();
    this.share = Math.min(Math.max(options.cpuShare ?? 0.25, 0.01), 1);
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  /** (run, minute) buckets waiting for a merge, on every instance, at the end of the last pass (for /metrics). */
  get pendingBuckets(): number {
    return this.pending;
  }

  /**
   * The run finished: merge its buckets now, open or not, then its summaries. A pass starts at
   * once rather than at the next tick: a finished run's summary is the first thing its readers
   * look at. Runs finishing together share one waiting pass.
   */
  markRun(runId: string): void {
    this.finished.add(runId);
    if (this.passQueued || this.draining) return;
    this.passQueued = true;
    void this.flush();
  }

  async start(): Promise<void> {
    this.timer = setInterval(() => {
      if (!this.passing) void this.flush();
    }, this.options.intervalMs ?? 10_000).unref();
    void this.flush();
  }

  /**
   * Drain: a last pass, at full speed, for at most `deadlineMs`; what is left stays pending for
   * the other instances or the next start-up.
   */
  async stop(deadlineMs = 10_000): Promise<void> {
    clearInterval(this.timer);
    this.draining = true;
    const timer = setTimeout(() => {
      this.abandoned = true;
    }, deadlineMs);
    await this.flush();
    clearTimeout(timer);
    await this.merger.close?.();
    if (this.abandoned) {
      this.options.log(
        `rollup: drain deadline passed with ${this.series.size} summaries left; ` +
          'pending buckets stay for another instance',
      );
    }
  }

  /** Runs a pass after any running one; `force` also takes buckets not due yet, and every summary. */
  flush(force = false): Promise<void> {
    const pass = this.chain.then(() => this.pass(force));
    this.chain = pass.catch(() => {});
    return pass;
  }

  private async pass(force: boolean): Promise<void> {
    this.passing = true;
    this.passQueued = false;
    try {
      await this.expediteFinished();
      // Until nothing due is left: a backlog is worked off in one pass, summaries in between.
      while (!this.abandoned) {
        const claims = await this.claim(force);
        if (claims.length === 0 || !(await this.rollupClaimed(claims))) break;
        await this.countPending();
        // Between slices only on the clock: a finished run's summary waits until its backlog is
        // merged, or backfilling a day-long run would recompute its whole summary every slice.
        await this.summarizeIfDue(false, true);
      }
      await this.summarizeIfDue(force);
      await this.countPending();
      if (this.undecodable > 0) {
        this.options.log(
          `rollup: ${this.undecodable} bucket(s) or summaries had an undecodable histogram; ` +
            'stored without a merged histogram, percentiles as upper bounds',
        );
        this.undecodable = 0;
      }
    } catch (error) {
      this.options.log(`rollup: pass failed, will retry (${errorMessage(error)})`);
    } finally {
      this.passing = false;
    }
  }

  /** For /metrics: also while a long pass works off a backlog. */
  private async countPending(): Promise<void> {
    this.pending = (await this.query<{ buckets: number }>(PENDING_COUNT, [])).rows[0]?.buckets ?? 0;
  }

  /** `interim`: called between slices of a backlog, when only the summary interval makes it due. */
  private async summarizeIfDue(force: boolean, interim = false): Promise<void> {
    const due =
      force ||
      (this.summaryNow && !interim) ||
      Date.now() - this.lastSummary >= (this.options.summaryIntervalMs ?? 60_000);
    if (!due || this.series.size === 0 || this.abandoned) return;
    const series = this.series;
    this.series = new Set();
    this.summaryNow = false;
    await this.summarize([...series]);
    this.lastSummary = Date.now();
  }

  /** Finished runs' buckets become due now, and their series' summaries are recomputed this pass. */
  private async expediteFinished(): Promise<void> {
    if (this.finished.size === 0) return;
    const ids = [...this.finished];
    this.finished = new Set();
    try {
      await this.query(EXPEDITE_RUNS, [ids]);
      const { rows } = await this.query<{ id: string }>(RUN_SERIES, [ids]);
      for (const row of rows) this.series.add(row.id);
      this.summaryNow = true;
    } catch (error) {
      for (const id of ids) this.finished.add(id);
      throw error;
    }
  }

  private async claim(force: boolean): Promise<Claim[]> {
    const { rows } = await this.query<Claim>(CLAIM_PENDING, [CLAIM_SIZE, force, this.leaseMs]);
    return rows;
  }

  /**
   * Merges every series' bucket of the claimed (run, minute) buckets, then releases them: deleted
   * when no batch marked them since the claim, else given back to be merged again. A failed or
   * cut-short merge gives its claims back too. Returns whether all were merged.
   */
  private async rollupClaimed(claims: Claim[]): Promise<boolean> {
    const claimed = [claims.map((c) => c.run_id), claims.map((c) => c.bucket_ms), claims.map((c) => c.marks)];
    let merged = false;
    try {
      const { rows: series } = await this.query<{ id: string; run_id: string }>(RUN_SERIES, [claimed[0]]);
      const buckets: Array<[string, number]> = [];
      for (const c of claims)
        for (const s of series) if (s.run_id === c.run_id) buckets.push([s.id, c.bucket_ms]);
      merged = await this.rollupBuckets(buckets);
      if (merged) {
        await this.query(RELEASE_PENDING, claimed);
        if (claims.some((c) => c.status !== 'running')) this.summaryNow = true;
      }
    } catch (error) {
      this.options.log(`rollup: merging claimed buckets failed, will retry (${errorMessage(error)})`);
    }
    await this.query(UNCLAIM_PENDING, claimed);
    return merged;
  }

  /**
   * Recomputes the buckets slice by slice; false when the drain deadline cut it short. A slice is
   * merged (in the merge thread) and stored while the next one is read, so reading and merging,
   * which use different cores, overlap.
   */
  private async rollupBuckets(due: Array<[string, number]>): Promise<boolean> {
    let previous: Promise<void> = Promise.resolve();
    for (let i = 0; i < due.length; i += SLICE) {
      if (this.abandoned) {
        await previous;
        return false;
      }
      const slice = due.slice(i, i + SLICE);
      const params = [slice.map((b) => b[0]), slice.map((b) => b[1])];
      const { rows } = await this.query<BucketRow>(BUCKET_INPUTS, params);
      const histograms = await this.query<{
        series_id: string;
        bucket_ms: number;
        histogram: Buffer;
      }>(BUCKET_HISTOGRAMS, params);
      const byBucket = groupBy(histograms.rows, (h) => `${h.series_id}\u0000${h.bucket_ms}`);
      const merging = this.mergeAll(
        rows.map((row) => [row, byBucket.get(`${row.series_id}\u0000${row.bucket_ms}`) ?? []]),
        true,
      );
      await previous;
      previous = merging.then((merged) => this.storeRollups(rows, merged));
      // Awaited at the next slice or below; until then a failure must not count as unhandled.
      previous.catch(() => {});
    }
    await previous;
    return true;
  }

  private async storeRollups(rows: BucketRow[], merged: Percentiles[]): Promise<void> {
    await this.query(STORE_ROLLUPS, [
      rows.map((r) => r.series_id),
      rows.map((r) => r.bucket_ms),
      rows.map((r) => r.frame_count),
      rows.map((r) => r.warmup_frames),
      ...totalColumns(rows),
      ...percentileColumns(merged),
      byteaArray(merged.map((m) => m.bands)),
    ]);
    for (const row of rows) this.series.add(row.series_id);
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
        const merged = await this.mergeAll(
          rows.map((row) => [row, bySeries.get(row.series_id) ?? []]),
          false,
        );
        await this.query(STORE_SUMMARIES, [
          rows.map((r) => r.series_id),
          rows.map((r) => r.frame_count),
          rows.map((r) => r.last_seq),
          ...totalColumns(rows),
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
   * Merges each row's histograms: all of a slice handed to the merge thread at once (it works
   * through them at the lowest priority), or in process one after another, resting after each to
   * keep cpuShare of the event loop.
   */
  private async mergeAll(inputs: Array<[Aggregate, Buffer[]]>, bands: boolean): Promise<Percentiles[]> {
    if (this.merger.threaded)
      return Promise.all(inputs.map(([row, histograms]) => this.merge(row, histograms, bands)));
    const merged: Percentiles[] = [];
    for (const [row, histograms] of inputs) {
      const started = performance.now();
      merged.push(await this.merge(row, histograms, bands));
      await this.rest(performance.now() - started);
    }
    return merged;
  }

  /**
   * Exact percentiles from the merged histogram when every input has a decodable one; otherwise
   * (counters, gauges, a corrupt encoding) no histogram and the largest of the inputs'
   * percentiles: an upper bound, never an average of percentiles.
   */
  private async merge(row: Aggregate, histograms: Buffer[], bands: boolean): Promise<Percentiles> {
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
    try {
      const merged = await this.merger.merge(histograms, { bands });
      return {
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
      return upperBound;
    }
  }
}

/** count, duration_ms, min, max, mean of each row, as the parallel arrays the stores take. */
function totalColumns(rows: Aggregate[]) {
  return [
    rows.map((r) => r.count),
    rows.map((r) => r.duration_ms),
    rows.map((r) => r.min),
    rows.map((r) => r.max),
    rows.map((r) => r.mean),
  ];
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
