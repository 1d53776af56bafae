// Storing a detected change of a history (HistoryChange), where decisions and alerts attach to it.
// Its figures are those of the latest detection that found it.
import 'server-only';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import type { DetectedChange } from '~/lib/history-points';

type Db = PrismaClient | Prisma.TransactionClient;

/** The stored change at (history, metric, first run), created or refreshed. */
export function recordChange(
  db: Db,
  historyId: string,
  metric: string,
  change: Pick<DetectedChange, 'runId' | 'regression' | 'relativeChange' | 'pValue'>,
) {
  const figures = {
    regression: change.regression,
    relativeChange: change.relativeChange,
    pValue: change.pValue,
  };
  return db.historyChange.upsert({
    where: { historyId_metric_runId: { historyId, metric, runId: change.runId } },
    create: { historyId, metric, runId: change.runId, ...figures },
    update: figures,
    select: { id: true, alertedAt: true },
  });
}
