-- AlterTable
ALTER TABLE "comparisons" ADD COLUMN     "subject" TEXT[] DEFAULT ARRAY['system']::TEXT[];

