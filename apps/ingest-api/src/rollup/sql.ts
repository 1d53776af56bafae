// Rollups are recomputed from the frames they cover, never incremented. A row is only replaced
// by one computed from at least as many frames (frames are only ever added), so recomputing a
// bucket twice, from two instances at once, or after a crash always ends with the row of the
// complete bucket, whichever write lands last.

export const ROLLUP_WIDTH_SECONDS = 60;
const WIDTH = `interval '${ROLLUP_WIDTH_SECONDS} seconds'`;

/** Warm-up: flagged by the agent, or starting within the run's declared warm-up. */
const WARMUP = `(f.warmup OR f.start_at < (r.started_at AT TIME ZONE 'UTC') + r.warmup_ms * interval '1 millisecond')`;

/** Columns every aggregate over frames returns (f = frames). */
const FRAME_AGGREGATES = `count(*)::int AS frame_count,
  sum(f.count)::int8 AS count,
  coalesce(sum(extract(epoch FROM f.end_at - f.start_at) * 1000), 0)::int8 AS duration_ms,
  min(f.min) AS min, max(f.max) AS max,
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

/**
 * $1 run ids: the buckets whose rollup is missing or covers another number of frames than are
 * stored, and every series (for the summaries). An index-only scan of frames (series_id,
 * start_at) when the visibility map allows.
 */
export const STALE_BUCKETS = `
  WITH stored AS (
    SELECT f.series_id, date_bin(${WIDTH}, f.start_at, timestamptz '1970-01-01 00:00:00+00') AS bucket_start,
           count(*)::int AS frames
      FROM series s JOIN frames f ON f.series_id = s.id
     WHERE s.run_id = ANY($1::text[])
     GROUP BY 1, 2)
  SELECT st.series_id, (extract(epoch FROM st.bucket_start) * 1000)::float8 AS bucket_ms
    FROM stored st
    LEFT JOIN rollups ro ON ro.series_id = st.series_id AND ro.width_seconds = ${ROLLUP_WIDTH_SECONDS}
     AND ro.bucket_start = st.bucket_start
   WHERE ro.frame_count IS DISTINCT FROM st.frames`;

export const RUN_SERIES = 'SELECT id FROM series WHERE run_id = ANY($1::text[])';

/** Runs whose rollups a crashed or timed-out instance may have left stale (checked at start-up). */
export const RECOVERABLE_RUNS = `
  SELECT id FROM runs WHERE status = 'running' OR updated_at > now() - interval '1 day'`;

/**
 * $1 series ids: what a warm-up-free whole-run summary merges — the rollups of buckets without
 * warm-up frames, plus the steady frames of the buckets that have some — added up, and the
 * last seq. Only series with at least one rollup.
 */
export const SUMMARY_INPUTS = `
  WITH ids AS (SELECT DISTINCT unnest($1::text[]) AS series_id),
  steady_buckets AS (
    SELECT ro.series_id, sum(ro.frame_count)::int AS frame_count, sum(ro.count)::int8 AS count,
           sum(ro.duration_ms)::int8 AS duration_ms, min(ro.min) AS min, max(ro.max) AS max,
           sum(ro.mean * ro.count) AS mean_weighted, sum(ro.mean) AS mean_sum, count(*)::int AS mean_n,
           max(ro.p50) AS p50, max(ro.p90) AS p90, max(ro.p95) AS p95, max(ro.p99) AS p99, max(ro.p999) AS p999,
           count(*) FILTER (WHERE ro.histogram IS NULL)::int AS without_histogram
      FROM ids JOIN rollups ro ON ro.series_id = ids.series_id
     WHERE ro.width_seconds = ${ROLLUP_WIDTH_SECONDS} AND ro.warmup_frames = 0
     GROUP BY ro.series_id),
  warmup_buckets AS (
    SELECT f.series_id, count(*)::int AS frame_count, sum(f.count)::int8 AS count,
           coalesce(sum(extract(epoch FROM f.end_at - f.start_at) * 1000), 0)::int8 AS duration_ms,
           min(f.min) AS min, max(f.max) AS max,
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
