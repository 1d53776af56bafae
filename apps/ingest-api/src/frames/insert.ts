// The hot path: one statement per batch, one round trip. It locks the run FOR SHARE (a
// concurrent finish waits for it, so no frame lands after a finish), checks project and status,
// inserts every frame from binary column arrays (columns.ts) with ON CONFLICT DO NOTHING for
// idempotent replays (and nothing at all when a seq comes back with another start), marks the rollup buckets it wrote to (rollup/sql.ts: MARK_PENDING), and
// returns the counts. (Other instances are notified after commit, by live/notifier.ts: a NOTIFY
// here would serialise every batch's commit.) A statement is atomic, so a batch is all-or-nothing
// without BEGIN/COMMIT.
// Only a batch that declares series this instance has not seen yet takes a transaction, to
// create them first (series.ts). Histograms are stored as the bytes the agent encoded; nothing
// here decodes them.
import { AppError } from '@levelfield/contracts/errors';
import type pg from 'pg';
import type { Principal } from '../auth.ts';
import { inTransaction, type Queryable, withClient } from '../db.ts';
import { MARK_PENDING } from '../rollup/sql.ts';
import { frameColumns } from './columns.ts';
import { resolveCachedSeries, resolveSeries, type SeriesCache, type StoredSeries } from './series.ts';
import type { CheckedBatch } from './validate.ts';

export interface StoredBatch {
  accepted: number;
  duplicates: number;
  /** Server clock (PostgreSQL's) when the frames were stored, epoch ms. */
  acceptedAt: number;
  /** The stored series of each declaration of the batch. */
  series: StoredSeries[];
  /** Which frames of the batch were stored (replays are not); undefined when all were. */
  stored: boolean[] | undefined;
}

/** The frame columns, in the order frameColumns() writes its arrays. */
export const FRAME_COLUMN_NAMES =
  'series_id, seq, start_at, end_at, warmup, count, min, max, mean, p50, p90, p95, p99, p999, histogram';
// biome-ignore format: one type per column, in the order of FRAME_COLUMN_NAMES
const FRAME_COLUMN_TYPES = ['text', 'int4', 'timestamptz', 'timestamptz', 'bool', 'int8', 'float8', 'float8', 'float8', 'float8', 'float8', 'float8', 'float8', 'float8', 'bytea'];

/** frameColumns()'s arrays as rows, passed as parameters $first, $first + 1, … */
export const frameRows = (first: number) =>
  `unnest(${FRAME_COLUMN_TYPES.map((type, i) => `$${first + i}::${type}[]`).join(', ')})`;

/**
 * A seq already stored with another start, for the frames at $first… (series, seq and start its
 * first three columns): the start is part of the key (day partitions), so without this probe the
 * same interval would be stored twice. Looked for within a day of the new start, so the probe
 * touches the few partitions near it, not every retained day.
 */
export const reusedSeqs = (first: number) => `
    SELECT n.series_id, n.seq
      FROM unnest($${first}::text[], $${first + 1}::int4[], $${first + 2}::timestamptz[]) AS n(series_id, seq, start_at)
      JOIN frames f ON f.series_id = n.series_id AND f.seq = n.seq AND f.start_at <> n.start_at
       AND f.start_at BETWEEN n.start_at - interval '1 day' AND n.start_at + interval '1 day'
     LIMIT 20`;

/** $1 run, $2 project, $3…$17 the frame columns. */
const INGEST_BATCH = `
  WITH run AS (
    SELECT project_id, status::text AS status FROM runs WHERE id = $1 FOR SHARE
  ), reused AS (${reusedSeqs(3)}
  ), ins AS (
    INSERT INTO frames (${FRAME_COLUMN_NAMES})
    SELECT * FROM ${frameRows(3)}
     WHERE EXISTS (SELECT 1 FROM run WHERE project_id = $2 AND status = 'running')
       AND NOT EXISTS (SELECT 1 FROM reused)
    ON CONFLICT (series_id, seq, start_at) DO NOTHING
    RETURNING series_id, seq, start_at
  ), marked AS (${MARK_PENDING('$1', 'ins')}
  )
  SELECT (SELECT project_id FROM run) AS project_id, (SELECT status FROM run) AS status, c.inserted,
         floor(extract(epoch FROM clock_timestamp()) * 1000)::float8 AS accepted_at,
         CASE WHEN c.inserted < cardinality($4::int4[])
              THEN (SELECT array_agg(series_id ORDER BY series_id, seq) FROM ins) END AS stored_series,
         CASE WHEN c.inserted < cardinality($4::int4[])
              THEN (SELECT array_agg(seq ORDER BY series_id, seq) FROM ins) END AS stored_seqs,
         (SELECT array_agg(seq ORDER BY series_id, seq) FROM reused) AS reused_seqs
    FROM (SELECT count(*)::int AS inserted FROM ins) c`;

