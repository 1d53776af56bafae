// GET /api/v1/runs/{id}: the run, its provenance and a per-series summary, for scripts.
// Public runs answer anonymously; private runs need a member's session or a token of the
// run's project with the "read" scope. Anything else is a 404, so a private run's existence
// is never confirmed to an outsider.
import 'server-only';
import { webUrlOrNull } from '@levelfield/contracts/provenance';
import type { PrismaClient } from '@levelfield/db/client';
import { measuresThroughput } from '~/lib/throughput';
import { type ReadCredential, readableProject } from '~/server/read-access';

export type { ReadCredential };

async function mayRead(db: PrismaClient, runId: string, credential: ReadCredential): Promise<boolean> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { projectId: true } });
  return run !== null && (await readableProject(db, run.projectId, credential)) !== null;
}

export async function readRun(db: PrismaClient, runId: string, credential: ReadCredential) {
  if (!(await mayRead(db, runId, credential))) return null;
  const run = await db.run.findUnique({
    where: { id: runId },
    include: {
      system: { select: { name: true } },
      project: {
        select: { slug: true, name: true, visibility: true, organization: { select: { slug: true } } },
      },
      series: { include: { summary: true }, orderBy: [{ name: 'asc' }, { labelsKey: 'asc' }] },
    },
  });
  if (!run) return null;
  const throughputMeasured = measuresThroughput(run.provenance);
  return {
    id: run.id,
    name: run.name,
    project: `${run.project.organization.slug}/${run.project.slug}`,
    visibility: run.project.visibility,
    system: run.system ? { name: run.system.name, version: run.systemVersion } : null,
    benchmark: { name: run.benchmark, version: run.benchmarkVersion },
    status: run.status,
    // The ingest API writes the whole-run summaries moments after a run ends (off its hot path):
    // until then a series' summary is null, and a script reading right after the agent exits
    // should ask again rather than take the nulls for figures.
    summaryPending: run.status !== 'running' && run.series.some((series) => series.summary === null),
    source: run.source,
    labels: run.labels,
    startedAt: run.startedAt.toISOString(),
    endedAt: run.endedAt?.toISOString() ?? null,
    exitCode: run.exitCode,
    warmupMs: run.warmupMs,
    // Frames the ingest API refused and the agent kept: a "succeeded" run lacks them.
    framesQuarantined: run.framesQuarantined,
    // Per metric, tag sets whose samples went to one "other" series (all stay in the aggregate).
    seriesFolded: run.seriesFolded,
    provenance: run.provenance,
    disclosure: run.disclosure,
    // A published result's figures as printed, and where (empty for measured runs).
    sourceUrl: webUrlOrNull(run.sourceUrl),
    values: run.values,
    series: run.series.map((series) => {
      const s = series.summary;
      const durationSeconds = s ? Number(s.durationMs) / 1000 : 0;
      return {
        name: series.name,
        kind: series.kind,
        unit: series.unit,
        labels: series.labels,
        summary: s
          ? {
              count: Number(s.count),
              min: s.min,
              max: s.max,
              mean: s.mean,
              p50: s.p50,
              p90: s.p90,
              p95: s.p95,
              p99: s.p99,
              p999: s.p999,
              throughput:
                durationSeconds > 0 && throughputMeasured ? Number(s.count) / durationSeconds : null,
              durationSeconds,
              excludesWarmup: true,
            }
          : null,
      };
    }),
  };
}
