-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('comment', 'thread_state');

-- AlterTable
ALTER TABLE "review_threads" ADD COLUMN     "report_version" INTEGER;

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "recipient_id" TEXT NOT NULL,
    "actor_id" TEXT,
    "kind" "NotificationKind" NOT NULL,
    "thread_id" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMP(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notifications_recipient_id_read_at_created_at_idx" ON "notifications"("recipient_id", "read_at", "created_at");

-- CreateIndex
CREATE INDEX "notifications_actor_id_idx" ON "notifications"("actor_id");

-- CreateIndex
CREATE INDEX "notifications_thread_id_idx" ON "notifications"("thread_id");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "review_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A published report version is immutable: its snapshot, hash and metadata can never change
-- (only published_by_id may become NULL when its user is deleted). Enforced here so that no
-- code path, present or future, can rewrite what readers verified.
CREATE FUNCTION "report_versions_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.report_id IS DISTINCT FROM OLD.report_id
     OR NEW.version IS DISTINCT FROM OLD.version
     OR NEW.title IS DISTINCT FROM OLD.title
     OR NEW.snapshot IS DISTINCT FROM OLD.snapshot
     OR NEW.sha256 IS DISTINCT FROM OLD.sha256
     OR NEW.published_at IS DISTINCT FROM OLD.published_at
     OR (NEW.published_by_id IS DISTINCT FROM OLD.published_by_id AND NEW.published_by_id IS NOT NULL) THEN
    RAISE EXCEPTION 'report version % of report % is immutable: publish a new version instead', OLD.version, OLD.report_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "report_versions_immutable"
  BEFORE UPDATE ON "report_versions"
  FOR EACH ROW EXECUTE FUNCTION "report_versions_immutable"();
