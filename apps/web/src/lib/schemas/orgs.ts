// Inputs of the organization forms (creation, members, invitations), shared by the forms and
// the tRPC procedures. No server-only imports: this ships to browsers.
import { z } from 'zod';
import { Email } from './accounts';
import { Slug } from './slug';

export const ROLES = ['owner', 'editor', 'reviewer', 'viewer'] as const;
export const RoleSchema = z.enum(ROLES);

export const OrgName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'Use at most 100 characters for the name');

export const CreateOrganizationInput = z.object({ name: OrgName, slug: Slug });

const Id = z.string().min(1).max(100);
export const ChangeRoleInput = z.object({ userId: Id, role: RoleSchema });
export const RemoveMemberInput = z.object({ userId: Id });

export const CreateInvitationInput = z.object({ email: Email, role: RoleSchema.default('viewer') });
export const RevokeInvitationInput = z.object({ invitationId: Id });
export const InvitationSecretInput = z.object({ secret: z.string().min(1).max(200) });
