// tRPC setup: every procedure gets the database and the viewer; `signedInProcedure` requires a
// signed-in user. Routers stay thin; the logic is in plain functions beside them.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';

export interface Context {
  db: PrismaClient;
  viewerId: string | null;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Validation failures carry their issues, so forms can put each message beside its field.
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    data: { ...shape.data, zodError: error.cause instanceof ZodError ? error.cause.issues : null },
  }),
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const signedInProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.viewerId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in to do this' });
  return next({ ctx: { ...ctx, viewerId: ctx.viewerId } });
});
export const createCallerFactory = t.createCallerFactory;
