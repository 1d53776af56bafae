-- AlterTable
ALTER TABLE "rollups" ADD COLUMN     "duration_ms" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "frames_series_id_start_at_idx" ON "frames"("series_id", "start_at");

