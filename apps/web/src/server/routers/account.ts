import 'server-only';
import { UpdateProfileInput } from '~/lib/schemas/accounts';
import {
  ChangePasswordInput,
  changePassword,
  getAccount,
  SignUpInput,
  signUp,
  updateProfile,
} from '~/server/accounts/account';
import { UNKNOWN_ADDRESS } from '~/server/accounts/client-address';
import { publicProcedure, router, signedInProcedure } from '~/server/trpc';

export const accountRouter = router({
  me: signedInProcedure.query(({ ctx }) => getAccount(ctx.db, ctx.viewerId)),
  /**
   * Creates the account and its personal organization, or does nothing when the email already
   * has an account: the answer is the same (the email as stored), and signing in comes next.
   */
  signUp: publicProcedure.input(SignUpInput).mutation(async ({ ctx, input }) => {
    await signUp(ctx.db, input, ctx.clientAddress ?? UNKNOWN_ADDRESS);
    return { email: input.email };
  }),
  updateProfile: signedInProcedure
    .input(UpdateProfileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.viewerId, input)),
  /** Signs the account out everywhere; the page starts a fresh session afterwards. */
  changePassword: signedInProcedure
    .input(ChangePasswordInput)
    .mutation(async ({ ctx, input }) =>
      changePassword(ctx.db, ctx.viewerId, input, ctx.clientAddress ?? UNKNOWN_ADDRESS),
    ),
});
