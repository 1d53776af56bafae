// GET /api/v1/comparisons/{slug}: the headline table, the ratios and every check's state and
// evidence as JSON (charts and the provenance diff stay on the page). Read with the same
// credentials as GET /api/v1/runs/{id}: a session, anonymously for public projects, or a read
// token of the comparison's project.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { type ReadCredential, readableProject } from '../read-access.ts';
import { assembleComparison, type ComparisonView } from './view.ts';

/** The comparison as JSON, or null when it does not exist or the credential may not read it. */
export async function readComparison(db: PrismaClient, slug: string, credential: ReadCredential) {
  const comparison = await db.comparison.findUnique({ where: { slug } });
  const access = comparison && (await readableProject(db, comparison.projectId, credential));
  if (!comparison || !access) return null;
  const reader = {
    userId: credential.kind === 'session' ? credential.userId : null,
    // A read token reads its own project, and what anyone may read.
    tokenProjectId: credential.kind === 'token' ? access.project.id : null,
  };
  return comparisonJson((await assembleComparison(db, { comparison, ...access }, reader)).view);
}

export function comparisonJson(view: ComparisonView) {
  return {
    slug: view.comparison.slug,
    title: view.comparison.title,
    description: view.comparison.description,
    subject: view.comparison.subject,
    project: `${view.project.org}/${view.project.slug}`,
    live: view.live,
    baseline: {
      position: view.comparison.baseline,
      label: view.entries[view.comparison.baseline]?.label ?? null,
    },
    withheld: view.withheld,
    entries: view.entries.map((e) => ({
      position: e.position,
      label: e.label,
      runs: e.runs.map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status,
        source: r.source,
        sourceUrl: r.sourceUrl,
      })),
    })),
    table: view.headline.map((row) => ({
      metric: row.key,
      label: row.label,
      unit: row.unit,
      better: row.better,
      values: row.cells.map((c, i) => ({ entry: view.entries[i]?.label ?? null, ...c })),
      ratios: row.ratios.map((r, i) => (r ? { entry: view.entries[i]?.label ?? null, ...r } : null)),
    })),
    checks: view.checks.map((c) => ({
      id: c.id,
      title: c.title,
      mode: c.mode,
      state: c.state,
      computedState: c.computedState ?? c.state,
      message: c.message,
      hint: c.hint ?? null,
      evidence: c.evidence,
      missing: c.missing ?? [],
      decision: c.decision ?? null,
    })),
    leveledFrom: view.leveledFrom?.slug ?? null,
    leveledVariants: view.leveledVariants.map((v) => v.slug),
  };
}
