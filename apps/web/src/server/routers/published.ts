import 'server-only';
import { ImportPublished } from '~/lib/schemas/published';
import { importPublished } from '~/server/published/import';
import { projectProcedure, router } from '~/server/trpc';

export const publishedRouter = router({
  /** Runs entered from published numbers: JSON, CSV or the form; all or nothing. */
  import: projectProcedure('edit')
    .input(ImportPublished)
    .mutation(({ ctx, input }) =>
      importPublished(ctx.db, { projectId: ctx.project.id, createdById: ctx.viewerId }, input),
    ),
});
