import 'server-only';
import { requestAddress } from '~/server/accounts/request';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { accountRouter } from '~/server/routers/account';
import { comparisonsRouter } from '~/server/routers/comparisons';
import { historyRouter } from '~/server/routers/history';
import { invitationsRouter } from '~/server/routers/invitations';
import { notificationsRouter } from '~/server/routers/notifications';
import { orgsRouter } from '~/server/routers/orgs';
import { projectsRouter } from '~/server/routers/projects';
import { publishedRouter } from '~/server/routers/published';
import { reportsRouter } from '~/server/routers/reports';
import { runsRouter } from '~/server/routers/runs';
import { tokensRouter } from '~/server/routers/tokens';
import { createCallerFactory, router } from '~/server/trpc';

export const appRouter = router({
  runs: runsRouter,
  comparisons: comparisonsRouter,
  account: accountRouter,
  orgs: orgsRouter,
  projects: projectsRouter,
  published: publishedRouter,
  reports: reportsRouter,
  tokens: tokensRouter,
  invitations: invitationsRouter,
  notifications: notificationsRouter,
  history: historyRouter,
});
export type AppRouter = typeof appRouter;

export async function createContext() {
  return { db: db(), viewerId: await viewerId(), clientAddress: await requestAddress() };
}

/** Server components call procedures directly, with the same checks as over HTTP. */
export async function serverCaller() {
  return createCallerFactory(appRouter)(await createContext());
}
