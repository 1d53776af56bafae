import 'server-only';
import { z } from 'zod';
import { listNotifications, markRead, unreadCount } from '~/server/notifications/read';
import { router, signedInProcedure } from '~/server/trpc';

export const notificationsRouter = router({
  list: signedInProcedure.query(({ ctx }) => listNotifications(ctx.db, ctx.viewerId)),
  unreadCount: signedInProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.viewerId)),
  markRead: signedInProcedure
    .input(z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(500) }))
    .mutation(async ({ ctx, input }) => ({ marked: await markRead(ctx.db, ctx.viewerId, input.ids) })),
  markAllRead: signedInProcedure.mutation(async ({ ctx }) => ({
    marked: await markRead(ctx.db, ctx.viewerId),
  })),
});
