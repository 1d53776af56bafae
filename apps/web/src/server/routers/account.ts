import {
  ChangePasswordInput,
  changePassword,
  getAccount,
  SignUpInput,
  signUp,
  UpdateProfileInput,
  updateProfile,
} from '~/server/accounts/account';
import { publicProcedure, router, signedInProcedure } from '~/server/trpc';

export const accountRouter = router({
  me: signedInProcedure.query(({ ctx }) => getAccount(ctx.db, ctx.viewerId)),
  /** Creates the account and its personal organization; signing in is the caller's next step. */
  signUp: publicProcedure.input(SignUpInput).mutation(async ({ ctx, input }) => {
    const user = await signUp(ctx.db, input);
    return { id: user.id, email: user.email, organization: user.organization };
  }),
  updateProfile: signedInProcedure
    .input(UpdateProfileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.viewerId, input)),
  /** Signs the account out everywhere; the page starts a fresh session afterwards. */
  changePassword: signedInProcedure
    .input(ChangePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.viewerId, input)),
});
