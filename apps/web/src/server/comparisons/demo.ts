// Demo data: the publications in seeds/ (repo root), each a data file in the published-results
// format a user imports, loaded through the same validation and storage as `published.import`
// into the demo organization's public project (acme/demo), figures exactly as published, stable
// slugs. Idempotent: a comparison whose slug exists is left alone, runs are found again by their
// key (publication id / result name).
import 'server-only';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PrismaClient } from '@levelfield/db/client';
import { repoDir } from '@levelfield/db/paths';
import { DEMO } from '@levelfield/db/seed';
import { runChecks } from '@levelfield/fairness';
import { comparisonInputOf, type Publication, readPublication, resultKey } from '../published/publication.ts';
import { withRunFacts } from '../published/run-facts.ts';
import type { PublishedResult } from '../published/schema.ts';
import { storePublishedRun } from '../published/store.ts';
import { insertComparison, storeCheckResults } from './store.ts';

const DEMO_ORG = DEMO.organization.slug;
const DEMO_PROJECT = DEMO.publicProject.slug;
/** Published runs have no run time of their own; a fixed date keeps the demo identical everywhere. */
const PUBLISHED_AT = new Date('2025-01-01T00:00:00Z');
export const SEEDS_DIR = path.join(repoDir, 'seeds');

/** Every publication file in seeds/, validated; a file that does not validate stops the load. */
export function seedPublications(dir = SEEDS_DIR): Publication[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const read = readPublication(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
      if ('errors' in read)
        throw new Error(`seeds/${f} is not a valid publication: ${read.errors.join('; ')}`);
      return read;
    });
}

async function ensureRun(
  db: PrismaClient,
  projectId: string,
  publication: Publication,
  result: PublishedResult,
): Promise<string> {
  const key = resultKey(publication.file.id, result.name);
  const existing = await db.run.findFirst({
    where: { projectId, labels: { path: ['seedRun'], equals: key } },
    select: { id: true },
  });
  if (existing) return existing.id;
  const created = await storePublishedRun(db, {
    projectId,
    system: result.system.name,
    name: result.name,
    benchmark: result.benchmark.name,
    labels: { seedRun: key, demo: 'seed' },
    provenance: withRunFacts(result),
    disclosure: result.disclosure,
    values: result.values,
    sourceUrl: result.sourceUrl,
    publishedAt: PUBLISHED_AT,
  });
  return created.id;
}

export interface DemoComparisonsResult {
  created: string[];
  existing: string[];
}

/** Loads every comparison of the seed publications unless its slug exists. */
export async function loadDemoComparisons(
  db: PrismaClient,
  publications: readonly Publication[] = seedPublications(),
): Promise<DemoComparisonsResult> {
  const project = await db.project.findFirst({
    where: { slug: DEMO_PROJECT, organization: { slug: DEMO_ORG } },
    select: { id: true },
  });
  if (!project)
    throw new Error(`the demo project ${DEMO_ORG}/${DEMO_PROJECT} does not exist: seed the database first`);
  const result: DemoComparisonsResult = { created: [], existing: [] };
  const all = publications.flatMap((publication) =>
    publication.file.comparisons.map((c) => ({ publication, c })),
  );
  for (const { publication, c } of all) {
    const found = await db.comparison.findUnique({ where: { slug: c.slug }, select: { id: true } });
    if (found) {
      result.existing.push(c.slug);
      continue;
    }
    const entries = [];
    for (const entry of c.entries) {
      const runIds = [];
      for (const name of entry.results)
        runIds.push(
          await ensureRun(db, project.id, publication, publication.results.get(name) as PublishedResult),
        );
      entries.push({ label: entry.label, runIds });
    }
    const comparison = await insertComparison(db, {
      projectId: project.id,
      slug: c.slug,
      title: c.title,
      description: c.description,
      baseline: c.baseline,
      subject: c.subject,
      sweep: c.sweep,
      entries,
    });
    await storeCheckResults(db, comparison.id, runChecks(comparisonInputOf(publication, c)));
    result.created.push(c.slug);
  }
  // Links to the original once every comparison exists (a variant may come before its original).
  for (const { c } of all) {
    if (!c.leveledFrom) continue;
    const original = await db.comparison.findUnique({
      where: { slug: c.leveledFrom },
      select: { id: true },
    });
    if (original)
      await db.comparison.update({ where: { slug: c.slug }, data: { leveledFromId: original.id } });
  }
  return result;
}
