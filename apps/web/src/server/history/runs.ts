// The runs of a history and the figures of one of their series. Which runs belong is computed on
// read (key.ts): the candidates are the project's finished runs of the benchmark and system, and
// a run belongs when its identity hashes to the history's id.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { branchOf, commitOf, historyIdentity } from '~/lib/history-key';
import type { HistoryRun } from '~/lib/history-points';
import { measuresThroughput } from '~/lib/throughput';
import { historyIdOf, runKeySelect } from './key.ts';

/** A series of the runs by name and labels: "latency", "time_per_op{benchmark=BenchmarkParse}". */
export const seriesKeyOf = (series: { name: string; labelsKey: string }) =>
  series.labelsKey ? `${series.name}{${series.labelsKey}}` : series.name;

const runSelect = {
  ...runKeySelect,
  series: {
    where: { kind: 'latency' },
    select: {
      name: true,
      labelsKey: true,
      unit: true,
      summary: { select: { p50: true, p99: true, count: true, durationMs: true } },
    },
  },
} as const;

export interface HistoryRef {
  id: string;
  projectId: string;
  benchmark: string;
  systemId: string | null;
}

/** The history's runs, oldest first, each with its latency series' summaries. */
export async function runsOfHistory(db: PrismaClient, history: HistoryRef) {
  const candidates = await db.run.findMany({
    where: {
      projectId: history.projectId,
      benchmark: history.benchmark,
      systemId: history.systemId,
      status: 'succeeded',
      source: { not: 'published' },
    },
    orderBy: [{ startedAt: 'asc' }, { id: 'asc' }],
    select: runSelect,
  });
  return candidates.filter((run) => historyIdOf(historyIdentity(run)) === history.id);
}
export type RunOfHistoryRow = Awaited<ReturnType<typeof runsOfHistory>>[number];

export interface SeriesChoice {
  /** Every latency series the runs have, the most common first. */
  options: string[];
  chosen: string | null;
  unit: string | null;
}

/**
 * The series to follow: the requested one when the runs have it, else the one most runs have,
 * preferring a series without labels (the tool's whole-run figure), then by name.
 */
export function chooseSeries(runs: readonly RunOfHistoryRow[], requested?: string): SeriesChoice {
  const counts = new Map<string, { n: number; unlabelled: boolean; unit: string }>();
  for (const run of runs)
    for (const series of run.series) {
      const key = seriesKeyOf(series);
      const entry = counts.get(key) ?? { n: 0, unlabelled: series.labelsKey === '', unit: series.unit };
      entry.n += 1;
      counts.set(key, entry);
    }
  const options = [...counts.entries()]
    .sort(([a, x], [b, y]) => Number(y.unlabelled) - Number(x.unlabelled) || y.n - x.n || a.localeCompare(b))
    .map(([key]) => key);
  const chosen = requested && counts.has(requested) ? requested : (options[0] ?? null);
  return { options, chosen, unit: chosen ? counts.get(chosen)!.unit : null };
}

/** The runs as history points read them: p50, p99 and throughput of the chosen series. */
export function historyRunsOf(runs: readonly RunOfHistoryRow[], seriesKey: string | null): HistoryRun[] {
  return runs.map((run) => {
    const summary = run.series.find((s) => seriesKeyOf(s) === seriesKey)?.summary ?? null;
    const seconds = summary ? Number(summary.durationMs) / 1000 : 0;
    return {
      id: run.id,
      name: run.name,
      startedAt: run.startedAt.toISOString(),
      commit: commitOf(run),
      branch: branchOf(run),
      values: {
        p50: summary?.p50 ?? null,
        p99: summary?.p99 ?? null,
        throughput:
          summary && seconds > 0 && measuresThroughput(run.provenance)
            ? Number(summary.count) / seconds
            : null,
      },
    };
  });
}
