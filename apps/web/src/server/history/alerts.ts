// Telling a project about a regression: in-app notifications to its editors and owners and an
// event to each of its webhooks. Once per change: the change's alertedAt is claimed first, so a
// confirmation and a CI check racing each other alert once between them.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { formatChange } from '~/lib/format';
import type { HistoryIdentity } from '~/lib/history-key';
import { type DetectedChange, seriesLabel } from '~/lib/history-points';
import type { AccessibleProject } from '~/server/access-checks';
import { notifyChange } from '~/server/notifications/changes';
import { DEFAULT_RETRY, deliverAll, enqueueDeliveries, type RetryPolicy } from '~/server/webhooks/deliver';
import type { RegressionEvent } from '~/server/webhooks/payload';

export interface RegressionAlert {
  changeId: string;
  actorId: string | null;
  project: AccessibleProject;
  history: { id: string; identity: HistoryIdentity };
  /** The series the change is in ("latency", "time_per_op{benchmark=…}"). */
  series: string;
  change: DetectedChange;
  /** Who confirmed it; null when newly detected. */
  confirmedBy: string | null;
  /** This site's origin, for the links the event carries. */
  origin: string;
  retry?: RetryPolicy;
}

function summaryOf(alert: RegressionAlert): string {
  const { project, history, series, change, confirmedBy } = alert;
  const where = [history.identity.benchmark, history.identity.system, history.identity.branch]
    .filter(Boolean)
    .join(' · ');
  const at = change.commit ? ` at ${change.commit.slice(0, 12)}` : '';
  const how = confirmedBy ? `confirmed by ${confirmedBy}` : 'detected';
  return `Regression in ${project.organization.slug}/${project.slug} (${where}): ${change.metric} of ${seriesLabel(series)} ${formatChange(change.relativeChange)}${at}, ${how}`;
}

/**
 * Alerts about the change unless it was alerted on already. Returns how many people were notified
 * and webhooks called, and the webhook deliveries' promise (not awaited by requests).
 */
export async function alertRegression(db: PrismaClient, alert: RegressionAlert) {
  const claimed = await db.historyChange.updateMany({
    where: { id: alert.changeId, alertedAt: null },
    data: { alertedAt: new Date() },
  });
  if (claimed.count === 0) return { notified: 0, webhooks: 0, deliveries: Promise.resolve([]) };
  const summary = summaryOf(alert);
  const notified = await notifyChange(db, {
    changeId: alert.changeId,
    projectId: alert.project.id,
    actorId: alert.actorId,
    summary,
  });
  const event: RegressionEvent = {
    type: alert.confirmedBy ? 'regression.confirmed' : 'regression.detected',
    project: `${alert.project.organization.slug}/${alert.project.slug}`,
    historyUrl: `${alert.origin}/h/${alert.history.id}`,
    runUrl: `${alert.origin}/runs/${alert.change.runId}`,
    benchmark: alert.history.identity.benchmark,
    system: alert.history.identity.system,
    branch: alert.history.identity.branch,
    commit: alert.change.commit,
    metric: alert.change.metric,
    series: seriesLabel(alert.series),
    meanBefore: alert.change.meanBefore,
    meanAfter: alert.change.meanAfter,
    relativeChange: alert.change.relativeChange,
    pValue: alert.change.pValue,
    confirmedBy: alert.confirmedBy,
    summary,
  };
  const ids = await enqueueDeliveries(db, alert.project.id, event, alert.changeId);
  return {
    notified: notified.length,
    webhooks: ids.length,
    deliveries: deliverAll(db, ids, alert.retry ?? DEFAULT_RETRY),
  };
}
