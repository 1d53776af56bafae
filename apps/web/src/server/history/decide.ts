// A person's word on a detected change: confirm it (a real change), dismiss it (noise, an
// intended change, a broken run), or annotate it (a note that leaves the decision as it was).
// Always with a written reason, recorded with who and when, as decisions on fairness checks are
// (comparisons/decide.ts): the latest decision is copied onto the change, every event is kept.
// Editors and owners decide; everyone who may view the history reads the decisions.
// Confirming a regression alerts the project (alerts.ts) once.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import type { HistoryIdentity } from '~/lib/history-key';
import type { DecideChange } from '~/lib/schemas/history';
import { displayName } from '~/server/people';
import type { RetryPolicy } from '~/server/webhooks/deliver';
import { alertRegression } from './alerts.ts';
import { recordChange } from './record.ts';
import { analyseHistory, changeMetricOf, changesOf, findChange, requireHistory } from './view.ts';

export interface AlertContext {
  /** This site's origin, for the links alerts carry. */
  origin: string;
  retry?: RetryPolicy;
}

export async function decideChange(
  db: PrismaClient,
  viewerId: string | null,
  input: DecideChange,
  context: AlertContext,
) {
  const { history, project } = await requireHistory(db, viewerId, input.historyId, 'edit');
  const { series, detected, points } = await analyseHistory(db, history, input.series);
  if (series.chosen !== input.series) findChange([], input.metric, input.runId);
  const recorded = await db.historyChange.findMany({
    where: { historyId: history.id, metric: changeMetricOf(input.metric, input.series), runId: input.runId },
    select: { metric: true, runId: true, regression: true, relativeChange: true, pValue: true },
  });
  const change = findChange(changesOf(detected, recorded, points, series.chosen), input.metric, input.runId);
  const user = await db.user.findUniqueOrThrow({
    where: { id: viewerId as string },
    select: { id: true, name: true },
  });
  const at = new Date();
  const metric = changeMetricOf(input.metric, input.series);
  const decided = await db.$transaction(async (tx) => {
    const row = await recordChange(tx, history.id, metric, change);
    if (input.kind !== 'annotated')
      await tx.historyChange.update({
        where: { id: row.id },
        data: { decision: input.kind, justification: input.note, decidedById: user.id, decidedAt: at },
      });
    await tx.historyChangeEvent.create({
      data: {
        changeId: row.id,
        kind: input.kind,
        note: input.note,
        decidedById: user.id,
        decidedByName: displayName(user),
        decidedAt: at,
      },
    });
    return row;
  });
  const alerted =
    // A change detection no longer finds was alerted on when it was recorded, if ever; its means
    // between changes, which an alert carries, are not known any more.
    input.kind === 'confirmed' && change.detected && change.regression && !decided.alertedAt
      ? await alertRegression(db, {
          changeId: decided.id,
          actorId: user.id,
          project,
          history: { id: history.id, identity: history.identity as unknown as HistoryIdentity },
          series: input.series,
          change,
          confirmedBy: displayName(user),
          ...context,
        })
      : null;
  return {
    kind: input.kind,
    by: displayName(user),
    at: at.toISOString(),
    notified: alerted?.notified ?? 0,
    webhooks: alerted?.webhooks ?? 0,
    /** The webhook deliveries under way (tests wait for them; the router does not). */
    deliveries: alerted?.deliveries ?? Promise.resolve([]),
  };
}
