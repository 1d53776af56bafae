// The hot path: one transaction per batch, one INSERT … SELECT FROM unnest(…) for all its
// frames (15 array parameters whatever the batch size, so no 65,535-parameter limit),
// ON CONFLICT DO NOTHING for idempotent replays, and one NOTIFY for other instances.
// Histograms are stored as the bytes the agent encoded; nothing here decodes them.
import { AppError } from '@levelfield/contracts/errors';
import type pg from 'pg';
import type { Principal } from '../auth.ts';
import { inTransaction, type Queryable } from '../db.ts';
import { encodeFramesNotice, FRAMES_CHANNEL, type LiveFrame, type SeriesInfo } from '../live/messages.ts';
import { resolveSeries, type SeriesCache } from './series.ts';
import type { CheckedBatch } from './validate.ts';

export interface StoredBatch {
  runId: string;
  accepted: number;
  duplicates: number;
  /** Series of the batch, for live subscribers that have not seen them yet. */
  series: SeriesInfo[];
  /** Only the frames this batch stored: replays are not published twice. */
  frames: LiveFrame[];
}

const INSERT_FRAMES = `
  INSERT INTO frames (series_id, seq, start_at, end_at, warmup, count, min, max, mean,
                      p50, p90, p95, p99, p999, histogram)
  SELECT series_id, seq, to_timestamp(start_ms / 1000.0), to_timestamp(end_ms / 1000.0), warmup, count,
         min, max, mean, p50, p90, p95, p99, p999, histogram
    FROM unnest($1::text[], $2::int4[], $3::float8[], $4::float8[], $5::bool[], $6::int8[], $7::float8[],
                $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[],
                $14::float8[], $15::bytea[])
         AS f(series_id, seq, start_ms, end_ms, warmup, count, min, max, mean, p50, p90, p95, p99, p999, histogram)
  ON CONFLICT (series_id, seq) DO NOTHING
  RETURNING series_id, seq`;

/** FOR SHARE makes a concurrent finish wait for this batch, so no frame lands after it. */
async function lockRunForFrames(client: Queryable, principal: Principal, runId: string): Promise<void> {
  const { rows } = await client.query<{ project_id: string; status: string }>({
    name: 'ingest-lock-run',
    text: 'SELECT project_id, status::text AS status FROM runs WHERE id = $1 FOR SHARE',
    values: [runId],
  });
  const run = rows[0];
  // Another project's run answers exactly like a missing one, so ids cannot be probed.
  if (!run || run.project_id !== principal.projectId) {
    throw new AppError('RUN_NOT_FOUND', `no run ${runId} in this token's project: create the run first`);
  }
  if (run.status !== 'running') {
    throw new AppError(
      'RUN_FINISHED',
      `run ${runId} is already ${run.status}: start a new run to send more frames`,
    );
  }
}

export async function insertBatch(
  pool: pg.Pool,
  cache: SeriesCache,
  principal: Principal,
  runId: string,
  batch: CheckedBatch,
  origin: string,
): Promise<StoredBatch> {
  const stored = await inTransaction(pool, async (client) => {
    await lockRunForFrames(client, principal, runId);
    const series = await resolveSeries(client, runId, batch.series, cache);
    const ids = batch.frameSeries.map((index) => series[index]!.id);
    const column = <K extends keyof CheckedBatch['frames'][number]>(key: K) =>
      batch.frames.map((f) => f[key]);
    // Named, so each connection plans the statement once.
    const { rows } = await client.query<{ series_id: string; seq: number }>({
      name: 'ingest-frames',
      text: INSERT_FRAMES,
      values: [
        ids,
        column('seq'),
        column('startMs'),
        column('endMs'),
        column('warmup'),
        column('count'),
        column('min'),
        column('max'),
        column('mean'),
        column('p50'),
        column('p90'),
        column('p95'),
        column('p99'),
        column('p999'),
        batch.frames.map((f) => (f.histogram ? Buffer.from(f.histogram, 'base64') : null)),
      ],
    });
    const acceptedAt = Date.now();
    const inserted = new Set(rows.map((row) => `${row.series_id}\u0000${row.seq}`));
    const frames: LiveFrame[] = [];
    batch.frames.forEach((frame, index) => {
      if (!inserted.has(`${ids[index]}\u0000${frame.seq}`)) return;
      const { series: _key, warmup: _warmup, histogram: _histogram, ...summary } = frame;
      frames.push({ ...summary, series: ids[index]!, acceptedAt });
    });
    if (frames.length > 0) {
      await client.query('SELECT pg_notify($1, $2)', [
        FRAMES_CHANNEL,
        encodeFramesNotice({ runId, origin, acceptedAt, frames }),
      ]);
    }
    return { series, frames };
  });
  for (const [index, declared] of batch.series.entries())
    cache.remember(runId, declared, stored.series[index]!);
  return {
    runId,
    accepted: stored.frames.length,
    duplicates: batch.frames.length - stored.frames.length,
    series: batch.series.map((declared, index) => ({
      id: stored.series[index]!.id,
      name: declared.name,
      kind: declared.kind,
      unit: declared.unit,
      labels: declared.labels,
    })),
    frames: stored.frames,
  };
}
