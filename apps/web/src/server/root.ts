import 'server-only';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { runsRouter } from '~/server/routers/runs';
import { createCallerFactory, router } from '~/server/trpc';

export const appRouter = router({ runs: runsRouter });
export type AppRouter = typeof appRouter;

export async function createContext() {
  return { db: db(), viewerId: await viewerId() };
}

/** Server components call procedures directly, with the same checks as over HTTP. */
export async function serverCaller() {
  return createCallerFactory(appRouter)(await createContext());
}
