// From stored runs to the fairness engine's ComparisonInput: provenance, disclosure, published
// values, and per series the whole-run summary (merged histograms, warm-up excluded, from
// loadRange) and the per-interval throughput for the steady-state test (from loadTimelines).
import 'server-only';
import { Disclosure, Provenance, webUrlOrNull } from '@levelfield/contracts/provenance';
import type { PrismaClient } from '@levelfield/db/client';
import { type ComparisonInput, PublishedValue, type RunInput, type SeriesInput } from '@levelfield/fairness';
import { z } from 'zod';
import type { SeriesRange, SeriesTimeline } from '~/lib/timeline-model';
import type { RunFilter } from '../runs/reach.ts';
import { loadRange, loadTimelines } from '../runs/timeline.ts';

export interface StoredRun {
  id: string;
  name: string;
  status: string;
  source: 'agent' | 'import' | 'published';
  provenance: unknown;
  disclosure: unknown;
  values: unknown;
  sourceUrl: string | null;
  startedAt: Date;
  endedAt: Date | null;
  projectId: string;
  system: { name: string } | null;
}

export interface RunData {
  run: StoredRun;
  timelines: SeriesTimeline[];
  ranges: SeriesRange[];
}

const Values = z.array(PublishedValue).catch([]);

function parseOr<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  v: unknown,
  fallback: T,
): T {
  const r = schema.safeParse(v);
  return r.success ? r.data : fallback;
}

/** Per-interval throughput (ops/s) of a series, warm-up intervals left out. */
export function intervalThroughput(timeline: Pick<SeriesTimeline, 'points'>): number[] {
  return timeline.points.filter((p) => !p.warmup && p.end > p.t).map((p) => p.count / ((p.end - p.t) / 1000));
}

/** Pure: one stored run with its loaded series → the engine's RunInput. */
export function toRunInput(data: RunData): RunInput {
  const { run, timelines, ranges } = data;
  const rangeById = new Map(ranges.map((r) => [r.seriesId, r]));
  const series: SeriesInput[] = timelines.map((t) => {
    const s = rangeById.get(t.seriesId)?.summary;
    const input: SeriesInput = { name: t.name, kind: t.kind, unit: t.unit, labels: t.labels };
    if (s)
      input.summary = {
        count: s.count,
        durationSeconds: s.durationSeconds,
        throughput: s.throughput ?? 0,
        p50: s.p50,
        p90: s.p90,
        p95: s.p95,
        p99: s.p99,
        p999: s.p999,
        max: s.max,
      };
    const tput = intervalThroughput(t);
    if (tput.length > 0) input.throughputSeries = tput.slice(-100_000);
    return input;
  });
  const provenance = parseOr(Provenance, run.provenance, Provenance.parse({}));
  // A measured run's start is captured (F-SW-1 compares when the sides ran). A published run's
  // start column is its publication date or, without one, the import's time: only the date the
  // publication gave is evidence, and the import put it in the provenance already.
  if (run.source !== 'published')
    provenance.run.startedAt ??= { value: run.startedAt.toISOString(), origin: 'captured' };
  const out: RunInput = {
    id: run.id,
    name: run.name,
    source: run.source,
    provenance,
    disclosure: parseOr(Disclosure, run.disclosure, Disclosure.parse({})),
    series,
    values: Values.parse(run.values),
  };
  const sourceUrl = webUrlOrNull(run.sourceUrl);
  if (sourceUrl) out.sourceUrl = sourceUrl;
  return out;
}

export const storedRunSelect = {
  id: true,
  name: true,
  status: true,
  source: true,
  provenance: true,
  disclosure: true,
  values: true,
  sourceUrl: true,
  startedAt: true,
  endedAt: true,
  projectId: true,
  system: { select: { name: true } },
} as const;

export interface LoadOptions {
  /** Keep each latency series' merged whole-run histogram in its range (a report snapshot does). */
  withHistograms?: boolean;
  /** Which runs may be shown (runs/reach.ts); the others are withheld. Omitted: every run. */
  visible?: RunFilter;
}

/** Loads a run's series (timelines and whole-run summaries, warm-up excluded). */
export async function loadRunData(
  db: PrismaClient,
  run: StoredRun,
  options: LoadOptions = {},
): Promise<RunData> {
  if (run.source === 'published') return { run, timelines: [], ranges: [] };
  const [timelines, ranges] = await Promise.all([
    loadTimelines(db, run.id),
    loadRange(db, run.id, { includeWarmup: false, withHistogram: options.withHistograms }),
  ]);
  return { run, timelines, ranges };
}

/** Runs of an entry that were left out because the reader may not see them. */
export interface WithheldRuns {
  label: string;
  position: number;
  runs: number;
}

export interface LoadedComparison {
  /** Entries with at least one run the reader may see, and only those runs. */
  entries: { label: string; position: number; runs: RunData[] }[];
  input: ComparisonInput;
  withheld: WithheldRuns[];
}

/** Everything a comparison's runs recorded, and the engine input built from it. */
export async function loadComparisonData(
  db: PrismaClient,
  comparisonId: string,
  options: LoadOptions = {},
): Promise<LoadedComparison> {
  const [comparison, rows] = await Promise.all([
    db.comparison.findUnique({ where: { id: comparisonId }, select: { subject: true } }),
    db.comparisonEntry.findMany({
      where: { comparisonId },
      orderBy: { position: 'asc' },
      include: { runs: { include: { run: { select: storedRunSelect } } } },
    }),
  ]);
  const runIds = rows.flatMap((e) => e.runs.map((r) => r.runId));
  const shown = options.visible ? await options.visible(runIds) : new Set(runIds);
  const withheld = rows.flatMap((e) => {
    const hidden = e.runs.filter((r) => !shown.has(r.runId)).length;
    return hidden > 0 ? [{ label: e.label, position: e.position, runs: hidden }] : [];
  });
  const entries = await Promise.all(
    rows
      .filter((e) => e.runs.some((r) => shown.has(r.runId)))
      .map(async (e) => ({
        label: e.label,
        position: e.position,
        runs: await Promise.all(
          e.runs
            .filter((r) => shown.has(r.runId))
            .map((r) => r.run as StoredRun)
            .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
            .map((r) => loadRunData(db, r, options)),
        ),
      })),
  );
  const input: ComparisonInput = {
    entries: entries.map((e) => entryInput(e.label, e.runs)),
    subject: comparison?.subject?.length ? comparison.subject : ['system'],
  };
  return { entries, input, withheld };
}

/** One side for the engine: a run or a group of repeated runs. */
export function entryInput(label: string, runs: readonly RunData[]): ComparisonInput['entries'][number] {
  // The system under test, when every run of the entry names the same one (vendor check).
  const systems = new Set(runs.map((r) => r.run.system?.name ?? ''));
  const [system] = [...systems];
  return { label, ...(systems.size === 1 && system ? { system } : {}), runs: runs.map(toRunInput) };
}
