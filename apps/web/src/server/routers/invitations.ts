import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import { CreateInvitationInput, InvitationSecretInput, RevokeInvitationInput } from '~/lib/schemas/orgs';
import {
  acceptInvitation,
  createInvitation,
  describeInvitation,
  listPendingInvitations,
  revokeInvitation,
} from '~/server/invitations/invitations';
import { orgProcedure, publicProcedure, router, signedInProcedure } from '~/server/trpc';

export const invitationsRouter = router({
  pending: orgProcedure('viewSettings').query(({ ctx }) => listPendingInvitations(ctx.db, ctx.org.id)),
  /** Returns the invitation's secret path: the only time it is ever available. */
  create: orgProcedure('manageMembers')
    .input(CreateInvitationInput)
    .mutation(({ ctx, input }) => createInvitation(ctx.db, ctx.org, ctx.viewerId, input)),
  revoke: orgProcedure('manageMembers')
    .input(RevokeInvitationInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, ctx.org.id, input.invitationId)),
  /** What a link is about; anyone holding the secret may ask. */
  describe: publicProcedure.input(InvitationSecretInput).query(async ({ ctx, input }) => {
    const invitation = await describeInvitation(ctx.db, input.secret);
    if (!invitation) {
      throw new AppError(
        'NOT_FOUND',
        'This invitation link is not valid. Check that you copied all of it, or ask for a new one.',
      );
    }
    return invitation;
  }),
  accept: signedInProcedure
    .input(InvitationSecretInput)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.db, ctx.viewerId, input.secret)),
});
