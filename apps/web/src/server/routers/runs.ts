import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { getRunDetail } from '~/server/runs/detail';
import { listRuns } from '~/server/runs/list';
import { RunsQuery } from '~/server/runs/query';
import { loadRange, loadTimelines } from '~/server/runs/timeline';
import { publicProcedure, router } from '~/server/trpc';

const RunId = z.string().min(1).max(64);

export const runsRouter = router({
  list: publicProcedure.input(RunsQuery).query(({ ctx, input }) => listRuns(ctx.db, ctx.viewerId, input)),

  get: publicProcedure.input(z.object({ id: RunId })).query(async ({ ctx, input }) => {
    const run = await getRunDetail(ctx.db, ctx.viewerId, input.id);
    if (!run) throw new TRPCError({ code: 'NOT_FOUND', message: `no run ${input.id} that you can see` });
    return run;
  }),

  timelines: publicProcedure.input(z.object({ id: RunId })).query(async ({ ctx, input }) => {
    if (!(await getRunDetail(ctx.db, ctx.viewerId, input.id)))
      throw new TRPCError({ code: 'NOT_FOUND', message: `no run ${input.id} that you can see` });
    return loadTimelines(ctx.db, input.id);
  }),

  range: publicProcedure
    .input(
      z.object({
        id: RunId,
        fromMs: z.number().int().optional(),
        toMs: z.number().int().optional(),
        includeWarmup: z.boolean().default(false),
      }),
    )
    .query(async ({ ctx, input }) => {
      if (!(await getRunDetail(ctx.db, ctx.viewerId, input.id)))
        throw new TRPCError({ code: 'NOT_FOUND', message: `no run ${input.id} that you can see` });
      return loadRange(ctx.db, input.id, input);
    }),
});
