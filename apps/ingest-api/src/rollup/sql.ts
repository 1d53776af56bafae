// Rollups are recomputed from the frames they cover, never incremented. A row is only replaced
// by one computed from at least as many frames (frames are only ever added), so recomputing a
// bucket twice, from two instances at once, or after a crash always ends with the row of the
// complete bucket, whichever write lands last.

export const ROLLUP_WIDTH_SECONDS = 60;
const WIDTH = `interval '${ROLLUP_WIDTH_SECONDS} seconds'`;

/** Warm-up: flagged by the agent, or starting within the run's declared warm-up. */
const WARMUP = `(f.warmup OR f.start_at < (r.started_at AT TIME ZONE 'UTC') + r.warmup_ms * interval '1 millisecond')`;

/**
 * Columns every aggregate over frames returns (f = frames). An interval without samples (a
 * setup() pause, a scenario that ended) stores min and max as 0, which are no samples' values:
 * min and max are taken over the intervals that have some, or a run's minimum reads 0.
 */
const FRAME_AGGREGATES = `count(*)::int AS frame_count,
  sum(f.count)::int8 AS count,
  coalesce(sum(extract(epoch FROM f.end_at - f.start_at) * 1000), 0)::int8 AS duration_ms,
  coalesce(min(f.min) FILTER (WHERE f.count > 0), 0) AS min,
  coalesce(max(f.max) FILTER (WHERE f.count > 0), 0) AS max,
  coalesce(sum(f.mean * f.count) / nullif(sum(f.count), 0), avg(f.mean)) AS mean,
  max(f.p50) AS p50, max(f.p90) AS p90, max(f.p95) AS p95, max(f.p99) AS p99, max(f.p999) AS p999,
  count(*) FILTER (WHERE f.histogram IS NULL)::int AS without_histogram`;

const DIRTY = `dirty AS (
    SELECT DISTINCT series_id, to_timestamp(bucket_ms / 1000.0) AS bucket_start
      FROM unnest($1::text[], $2::float8[]) AS d(series_id, bucket_ms))`;

/**
 * The frames of one bucket (`alias` names a row with series_id and bucket_start), as f: a
 * LATERAL range scan of frames (series_id, start_at) per bucket. Joined as sets instead, the
 * planner hashes or merges and reads every frame of the series — or of the table — for each
 * slice of buckets (measured: 350 ms for 50 buckets among 432,000 frames, growing with the
 * table; 5 ms this way). OFFSET 0 keeps the planner from pulling the subquery up into a join.
 */
const FRAMES_OF = (alias: string) => `CROSS JOIN LATERAL (
      SELECT * FROM frames f
       WHERE f.series_id = ${alias}.series_id
         AND f.start_at >= ${alias}.bucket_start AND f.start_at < ${alias}.bucket_start + ${WIDTH}
      OFFSET 0) f`;

/** $1 series ids, $2 bucket starts (epoch ms), pairwise: each bucket's frames, aggregated. */
export const BUCKET_INPUTS = `
  WITH ${DIRTY}
  SELECT d.series_id, (extract(epoch FROM d.bucket_start) * 1000)::float8 AS bucket_ms,
         count(*) FILTER (WHERE ${WARMUP})::int AS warmup_frames,
         ${FRAME_AGGREGATES}
    FROM dirty d
    JOIN series s ON s.id = d.series_id
    JOIN runs r ON r.id = s.run_id
    ${FRAMES_OF('d')}
   GROUP BY d.series_id, d.bucket_start`;

/**
 * The same buckets' histograms, one row per frame (a bytea column is parsed natively; a bytea[]
 * would go through node-postgres' character-by-character array parser).
 */
export const BUCKET_HISTOGRAMS = `
  WITH ${DIRTY}
  SELECT d.series_id, (extract(epoch FROM d.bucket_start) * 1000)::float8 AS bucket_ms, f.histogram
    FROM dirty d
    ${FRAMES_OF('d')}
   WHERE f.histogram IS NOT NULL
   ORDER BY d.series_id, d.bucket_start, f.seq`;

