// Every new user owns a personal organization, so they can create a project straight away.
import 'server-only';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import { freeSlug, slugify } from '~/server/orgs/slugs';

export async function createPersonalOrganization(
  tx: Prisma.TransactionClient,
  user: { id: string; email: string; name: string | null },
) {
  const displayName = user.name?.trim() || user.email.split('@')[0] || 'My';
  const slug = await freeSlug(
    slugify(user.name?.trim() || user.email.split('@')[0] || 'team'),
    async (candidate) =>
      Boolean(await tx.organization.findUnique({ where: { slug: candidate }, select: { id: true } })),
  );
  return tx.organization.create({
    data: {
      slug,
      name: `${displayName} (personal)`,
      memberships: { create: { userId: user.id, role: 'owner' } },
    },
    select: { id: true, slug: true, name: true },
  });
}

/** Where a new account lands after its first sign-in: its personal organization, welcomed. */
export async function welcomePath(db: PrismaClient, userId: string): Promise<string> {
  const first = await db.membership.findFirst({
    where: { userId, role: 'owner' },
    orderBy: { createdAt: 'asc' },
    select: { organization: { select: { slug: true } } },
  });
  return first ? `/orgs/${first.organization.slug}?welcome=1` : '/orgs';
}
