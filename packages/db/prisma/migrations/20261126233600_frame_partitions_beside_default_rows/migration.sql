-- A day whose frames already went to frames_default (no partition covered it when they came)
-- cannot get a partition of its own: PostgreSQL refuses to create it while the default partition
-- holds rows of its range. Skip such a day, with a warning, instead of failing the whole call
-- (the ingest API calls this at start-up and would not start).
CREATE OR REPLACE FUNCTION "levelfield_create_frame_partitions"("first_day" DATE, "days" INTEGER)
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
    BEGIN
      EXECUTE format('CREATE TABLE %I PARTITION OF "frames" FOR VALUES FROM (%L) TO (%L)',
                     'frames_p' || to_char(day, 'YYYYMMDD'),
                     day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
      created := created + 1;
    EXCEPTION WHEN check_violation THEN
      RAISE WARNING 'frames of % are in frames_default: that day keeps them there', day;
    END;
  END LOOP;
  RETURN created;
END $$;
