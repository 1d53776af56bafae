-- CreateEnum
CREATE TYPE "ChangeDecision" AS ENUM ('confirmed', 'dismissed');

-- CreateEnum
CREATE TYPE "ChangeEventKind" AS ENUM ('confirmed', 'dismissed', 'annotated');

-- CreateEnum
CREATE TYPE "WebhookFormat" AS ENUM ('json', 'slack');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "histories" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "system_id" TEXT,
    "identity" JSONB NOT NULL,
    "max_p_value" DOUBLE PRECISION NOT NULL DEFAULT 0.001,
    "min_magnitude" DOUBLE PRECISION NOT NULL DEFAULT 0.05,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "histories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "history_changes" (
    "id" TEXT NOT NULL,
    "history_id" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "regression" BOOLEAN NOT NULL,
    "relative_change" DOUBLE PRECISION NOT NULL,
    "p_value" DOUBLE PRECISION NOT NULL,
    "decision" "ChangeDecision",
    "justification" TEXT,
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),
    "alerted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "history_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "history_change_events" (
    "id" TEXT NOT NULL,
    "change_id" TEXT NOT NULL,
    "kind" "ChangeEventKind" NOT NULL,
    "note" TEXT NOT NULL,
    "decided_by_id" TEXT,
    "decided_by_name" TEXT NOT NULL,
    "decided_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "history_change_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "change_notifications" (
    "id" TEXT NOT NULL,
    "recipient_id" TEXT NOT NULL,
    "actor_id" TEXT,
    "change_id" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMP(3),

    CONSTRAINT "change_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "format" "WebhookFormat" NOT NULL DEFAULT 'json',
    "secret" TEXT NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "change_id" TEXT,
    "event" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "response_status" INTEGER,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_attempt_at" TIMESTAMP(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "histories_project_id_benchmark_idx" ON "histories"("project_id", "benchmark");

-- CreateIndex
CREATE INDEX "history_changes_run_id_idx" ON "history_changes"("run_id");

-- CreateIndex
CREATE INDEX "history_changes_decided_by_id_idx" ON "history_changes"("decided_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "history_changes_history_id_metric_run_id_key" ON "history_changes"("history_id", "metric", "run_id");

-- CreateIndex
CREATE INDEX "history_change_events_change_id_decided_at_idx" ON "history_change_events"("change_id", "decided_at");

-- CreateIndex
CREATE INDEX "history_change_events_decided_by_id_idx" ON "history_change_events"("decided_by_id");

-- CreateIndex
CREATE INDEX "change_notifications_recipient_id_read_at_created_at_idx" ON "change_notifications"("recipient_id", "read_at", "created_at");

-- CreateIndex
CREATE INDEX "change_notifications_actor_id_idx" ON "change_notifications"("actor_id");

-- CreateIndex
CREATE INDEX "change_notifications_change_id_idx" ON "change_notifications"("change_id");

-- CreateIndex
CREATE INDEX "webhooks_project_id_idx" ON "webhooks"("project_id");

-- CreateIndex
CREATE INDEX "webhooks_created_by_id_idx" ON "webhooks"("created_by_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_change_id_idx" ON "webhook_deliveries"("change_id");

-- AddForeignKey
ALTER TABLE "histories" ADD CONSTRAINT "histories_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "history_changes" ADD CONSTRAINT "history_changes_history_id_fkey" FOREIGN KEY ("history_id") REFERENCES "histories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "history_changes" ADD CONSTRAINT "history_changes_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "history_changes" ADD CONSTRAINT "history_changes_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "history_change_events" ADD CONSTRAINT "history_change_events_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "history_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "history_change_events" ADD CONSTRAINT "history_change_events_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "change_notifications" ADD CONSTRAINT "change_notifications_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "change_notifications" ADD CONSTRAINT "change_notifications_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "change_notifications" ADD CONSTRAINT "change_notifications_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "history_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "history_changes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

