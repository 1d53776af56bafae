// Demo data: the seed publications as comparisons of published runs in the demo organization's
// public project (acme/demo), figures exactly as published, stable slugs. Idempotent: a
// comparison whose slug exists is left alone, runs are found again by their seed id.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { DEMO } from '@levelfield/db/seed';
import { type RunInput, runChecks } from '@levelfield/fairness';
import { SEED_COMPARISONS, type SeedComparison } from '@levelfield/fairness/seeds';
import { storePublishedRun } from '../published/store.ts';
import { insertComparison, storeCheckResults } from './store.ts';

const DEMO_ORG = DEMO.organization.slug;
const DEMO_PROJECT = DEMO.publicProject.slug;
/** Published runs have no run time of their own; a fixed date keeps the demo identical everywhere. */
const PUBLISHED_AT = new Date('2025-01-01T00:00:00Z');

function textOf(field: unknown): string | undefined {
  const v = (field as { value?: unknown } | undefined)?.value;
  return typeof v === 'string' ? v : undefined;
}

async function ensureRun(
  db: PrismaClient,
  projectId: string,
  run: RunInput,
  system: string | undefined,
): Promise<string> {
  const existing = await db.run.findFirst({
    where: { projectId, labels: { path: ['seedRun'], equals: run.id } },
    select: { id: true },
  });
  if (existing) return existing.id;
  const created = await storePublishedRun(db, {
    projectId,
    system,
    name: run.name,
    benchmark: textOf(run.provenance.run.benchmark) ?? textOf(run.provenance.workload.name) ?? 'published',
    labels: { seedRun: run.id, demo: 'seed' },
    provenance: run.provenance,
    disclosure: run.disclosure,
    values: run.values,
    sourceUrl: run.sourceUrl,
    publishedAt: PUBLISHED_AT,
  });
  return created.id;
}

export interface DemoComparisonsResult {
  created: string[];
  existing: string[];
}

/** Loads every seed comparison (SEED_COMPARISONS) unless its slug exists. */
export async function loadDemoComparisons(
  db: PrismaClient,
  seeds: readonly SeedComparison[] = SEED_COMPARISONS,
): Promise<DemoComparisonsResult> {
  const project = await db.project.findFirst({
    where: { slug: DEMO_PROJECT, organization: { slug: DEMO_ORG } },
    select: { id: true },
  });
  if (!project)
    throw new Error(`the demo project ${DEMO_ORG}/${DEMO_PROJECT} does not exist: seed the database first`);
  const result: DemoComparisonsResult = { created: [], existing: [] };
  for (const seed of seeds) {
    const found = await db.comparison.findUnique({ where: { slug: seed.slug }, select: { id: true } });
    if (found) {
      result.existing.push(seed.slug);
      continue;
    }
    const entries = [];
    for (const entry of seed.input.entries) {
      const runIds = [];
      for (const run of entry.runs) runIds.push(await ensureRun(db, project.id, run, entry.system));
      entries.push({ label: entry.label, runIds });
    }
    const comparison = await insertComparison(db, {
      projectId: project.id,
      slug: seed.slug,
      title: seed.title,
      description: seed.description,
      baseline: seed.baseline,
      entries,
    });
    await storeCheckResults(db, comparison.id, runChecks(seed.input));
    result.created.push(seed.slug);
  }
  // Links to the original once every comparison exists (a variant may come before its original).
  for (const seed of seeds) {
    if (!seed.leveledFrom) continue;
    const original = await db.comparison.findUnique({
      where: { slug: seed.leveledFrom },
      select: { id: true },
    });
    if (original)
      await db.comparison.update({ where: { slug: seed.slug }, data: { leveledFromId: original.id } });
  }
  return result;
}
