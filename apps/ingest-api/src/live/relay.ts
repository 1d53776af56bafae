// Relays another instance's notice (messages.ts) to this instance's live subscribers: skips
// this instance's own (already published in process) and runs nobody here watches, reads the
// named frames back and hands them to the hub. Fed by PostgreSQL LISTEN (listener.ts) or by NATS
// (nats.ts).
//
// Each run has its own queue, so a viewer sees its run's batches in commit order while runs do
// not wait for each other; and the notices that queue up for a run while its last read is in
// flight are read together, in one query. One read per notice, one notice at a time across runs,
// fell behind on a busy instance: each read waits for a connection and a core, and at 8 watched
// runs of 100 series on a saturated 2-core machine the relay trailed by 7–9 s and growing.
import type { LatencyQuantiles } from '@levelfield/metrics/stats';
import { errorMessage, type Queryable } from '../db.ts';
import type { LiveHub } from './hub.ts';
import { decodeNotice, type LiveFrame, type Notice, type SeriesInfo } from './messages.ts';

/** A stored frame as FRAME_COLUMNS reads it, with its series. */
interface FrameRow extends LatencyQuantiles {
  series_id: string;
  seq: number;
  start_ms: number;
  end_ms: number;
  count: string;
  min: number;
  max: number;
  mean: number;
  warmup: boolean;
  histogram: string | null;
  name: string;
  kind: string;
  unit: string;
  labels: Record<string, string>;
}

const FRAME_COLUMNS = `f.series_id, f.seq, (extract(epoch FROM f.start_at) * 1000)::float8 AS start_ms,
  (extract(epoch FROM f.end_at) * 1000)::float8 AS end_ms, f.count, f.min, f.max, f.mean,
  f.p50, f.p90, f.p95, f.p99, f.p999, f.warmup, encode(f.histogram, 'base64') AS histogram, s.name, s.kind::text AS kind, s.unit, s.labels`;

/**
 * The notice's start times as a bound on f.start_at ($n, $n+1: first and last, epoch ms; ±Infinity
 * for a notice from an instance that predates them): PostgreSQL then reads only the day
 * partitions of frames that hold them.
 */
const STARTS = (first: number) =>
  `f.start_at BETWEEN to_timestamp($${first}::float8 / 1000) AND to_timestamp($${first + 1}::float8 / 1000)`;
const startBounds = (notice: Notice & { type: 'frames' }) => notice.starts ?? [-Infinity, Infinity];

type FramesNotice = Extract<Notice, { type: 'frames' }>;
type RangesNotice = Extract<FramesNotice, { ranges: unknown }>;

/** Every frame of the run within the notice's seq span (a batch too large to list). */
async function readSpan(
  db: Queryable,
  notice: Extract<FramesNotice, { span: unknown }>,
): Promise<FrameRow[]> {
  const { rows } = await db.query<FrameRow>(
    `SELECT ${FRAME_COLUMNS} FROM frames f JOIN series s ON s.id = f.series_id
      WHERE s.run_id = $1 AND f.seq BETWEEN $2 AND $3 AND ${STARTS(4)}
      ORDER BY f.series_id, f.seq`,
    [notice.runId, notice.span[0], notice.span[1], ...startBounds(notice)],
  );
  return rows;
}

/**
 * The frames several listing notices name, in one query, each row with the index of its notice
 * (a stored frame is named by one notice only: the batch that stored it), in notice order.
 */
async function readListed(
  db: Queryable,
  notices: RangesNotice[],
): Promise<Array<FrameRow & { notice: number }>> {
  const series: string[] = [];
  const lows: number[] = [];
  const highs: number[] = [];
  const owners: number[] = [];
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const [index, notice] of notices.entries()) {
    const [from, to] = startBounds(notice);
    first = Math.min(first, from);
    last = Math.max(last, to);
    for (const [id, ...bounds] of notice.ranges)
      for (let i = 0; i + 1 < bounds.length; i += 2) {
        series.push(id);
        lows.push(bounds[i]!);
        highs.push(bounds[i + 1]!);
        owners.push(index);
      }
  }
  const { rows } = await db.query<FrameRow & { notice: number }>(
    `SELECT ${FRAME_COLUMNS}, r.notice
       FROM unnest($1::text[], $2::int4[], $3::int4[], $4::int4[]) AS r(series_id, lo, hi, notice)
       JOIN frames f ON f.series_id = r.series_id AND f.seq BETWEEN r.lo AND r.hi AND ${STARTS(5)}
       JOIN series s ON s.id = f.series_id
      ORDER BY r.notice, f.series_id, f.seq`,
    [series, lows, highs, owners, first, last],
  );
  return rows;
}

