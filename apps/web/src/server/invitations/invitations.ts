// Invitations: an owner invites an email address with a role; the link carries a random secret
// whose SHA-256 is stored, so the link is shown once and cannot be recovered from the database.
// Accepting needs a session for the invited address; a link works once and for a week.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient, Role } from '@levelfield/db/client';
import { hashToken } from '@levelfield/db/tokens';
import type { z } from 'zod';
import { formatUtcDate } from '~/lib/format';
import type { CreateInvitationInput } from '~/lib/schemas/orgs';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export function invitationPath(secret: string): string {
  return `/invitations/${secret}`;
}

export async function createInvitation(
  db: PrismaClient,
  organization: { id: string; slug: string },
  invitedById: string,
  input: z.infer<typeof CreateInvitationInput>,
  now = new Date(),
) {
  const member = await db.membership.findFirst({
    where: { organizationId: organization.id, user: { email: input.email } },
    select: { role: true },
  });
  if (member) {
    throw new AppError(
      'CONFLICT',
      `${input.email} is already a member of ${organization.slug} (${member.role}). Change their role in the members list instead.`,
      'email',
    );
  }
  const secret = randomBytes(32).toString('base64url');
  const invitation = await db.$transaction(async (tx) => {
    // A new invitation replaces older unused ones for the same address: only the newest link works.
    await tx.invitation.deleteMany({
      where: { organizationId: organization.id, email: input.email, acceptedAt: null },
    });
    return tx.invitation.create({
      data: {
        organizationId: organization.id,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(secret),
        invitedById,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
      select: { id: true, email: true, role: true, expiresAt: true },
    });
  });
  return { ...invitation, secret, path: invitationPath(secret) };
}

export async function listPendingInvitations(db: PrismaClient, organizationId: string, now = new Date()) {
  return db.invitation.findMany({
    where: { organizationId, acceptedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: 'desc' },
    select: {
      id: true,
      email: true,
      role: true,
      createdAt: true,
      expiresAt: true,
      invitedBy: { select: { email: true, name: true } },
    },
  });
}

export async function revokeInvitation(db: PrismaClient, organizationId: string, invitationId: string) {
  const { count } = await db.invitation.deleteMany({
    where: { id: invitationId, organizationId, acceptedAt: null },
  });
  if (count === 0) {
    throw new AppError('NOT_FOUND', 'That invitation is gone: it was accepted or revoked already.');
  }
}

export type InvitationState = 'pending' | 'expired' | 'accepted';

/** What an invitation link is about, for the page the link opens. Null: no such link. */
export async function describeInvitation(db: PrismaClient, secret: string, now = new Date()) {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashToken(secret) },
    select: {
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      organization: { select: { slug: true, name: true } },
      invitedBy: { select: { email: true, name: true } },
    },
  });
  if (!invitation) return null;
  const state: InvitationState = invitation.acceptedAt
    ? 'accepted'
    : invitation.expiresAt <= now
      ? 'expired'
      : 'pending';
  return { ...invitation, state };
}

function invalidLink(): AppError {
  return new AppError(
    'NOT_FOUND',
    'This invitation link is not valid. Check that you copied all of it, or ask an owner of the organization for a new one.',
  );
}

/** Adds the viewer to the organization with the invited role; the link cannot be used again. */
export async function acceptInvitation(
  db: PrismaClient,
  viewerId: string,
  secret: string,
  now = new Date(),
): Promise<{ organization: { slug: string; name: string }; role: Role; alreadyMember: boolean }> {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashToken(secret) },
    select: {
      id: true,
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      organizationId: true,
      organization: { select: { slug: true, name: true } },
    },
  });
  if (!invitation) throw invalidLink();
  const org = invitation.organization;
  if (invitation.acceptedAt) {
    throw new AppError(
      'CONFLICT',
      `This invitation to ${org.name} was already used on ${formatUtcDate(invitation.acceptedAt)}. Each link works once; ask an owner of ${org.slug} for a new one if you need it.`,
    );
  }
  if (invitation.expiresAt <= now) {
    throw new AppError(
      'BAD_REQUEST',
      `This invitation to ${org.name} expired on ${formatUtcDate(invitation.expiresAt)}. Ask an owner of ${org.slug} to invite you again.`,
    );
  }
  const viewer = await db.user.findUnique({ where: { id: viewerId }, select: { email: true } });
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Sign in to accept this invitation.');
  if (viewer.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new AppError(
      'FORBIDDEN',
      `This invitation is for ${invitation.email}, but you are signed in as ${viewer.email}. Sign out, then sign in or sign up as ${invitation.email}.`,
    );
  }
  return db.$transaction(async (tx) => {
    // Only one acceptance can flip acceptedAt from null, even when two arrive at once.
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, acceptedAt: null },
      data: { acceptedAt: now },
    });
    if (count === 0) {
      throw new AppError('CONFLICT', `This invitation to ${org.name} was already used.`);
    }
    const existing = await tx.membership.findUnique({
      where: { organizationId_userId: { organizationId: invitation.organizationId, userId: viewerId } },
      select: { role: true },
    });
    if (existing) return { organization: org, role: existing.role, alreadyMember: true };
    await tx.membership.create({
      data: { organizationId: invitation.organizationId, userId: viewerId, role: invitation.role },
    });
    return { organization: org, role: invitation.role, alreadyMember: false };
  });
}