interface BatchRow {
  project_id: string | null;
  status: string | null;
  inserted: number;
  accepted_at: number;
  stored_series: string[] | null;
  stored_seqs: number[] | null;
  reused_seqs: number[] | null;
}

function runProblem(principal: Principal, runId: string, row: Pick<BatchRow, 'project_id' | 'status'>) {
  // Another project's run answers exactly like a missing one, so ids cannot be probed.
  if (!row.project_id || row.project_id !== principal.projectId) {
    return new AppError('RUN_NOT_FOUND', `no run ${runId} in this token's project: create the run first`);
  }
  if (row.status !== 'running') {
    return new AppError(
      'RUN_FINISHED',
      `run ${runId} is already ${row.status}: start a new run to send more frames`,
    );
  }
  return undefined;
}

/** Nothing of the batch is stored: the reused seqs are named, and what to do instead. */
function seqReused(seqs: readonly number[]): AppError {
  const list = seqs.slice(0, 10).join(', ');
  return new AppError(
    'SEQ_REUSED',
    `seq ${list}${seqs.length > 10 ? ', …' : ''} already stored with another start: a seq names one interval of its series, so send a new interval with the next seq (a replay must repeat the frame unchanged); nothing of this batch was stored`,
    'frames',
  );
}

/** The slow path locks first, so a batch for a missing or finished run creates no series. */
async function lockRunForFrames(client: Queryable, principal: Principal, runId: string): Promise<void> {
  const { rows } = await client.query<{ project_id: string; status: string }>({
    name: 'ingest-lock-run',
    text: 'SELECT project_id, status::text AS status FROM runs WHERE id = $1 FOR SHARE',
    values: [runId],
  });
  const problem = runProblem(principal, runId, rows[0] ?? { project_id: null, status: null });
  if (problem) throw problem;
}

async function insertFrames(
  client: Queryable,
  principal: Principal,
  runId: string,
  batch: CheckedBatch,
  series: StoredSeries[],
): Promise<StoredBatch> {
  const columns = frameColumns(
    batch.frames,
    batch.frameSeries,
    series.map((s) => s.id),
  );
  const { rows } = await client.query<BatchRow>({
    // Named, so each connection plans the statement once.
    name: 'ingest-batch',
    text: INGEST_BATCH,
    values: [runId, principal.projectId, ...columns],
  });
  const row = rows[0]!;
  const problem = runProblem(principal, runId, row);
  if (problem) throw problem;
  if (row.reused_seqs?.length) throw seqReused(row.reused_seqs);
  const total = batch.frames.length;
  let stored: boolean[] | undefined;
  if (row.inserted < total) {
    const keys = new Set<string>();
    const ids = row.stored_series ?? [];
    for (const [index, id] of ids.entries()) keys.add(`${id}\u0000${row.stored_seqs![index]}`);
    stored = batch.frames.map((frame, index) =>
      keys.has(`${series[batch.frameSeries[index]!]!.id}\u0000${frame.seq}`),
    );
  }
  return {
    accepted: row.inserted,
    duplicates: total - row.inserted,
    acceptedAt: row.accepted_at,
    series,
    stored,
  };
}

export async function insertBatch(
  pool: pg.Pool,
  cache: SeriesCache,
  principal: Principal,
  runId: string,
  batch: CheckedBatch,
): Promise<StoredBatch> {
  const cached = resolveCachedSeries(runId, batch.series, cache);
  if (cached) {
    return withClient(pool, (client) => insertFrames(client, principal, runId, batch, cached));
  }
  const stored = await inTransaction(pool, async (client) => {
    await lockRunForFrames(client, principal, runId);
    const series = await resolveSeries(client, runId, batch.series, cache);
    return insertFrames(client, principal, runId, batch, series);
  });
  // Only after commit: a rolled-back batch's series do not exist.
  for (const [index, declared] of batch.series.entries())
    cache.remember(runId, declared, stored.series[index]!);
  return stored;
}
