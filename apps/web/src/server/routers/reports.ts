import 'server-only';
import { z } from 'zod';
import { GalleryQuery } from '~/lib/comparisons-query';
import { PublishReport, SetVisibility } from '~/lib/schemas/reports';
import { requireReport } from '~/server/reports/access';
import { snapshotChanges } from '~/server/reports/diff';
import { gallery } from '~/server/reports/gallery';
import { publishReport } from '~/server/reports/publish';
import { getReport, verifyReport } from '~/server/reports/read';
import {
  CommentOnThread,
  OpenThread,
  ReportRef,
  ReportVersionNumber,
  SetThreadState,
  ThreadsOf,
} from '~/server/reports/schema';
import { commentOnThread, listThreads, openThread, setThreadState } from '~/server/reports/threads';
import { publicProcedure, router } from '~/server/trpc';
import { reportSlugTaken, slugAfterVisibility } from '../unguessable-slug.ts';

/** Review threads of a report: read by anyone who may read the report; written by reviewers. */
const threadsRouter = router({
  list: publicProcedure
    .input(ThreadsOf)
    .query(({ ctx, input }) => listThreads(ctx.db, ctx.viewerId, input.slug)),
  open: publicProcedure
    .input(OpenThread)
    .mutation(({ ctx, input }) => openThread(ctx.db, ctx.viewerId, input)),
  comment: publicProcedure
    .input(CommentOnThread)
    .mutation(({ ctx, input }) => commentOnThread(ctx.db, ctx.viewerId, input)),
  setState: publicProcedure
    .input(SetThreadState)
    .mutation(({ ctx, input }) => setThreadState(ctx.db, ctx.viewerId, input)),
});

export const reportsRouter = router({
  /** The public gallery: public reports only, for anyone (server/reports/gallery.ts). */
  gallery: publicProcedure
    .input(GalleryQuery)
    .query(({ ctx, input }) => gallery(ctx.db, ctx.viewerId, input)),

  get: publicProcedure
    .input(ReportRef)
    .query(({ ctx, input }) => getReport(ctx.db, ctx.viewerId, input.slug, input.version)),

  verify: publicProcedure
    .input(ReportRef)
    .query(({ ctx, input }) => verifyReport(ctx.db, ctx.viewerId, input.slug, input.version)),

  diff: publicProcedure
    .input(z.object({ slug: ReportRef.shape.slug, from: ReportVersionNumber, to: ReportVersionNumber }))
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
    // No longer public: the report leaves the slug it was public under (unguessable-slug.ts).
    const slug = await slugAfterVisibility(report.slug, input.visibility, reportSlugTaken(ctx.db));
    await ctx.db.report.update({ where: { id: report.id }, data: { visibility: input.visibility, slug } });
    return { slug, visibility: input.visibility, moved: slug !== report.slug };
  }),

  threads: threadsRouter,
});
