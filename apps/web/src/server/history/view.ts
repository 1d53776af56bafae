// A history as its page shows it: the runs as points, the changes detected along p50, p99 and
// throughput of one series, and what people decided about each change.
import 'server-only';
import { AppError, appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { describeTestbed, type HistoryIdentity } from '~/lib/history-key';
import { type DetectedChange, detectChanges, type HistoryMetric, pointsOf } from '~/lib/history-points';
import { type Action, denialError, permissionsOf } from '~/server/access';
import { requireProject } from '~/server/access-checks';
import { displayName } from '~/server/people';
import { chooseSeries, historyRunsOf, runsOfHistory, seriesKeyOf } from './runs.ts';

/** How a change is named in HistoryChange.metric: the metric, then the series ("p99 latency"). */
export const changeMetricOf = (metric: HistoryMetric, series: string) => `${metric} ${series}`;

/** The history if the viewer may do `action` on its project; unknown and invisible are both NOT_FOUND. */
export async function requireHistory(
  db: PrismaClient,
  viewerId: string | null,
  historyId: string,
  action: Action,
) {
  const history = await db.history.findUnique({ where: { id: historyId } });
  if (!history) throw denialError('NOT_FOUND', 'This history', action, null, '');
  try {
    return { history, ...(await requireProject(db, viewerId, { projectId: history.projectId }, action)) };
  } catch (error) {
    if (appErrorOf(error)?.code === 'NOT_FOUND')
      throw denialError('NOT_FOUND', 'This history', action, null, '');
    throw error;
  }
}

type HistoryRow = Awaited<ReturnType<typeof requireHistory>>['history'];

/** Points and detected changes of one series of a history, by the history's settings. */
export async function analyseHistory(db: PrismaClient, history: HistoryRow, requestedSeries?: string) {
  const runs = await runsOfHistory(db, history);
  const series = chooseSeries(runs, requestedSeries);
  const points = pointsOf(historyRunsOf(runs, series.chosen));
  const settings = { maxPValue: history.maxPValue, minMagnitude: history.minMagnitude };
  const detected = series.chosen ? detectChanges(points, settings) : [];
  return { runs, series, points, settings, detected };
}

/** The detected change at (metric, runId) of the series, or BAD_REQUEST. */
export function findChange(detected: DetectedChange[], metric: HistoryMetric, runId: string): DetectedChange {
  const change = detected.find((c) => c.metric === metric && c.runId === runId);
  if (!change)
    throw new AppError(
      'BAD_REQUEST',
      `no change in ${metric} is detected at run ${runId} with this history's settings; reload the history`,
    );
  return change;
}

export async function getHistory(
  db: PrismaClient,
  viewerId: string | null,
  input: { historyId: string; series?: string },
) {
  const { history, project, role } = await requireHistory(db, viewerId, input.historyId, 'view');
  const { runs, series, points, settings, detected } = await analyseHistory(db, history, input.series);
  const stored = await db.historyChange.findMany({
    where: { historyId: history.id },
    select: {
      metric: true,
      runId: true,
      decision: true,
      justification: true,
      decidedAt: true,
      decidedBy: { select: { name: true } },
      events: {
        orderBy: { decidedAt: 'asc' },
        select: { kind: true, note: true, decidedByName: true, decidedAt: true },
      },
    },
  });
  const byKey = new Map(stored.map((row) => [`${row.metric}\n${row.runId}`, row]));
  const identity = history.identity as unknown as HistoryIdentity;
  return {
    id: history.id,
    project: {
      org: project.organization.slug,
      slug: project.slug,
      name: project.name,
    },
    identity,
    testbed: describeTestbed(identity.testbed),
    settings,
    series,
    runCount: runs.length,
    /** Runs with the chosen series whose summary the ingest API has not written yet. */
    unsummarised: runs.filter((run) =>
      run.series.some((s) => seriesKeyOf(s) === series.chosen && s.summary === null),
    ).length,
    points,
    changes: detected.map((change) => {
      const row = series.chosen
        ? byKey.get(`${changeMetricOf(change.metric, series.chosen)}\n${change.runId}`)
        : undefined;
      return {
        ...change,
        decision: row?.decision ?? null,
        decidedBy: row?.decidedBy ? displayName(row.decidedBy) : null,
        decidedAt: row?.decidedAt ?? null,
        events: row?.events ?? [],
      };
    }),
    can: permissionsOf(role),
  };
}
export type HistoryView = Awaited<ReturnType<typeof getHistory>>;
export type HistoryChangeView = HistoryView['changes'][number];
