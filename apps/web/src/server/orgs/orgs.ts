// Organizations and their members. Callers have already checked access (see ~/server/access):
// these functions take the organization's id and trust it.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { Prisma, PrismaClient, Role } from '@levelfield/db/client';
import type { z } from 'zod';
import type { ChangeRoleInput, CreateOrganizationInput } from '~/lib/schemas/orgs';
import { can } from '~/server/access';

export async function createOrganization(
  db: PrismaClient,
  viewerId: string,
  input: z.infer<typeof CreateOrganizationInput>,
) {
  const taken = await db.organization.findUnique({ where: { slug: input.slug }, select: { id: true } });
  if (taken) {
    throw new AppError(
      'CONFLICT',
      `The slug "${input.slug}" is already taken. Choose another one, e.g. "${input.slug}-team".`,
      'slug',
    );
  }
  return db.organization.create({
    data: {
      name: input.name,
      slug: input.slug,
      memberships: { create: { userId: viewerId, role: 'owner' } },
    },
    select: { id: true, slug: true, name: true },
  });
}

/** The organizations the viewer belongs to, with their role and a few counts. */
export async function listMyOrganizations(db: PrismaClient, viewerId: string) {
  const memberships = await db.membership.findMany({
    where: { userId: viewerId },
    orderBy: { organization: { name: 'asc' } },
    select: {
      role: true,
      organization: {
        select: {
          slug: true,
          name: true,
          _count: { select: { projects: true, memberships: true } },
        },
      },
    },
  });
  return memberships.map(({ role, organization }) => ({
    slug: organization.slug,
    name: organization.name,
    role,
    projectCount: organization._count.projects,
    memberCount: organization._count.memberships,
  }));
}

/** The members, each with how many usable API tokens they created in the organization's projects. */
export async function listMembers(db: PrismaClient, organizationId: string, now = new Date()) {
  const [rows, tokens] = await Promise.all([
    db.membership.findMany({
      where: { organizationId },
      orderBy: [{ createdAt: 'asc' }],
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    }),
    db.apiToken.groupBy({
      by: ['createdById'],
      where: {
        project: { organizationId },
        revokedAt: null,
        OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      },
      _count: { _all: true },
    }),
  ]);
  const activeTokens = new Map(tokens.map((t) => [t.createdById, t._count._all]));
  return rows.map((row) => ({
    ...row.user,
    userId: row.user.id,
    role: row.role,
    joinedAt: row.createdAt,
    activeTokens: activeTokens.get(row.user.id) ?? 0,
  }));
}

type Tx = Prisma.TransactionClient;

async function ensureAnotherOwner(tx: Tx, organizationId: string, userId: string) {
  const others = await tx.membership.count({ where: { organizationId, role: 'owner', NOT: { userId } } });
  if (others === 0) {
    throw new AppError(
      'CONFLICT',
      'An organization needs at least one owner. Make another member an owner first.',
    );
  }
}

async function membershipOf(tx: Tx, organizationId: string, userId: string) {
  const membership = await tx.membership.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
    select: { id: true, role: true },
  });
  if (!membership) {
    throw new AppError('NOT_FOUND', 'That person is not a member of this organization (any more).');
  }
  return membership;
}

/**
 * Runs a change of membership with the organization's row locked, so changes to one
 * organization's members happen one after another: two owners demoting each other at once
 * cannot both pass the "another owner remains" check, and an actor demoted by the change
 * before theirs no longer acts as an owner.
 */
async function withMembersLocked<T>(
  db: PrismaClient,
  organizationId: string,
  actorId: string,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${organizationId} FOR UPDATE`;
    const actor = await tx.membership.findUnique({
      where: { organizationId_userId: { organizationId, userId: actorId } },
      select: { role: true },
    });
    if (!can(actor?.role, 'manageMembers'))
      throw new AppError(
        'FORBIDDEN',
        'Your role changed while this was on its way: only owners may change members. Reload the page.',
      );
    return change(tx);
  });
}

/** What a member's change of role took with it (see withdrawGrants). */
export interface Withdrawn {
  revokedTokens: number;
  withdrawnInvitations: number;
}

/**
 * Takes back what a member created under a role they no longer hold. An API token acts with its
 * creator's authority, so once the creator may no longer create tokens here (removed, or demoted
 * below editor) theirs are revoked: kept in the list as revoked, so their past use stays
 * traceable. Pending invitations sent by someone who is no longer an owner are deleted: otherwise
 * a departing owner could invite a second address of their own and come back through it.
 */
async function withdrawGrants(
  tx: Tx,
  organizationId: string,
  userId: string,
  role: Role | null,
  now = new Date(),
): Promise<Withdrawn> {
  const tokens = can(role, 'manageTokens')
    ? { count: 0 }
    : await tx.apiToken.updateMany({
        where: { createdById: userId, revokedAt: null, project: { organizationId } },
        data: { revokedAt: now },
      });
  const invitations = can(role, 'manageMembers')
    ? { count: 0 }
    : await tx.invitation.deleteMany({ where: { organizationId, invitedById: userId, acceptedAt: null } });
  return { revokedTokens: tokens.count, withdrawnInvitations: invitations.count };
}

export async function changeRole(
  db: PrismaClient,
  organizationId: string,
  actorId: string,
  input: z.infer<typeof ChangeRoleInput>,
): Promise<{ userId: string; role: Role } & Withdrawn> {
  return withMembersLocked(db, organizationId, actorId, async (tx) => {
    const membership = await membershipOf(tx, organizationId, input.userId);
    if (membership.role === 'owner' && input.role !== 'owner')
      await ensureAnotherOwner(tx, organizationId, input.userId);
    await tx.membership.update({ where: { id: membership.id }, data: { role: input.role } });
    const withdrawn = await withdrawGrants(tx, organizationId, input.userId, input.role);
    return { userId: input.userId, role: input.role, ...withdrawn };
  });
}

export async function removeMember(
  db: PrismaClient,
  organizationId: string,
  actorId: string,
  userId: string,
): Promise<Withdrawn> {
  return withMembersLocked(db, organizationId, actorId, async (tx) => {
    const membership = await membershipOf(tx, organizationId, userId);
    if (membership.role === 'owner') await ensureAnotherOwner(tx, organizationId, userId);
    await tx.membership.delete({ where: { id: membership.id } });
    return withdrawGrants(tx, organizationId, userId, null);
  });
}
