import 'server-only';
import { z } from 'zod';
import { MAX_BUILDER_RUNS, parseAssignment } from '~/lib/compare-groups';
import { ComparisonsQuery } from '~/lib/comparisons-query';
import { createComparison } from '~/server/comparisons/create';
import { decideCheck } from '~/server/comparisons/decide';
import { listComparisons } from '~/server/comparisons/list';
import { previewRuns } from '~/server/comparisons/preview';
import { CreateComparison, DecideCheck } from '~/server/comparisons/schema';
import { getComparison } from '~/server/comparisons/view';
import { publicProcedure, router } from '~/server/trpc';

const Slug = z.object({ slug: z.string().trim().min(1).max(100) });

export const comparisonsRouter = router({
  /** Every comparison the viewer may see, searched and filtered (server/comparisons/list.ts). */
  list: publicProcedure
    .input(ComparisonsQuery)
    .query(({ ctx, input }) => listComparisons(ctx.db, ctx.viewerId, input)),

  get: publicProcedure.input(Slug).query(({ ctx, input }) => getComparison(ctx.db, ctx.viewerId, input.slug)),

  preview: publicProcedure
    .input(
      z.object({
        runIds: z.array(z.string().min(1).max(100)).min(2).max(MAX_BUILDER_RUNS),
        /** Each run's entry number, as the builder's `group` parameter; omitted: one entry per run. */
        group: z.string().max(200).optional(),
      }),
    )
    .query(({ ctx, input }) =>
      previewRuns(ctx.db, ctx.viewerId, input.runIds, parseAssignment(input.runIds.length, input.group)),
    ),

  // Flat: the comparison's fields beside the project, so a refusal's path ("title") names the
  // form's own field.
  create: publicProcedure
    .input(z.intersection(z.object({ projectId: z.string().min(1).max(100) }), CreateComparison))
    .mutation(({ ctx, input }) => {
      const { projectId, ...comparison } = input;
      return createComparison(ctx.db, ctx.viewerId, { projectId }, comparison);
    }),

  decide: publicProcedure
    .input(DecideCheck)
    .mutation(({ ctx, input }) => decideCheck(ctx.db, ctx.viewerId, input)),
});
