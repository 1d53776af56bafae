// tRPC setup: every procedure gets the database and the viewer; `memberProcedure` requires a
// signed-in user. Routers stay thin; the logic is in plain functions beside them.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';

export interface Context {
  db: PrismaClient;
  viewerId: string | null;
}

const t = initTRPC.context<Context>().create({ transformer: superjson });

export const router = t.router;
export const publicProcedure = t.procedure;
export const signedInProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.viewerId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in to do this' });
  return next({ ctx: { ...ctx, viewerId: ctx.viewerId } });
});
export const createCallerFactory = t.createCallerFactory;
