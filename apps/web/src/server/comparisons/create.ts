// Saving a comparison: 2–8 entries of visible runs in a project the viewer may edit, a slug
// unique across the installation, an optional original it levels. Checks are computed at once.
import type { PrismaClient } from '@levelfield/db/client';
import { runChecks } from '@levelfield/fairness';
import { TRPCError } from '@trpc/server';
import { type ProjectRef, requireProject, requireRun } from '../access.ts';
import { loadComparisonData } from './input.ts';
import { CreateComparison, type CreateComparisonInput } from './schema.ts';
import { insertComparison, storeCheckResults } from './store.ts';

export async function createComparison(
  db: PrismaClient,
  viewerId: string | null,
  ref: ProjectRef,
  raw: CreateComparisonInput,
): Promise<{ slug: string }> {
  const input = CreateComparison.parse(raw);
  const { project } = await requireProject(db, viewerId, ref, 'edit');
  for (const entry of input.entries)
    for (const runId of entry.runIds) await requireRun(db, viewerId, runId, 'view');
  if (await db.comparison.findUnique({ where: { slug: input.slug }, select: { id: true } }))
    throw new TRPCError({
      code: 'CONFLICT',
      message: `The slug "${input.slug}" is taken (comparison slugs are unique across the installation). Choose another.`,
    });
  let leveledFromId: string | null = null;
  if (input.leveledFrom) {
    const original = await db.comparison.findUnique({
      where: { slug: input.leveledFrom },
      select: { id: true },
    });
    if (!original)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `No comparison has the slug "${input.leveledFrom}".`,
      });
    leveledFromId = original.id;
  }
  const created = await insertComparison(db, {
    projectId: project.id,
    slug: input.slug,
    title: input.title,
    description: input.description,
    baseline: input.baseline,
    leveledFromId,
    createdById: viewerId,
    entries: input.entries,
    subject: input.subject,
  });
  const loaded = await loadComparisonData(db, created.id);
  await storeCheckResults(db, created.id, runChecks(loaded.input));
  return { slug: created.slug };
}
