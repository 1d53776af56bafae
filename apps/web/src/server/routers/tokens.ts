import 'server-only';
import { CreateTokenInput, RevokeTokenInput } from '~/lib/schemas/projects';
import { createApiToken, listApiTokens, revokeApiToken } from '~/server/tokens/tokens';
import { projectProcedure, router } from '~/server/trpc';

export const tokensRouter = router({
  list: projectProcedure('viewSettings').query(({ ctx }) => listApiTokens(ctx.db, ctx.project.id)),
  /** Returns the plain token: the only time it is ever available. */
  create: projectProcedure('manageTokens')
    .input(CreateTokenInput)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.project.id, ctx.viewerId, input)),
  revoke: projectProcedure('manageTokens')
    .input(RevokeTokenInput)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.project.id, input.tokenId)),
});