export class NoticeRelay {
  /** Per run, the notices waiting for its next read (arrival order). */
  private readonly waiting = new Map<string, Notice[]>();
  /** Per run, the drain of its queue in flight. */
  private readonly draining = new Map<string, Promise<void>>();

  constructor(
    private readonly options: {
      origin: string;
      hub: LiveHub;
      db: Queryable;
      log: (message: string) => void;
    },
  ) {}

  handle(payload: string | undefined): void {
    const notice = decodeNotice(payload);
    if (!notice || notice.origin === this.options.origin || !this.options.hub.hasSubscribers(notice.runId))
      return;
    const queue = this.waiting.get(notice.runId);
    if (queue) queue.push(notice);
    else this.waiting.set(notice.runId, [notice]);
    if (!this.draining.has(notice.runId)) this.draining.set(notice.runId, this.drain(notice.runId));
  }

  /** Resolves once every notice handed over so far was relayed. */
  async settled(): Promise<void> {
    while (this.draining.size > 0) await Promise.all(this.draining.values());
  }

  /** Delivers the run's waiting notices, all that queued meanwhile at each turn, until none wait. */
  private async drain(runId: string): Promise<void> {
    for (let notices = this.take(runId); notices; notices = this.take(runId)) {
      await this.deliver(notices).catch((error) =>
        this.options.log(`live: could not relay a notice: ${errorMessage(error)}`),
      );
    }
    this.draining.delete(runId);
  }

  private take(runId: string): Notice[] | undefined {
    const notices = this.waiting.get(runId);
    this.waiting.delete(runId);
    return notices;
  }

  /** One run's notices in arrival order: each stretch of listing notices is read in one query. */
  private async deliver(notices: Notice[]): Promise<void> {
    let listed: RangesNotice[] = [];
    const flush = async () => {
      if (listed.length === 0) return;
      const batch = listed;
      listed = [];
      const rows = await readListed(this.options.db, batch);
      this.publish(batch[0]!.runId, rows, (row) => batch[row.notice]!.acceptedAt);
    };
    for (const notice of notices) {
      if (notice.type === 'frames' && 'ranges' in notice) {
        listed.push(notice);
        continue;
      }
      await flush();
      if (notice.type === 'finished') this.options.hub.publishFinished(notice.runId, notice.status);
      else this.publish(notice.runId, await readSpan(this.options.db, notice), () => notice.acceptedAt);
    }
    await flush();
  }

  private publish<Row extends FrameRow>(runId: string, rows: Row[], acceptedAt: (row: Row) => number): void {
    const series = new Map<string, SeriesInfo>();
    const frames = rows.map((row): LiveFrame => {
      series.set(row.series_id, {
        id: row.series_id,
        name: row.name,
        kind: row.kind,
        unit: row.unit,
        labels: row.labels,
      });
      return {
        series: row.series_id,
        seq: row.seq,
        startMs: row.start_ms,
        endMs: row.end_ms,
        count: Number(row.count),
        min: row.min,
        max: row.max,
        mean: row.mean,
        p50: row.p50,
        p90: row.p90,
        p95: row.p95,
        p99: row.p99,
        p999: row.p999,
        warmup: row.warmup,
        // encode() breaks base64 into 76-character lines.
        ...(row.histogram ? { histogram: row.histogram.replace(/\n/g, '') } : {}),
        acceptedAt: acceptedAt(row),
      };
    });
    this.options.hub.publishFrames(runId, [...series.values()], frames);
  }
}
