// A history's runs as points and the changes along them. Runs of one commit are repetitions of one
// measurement: they make one point, whose value is their median and whose spread is their range.
// Runs without a commit are a point each. Changes are E-Divisive means (@levelfield/detect, as
// Apache Otava runs it) over the points' values, per metric.
import { type ChangePoint, detectChangePoints } from '@levelfield/detect';

export const HISTORY_METRICS = ['p50', 'p99', 'throughput'] as const;
export type HistoryMetric = (typeof HISTORY_METRICS)[number];

export const METRIC_LABEL: Record<HistoryMetric, string> = {
  p50: 'p50 latency',
  p99: 'p99 latency',
  throughput: 'throughput',
};
/** Latencies get worse going up, throughput going down. */
export const HIGHER_IS_BETTER: Record<HistoryMetric, boolean> = { p50: false, p99: false, throughput: true };

export interface HistoryRun {
  id: string;
  name: string;
  /** ISO-8601. */
  startedAt: string;
  commit: string | null;
  branch: string | null;
  /** The run's figure per metric; null when the run has none (no summary yet). */
  values: Record<HistoryMetric, number | null>;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface HistoryPoint {
  index: number;
  commit: string | null;
  /** The first run's start, ISO-8601. */
  at: string;
  /** The repetitions, in start order. */
  runs: HistoryRun[];
  values: Record<HistoryMetric, Spread | null>;
}

/** Detection settings of a history (History.maxPValue, minMagnitude). */
export interface DetectionSettings {
  maxPValue: number;
  minMagnitude: number;
}

export interface DetectedChange
  extends Pick<
    ChangePoint,
    'meanBefore' | 'meanAfter' | 'relativeChange' | 'pValue' | 'confidence' | 'direction' | 'regression'
  > {
  metric: HistoryMetric;
  /** The first point after the change. */
  pointIndex: number;
  /** That point's first run: where the change is recorded (HistoryChange.runId). */
  runId: string;
  commit: string | null;
}

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function spreadOf(values: (number | null)[]): Spread | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (present.length === 0) return null;
  return { median: median(present), min: present[0]!, max: present[present.length - 1]! };
}

/** Groups runs (any order) into points in the order of their first run. */
export function pointsOf(runs: readonly HistoryRun[]): HistoryPoint[] {
  const ordered = [...runs].sort(
    (a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id),
  );
  const groups: HistoryRun[][] = [];
  const byCommit = new Map<string, HistoryRun[]>();
  for (const run of ordered) {
    const group = run.commit === null ? undefined : byCommit.get(run.commit);
    if (group) {
      group.push(run);
      continue;
    }
    const created = [run];
    groups.push(created);
    if (run.commit !== null) byCommit.set(run.commit, created);
  }
  return groups.map((group, index) => ({
    index,
    commit: group[0]!.commit,
    at: group[0]!.startedAt,
    runs: group,
    values: Object.fromEntries(
      HISTORY_METRICS.map((metric) => [metric, spreadOf(group.map((run) => run.values[metric]))]),
    ) as Record<HistoryMetric, Spread | null>,
  }));
}

/** The changes along each metric, in point order per metric. */
export function detectChanges(
  points: readonly HistoryPoint[],
  settings: DetectionSettings,
): DetectedChange[] {
  return HISTORY_METRICS.flatMap((metric) => {
    const measured = points.filter((point) => point.values[metric] !== null);
    const changes = detectChangePoints(
      measured.map((point) => point.values[metric]!.median),
      { ...settings, higherIsBetter: HIGHER_IS_BETTER[metric] },
    );
    return changes.map((change) => {
      const point = measured[change.index]!;
      return {
        metric,
        pointIndex: point.index,
        runId: point.runs[0]!.id,
        commit: point.commit,
        meanBefore: change.meanBefore,
        meanAfter: change.meanAfter,
        relativeChange: change.relativeChange,
        pValue: change.pValue,
        confidence: change.confidence,
        direction: change.direction,
        regression: change.regression,
      };
    });
  });
}

/** A series key as people read it: its labels' escapes decoded ("pkg=example.com/parser"). */
export function seriesLabel(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}
