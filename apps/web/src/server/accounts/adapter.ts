// A small Auth.js adapter over Levelfield's Prisma client (Prisma 7's generated client, which
// @auth/prisma-adapter does not target). Session tokens are stored hashed (see ./sessions.ts);
// user rows never leave here with their password hash. New users — OAuth sign-ups included —
// get a personal organization in the same transaction.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from 'next-auth/adapters';
import { createPersonalOrganization } from './personal-org';
import { hashSessionToken } from './sessions';

const userSelect = { id: true, email: true, emailVerified: true, name: true, image: true } as const;

export function levelfieldAdapter(db: () => PrismaClient): Adapter {
  return {
    async createUser(user: AdapterUser) {
      return db().$transaction(async (tx) => {
        const created = await tx.user.create({
          data: {
            email: user.email.trim().toLowerCase(),
            name: user.name ?? null,
            image: user.image ?? null,
            emailVerified: user.emailVerified,
          },
          select: userSelect,
        });
        await createPersonalOrganization(tx, created);
        return created;
      });
    },
    getUser: (id) => db().user.findUnique({ where: { id }, select: userSelect }),
    getUserByEmail: (email) =>
      db().user.findUnique({ where: { email: email.trim().toLowerCase() }, select: userSelect }),
    async getUserByAccount({ provider, providerAccountId }) {
      const account = await db().account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        select: { user: { select: userSelect } },
      });
      return account?.user ?? null;
    },
    updateUser: ({ id, email, name, image, emailVerified }) =>
      db().user.update({
        where: { id },
        data: {
          ...(email !== undefined ? { email: email.trim().toLowerCase() } : {}),
          ...(name !== undefined ? { name } : {}),
          ...(image !== undefined ? { image } : {}),
          ...(emailVerified !== undefined ? { emailVerified } : {}),
        },
        select: userSelect,
      }),
    // A token acts with its creator's authority and an invitation with its sender's: neither
    // outlives the account (deleting it would otherwise leave them working, creator unknown).
    async deleteUser(id) {
      await db().$transaction([
        db().apiToken.updateMany({
          where: { createdById: id, revokedAt: null },
          data: { revokedAt: new Date() },
        }),
        db().invitation.deleteMany({ where: { invitedById: id, acceptedAt: null } }),
        db().user.delete({ where: { id } }),
      ]);
    },
    async linkAccount(account: AdapterAccount) {
      await db().account.create({
        data: {
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          refresh_token: account.refresh_token ?? null,
          access_token: account.access_token ?? null,
          expires_at: account.expires_at ?? null,
          token_type: account.token_type ?? null,
          scope: account.scope ?? null,
          id_token: account.id_token ?? null,
          session_state: typeof account.session_state === 'string' ? account.session_state : null,
        },
      });
    },
    async unlinkAccount({ provider, providerAccountId }) {
      await db().account.delete({ where: { provider_providerAccountId: { provider, providerAccountId } } });
    },
    async createSession({ sessionToken, userId, expires }): Promise<AdapterSession> {
      await db().session.create({ data: { sessionToken: hashSessionToken(sessionToken), userId, expires } });
      return { sessionToken, userId, expires };
    },
    async getSessionAndUser(sessionToken) {
      const row = await db().session.findUnique({
        where: { sessionToken: hashSessionToken(sessionToken) },
        select: { userId: true, expires: true, user: { select: userSelect } },
      });
      if (!row) return null;
      return { session: { sessionToken, userId: row.userId, expires: row.expires }, user: row.user };
    },
    async updateSession({ sessionToken, expires }) {
      const where = { sessionToken: hashSessionToken(sessionToken) };
      if (expires) await db().session.updateMany({ where, data: { expires } });
      const row = await db().session.findUnique({ where, select: { userId: true, expires: true } });
      return row ? { sessionToken, ...row } : null;
    },
    async deleteSession(sessionToken) {
      await db().session.deleteMany({ where: { sessionToken: hashSessionToken(sessionToken) } });
    },
    async createVerificationToken(token) {
      await db().verificationToken.create({ data: token });
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      try {
        return await db().verificationToken.delete({ where: { identifier_token: { identifier, token } } });
      } catch {
        return null;
      }
    },
  };
}
