// The tRPC plumbing: the context every procedure gets (the database and the viewer), the
// procedure builders, and the one place where the web app's errors meet tRPC.
//
// Domain code throws AppError (@levelfield/contracts/errors) — never TRPCError. `appErrors`, the
// first middleware of every procedure, turns an AppError (or a refused input: VALIDATION_FAILED
// naming the field) into the TRPCError of its HTTP status, with the AppError as its cause; server
// callers read it back with `appErrorOf`. The error formatter gives clients the same code,
// message, field path and details a REST client reads in `{ error: { code, message, path?,
// details? } }` (rest/http.ts): `error.message`, `error.data.code`, `error.data.path`,
// `error.data.details`. Routers stay thin; the logic is in plain functions beside them.
//
//   edit: projectProcedure('edit')                      // input { org, project }
//     .input(z.object({ name: z.string() }))            // merged with it
//     .mutation(({ ctx, input }) => rename(ctx.db, ctx.project.id, input.name)),
//   get: runProcedure('view')                           // input { runId }
//     .query(({ ctx }) => loadRun(ctx.db, ctx.run.id)),  // ctx.project, ctx.role too
//   members: orgProcedure('viewSettings')               // input { org }
import 'server-only';
import { AppError, appErrorOf, type ERROR_STATUS, validationError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { initTRPC, type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError, z } from 'zod';
import type { Action, Role } from './access.ts';
import { requireOrg, requireProject, requireRun } from './access-checks.ts';
import { PrintableDocument } from './printable.ts';

export interface Context {
  db: PrismaClient;
  viewerId: string | null;
  /** The client's address (accounts/client-address.ts), for per-address throttles; absent for in-process callers. */
  clientAddress?: string;
}

/** tRPC's code for each HTTP status an AppError has; the exact status also goes out in `data.httpStatus`. */
const TRPC_CODE: Record<(typeof ERROR_STATUS)[keyof typeof ERROR_STATUS], TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  // tRPC has no code for 431; the client still reads HEADERS_TOO_LARGE and 431 in `data`.
  431: 'BAD_REQUEST',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

const INTERNAL_MESSAGE = 'Something went wrong on the server; try again, and report it if it persists.';

/** What a procedure threw, as an AppError: its own, or a refused input; null for anything unexpected. */
function domainError(error: TRPCError): AppError | null {
  return appErrorOf(error) ?? (error.cause instanceof ZodError ? validationError(error.cause) : null);
}

/**
 * Errors that never reached a procedure (an unknown procedure, a body that is not JSON) in the
 * same terms. An unexpected error says nothing of its cause to the client: its message may name
 * tables, queries or paths; the server logs it instead (api/trpc/route.ts).
 */
function frameworkError(error: TRPCError): AppError {
  if (error.code === 'NOT_FOUND') return new AppError('NOT_FOUND', error.message);
  if (error.code === 'INTERNAL_SERVER_ERROR') return new AppError('INTERNAL', INTERNAL_MESSAGE);
  return new AppError('BAD_REQUEST', error.message);
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // tRPC's own `data.path` (the procedure's name, which the caller knows) gives way to the field's.
  errorFormatter: ({ shape, error }) => {
    const domain = domainError(error);
    const app = domain ?? frameworkError(error);
    const { stack: _stack, path: _procedure, ...data } = shape.data;
    return {
      ...shape,
      message: app.message,
      data: {
        ...data,
        code: app.code,
        httpStatus: domain?.status ?? data.httpStatus,
        ...(app.path ? { path: app.path } : {}),
        ...(app.details ? { details: app.details } : {}),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Every procedure's first middleware: an AppError leaves as the TRPCError of its HTTP status. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const domain = domainError(result.error);
  if (!domain) return result;
  throw new TRPCError({
    code: TRPC_CODE[domain.status as keyof typeof TRPC_CODE],
    message: domain.message,
    cause: domain,
  });
});

/**
 * No procedure receives text that PostgreSQL cannot store or a page cannot print: NUL, other
 * control characters (tab and line breaks aside) and lone surrogates anywhere in the input are
 * refused with the field's path, before any procedure's own validation.
 */
const printableInput = t.middleware(async ({ getRawInput, next }) => {
  const checked = PrintableDocument.safeParse(await getRawInput());
  if (!checked.success) throw validationError(checked.error);
  return next();
});

const procedure = t.procedure.use(appErrors);
export const publicProcedure = procedure.use(printableInput);
export const signedInProcedure = procedure.use(({ ctx, next }) => {
  if (!ctx.viewerId) throw new AppError('UNAUTHENTICATED', 'Sign in to do this.');
  return next({ ctx: { ...ctx, viewerId: ctx.viewerId } });
});

// The access checks (access-checks.ts) on a procedure's input: each builder takes the slugs (or
// id), checks, and puts the thing and the viewer's role on ctx.

/** Slugs in lookups are not validated beyond length: a malformed one is simply not found. */
const LookupSlug = z.string().trim().min(1).max(100);

export const OrgInput = z.object({ org: LookupSlug });
export const ProjectInput = z.object({ org: LookupSlug, project: LookupSlug });
export const RunInput = z.object({ runId: z.string().min(1).max(100) });

// Every action but `view` needs membership, so past the check those procedures have a signed-in
// viewer and a role; the conditional types say so.
type RoleFor<A extends Action> = A extends 'view' ? Role | null : Role;
type ViewerFor<A extends Action> = A extends 'view' ? string | null : string;

/** A procedure on one organization (members only): input { org }, ctx.org, ctx.role, ctx.viewerId. */
export function orgProcedure(action: Action) {
  return publicProcedure.input(OrgInput).use(async ({ ctx, input, next }) => {
    const access = await requireOrg(ctx.db, ctx.viewerId, input.org, action);
    return next({ ctx: { org: access.org, role: access.role, viewerId: ctx.viewerId as string } });
  });
}

/** A procedure on one project: input { org, project }, ctx.project, ctx.role, ctx.viewerId. */
export function projectProcedure<A extends Action>(action: A) {
  return publicProcedure.input(ProjectInput).use(async ({ ctx, input, next }) => {
    const access = await requireProject(ctx.db, ctx.viewerId, input, action);
    return next({
      ctx: {
        project: access.project,
        role: access.role as RoleFor<A>,
        viewerId: ctx.viewerId as ViewerFor<A>,
      },
    });
  });
}

/** A procedure on one run: input { runId }, ctx.run, ctx.project, ctx.role, ctx.viewerId. */
export function runProcedure<A extends Action>(action: A) {
  return publicProcedure.input(RunInput).use(async ({ ctx, input, next }) => {
    const access = await requireRun(ctx.db, ctx.viewerId, input.runId, action);
    return next({
      ctx: {
        run: access.run,
        project: access.project,
        role: access.role as RoleFor<A>,
        viewerId: ctx.viewerId as ViewerFor<A>,
      },
    });
  });
}
