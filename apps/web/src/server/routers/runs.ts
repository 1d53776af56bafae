import { ListRunsInput, listRuns } from '~/server/runs/list';
import { publicProcedure, router } from '~/server/trpc';

export const runsRouter = router({
  list: publicProcedure.input(ListRunsInput).query(({ ctx, input }) => listRuns(ctx.db, ctx.viewerId, input)),
});
