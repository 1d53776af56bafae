import 'server-only';
import { z } from 'zod';
import { DeclaredEdits } from '~/lib/declared';
import { RunsQuery } from '~/lib/runs-query';
import { getRunDetail } from '~/server/runs/detail';
import { listRuns } from '~/server/runs/list';
import { MissedFramesInput, missedFrames } from '~/server/runs/missed-frames';
import { loadHeatmaps, loadRange, loadTimelines } from '~/server/runs/timeline';
import { updateDeclared } from '~/server/runs/update-declared';
import { publicProcedure, router, runProcedure } from '~/server/trpc';

export const runsRouter = router({
  list: publicProcedure.input(RunsQuery).query(({ ctx, input }) => listRuns(ctx.db, ctx.viewerId, input)),

  get: runProcedure('view').query(({ ctx }) => getRunDetail(ctx.db, ctx.viewerId, ctx.run.id)),

  timelines: runProcedure('view').query(({ ctx }) => loadTimelines(ctx.db, ctx.run.id)),

  /** The heatmaps a finished run's page leaves out of its HTML (loadTimelines' deferHeatmaps). */
  heatmaps: runProcedure('view').query(({ ctx }) => loadHeatmaps(ctx.db, ctx.run.id)),

  range: runProcedure('view')
    .input(
      z.object({
        fromMs: z.number().int().optional(),
        toMs: z.number().int().optional(),
        includeWarmup: z.boolean().default(false),
      }),
    )
    .query(({ ctx, input }) => loadRange(ctx.db, ctx.run.id, input)),

  /** What a live page missed in a seq gap (use-live.ts), instead of reading the page again. */
  missedFrames: runProcedure('view')
    .input(MissedFramesInput)
    .query(({ ctx, input }) => missedFrames(ctx.db, ctx.run.id, input)),

  updateDeclared: runProcedure('edit')
    .input(DeclaredEdits)
    .mutation(({ ctx, input }) => updateDeclared(ctx.db, ctx.run.id, input)),
});
