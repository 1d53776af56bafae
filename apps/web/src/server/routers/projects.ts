import 'server-only';
import { CreateProjectInput, UpdateProjectInput } from '~/lib/schemas/projects';
import { permissionsOf } from '~/server/access';
import {
  createProject,
  projectComparisons,
  projectRetention,
  projectStats,
  updateProject,
} from '~/server/projects/projects';
import { orgProcedure, projectProcedure, router } from '~/server/trpc';

export const projectsRouter = router({
  create: orgProcedure('edit')
    .input(CreateProjectInput)
    .mutation(({ ctx, input }) => createProject(ctx.db, ctx.org, input)),
  /** A project anyone may read if it is public or unlisted; private ones are NOT_FOUND to non-members. */
  get: projectProcedure('view').query(async ({ ctx }) => ({
    ...ctx.project,
    role: ctx.role,
    can: permissionsOf(ctx.role),
    stats: await projectStats(ctx.db, ctx.project.id),
    comparisons: await projectComparisons(ctx.db, ctx.project.id),
    rawFrameRetentionDays: await projectRetention(ctx.db, ctx.project.id),
  })),
  update: projectProcedure('edit')
    .input(UpdateProjectInput)
    .mutation(({ ctx, input }) => updateProject(ctx.db, ctx.project.id, input)),
});
