// Demo data: the publications in seeds/ (repo root), each a data file in the published-results
// format, loaded into the demo organization's public project (acme/demo) exactly as a user's
// publication is (loadPublication: published.import, then the comparison procedure), figures
// as published, stable slugs. Idempotent: results stored before are found again, comparisons
// whose slug exists are left alone.
import 'server-only';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PrismaClient } from '@levelfield/db/client';
import { repoDir } from '@levelfield/db/paths';
import { DEMO } from '@levelfield/db/seed';
import { loadPublication, type Publication, readPublication } from '../published/publication.ts';

const DEMO_ORG = DEMO.organization.slug;
const DEMO_PROJECT = DEMO.publicProject.slug;
export const SEEDS_DIR = path.join(repoDir, 'seeds');

/** Every publication file in seeds/, validated; a file that does not validate stops the load. */
export function seedPublications(dir = SEEDS_DIR): Publication[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const read = readPublication(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
      if ('errors' in read)
        throw new Error(
          `seeds/${f} is not a valid publication: ${read.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
        );
      return read;
    });
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
  // The demo loader writes as a token of the demo project would: its own runs only.
  const author = { projectId: project.id, userId: null, tokenProjectId: project.id };
  for (const publication of publications) {
    const loaded = await loadPublication(db, author, publication);
    result.created.push(...loaded.created);
    result.existing.push(...loaded.existing);
  }
  return result;
}
