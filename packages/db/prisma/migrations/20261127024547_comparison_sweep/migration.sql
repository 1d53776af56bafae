-- AlterTable
ALTER TABLE "comparisons" ADD COLUMN     "sweep" JSONB;

