-- AlterTable
ALTER TABLE "rollups" ADD COLUMN     "bands" BYTEA;