/** One row per bucket, all columns as parallel arrays. */
export const STORE_ROLLUPS = `
  INSERT INTO rollups (series_id, width_seconds, bucket_start, frame_count, warmup_frames, count, duration_ms,
                       min, max, mean, p50, p90, p95, p99, p999, histogram, bands, updated_at)
  SELECT series_id, ${ROLLUP_WIDTH_SECONDS}, to_timestamp(bucket_ms / 1000.0), frame_count, warmup_frames, count,
         duration_ms, min, max, mean, p50, p90, p95, p99, p999, histogram, bands, now()
    FROM unnest($1::text[], $2::float8[], $3::int4[], $4::int4[], $5::int8[], $6::int8[], $7::float8[],
                $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[],
                $14::float8[], $15::bytea[], $16::bytea[])
         AS u(series_id, bucket_ms, frame_count, warmup_frames, count, duration_ms, min, max, mean,
              p50, p90, p95, p99, p999, histogram, bands)
  ON CONFLICT (series_id, width_seconds, bucket_start) DO UPDATE SET
    frame_count = excluded.frame_count, warmup_frames = excluded.warmup_frames, count = excluded.count,
    duration_ms = excluded.duration_ms, min = excluded.min, max = excluded.max, mean = excluded.mean,
    p50 = excluded.p50, p90 = excluded.p90, p95 = excluded.p95, p99 = excluded.p99, p999 = excluded.p999,
    histogram = excluded.histogram, bands = excluded.bands, updated_at = excluded.updated_at
  WHERE rollups.frame_count <= excluded.frame_count`;

export const RUN_SERIES = 'SELECT id, run_id FROM series WHERE run_id = ANY($1::text[])';

// ── Pending buckets (the table pending_rollups): which (run, minute) buckets wait for a merge ──
// The statement that stores a batch marks its buckets (MARK_PENDING), in the same transaction as
// the frames, so a bucket with frames not merged yet is always on record, whatever instance
// stored them and whatever crashes since. Any instance's worker claims due ones (CLAIM_PENDING)
// and, once they are merged, deletes those that no batch marked meanwhile (RELEASE_PENDING).

/** Late batches of a bucket are waited for this long after it closed before it is merged. */
export const ROLLUP_SETTLE_SECONDS = 10;

/**
 * A data-modifying CTE for the batch statement: marks the buckets of the frames `inserted`
 * returned (with their start_at) for run `run`. Marking again counts up `marks` and holds the
 * row's lock until the batch commits, so a claim (SKIP LOCKED) never takes a bucket while a batch
 * that wrote into it is still uncommitted, and a release sees the bucket was marked since.
 */
export const MARK_PENDING = (run: string, inserted: string) => `
    INSERT INTO pending_rollups AS p (run_id, bucket_start, due_at)
    SELECT DISTINCT ${run}, b.bucket_start, b.bucket_start + ${WIDTH} + interval '${ROLLUP_SETTLE_SECONDS} seconds'
      FROM (SELECT date_bin(${WIDTH}, start_at, timestamptz '1970-01-01 00:00:00+00') AS bucket_start
              FROM ${inserted}) b
    ON CONFLICT (run_id, bucket_start) DO UPDATE SET marks = p.marks + 1`;

/**
 * $1 how many, $2 also buckets not due yet (a forced pass), $3 lease in ms: claims due buckets
 * that no live claim holds, running runs' first (their pages are being watched), oldest first.
 * SKIP LOCKED: instances claiming at once take different rows, and none waits for another.
 */
export const CLAIM_PENDING = `
  WITH picked AS (
    SELECT p.run_id, p.bucket_start
      FROM pending_rollups p JOIN runs r ON r.id = p.run_id
     WHERE (p.due_at <= now() OR $2::bool)
       AND (p.claimed_until IS NULL OR p.claimed_until < now())
     ORDER BY (r.status = 'running') DESC, p.bucket_start
     LIMIT $1
       FOR UPDATE OF p SKIP LOCKED)
  UPDATE pending_rollups p SET claimed_until = now() + $3::int * interval '1 millisecond'
    FROM picked, runs r
   WHERE p.run_id = picked.run_id AND p.bucket_start = picked.bucket_start AND r.id = p.run_id
  RETURNING p.run_id, (extract(epoch FROM p.bucket_start) * 1000)::float8 AS bucket_ms, p.marks,
            r.status::text AS status`;

