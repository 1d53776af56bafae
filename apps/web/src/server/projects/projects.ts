// Projects belong to an organization; their visibility decides who outside it may read them.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import type { z } from 'zod';
import type { CreateProjectInput, UpdateProjectInput } from '~/lib/schemas/projects';
import { comparisonSlugTaken, slugAfterVisibility } from '../unguessable-slug.ts';

export async function createProject(
  db: PrismaClient,
  organization: { id: string; slug: string },
  input: z.infer<typeof CreateProjectInput>,
) {
  const taken = await db.project.findUnique({
    where: { organizationId_slug: { organizationId: organization.id, slug: input.slug } },
    select: { id: true },
  });
  if (taken) {
    throw new AppError(
      'CONFLICT',
      `${organization.slug} already has a project "${input.slug}". Choose another slug.`,
      'slug',
    );
  }
  return db.project.create({
    data: {
      organizationId: organization.id,
      name: input.name,
      slug: input.slug,
      visibility: input.visibility,
    },
    select: { id: true, slug: true, name: true, visibility: true },
  });
}

export async function listProjects(db: PrismaClient, organizationId: string) {
  const rows = await db.project.findMany({
    where: { organizationId },
    orderBy: { name: 'asc' },
    select: {
      id: true,
      slug: true,
      name: true,
      visibility: true,
      createdAt: true,
      _count: { select: { runs: true } },
      runs: { orderBy: { startedAt: 'desc' }, take: 1, select: { startedAt: true } },
    },
  });
  return rows.map(({ _count, runs, ...project }) => ({
    ...project,
    runCount: _count.runs,
    lastRunAt: runs[0]?.startedAt ?? null,
  }));
}

/** Counts for a project's overview page. */
export async function projectStats(db: PrismaClient, projectId: string) {
  const [runs, running, activeTokens, lastRun] = await Promise.all([
    db.run.count({ where: { projectId } }),
    db.run.count({ where: { projectId, status: 'running' } }),
    db.apiToken.count({
      where: { projectId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    }),
    db.run.findFirst({ where: { projectId }, orderBy: { startedAt: 'desc' }, select: { startedAt: true } }),
  ]);
  return { runs, running, activeTokens, lastRunAt: lastRun?.startedAt ?? null };
}

/**
 * The project's comparisons, newest first, with what a list needs: how many entries and how many
 * checks were flagged when the checklist last ran (null before it has run). Whoever may view the
 * project may read these titles; which runs a comparison shows is decided on its own page.
 */
export async function projectComparisons(db: PrismaClient, projectId: string) {
  const rows = await db.comparison.findMany({
    where: { projectId },
    orderBy: { updatedAt: 'desc' },
    select: {
      slug: true,
      title: true,
      subject: true,
      updatedAt: true,
      _count: { select: { entries: true, checks: true } },
      checks: { where: { state: 'flag' }, select: { id: true } },
    },
  });
  return rows.map((c) => ({
    slug: c.slug,
    title: c.title,
    subject: c.subject,
    updatedAt: c.updatedAt,
    entries: c._count.entries,
    flagged: c._count.checks > 0 ? c.checks.length : null,
  }));
}

export async function updateProject(
  db: PrismaClient,
  projectId: string,
  input: z.infer<typeof UpdateProjectInput>,
) {
  // Comparisons follow their project's visibility: when it stops being public, each leaves the slug
  // it was public under (unguessable-slug.ts), so "taken" confirms nothing about it to outsiders.
  return db.$transaction(async (tx) => {
    const { visibility } = await tx.project.findUniqueOrThrow({
      where: { id: projectId },
      select: { visibility: true },
    });
    if (input.visibility !== 'public' && input.visibility !== visibility) {
      const comparisons = await tx.comparison.findMany({
        where: { projectId },
        select: { id: true, slug: true },
      });
      for (const c of comparisons) {
        const slug = await slugAfterVisibility(c.slug, input.visibility, comparisonSlugTaken(tx));
        if (slug !== c.slug) await tx.comparison.update({ where: { id: c.id }, data: { slug } });
      }
    }
    return tx.project.update({
      where: { id: projectId },
      data: {
        name: input.name,
        visibility: input.visibility,
        ...(input.rawFrameRetentionDays !== undefined
          ? { rawFrameRetentionDays: input.rawFrameRetentionDays }
          : {}),
      },
      select: { id: true, slug: true, name: true, visibility: true, rawFrameRetentionDays: true },
    });
  });
}

/** Days the project keeps raw frames (null: for good), for its settings form. */
export async function projectRetention(db: PrismaClient, projectId: string): Promise<number | null> {
  const p = await db.project.findUnique({
    where: { id: projectId },
    select: { rawFrameRetentionDays: true },
  });
  return p?.rawFrameRetentionDays ?? null;
}
