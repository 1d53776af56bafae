// Rollups are recomputed from the frames they cover, never incremented, so recomputing a
// bucket twice, from two instances, or after a crash always gives the same row.
//
// Until a HistogramMerger is plugged in, a rollup's percentiles are the largest of its frames'
// percentiles: an upper bound of the true merged percentile, never an average of percentiles.

export const ROLLUP_WIDTH_SECONDS = 60;

const AGGREGATES = `count(*)::int AS frame_count, count(*) FILTER (WHERE f.warmup)::int AS warmup_frames,
  sum(f.count)::int8 AS count, min(f.min) AS min, max(f.max) AS max,
  coalesce(sum(f.mean * f.count) / nullif(sum(f.count), 0), avg(f.mean)) AS mean,
  max(f.p50) AS p50, max(f.p90) AS p90, max(f.p95) AS p95, max(f.p99) AS p99, max(f.p999) AS p999`;

const UPSERT_ROLLUPS = `
  INSERT INTO rollups (series_id, width_seconds, bucket_start, frame_count, warmup_frames, count, min, max, mean,
                       p50, p90, p95, p99, p999, updated_at)
  SELECT series_id, ${ROLLUP_WIDTH_SECONDS}, bucket_start, frame_count, warmup_frames, count, min, max, mean,
         p50, p90, p95, p99, p999, now()
    FROM agg
  ON CONFLICT (series_id, width_seconds, bucket_start) DO UPDATE SET
    frame_count = excluded.frame_count, warmup_frames = excluded.warmup_frames, count = excluded.count,
    min = excluded.min, max = excluded.max, mean = excluded.mean, p50 = excluded.p50, p90 = excluded.p90,
    p95 = excluded.p95, p99 = excluded.p99, p999 = excluded.p999, updated_at = excluded.updated_at
  RETURNING series_id, (extract(epoch FROM bucket_start) * 1000)::float8 AS bucket_ms`;

/** $1 series ids, $2 bucket starts (epoch ms), pairwise. */
export const ROLLUP_BUCKETS = `
  WITH dirty AS (
    SELECT DISTINCT series_id, to_timestamp(bucket_ms / 1000.0) AS bucket_start
      FROM unnest($1::text[], $2::float8[]) AS d(series_id, bucket_ms)),
  agg AS (
    SELECT f.series_id, d.bucket_start, ${AGGREGATES}
      FROM dirty d JOIN frames f ON f.series_id = d.series_id
       AND f.start_at >= d.bucket_start AND f.start_at < d.bucket_start + interval '${ROLLUP_WIDTH_SECONDS} seconds'
     GROUP BY f.series_id, d.bucket_start)
  ${UPSERT_ROLLUPS}`;

/** $1 run id: every bucket of every series of the run. */
export const ROLLUP_RUN = `
  WITH agg AS (
    SELECT f.series_id,
           date_bin(interval '${ROLLUP_WIDTH_SECONDS} seconds', f.start_at, timestamptz '1970-01-01 00:00:00+00')
             AS bucket_start,
           ${AGGREGATES}
      FROM series s JOIN frames f ON f.series_id = s.id
     WHERE s.run_id = $1
     GROUP BY 1, 2)
  ${UPSERT_ROLLUPS}`;

/** Warm-up: flagged by the agent, or starting within the run's declared warm-up. */
const STEADY = `NOT (f.warmup OR f.start_at < (r.started_at AT TIME ZONE 'UTC') + r.warmup_ms * interval '1 millisecond')`;

/** $1 series ids. Whole-run totals per series, warm-up excluded. */
export const SUMMARIZE_SERIES = `
  INSERT INTO series_summaries (series_id, frame_count, last_seq, count, duration_ms, min, max, mean,
                                p50, p90, p95, p99, p999, updated_at)
  SELECT f.series_id,
         count(*) FILTER (WHERE ${STEADY})::int,
         max(f.seq),
         coalesce(sum(f.count) FILTER (WHERE ${STEADY}), 0)::int8,
         coalesce(sum(extract(epoch FROM f.end_at - f.start_at) * 1000) FILTER (WHERE ${STEADY}), 0)::int8,
         coalesce(min(f.min) FILTER (WHERE ${STEADY}), 0),
         coalesce(max(f.max) FILTER (WHERE ${STEADY}), 0),
         coalesce(sum(f.mean * f.count) FILTER (WHERE ${STEADY}) / nullif(sum(f.count) FILTER (WHERE ${STEADY}), 0),
                  avg(f.mean) FILTER (WHERE ${STEADY}), 0),
         coalesce(max(f.p50) FILTER (WHERE ${STEADY}), 0), coalesce(max(f.p90) FILTER (WHERE ${STEADY}), 0),
         coalesce(max(f.p95) FILTER (WHERE ${STEADY}), 0), coalesce(max(f.p99) FILTER (WHERE ${STEADY}), 0),
         coalesce(max(f.p999) FILTER (WHERE ${STEADY}), 0),
         now()
    FROM frames f JOIN series s ON s.id = f.series_id JOIN runs r ON r.id = s.run_id
   WHERE f.series_id = ANY($1::text[])
   GROUP BY f.series_id
  ON CONFLICT (series_id) DO UPDATE SET
    frame_count = excluded.frame_count, last_seq = excluded.last_seq, count = excluded.count,
    duration_ms = excluded.duration_ms, min = excluded.min, max = excluded.max, mean = excluded.mean,
    p50 = excluded.p50, p90 = excluded.p90, p95 = excluded.p95, p99 = excluded.p99, p999 = excluded.p999,
    updated_at = excluded.updated_at`;

/** $1 series id, $2 bucket start (epoch ms): the interval histograms a rollup merges. */
export const BUCKET_HISTOGRAMS = `
  SELECT histogram FROM frames
   WHERE series_id = $1 AND histogram IS NOT NULL
     AND start_at >= to_timestamp($2 / 1000.0) AND start_at < to_timestamp($2 / 1000.0) + interval '${ROLLUP_WIDTH_SECONDS} seconds'`;

/** $1 series id, $2 bucket start (epoch ms), $3 merged encoding, $4… percentiles. */
export const STORE_MERGED = `
  UPDATE rollups SET histogram = $3, p50 = $4, p90 = $5, p95 = $6, p99 = $7, p999 = $8
   WHERE series_id = $1 AND width_seconds = ${ROLLUP_WIDTH_SECONDS} AND bucket_start = to_timestamp($2 / 1000.0)`;
