// Relays another instance's notice (messages.ts) to this instance's live subscribers: skips
// this instance's own (already published in process) and runs nobody here watches, reads the
// named frames back and hands them to the hub, one notice at a time so a subscriber sees batches
// in commit order. Fed by PostgreSQL LISTEN (listener.ts) or by NATS (nats.ts).
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

async function readNoticeFrames(
  db: Queryable,
  notice: Extract<Notice, { type: 'frames' }>,
): Promise<FrameRow[]> {
  if ('span' in notice) {
    const { rows } = await db.query<FrameRow>(
      `SELECT ${FRAME_COLUMNS} FROM frames f JOIN series s ON s.id = f.series_id
        WHERE s.run_id = $1 AND f.seq BETWEEN $2 AND $3 AND ${STARTS(4)}
        ORDER BY f.series_id, f.seq`,
      [notice.runId, notice.span[0], notice.span[1], ...startBounds(notice)],
    );
    return rows;
  }
  const flat = notice.ranges.flatMap(([series, ...bounds]) =>
    bounds.flatMap((bound, index) => (index % 2 === 0 ? [[series, bound, bounds[index + 1]!] as const] : [])),
  );
  const { rows } = await db.query<FrameRow>(
    `SELECT ${FRAME_COLUMNS}
       FROM unnest($1::text[], $2::int4[], $3::int4[]) AS r(series_id, lo, hi)
       JOIN frames f ON f.series_id = r.series_id AND f.seq BETWEEN r.lo AND r.hi AND ${STARTS(4)}
       JOIN series s ON s.id = f.series_id
      ORDER BY f.series_id, f.seq`,
    [flat.map((r) => r[0]), flat.map((r) => r[1]), flat.map((r) => r[2]), ...startBounds(notice)],
  );
  return rows;
}

export class NoticeRelay {
  private queue: Promise<void> = Promise.resolve();

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
    this.queue = this.queue.then(() =>
      this.deliver(notice).catch((error) =>
        this.options.log(`live: could not relay a notice: ${errorMessage(error)}`),
      ),
    );
  }

  /** Resolves once every notice handed over so far was relayed. */
  settled(): Promise<void> {
    return this.queue;
  }

  private async deliver(notice: Notice): Promise<void> {
    if (notice.type === 'finished') {
      this.options.hub.publishFinished(notice.runId, notice.status);
      return;
    }
    const rows = await readNoticeFrames(this.options.db, notice);
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
        acceptedAt: notice.acceptedAt,
      };
    });
    this.options.hub.publishFrames(notice.runId, [...series.values()], frames);
  }
}
