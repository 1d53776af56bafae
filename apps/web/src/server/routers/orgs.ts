import 'server-only';
import { ChangeRoleInput, CreateOrganizationInput, RemoveMemberInput } from '~/lib/schemas/orgs';
import { permissionsOf } from '~/server/access';
import {
  changeRole,
  createOrganization,
  listMembers,
  listMyOrganizations,
  removeMember,
} from '~/server/orgs/orgs';
import { listProjects } from '~/server/projects/projects';
import { orgProcedure, router, signedInProcedure } from '~/server/trpc';

export const orgsRouter = router({
  /** The viewer's organizations. */
  list: signedInProcedure.query(({ ctx }) => listMyOrganizations(ctx.db, ctx.viewerId)),
  create: signedInProcedure
    .input(CreateOrganizationInput)
    .mutation(({ ctx, input }) => createOrganization(ctx.db, ctx.viewerId, input)),
  /** One organization with its projects (members only; others get NOT_FOUND). */
  get: orgProcedure('view').query(async ({ ctx }) => ({
    ...ctx.org,
    role: ctx.role,
    can: permissionsOf(ctx.role),
    projects: await listProjects(ctx.db, ctx.org.id),
  })),
  members: orgProcedure('viewSettings').query(({ ctx }) => listMembers(ctx.db, ctx.org.id)),
  changeRole: orgProcedure('manageMembers')
    .input(ChangeRoleInput)
    .mutation(({ ctx, input }) => changeRole(ctx.db, ctx.org.id, ctx.viewerId, input)),
  removeMember: orgProcedure('manageMembers')
    .input(RemoveMemberInput)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.org.id, ctx.viewerId, input.userId)),
});
