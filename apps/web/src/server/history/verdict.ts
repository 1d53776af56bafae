// The CI verdict on one run: is it worse than its baseline? The baseline is the run's history on
// the baseline branch (default: the run's own branch) — same project, benchmark, parameters,
// system and testbed — up to BASELINE_POINTS points before the run's commit, from the last change
// detected or recorded in them on (a change already in the history is a new level). The run's figures
// are those of its commit's runs (its repetitions). Each of p50, p99 and throughput of the
// history's series is tested with @levelfield/detect's thresholdTest (Welch's t-test with
// repetitions, a Student prediction test for one run) at the history's settings.
//
// The verdict:
//   regression    some metric is significantly worse (p ≤ maxPValue, |change| ≥ minMagnitude)
//                 and nobody dismissed a change of that metric at this run
//   improvement   some metric is significantly better, none worse
//   pass          no significant difference
//   insufficient  fewer than MIN_BASELINE_POINTS baseline points (since the last change) in
//                 every metric: nothing can be said yet
// `levelfield-agent check` exits 1 on `regression` only (docs/history.md).
//
// Beside the verdict, for information: a two-sample Kolmogorov–Smirnov test between the merged
// latency histograms of the p99 baseline's runs and of the candidate's — whether the whole
// distribution moved, which only stored histograms can tell. Requests within a run are not
// independent draws, so with many of them a tiny shift is "significant": it counts from a
// distance of MIN_KS_DISTANCE.
//
// A regression of a run on the baseline branch itself (it landed) is recorded as a change of the
// history and alerted on once (alerts.ts); a pull request's run alerts nobody: CI tells its author.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { History, PrismaClient } from '@levelfield/db/client';
import { ksTestWindows, thresholdTest } from '@levelfield/detect';
import { decodeHistogram, type Histogram } from '@levelfield/metrics/hdr';
import { branchOf, commitOf, type HistoryIdentity, historyIdentity } from '~/lib/history-key';
import {
  type DetectionSettings,
  detectChanges,
  HIGHER_IS_BETTER,
  HISTORY_METRICS,
  type HistoryMetric,
  type HistoryPoint,
  pointsOf,
} from '~/lib/history-points';
import { describeSetupDifferences, setupDifferences, setupOf, setupsDiffer } from '~/lib/history-setup';
import { measuresThroughput } from '~/lib/throughput';
import type { AccessibleProject } from '~/server/access-checks';
import { alertRegression } from './alerts.ts';
import { ensureHistory, historyIdOf, type RunOfHistory, runKeySelect } from './key.ts';
import { recordChange } from './record.ts';
import { chooseSeries, historyRunsOf, type RunOfHistoryRow, runsOfHistory, seriesKeyOf } from './runs.ts';
import { changeMetricOf } from './view.ts';

/** Baseline points used at most: the recent past, not the whole history. */
export const BASELINE_POINTS = 30;
/** Fewer baseline points than this give `insufficient`. */
export const MIN_BASELINE_POINTS = 5;
/** The KS distance (largest gap between the two CDFs) that counts: a tenth of the requests moved. */
export const MIN_KS_DISTANCE = 0.1;

export type Verdict = 'regression' | 'improvement' | 'pass' | 'insufficient';

export interface VerdictInput {
  runId: string;
  /** The branch whose history is the baseline; default the run's own. */
  baseline?: string;
  series?: string;
}

