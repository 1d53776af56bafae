// One comparison as its page and the REST API show it: entries and runs, the headline table
// with ratios, the fairness checks (recomputed from the runs' current data, decisions and their
// history applied; stored only when their inputs change: record.ts), the provenance diff, the confounding warning, leveled links, charts.
import 'server-only';
import { AppError, appErrorOf } from '@levelfield/contracts/errors';
import { webUrlOrNull } from '@levelfield/contracts/provenance';
import type { PrismaClient } from '@levelfield/db/client';
import { applyDecisions, type CheckDecision, type CheckResult, runChecks } from '@levelfield/fairness';
import { NO_HEATMAP } from '~/lib/timeline-model';
import { displayName } from '~/server/people';
import { type Action, permissionsOf, type Role } from '../access.ts';
import { requireProject } from '../access-checks.ts';
import { openable, openableBy, type Reader } from '../runs/reach.ts';
import { checkClaims } from './claims.ts';
import { provenanceDiff } from './diff.ts';
import { groupDisclosures } from './disclosures.ts';
import { type LoadOptions, loadComparisonData } from './input.ts';
import { Claim, Sweep } from './schema.ts';
import { buildHeadline, headlineKeyOf } from './table.ts';

/** The stored claims, when they still read as claims. */
function claimsOf(value: unknown): Claim[] {
  const parsed = Claim.array().safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

/** The stored sweep, when it still reads as one (a column written by an older build may not). */
/**
 * The stored sweep, with the quantities its optimum rule names ("latency[percentile=p99]") as the
 * keys of the headline rows that show them, so the page ranks by the rows it draws.
 */
function sweepOf(value: unknown, headline: readonly { key: string }[]): Sweep | null {
  const parsed = Sweep.safeParse(value);
  if (!parsed.success) return null;
  const sweep = parsed.data;
  if (!sweep.optimum) return sweep;
  const keyOf = (quantity: string) => headlineKeyOf(quantity, headline) ?? quantity;
  const { quantity, within } = sweep.optimum;
  return {
    ...sweep,
    optimum: {
      ...sweep.optimum,
      ...(quantity ? { quantity: keyOf(quantity) } : {}),
      ...(within ? { within: { ...within, quantity: keyOf(within.quantity) } } : {}),
    },
  };
}

export function comparisonNotFound(): AppError {
  return new AppError(
    'NOT_FOUND',
    'This comparison does not exist, or you do not have access to it. Check the address.',
  );
}

/** The comparison row if the viewer may do `action` on its project (NOT_FOUND otherwise, also for private ones). */
export async function requireComparison(
  db: PrismaClient,
  viewerId: string | null,
  slug: string,
  action: Action,
) {
  const comparison = await db.comparison.findUnique({ where: { slug } });
  if (!comparison) throw comparisonNotFound();
  try {
    const access = await requireProject(db, viewerId, { projectId: comparison.projectId }, action);
    return { comparison, ...access };
  } catch (error) {
    if (appErrorOf(error)?.code === 'NOT_FOUND') throw comparisonNotFound();
    throw error;
  }
}

export interface DecisionEvent {
  decision: 'confirmed' | 'waived';
  justification: string;
  by: string;
  at: string;
}

/**
 * The checks as computed now, with the decisions people made on them and their history. Only
 * reads: results are stored when their inputs change (record.ts), never here.
 */
export async function withDecisions(db: PrismaClient, comparisonId: string, results: CheckResult[]) {
  const stored = await db.checkResult.findMany({
    where: { comparisonId },
    include: {
      decidedBy: { select: { name: true } },
      history: { orderBy: { decidedAt: 'desc' } },
    },
  });
  const decisions: CheckDecision[] = stored
    .filter((s) => s.decision && s.justification && s.decidedAt)
    .map((s) => ({
      checkId: s.checkId,
      decision: s.decision as CheckDecision['decision'],
      justification: s.justification as string,
      by: s.history[0]?.decidedByName ?? (s.decidedBy ? displayName(s.decidedBy) : 'a former member'),
      at: (s.decidedAt as Date).toISOString(),
    }));
  const history: Record<string, DecisionEvent[]> = {};
  for (const s of stored)
    history[s.checkId] = s.history.map((h) => ({
      decision: h.decision,
      justification: h.justification,
      by: h.decidedByName,
      at: h.decidedAt.toISOString(),
    }));
  return { checks: applyDecisions(results, decisions), history };
}

export async function getComparison(db: PrismaClient, viewerId: string | null, slug: string) {
  const access = await requireComparison(db, viewerId, slug, 'view');
  return (await assembleComparison(db, access, { userId: viewerId })).view;
}

/**
 * The comparisons it levels and that level it, among those the reader may open. A variant is
 * listed only when it belongs to the same organization: another organization's comparison never
 * writes its title and link into this one's page.
 */
async function leveledLinks(
  db: PrismaClient,
  comparison: { id: string; leveledFromId: string | null },
  organizationId: string,
  reader: Reader,
) {
  const select = {
    slug: true,
    title: true,
    projectId: true,
    project: { select: { organizationId: true, visibility: true } },
  } as const;
  const [from, variants] = await Promise.all([
    comparison.leveledFromId
      ? db.comparison.findUnique({ where: { id: comparison.leveledFromId }, select })
      : null,
    db.comparison.findMany({
      where: { leveledFromId: comparison.id, project: { organizationId } },
      select,
      orderBy: { slug: 'asc' },
    }),
  ]);
  const places = [...(from ? [from] : []), ...variants].map((c) => ({
    slug: c.slug,
    title: c.title,
    projectId: c.projectId,
    ...c.project,
  }));
  const allowed = new Set((await openable(db, reader, places)).map((c) => c.slug));
  const link = (c: { slug: string; title: string }) => ({ slug: c.slug, title: c.title });
  return {
    leveledFrom: from && allowed.has(from.slug) ? link(from) : null,
    leveledVariants: variants.filter((v) => allowed.has(v.slug)).map(link),
  };
}

/**
 * The view and the runs' data behind it (provenance, disclosure, published values), for callers
 * that keep more than the page shows — a report snapshot. Access to the comparison must already be
 * checked. Its runs are shown as far as the reader could open them directly (or as
 * `options.visible` decides, for a publisher); the rest are withheld.
 */
export async function assembleComparison(
  db: PrismaClient,
  { comparison, project, role }: Awaited<ReturnType<typeof requireComparison>>,
  reader: Reader,
  options: LoadOptions = {},
) {
  const loaded = await loadComparisonData(db, comparison.id, {
    ...options,
    visible: options.visible ?? openableBy(db, reader),
  });
  // An entry-less comparison has nothing to check (the engine needs at least one side).
  const results = loaded.input.entries.length > 0 ? runChecks(loaded.input) : [];
  const { checks, history } = await withDecisions(db, comparison.id, results);
  const { leveledFrom, leveledVariants } = await leveledLinks(db, comparison, project.organizationId, reader);
  // The baseline is an entry position; with entries withheld it may have moved or gone.
  const baseline = Math.max(
    0,
    loaded.entries.findIndex((e) => e.position === comparison.baseline),
  );
  const live = loaded.entries.some((e) => e.runs.some((r) => r.run.status === 'running'));
  const headline = buildHeadline(loaded.input, baseline);
  const view = {
    comparison: {
      id: comparison.id,
      slug: comparison.slug,
      title: comparison.title,
      description: comparison.description,
      baseline,
      /** What the comparison varies on purpose; the checks flag every other difference. */
      subject: loaded.input.subject,
      createdAt: comparison.createdAt,
    },
    project: {
      org: project.organization.slug,
      slug: project.slug,
      name: project.name,
      visibility: project.visibility,
    },
    permissions: permissionsOf(role as Role | null),
    live,
    /** Entries' runs left out because the reader may not open them (their owner's choice). */
    withheld: loaded.withheld,
    entries: loaded.entries.map((e) => ({
      label: e.label,
      position: e.position,
      runs: e.runs.map((r) => ({
        id: r.run.id,
        name: r.run.name,
        status: r.run.status,
        source: r.run.source,
        sourceUrl: webUrlOrNull(r.run.sourceUrl),
        startedAt: r.run.startedAt,
        endedAt: r.run.endedAt,
        // Charts: time lines aligned by elapsed time on the client; spectra from merged histograms.
        timelines: r.timelines.map((t) => ({ ...t, heatmap: NO_HEATMAP })),
        spectra: r.ranges.map((g) => ({ seriesId: g.seriesId, spectrum: g.spectrum })),
      })),
    })),
    headline,
    checks,
    history,
    confounding: checks.find((c) => c.id === 'F-DISC-5') ?? null,
    provenanceDiff: provenanceDiff(loaded.input),
    leveledFrom,
    leveledVariants,
    sweep: sweepOf(comparison.sweep, headline),
    /** The publication's own claims beside the factor its published figures give. */
    claims: checkClaims(loaded.input, claimsOf(comparison.claims)),
    /** Authorship, interest and AI assistance, once per distinct disclosure among the runs. */
    disclosures: groupDisclosures(loaded.input),
  };
  return { view, loaded };
}
export type ComparisonView = Awaited<ReturnType<typeof getComparison>>;
