-- CreateTable
CREATE TABLE "pending_rollups" (
    "run_id" TEXT NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "marks" INTEGER NOT NULL DEFAULT 1,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "claimed_until" TIMESTAMPTZ(3),

    CONSTRAINT "pending_rollups_pkey" PRIMARY KEY ("run_id","bucket_start")
);

-- AddForeignKey
ALTER TABLE "pending_rollups" ADD CONSTRAINT "pending_rollups_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Until now the buckets to merge were marked in the ingest API's memory only. Mark, durably,
-- every minute of a running or recently finished run whose rollups are missing or cover
-- another number of frames than are stored (what each instance's start-up used to recompute).
INSERT INTO "pending_rollups" ("run_id", "bucket_start", "due_at")
SELECT DISTINCT s."run_id", st."bucket_start", now()
  FROM (SELECT f."series_id", date_bin(interval '60 seconds', f."start_at", timestamptz '1970-01-01 00:00:00+00') AS "bucket_start",
               count(*)::int AS "frames"
          FROM "frames" f GROUP BY 1, 2) st
  JOIN "series" s ON s."id" = st."series_id"
  JOIN "runs" r ON r."id" = s."run_id"
  LEFT JOIN "rollups" ro ON ro."series_id" = st."series_id" AND ro."width_seconds" = 60
   AND ro."bucket_start" = st."bucket_start"
 WHERE (r."status" = 'running' OR r."updated_at" > now() - interval '1 day')
   AND ro."frame_count" IS DISTINCT FROM st."frames";
