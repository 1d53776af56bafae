// A run's headline figures for the runs explorer, read from the stored whole-run summaries
// (series_summaries, warm-up excluded) and minute rollups, never from frames.
//
// The main series of a run is the one latency series a row of the explorer speaks for:
//   1. only latency series with a summary that counted something;
//   2. the series without tags first (the agent's aggregate of a metric over all its tag sets);
//   3. then the one with the most samples (the operation the benchmark mostly does);
//   4. then by name and id, so the choice never changes between two page loads.
// Its throughput is the summary's count over the summed interval durations (as the run page's
// summary table computes it; none for a suite of micro-benchmarks: lib/throughput.ts); p50 and
// p99 are the summary's, in milliseconds.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { toMillis } from '~/lib/format';
import { saysNoThroughput } from '~/lib/throughput';
import { ROLLUP_WIDTH_SECONDS } from '~/lib/timeline-model';

export interface MainSeries {
  seriesId: string;
  /** The series' metric name, for a tooltip ("latency"). */
  name: string;
  /** Operations per second over the run (null: no measured time). */
  throughput: number | null;
  p50Ms: number;
  p99Ms: number;
}

interface MainRow {
  runId: string;
  seriesId: string;
  name: string;
  unit: string;
  count: number;
  durationMs: number;
  p50: number;
  p99: number;
  /** The run's measurement.throughputSource (lib/throughput.ts). */
  throughputSource: string | null;
}

/** The main series of each of these runs that has one, by run id. One query for any number of runs. */
export async function mainSeriesOf(
  db: PrismaClient,
  runIds: readonly string[],
): Promise<Map<string, MainSeries>> {
  if (runIds.length === 0) return new Map();
  const rows = await db.$queryRaw<MainRow[]>`
    SELECT DISTINCT ON (s.run_id)
           s.run_id AS "runId", s.id AS "seriesId", s.name, s.unit,
           ss.count::float8 AS count, ss.duration_ms::float8 AS "durationMs", ss.p50, ss.p99,
           r.provenance #>> '{measurement,throughputSource,value}' AS "throughputSource"
      FROM series s
      JOIN series_summaries ss ON ss.series_id = s.id
      JOIN runs r ON r.id = s.run_id
     WHERE s.run_id = ANY(${runIds}::text[]) AND s.kind = 'latency' AND ss.count > 0
     ORDER BY s.run_id, (s.labels_key = '') DESC, ss.count DESC, s.name, s.id`;
  return new Map(
    rows.map((r) => [
      r.runId,
      {
        seriesId: r.seriesId,
        name: r.name,
        throughput:
          r.durationMs > 0 && !saysNoThroughput(r.throughputSource) ? (r.count * 1000) / r.durationMs : null,
        p50Ms: toMillis(r.unit, r.p50),
        p99Ms: toMillis(r.unit, r.p99),
      },
    ]),
  );
}

/**
 * Throughput per minute of each series (ops/s, oldest first) for the explorer's sparklines:
 * one query over the stored minute rollups, minutes that are all warm-up left out.
 */
export async function throughputTrends(
  db: PrismaClient,
  seriesIds: readonly string[],
): Promise<Map<string, number[]>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ seriesId: string; rates: number[] }[]>`
    SELECT series_id AS "seriesId",
           array_agg(count::float8 * 1000 / duration_ms ORDER BY bucket_start) AS rates
      FROM rollups
     WHERE series_id = ANY(${seriesIds}::text[]) AND width_seconds = ${ROLLUP_WIDTH_SECONDS}
       AND duration_ms > 0 AND warmup_frames < frame_count
     GROUP BY series_id`;
  return new Map(rows.map((r) => [r.seriesId, r.rates.map(Number)]));
}