const CLAIMED = `claimed AS (
    SELECT run_id, to_timestamp(bucket_ms / 1000.0) AS bucket_start, marks
      FROM unnest($1::text[], $2::float8[], $3::int4[]) AS u(run_id, bucket_ms, marks))`;

/** $1 runs, $2 bucket starts (epoch ms), $3 marks when claimed: merged, unless marked since. */
export const RELEASE_PENDING = `
  WITH ${CLAIMED}
  DELETE FROM pending_rollups p USING claimed c
   WHERE p.run_id = c.run_id AND p.bucket_start = c.bucket_start AND p.marks = c.marks`;

/**
 * The same arguments: claims given back — what RELEASE_PENDING left (marked since: merged again
 * at once) or what a failed or cut-short pass could not merge. A separate statement from the
 * release, so it sees a batch that committed while the release waited for it.
 */
export const UNCLAIM_PENDING = `
  WITH ${CLAIMED}
  UPDATE pending_rollups p SET claimed_until = NULL FROM claimed c
   WHERE p.run_id = c.run_id AND p.bucket_start = c.bucket_start`;

/** $1 run ids that finished: their buckets are merged now, open or not. */
export const EXPEDITE_RUNS = `UPDATE pending_rollups SET due_at = now() WHERE run_id = ANY($1::text[])`;

/** Buckets waiting (for /metrics). */
export const PENDING_COUNT = 'SELECT count(*)::int AS buckets FROM pending_rollups';

/**
 * $1 series ids: what a warm-up-free whole-run summary merges — the rollups of buckets without
 * warm-up frames, plus the steady frames of the buckets that have some — added up, and the
 * last seq. Only series with at least one rollup.
 */
export const SUMMARY_INPUTS = `
  WITH ids AS (SELECT DISTINCT unnest($1::text[]) AS series_id),
  steady_buckets AS (
    SELECT ro.series_id, sum(ro.frame_count)::int AS frame_count, sum(ro.count)::int8 AS count,
           sum(ro.duration_ms)::int8 AS duration_ms,
           min(ro.min) FILTER (WHERE ro.count > 0) AS min, max(ro.max) FILTER (WHERE ro.count > 0) AS max,
           sum(ro.mean * ro.count) AS mean_weighted, sum(ro.mean) AS mean_sum, count(*)::int AS mean_n,
           max(ro.p50) AS p50, max(ro.p90) AS p90, max(ro.p95) AS p95, max(ro.p99) AS p99, max(ro.p999) AS p999,
           count(*) FILTER (WHERE ro.histogram IS NULL)::int AS without_histogram
      FROM ids JOIN rollups ro ON ro.series_id = ids.series_id
     WHERE ro.width_seconds = ${ROLLUP_WIDTH_SECONDS} AND ro.warmup_frames = 0
     GROUP BY ro.series_id),
  warmup_buckets AS (
    SELECT f.series_id, count(*)::int AS frame_count, sum(f.count)::int8 AS count,
           coalesce(sum(extract(epoch FROM f.end_at - f.start_at) * 1000), 0)::int8 AS duration_ms,
           min(f.min) FILTER (WHERE f.count > 0) AS min, max(f.max) FILTER (WHERE f.count > 0) AS max,
           sum(f.mean * f.count) AS mean_weighted, sum(f.mean) AS mean_sum, count(*)::int AS mean_n,
           max(f.p50) AS p50, max(f.p90) AS p90, max(f.p95) AS p95, max(f.p99) AS p99, max(f.p999) AS p999,
           count(*) FILTER (WHERE f.histogram IS NULL)::int AS without_histogram
      FROM ids JOIN rollups ro ON ro.series_id = ids.series_id
      JOIN series s ON s.id = ro.series_id
      JOIN runs r ON r.id = s.run_id
      ${FRAMES_OF('ro')}
     WHERE ro.width_seconds = ${ROLLUP_WIDTH_SECONDS} AND ro.warmup_frames > 0 AND NOT ${WARMUP}
     GROUP BY f.series_id),
  rolled AS (
    SELECT DISTINCT ro.series_id FROM ids JOIN rollups ro ON ro.series_id = ids.series_id
     WHERE ro.width_seconds = ${ROLLUP_WIDTH_SECONDS})
  SELECT rolled.series_id,
         (SELECT max(f.seq) FROM frames f WHERE f.series_id = rolled.series_id) AS last_seq,
         (coalesce(sb.frame_count, 0) + coalesce(wb.frame_count, 0))::int AS frame_count,
         (coalesce(sb.count, 0) + coalesce(wb.count, 0))::int8 AS count,
         (coalesce(sb.duration_ms, 0) + coalesce(wb.duration_ms, 0))::int8 AS duration_ms,
         coalesce(least(sb.min, wb.min), 0) AS min, coalesce(greatest(sb.max, wb.max), 0) AS max,
         coalesce((coalesce(sb.mean_weighted, 0) + coalesce(wb.mean_weighted, 0))
                    / nullif(coalesce(sb.count, 0) + coalesce(wb.count, 0), 0),
                  (coalesce(sb.mean_sum, 0) + coalesce(wb.mean_sum, 0))
                    / nullif(coalesce(sb.mean_n, 0) + coalesce(wb.mean_n, 0), 0), 0) AS mean,
         coalesce(greatest(sb.p50, wb.p50), 0) AS p50, coalesce(greatest(sb.p90, wb.p90), 0) AS p90,
         coalesce(greatest(sb.p95, wb.p95), 0) AS p95, coalesce(greatest(sb.p99, wb.p99), 0) AS p99,
         coalesce(greatest(sb.p999, wb.p999), 0) AS p999,
         (coalesce(sb.without_histogram, 0) + coalesce(wb.without_histogram, 0))::int AS without_histogram
    FROM rolled
    LEFT JOIN steady_buckets sb ON sb.series_id = rolled.series_id
    LEFT JOIN warmup_buckets wb ON wb.series_id = rolled.series_id`;

