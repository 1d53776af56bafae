-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "raw_frame_retention_days" INTEGER;

-- frames becomes a table partitioned by day of start_at (PostgreSQL declarative partitioning,
-- which Prisma cannot declare: schema.prisma only knows the key, which must include start_at).
-- Every existing frame stays where it is: the old table becomes the first partition, for every
-- time up to the day after today (or after its newest frame), with no row copied; the ingest API
-- creates a partition per day ahead of it (levelfield_create_frame_partitions) and detaches and
-- drops whole days no project keeps any more (levelfield_expire_frames). Attaching checks the
-- old table's rows against its range and the new key's index is built: on a large table this
-- migration takes as long as one scan and one index build of it.
ALTER TABLE "frames" RENAME TO "frames_legacy";
ALTER INDEX "frames_pkey" RENAME TO "frames_legacy_pkey";
ALTER INDEX "frames_series_id_start_at_idx" RENAME TO "frames_legacy_series_id_start_at_idx";
ALTER TABLE "frames_legacy" DROP CONSTRAINT "frames_legacy_pkey",
ADD CONSTRAINT "frames_legacy_pkey" PRIMARY KEY ("series_id", "seq", "start_at");

CREATE TABLE "frames" (
    "series_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "warmup" BOOLEAN NOT NULL DEFAULT false,
    "count" BIGINT NOT NULL,
    "min" DOUBLE PRECISION NOT NULL,
    "max" DOUBLE PRECISION NOT NULL,
    "mean" DOUBLE PRECISION NOT NULL,
    "p50" DOUBLE PRECISION NOT NULL,
    "p90" DOUBLE PRECISION NOT NULL,
    "p95" DOUBLE PRECISION NOT NULL,
    "p99" DOUBLE PRECISION NOT NULL,
    "p999" DOUBLE PRECISION NOT NULL,
    "histogram" BYTEA,

    CONSTRAINT "frames_pkey" PRIMARY KEY ("series_id","seq","start_at")
) PARTITION BY RANGE ("start_at");

CREATE INDEX "frames_series_id_start_at_idx" ON "frames"("series_id", "start_at");

ALTER TABLE "frames" ADD CONSTRAINT "frames_series_id_fkey" FOREIGN KEY ("series_id") REFERENCES "series"("id") ON DELETE CASCADE ON UPDATE CASCADE;

DO $$
DECLARE
  upto date := greatest(current_date, (SELECT max("start_at" AT TIME ZONE 'UTC')::date FROM "frames_legacy")) + 1;
BEGIN
  EXECUTE format('ALTER TABLE "frames" ATTACH PARTITION "frames_legacy" FOR VALUES FROM (MINVALUE) TO (%L)',
                 upto::timestamp AT TIME ZONE 'UTC');
END $$;

-- A frame no partition covers (the service was down for days) lands here rather than failing.
CREATE TABLE "frames_default" PARTITION OF "frames" DEFAULT;

-- The partitions of frames with their ranges (the default one left out), read from the catalogue.
CREATE FUNCTION "levelfield_frame_partitions"()
RETURNS TABLE ("name" TEXT, "from_at" TIMESTAMPTZ, "to_at" TIMESTAMPTZ)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT c.relname::text,
         CASE WHEN b LIKE 'FOR VALUES FROM (MINVALUE)%' THEN '-infinity'::timestamptz
              ELSE substring(b FROM 'FROM \(''([^'']+)''\)')::timestamptz END,
         substring(b FROM 'TO \(''([^'']+)''\)')::timestamptz
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    CROSS JOIN LATERAL pg_get_expr(c.relpartbound, c.oid) AS b
   WHERE i.inhparent = 'public.frames'::regclass AND b <> 'DEFAULT'
$$;

-- Creates a partition frames_pYYYYMMDD for each of `days` days from `first_day` (UTC) that no
-- partition covers yet; returns how many it created. SECURITY DEFINER: the ingest API signs in as
-- the app role, which owns no table and so could not add a partition itself.
CREATE FUNCTION "levelfield_create_frame_partitions"("first_day" DATE, "days" INTEGER)
RETURNS INTEGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  day date;
  created integer := 0;
BEGIN
  IF days < 0 OR days > 366 THEN
    RAISE EXCEPTION 'days must be between 0 and 366, not %', days;
  END IF;
  -- One instance at a time (any fixed key).
  PERFORM pg_advisory_xact_lock(72707371);
  FOR i IN 0 .. days - 1 LOOP
    day := first_day + i;
    CONTINUE WHEN EXISTS (SELECT 1 FROM levelfield_frame_partitions() p
                           WHERE p.from_at <= day::timestamp AT TIME ZONE 'UTC'
                             AND p.to_at > day::timestamp AT TIME ZONE 'UTC');
    EXECUTE format('CREATE TABLE %I PARTITION OF "frames" FOR VALUES FROM (%L) TO (%L)',
                   'frames_p' || to_char(day, 'YYYYMMDD'),
                   day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
    created := created + 1;
  END LOOP;
  RETURN created;
END $$;

-- Retention (projects.raw_frame_retention_days; null keeps a project's frames for good). Whole
-- partitions that end before the longest retention of any project are detached and dropped (none
-- while a project keeps its frames for good); then up to `batch` frames older than their own
-- project's retention are deleted from the partitions left. Rollups and run summaries are kept.
-- Returns the partitions dropped and the frames deleted: call again while `deleted` = batch.
CREATE FUNCTION "levelfield_expire_frames"("batch" INTEGER)
RETURNS TABLE ("dropped" INTEGER, "deleted" INTEGER)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  keep_all boolean;
  longest integer;
  part record;
BEGIN
  PERFORM pg_advisory_xact_lock(72707371);
  dropped := 0;
  SELECT coalesce(bool_or(raw_frame_retention_days IS NULL), true), max(raw_frame_retention_days)
    INTO keep_all, longest FROM projects;
  IF NOT keep_all THEN
    FOR part IN SELECT p.name FROM levelfield_frame_partitions() p
                 WHERE p.to_at <= now() - longest * interval '1 day' LOOP
      EXECUTE format('ALTER TABLE "frames" DETACH PARTITION %I', part.name);
      EXECUTE format('DROP TABLE %I', part.name);
      dropped := dropped + 1;
    END LOOP;
  END IF;
  DELETE FROM frames f
   WHERE (f.series_id, f.seq, f.start_at) IN (
     SELECT e.series_id, e.seq, e.start_at
       FROM projects p
       JOIN runs r ON r.project_id = p.id
       JOIN series s ON s.run_id = r.id
       JOIN frames e ON e.series_id = s.id
      WHERE p.raw_frame_retention_days IS NOT NULL
        AND e.start_at < now() - p.raw_frame_retention_days * interval '1 day'
      LIMIT batch);
  GET DIAGNOSTICS deleted = ROW_COUNT;
  RETURN NEXT;
END $$;
