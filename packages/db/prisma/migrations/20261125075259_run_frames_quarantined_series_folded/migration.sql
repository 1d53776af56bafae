-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "frames_quarantined" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "series_folded" JSONB NOT NULL DEFAULT '{}';