/** $1 series ids: the histograms SUMMARY_INPUTS covers, one row each, per series in order. */
export const SUMMARY_HISTOGRAMS = `
  WITH ids AS (SELECT DISTINCT unnest($1::text[]) AS series_id)
  SELECT series_id, histogram FROM (
    SELECT ro.series_id, ro.bucket_start AS at, 0 AS seq, ro.histogram
      FROM ids JOIN rollups ro ON ro.series_id = ids.series_id
     WHERE ro.width_seconds = ${ROLLUP_WIDTH_SECONDS} AND ro.warmup_frames = 0 AND ro.histogram IS NOT NULL
    UNION ALL
    SELECT f.series_id, ro.bucket_start, f.seq, f.histogram
      FROM ids JOIN rollups ro ON ro.series_id = ids.series_id
      JOIN series s ON s.id = ro.series_id
      JOIN runs r ON r.id = s.run_id
      ${FRAMES_OF('ro')}
     WHERE ro.width_seconds = ${ROLLUP_WIDTH_SECONDS} AND ro.warmup_frames > 0 AND NOT ${WARMUP}
       AND f.histogram IS NOT NULL) h
   ORDER BY series_id, at, seq`;

export const STORE_SUMMARIES = `
  INSERT INTO series_summaries (series_id, frame_count, last_seq, count, duration_ms, min, max, mean,
                                p50, p90, p95, p99, p999, histogram, updated_at)
  SELECT series_id, frame_count, last_seq, count, duration_ms, min, max, mean, p50, p90, p95, p99, p999,
         histogram, now()
    FROM unnest($1::text[], $2::int4[], $3::int4[], $4::int8[], $5::int8[], $6::float8[], $7::float8[],
                $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[],
                $14::bytea[])
         AS u(series_id, frame_count, last_seq, count, duration_ms, min, max, mean, p50, p90, p95, p99, p999,
              histogram)
  ON CONFLICT (series_id) DO UPDATE SET
    frame_count = excluded.frame_count, last_seq = excluded.last_seq, count = excluded.count,
    duration_ms = excluded.duration_ms, min = excluded.min, max = excluded.max, mean = excluded.mean,
    p50 = excluded.p50, p90 = excluded.p90, p95 = excluded.p95, p99 = excluded.p99, p999 = excluded.p999,
    histogram = excluded.histogram, updated_at = excluded.updated_at
  WHERE series_summaries.frame_count <= excluded.frame_count
    AND series_summaries.last_seq <= excluded.last_seq`;
