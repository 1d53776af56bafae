-- AlterTable
ALTER TABLE "comparisons" ADD COLUMN     "claims" JSONB;

