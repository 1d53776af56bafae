// Saving a comparison: 2–16 entries of visible runs in a project the viewer may edit, a slug
// unique across the installation (with a random suffix unless the project is public:
// unguessable-slug.ts), an optional original it levels. Checks are computed at once.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { type ProjectRef, requireProject, requireRun } from '../access-checks.ts';
import { allocateSlug, comparisonSlugTaken } from '../unguessable-slug.ts';
import { recordChecks } from './record.ts';
import { CreateComparison, type CreateComparisonInput } from './schema.ts';
import { insertComparison } from './store.ts';

/** Who saves: a member (runs checked against their access) or a token (its own project's runs only). */
export interface ComparisonAuthor {
  projectId: string;
  userId: string | null;
  tokenProjectId: string | null;
}

export async function createComparison(
  db: PrismaClient,
  viewerId: string | null,
  ref: ProjectRef,
  raw: CreateComparisonInput,
): Promise<{ slug: string }> {
  const { project } = await requireProject(db, viewerId, ref, 'edit');
  return saveComparison(db, { projectId: project.id, userId: viewerId, tokenProjectId: null }, raw);
}

const runNotFound = (runId: string) =>
  new AppError('NOT_FOUND', `No run ${runId} that you may read: check the id.`);

/** The comparison with this slug if the author may read it: a slug alone confirms nothing. */
async function readableComparison(db: PrismaClient, author: ComparisonAuthor, slug: string) {
  const found = await db.comparison.findUnique({ where: { slug }, select: { id: true, projectId: true } });
  if (!found) return null;
  const readable =
    author.tokenProjectId !== null
      ? found.projectId === author.tokenProjectId
      : await requireProject(db, author.userId, { projectId: found.projectId }, 'view').then(
          () => true,
          () => false,
        );
  return readable ? found : null;
}

/**
 * The author's project's comparison saved under `slug` as asked: with that slug, or with it and
 * the random suffix a project that is not public adds.
 */
export function ownComparison(db: PrismaClient, projectId: string, slug: string) {
  return db.comparison.findFirst({
    where: { projectId, OR: [{ slug }, { slug: { startsWith: `${slug}--` } }] },
    orderBy: { createdAt: 'asc' },
    select: { slug: true },
  });
}

/**
 * The original a variant levels, named by the slug it was asked under: the author's project's own
 * first (found with the random suffix its project added), else any the author may read.
 */
export async function originalOf(db: PrismaClient, author: ComparisonAuthor, slug: string) {
  const own = await ownComparison(db, author.projectId, slug);
  return readableComparison(db, author, own?.slug ?? slug);
}

/** Saves a comparison into a project the author may edit; every run and the original must be readable. */
export async function saveComparison(
  db: PrismaClient,
  author: ComparisonAuthor,
  raw: CreateComparisonInput,
): Promise<{ slug: string }> {
  const input = CreateComparison.parse(raw);
  for (const entry of input.entries)
    for (const runId of entry.runIds) {
      if (author.tokenProjectId === null) {
        await requireRun(db, author.userId, runId, 'view');
        continue;
      }
      const run = await db.run.findUnique({ where: { id: runId }, select: { projectId: true } });
      if (run?.projectId !== author.tokenProjectId) throw runNotFound(runId);
    }
  const { visibility } = await db.project.findUniqueOrThrow({
    where: { id: author.projectId },
    select: { visibility: true },
  });
  const slug = await allocateSlug(
    input.slug,
    visibility,
    comparisonSlugTaken(db),
    `The slug "${input.slug}" is taken (comparison slugs are unique across the installation). Choose another.`,
  );
  let leveledFromId: string | null = null;
  if (input.leveledFrom) {
    const original = await originalOf(db, author, input.leveledFrom);
    if (!original)
      throw new AppError(
        'VALIDATION_FAILED',
        `No comparison you may read has the slug "${input.leveledFrom}".`,
        'leveledFrom',
      );
    leveledFromId = original.id;
  }
  const created = await insertComparison(db, {
    projectId: author.projectId,
    slug,
    title: input.title,
    description: input.description,
    baseline: input.baseline,
    leveledFromId,
    createdById: author.userId,
    entries: input.entries,
    subject: input.subject,
    sweep: input.sweep,
    claims: input.claims,
  });
  await recordChecks(db, created.id);
  return { slug: created.slug };
}
