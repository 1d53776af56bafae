// tRPC setup: every procedure gets the database and the viewer; `signedInProcedure` requires a
// signed-in user. Routers stay thin; the logic is in plain functions beside them.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { PrintableDocument } from './printable.ts';

export interface Context {
  db: PrismaClient;
  viewerId: string | null;
  /** The client's address (accounts/client-address.ts), for per-address throttles; absent for in-process callers. */
  clientAddress?: string;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Validation failures carry their issues, so forms can put each message beside its field. An
  // unexpected error (a database failure, a bug) says nothing of its cause to the client: its
  // message may name tables, queries or paths; the server logs it instead (api/trpc/route.ts).
  errorFormatter: ({ shape, error }) => {
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: internal
        ? 'Something went wrong on the server; try again, and report it if it persists.'
        : shape.message,
      data: { ...data, zodError: error.cause instanceof ZodError ? error.cause.issues : null },
    };
  },
});

export const router = t.router;

/**
 * No procedure receives text that PostgreSQL cannot store or a page cannot print: NUL, other
 * control characters (tab and line breaks aside) and lone surrogates anywhere in the input are
 * refused with the field's path, before any procedure's own validation.
 */
const printableInput = t.middleware(async ({ getRawInput, next }) => {
  const checked = PrintableDocument.safeParse(await getRawInput());
  if (!checked.success)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${checked.error.issues[0]?.path.join('.') || 'input'}: ${checked.error.issues[0]?.message}`,
      cause: checked.error,
    });
  return next();
});

export const publicProcedure = t.procedure.use(printableInput);
export const signedInProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.viewerId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in to do this' });
  return next({ ctx: { ...ctx, viewerId: ctx.viewerId } });
});
export const createCallerFactory = t.createCallerFactory;
