// A history as its page shows it: the runs as points, the changes detected along p50, p99 and
// throughput of one series, and what people decided about each change.
import 'server-only';
import { AppError, appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { describeTestbed, type HistoryIdentity } from '~/lib/history-key';
import {
  type DetectedChange,
  detectChanges,
  HISTORY_METRICS,
  type HistoryMetric,
  type HistoryPoint,
  pointsOf,
} from '~/lib/history-points';
import { setupChangesOf, setupOf } from '~/lib/history-setup';
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

/**
 * A change that was recorded (a CI verdict on the baseline branch, a decision) and that detection
 * no longer finds: a short regression fixed a few commits later leaves no level shift along the
 * whole history, but it was real, alerted and decided on. Kept on the page with its recorded
 * figures; the means between changes are not known for it.
 */
export interface RecordedChange
  extends Omit<DetectedChange, 'meanBefore' | 'meanAfter' | 'confidence' | 'direction'> {
  detected: false;
}

export type HistoryChangeFigures = (DetectedChange & { detected: true }) | RecordedChange;

/**
 * The series' changes: those detection finds now, then those recorded and no longer found whose
 * run is still a point of the history.
 */
export function changesOf(
  detected: readonly DetectedChange[],
  recorded: readonly {
    metric: string;
    runId: string;
    regression: boolean;
    relativeChange: number;
    pValue: number;
  }[],
  points: readonly HistoryPoint[],
  series: string | null,
): HistoryChangeFigures[] {
  const found: HistoryChangeFigures[] = detected.map((c) => ({ ...c, detected: true }));
  if (series === null) return found;
  for (const row of recorded) {
    const metric = HISTORY_METRICS.find((m) => row.metric === changeMetricOf(m, series));
    if (!metric || found.some((c) => c.metric === metric && c.runId === row.runId)) continue;
    const point = points.find((p) => p.runs.some((r) => r.id === row.runId));
    if (!point) continue;
    found.push({
      metric,
      runId: row.runId,
      pointIndex: point.index,
      commit: point.commit,
      regression: row.regression,
      relativeChange: row.relativeChange,
      pValue: row.pValue,
      detected: false,
    });
  }
  return found;
}

/** The change at (metric, runId) of the series, detected now or recorded, or BAD_REQUEST. */
export function findChange(
  changes: readonly HistoryChangeFigures[],
  metric: HistoryMetric,
  runId: string,
): HistoryChangeFigures {
  const change = changes.find((c) => c.metric === metric && c.runId === runId);
  if (!change)
    throw new AppError(
      'BAD_REQUEST',
      `no change in ${metric} is detected or recorded at run ${runId} with this history's settings; reload the history`,
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
    orderBy: { createdAt: 'asc' },
    select: {
      metric: true,
      runId: true,
      regression: true,
      relativeChange: true,
      pValue: true,
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
  const setups = new Map(runs.map((run) => [run.id, setupOf(run.provenance)]));
  const setupChanges = setupChangesOf(points, setups);
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
    setupChanges,
    /** The tool's options of the newest run that records them (runs are oldest first). */
    latestSetup: runs.map((run) => setups.get(run.id)).findLast((setup) => setup != null) ?? null,
    changes: changesOf(detected, stored, points, series.chosen).map((change) => {
      const row = series.chosen
        ? byKey.get(`${changeMetricOf(change.metric, series.chosen)}\n${change.runId}`)
        : undefined;
      return {
        ...change,
        /** The tool's options changed at the change's point: what they changed from and to. */
        setupChange: setupChanges.find((c) => c.pointIndex === change.pointIndex)?.summary ?? null,
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