export interface VerdictContext {
  project: AccessibleProject;
  origin: string;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function verdictOf(db: PrismaClient, input: VerdictInput, context: VerdictContext) {
  const run = await db.run.findUniqueOrThrow({
    where: { id: input.runId },
    select: { ...runKeySelect, status: true },
  });
  const ownBranch = branchOf(run);
  const baselineBranch = input.baseline ?? ownBranch;
  const commit = commitOf(run);
  const ownId = await ensureHistory(db, run);
  const own = await db.history.findUniqueOrThrow({ where: { id: ownId } });
  const { baseline, baselineRuns } = await baselineOf(db, run, baselineBranch, own);
  const baselineId = baseline.id;
  const ownRuns = baselineId === ownId ? baselineRuns : await runsOfHistory(db, own);
  // The candidate: the run and the other runs of its commit (without a commit, the run alone).
  const candidates = ownRuns.filter((r) => (commit === null ? r.id === run.id : commitOf(r) === commit));
  if (!candidates.some((r) => r.id === run.id))
    throw new AppError(
      'CONFLICT',
      `run ${run.id} is ${run.status === 'running' ? 'still running' : `${run.status}, not succeeded`}: only a finished, measured run has a verdict`,
    );
  const candidateIds = new Set(candidates.map((r) => r.id));
  const earlier = baselineRuns.filter(
    (r) =>
      !candidateIds.has(r.id) && (commit === null || commitOf(r) !== commit) && r.startedAt < run.startedAt,
  );
  // Runs of the baseline whose tool ran with other options measure something else.
  const otherSetups = earlier.filter((r) => setupsDiffer(r.provenance, run.provenance));
  const before = earlier.filter((r) => !otherSetups.includes(r));
  const series = chooseSeries([...before, ...candidates], input.series);
  // The ingest API summarises a run moments after it ends (off its hot path): ask again then.
  if (candidates.some((r) => r.series.some((s) => seriesKeyOf(s) === series.chosen && s.summary === null)))
    throw new AppError(
      'CONFLICT',
      `run ${run.id} is not summarised yet (the ingest API does it moments after a run ends): ask again in a few seconds`,
    );
  const basePoints = pointsOf(historyRunsOf(before, series.chosen)).slice(-BASELINE_POINTS);
  const candidateRuns = historyRunsOf(candidates, series.chosen);
  const settings = { maxPValue: baseline.maxPValue, minMagnitude: baseline.minMagnitude };
  const dismissed = await db.historyChange.findMany({
    where: { runId: { in: [...candidateIds] }, decision: 'dismissed' },
    select: { metric: true },
  });
  const dismissedMetrics = new Set(dismissed.map((d) => d.metric));

  // A change already in the baseline starts a new level: only the points since the last one count.
  const recorded = series.chosen
    ? await db.historyChange.findMany({
        where: { historyId: baseline.id, OR: [{ decision: null }, { decision: 'confirmed' }] },
        select: { metric: true, runId: true },
      })
    : [];
  const levelOf = (metric: HistoryMetric) =>
    currentLevel(
      basePoints,
      metric,
      new Set(
        recorded.filter((c) => c.metric === changeMetricOf(metric, series.chosen!)).map((c) => c.runId),
      ),
      settings,
    );
  const metrics = HISTORY_METRICS.flatMap((metric) => {
    const base = levelOf(metric).flatMap((p) => (p.values[metric] ? [p.values[metric]!.median] : []));
    const values = candidateRuns.flatMap((r) => (r.values[metric] === null ? [] : [r.values[metric]!]));
    if (base.length < MIN_BASELINE_POINTS || values.length === 0 || series.chosen === null) return [];
    const test = thresholdTest(base, values.length === 1 ? values[0]! : values, {
      ...settings,
      higherIsBetter: HIGHER_IS_BETTER[metric],
    });
    return [
      {
        metric,
        baselinePoints: base.length,
        baselineMedian: median(base),
        candidateRuns: values.length,
        ...test,
        dismissed: dismissedMetrics.has(changeMetricOf(metric, series.chosen)),
      },
    ];
  });
  const verdict: Verdict =
    metrics.length === 0
      ? 'insufficient'
      : metrics.some((m) => m.regression && !m.dismissed)
        ? 'regression'
        : metrics.some((m) => m.significant && !m.regression)
          ? 'improvement'
          : 'pass';

  const distribution =
    series.chosen === null
      ? null
      : await distributionTest(
          db,
          levelOf('p99').flatMap((p) => p.runs.map((r) => r.id)),
          [...candidateIds],
          series.chosen,
          settings.maxPValue,
        );

  const landed = ownId === baselineId;
  if (verdict === 'regression' && landed && series.chosen)
    await alertLanded(
      db,
      context,
      { id: baseline.id, identity: baseline.identity as unknown as HistoryIdentity },
      {
        runId: candidates[0]!.id,
        commit,
        series: series.chosen,
        metrics: metrics.filter((m) => m.regression && !m.dismissed),
      },
    );

  const historyUrl = (id: string) => `${context.origin}/h/${id}`;
  return {
    verdict,
    run: { id: run.id, name: run.name, url: `${context.origin}/runs/${run.id}`, branch: ownBranch, commit },
    baseline: {
      branch: baselineBranch,
      historyId: baseline.id,
      historyUrl: historyUrl(baseline.id),
      points: basePoints.length,
      runs: basePoints.reduce((n, p) => n + p.runs.length, 0),
      otherSetup: otherSetups.length > 0 ? otherSetupOf(otherSetups, run.provenance) : null,
    },
    history: { id: own.id, url: historyUrl(own.id) },
    series: series.chosen,
    unit: series.unit,
    /** False for a suite of micro-benchmarks: throughput is then not judged, by design. */
    throughputMeasured: measuresThroughput(run.provenance),
    settings,
    metrics,
    distribution,
  };
}
export type VerdictView = Awaited<ReturnType<typeof verdictOf>>;

/**
 * The history of the run on the baseline branch and its runs. Its row (settings, decisions) is
 * created only once the branch has runs: the endpoint answers anonymous readers of public
 * projects, and a request naming any branch must not add a row. A branch without runs is judged
 * with the run's own history's settings (it has no points to judge anyway).
 */
async function baselineOf(
  db: PrismaClient,
  run: RunOfHistory,
  branch: string | null,
  own: History,
): Promise<{ baseline: History; baselineRuns: RunOfHistoryRow[] }> {
  const identity = historyIdentity(run, { branch });
  const ref = {
    id: historyIdOf(identity),
    projectId: run.projectId,
    benchmark: run.benchmark,
    systemId: run.systemId,
  };
  if (ref.id === own.id) return { baseline: own, baselineRuns: await runsOfHistory(db, own) };
  const baselineRuns = await runsOfHistory(db, ref);
  const stored =
    baselineRuns.length > 0
      ? await db.history.findUniqueOrThrow({ where: { id: await ensureHistory(db, run, { branch }) } })
      : await db.history.findUnique({ where: { id: ref.id } });
  return {
    baseline: stored ?? {
      ...own,
      ...ref,
      identity: identity as unknown as History['identity'],
    },
    baselineRuns,
  };
}

/** How many baseline runs were left out for another setup, and how the latest of them differed. */
function otherSetupOf(others: RunOfHistoryRow[], candidate: unknown) {
  const differences = setupDifferences(setupOf(others.at(-1)!.provenance)!, setupOf(candidate)!);
  return { runs: others.length, differences, summary: describeSetupDifferences(differences) };
}

/** Where the last change of `metric` that detection finds in `points` starts (0: none). */
function lastDetected(points: HistoryPoint[], metric: HistoryMetric, settings: DetectionSettings): number {
  const positionOf = new Map(points.map((p, position) => [p.index, position]));
  return Math.max(
    0,
    ...detectChanges(points, settings)
      .filter((c) => c.metric === metric)
      .map((c) => positionOf.get(c.pointIndex) ?? 0),
  );
}

/**
 * The baseline's points since its last change of `metric`. A change recorded at a run (a CI check
 * found it when it landed, or someone confirmed it) is a change too, although detection over the
 * whole history may no longer see it: a regression fixed a few commits later leaves no lasting
 * level, and its points left in the baseline would widen its spread until the same regression
 * coming back passed. So the level starts at the later of the last detected and the last recorded
 * change, and what detection finds from the recorded one on (the fix) starts it later still.
 */
function currentLevel(
  points: HistoryPoint[],
  metric: HistoryMetric,
  recordedRuns: Set<string>,
  settings: DetectionSettings,
): HistoryPoint[] {
  const detected = lastDetected(points, metric, settings);
  const recorded = points.findLastIndex((p) => p.runs.some((r) => recordedRuns.has(r.id)));
  if (recorded <= detected) return points.slice(detected);
  const since = points.slice(recorded);
  return since.slice(lastDetected(since, metric, settings));
}

/** The runs' whole-run histograms of the series (damaged ones left out). */
async function histogramsOf(db: PrismaClient, runIds: string[], seriesKey: string): Promise<Histogram[]> {
  const rows = await db.series.findMany({
    where: { runId: { in: runIds }, kind: 'latency' },
    select: { name: true, labelsKey: true, summary: { select: { histogram: true } } },
  });
  return rows.flatMap((row) => {
    const bytes = seriesKeyOf(row) === seriesKey ? row.summary?.histogram : null;
    if (!bytes) return [];
    try {
      return [decodeHistogram(bytes)];
    } catch {
      return []; // damaged in storage: the run page says so; the test goes without it
    }
  });
}

/** KS between the baseline's and the candidate's merged distributions; null without histograms. */
async function distributionTest(
  db: PrismaClient,
  baselineRunIds: string[],
  candidateRunIds: string[],
  seriesKey: string,
  maxPValue: number,
) {
  const [baseline, candidate] = await Promise.all([
    histogramsOf(db, baselineRunIds, seriesKey),
    histogramsOf(db, candidateRunIds, seriesKey),
  ]);
  const counted = (hs: Histogram[]) => hs.some((h) => h.totalCount > 0);
  if (!counted(baseline) || !counted(candidate)) return null;
  return ksTestWindows(baseline, candidate, { maxPValue, minDistance: MIN_KS_DISTANCE });
}

/** Records each regressed metric of a landed run as a change and alerts once. */
async function alertLanded(
  db: PrismaClient,
  context: VerdictContext,
  history: { id: string; identity: HistoryIdentity },
  found: {
    runId: string;
    commit: string | null;
    series: string;
    metrics: {
      metric: HistoryMetric;
      baselineMean: number;
      candidateMean: number;
      relativeChange: number;
      pValue: number;
      confidence: number;
      direction: 'increase' | 'decrease' | 'none';
    }[];
  },
) {
  for (const m of found.metrics) {
    const metric = changeMetricOf(m.metric, found.series);
    const change = {
      metric: m.metric,
      // Found by the threshold test against the baseline, not at a point of the history.
      pointIndex: -1,
      runId: found.runId,
      commit: found.commit,
      meanBefore: m.baselineMean,
      meanAfter: m.candidateMean,
      relativeChange: m.relativeChange,
      pValue: m.pValue,
      confidence: m.confidence,
      direction: m.direction,
      regression: true,
    };
    const row = await recordChange(db, history.id, metric, change);
    await alertRegression(db, {
      changeId: row.id,
      actorId: null,
      project: context.project,
      history,
      series: found.series,
      change,
      confirmedBy: null,
      origin: context.origin,
    });
  }
}
