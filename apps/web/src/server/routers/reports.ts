import { z } from 'zod';
import { requireReport } from '~/server/reports/access';
import { snapshotChanges } from '~/server/reports/diff';
import { publishReport } from '~/server/reports/publish';
import { getReport, verifyReport } from '~/server/reports/read';
import { PublishReport, ReportRef, SetVisibility } from '~/server/reports/schema';
import { publicProcedure, router } from '~/server/trpc';

const Version = z.number().int().min(1).max(1_000_000);

export const reportsRouter = router({
  get: publicProcedure
    .input(ReportRef)
    .query(({ ctx, input }) => getReport(ctx.db, ctx.viewerId, input.slug, input.version)),

  verify: publicProcedure
    .input(ReportRef)
    .query(({ ctx, input }) => verifyReport(ctx.db, ctx.viewerId, input.slug, input.version)),

  diff: publicProcedure
    .input(z.object({ slug: ReportRef.shape.slug, from: Version, to: Version }))
    .query(async ({ ctx, input }) => {
      const [a, b] = await Promise.all([
        getReport(ctx.db, ctx.viewerId, input.slug, input.from),
        getReport(ctx.db, ctx.viewerId, input.slug, input.to),
      ]);
      return snapshotChanges(a.version.snapshot, b.version.snapshot);
    }),

  publish: publicProcedure
    .input(PublishReport)
    .mutation(({ ctx, input }) => publishReport(ctx.db, ctx.viewerId, input)),

  setVisibility: publicProcedure.input(SetVisibility).mutation(async ({ ctx, input }) => {
    const { report } = await requireReport(ctx.db, ctx.viewerId, input.slug, 'publish');
    await ctx.db.report.update({ where: { id: report.id }, data: { visibility: input.visibility } });
    return { slug: report.slug, visibility: input.visibility };
  }),
});
