-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "values" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "check_decision_events" (
    "id" TEXT NOT NULL,
    "check_result_id" TEXT NOT NULL,
    "decision" "CheckDecision" NOT NULL,
    "justification" TEXT NOT NULL,
    "decided_by_id" TEXT,
    "decided_by_name" TEXT NOT NULL,
    "decided_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "check_decision_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "check_decision_events_check_result_id_decided_at_idx" ON "check_decision_events"("check_result_id", "decided_at");

-- CreateIndex
CREATE INDEX "check_decision_events_decided_by_id_idx" ON "check_decision_events"("decided_by_id");

-- AddForeignKey
ALTER TABLE "check_decision_events" ADD CONSTRAINT "check_decision_events_check_result_id_fkey" FOREIGN KEY ("check_result_id") REFERENCES "check_results"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_decision_events" ADD CONSTRAINT "check_decision_events_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

