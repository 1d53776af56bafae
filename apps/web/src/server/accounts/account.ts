// Accounts with email and password: sign-up (with a personal organization), credential checks,
// profile and password changes. Passwords are hashed with scrypt (@levelfield/db/passwords).
import type { PrismaClient } from '@levelfield/db/client';
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from '@levelfield/db/passwords';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { createPersonalOrganization } from './personal-org';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, 'That email address is too long')
  .pipe(z.email('Enter an email address such as ada@example.com'));

export const NewPassword = z
  .string()
  .min(
    PASSWORD_MIN_LENGTH,
    `Use a password of at least ${PASSWORD_MIN_LENGTH} characters — a few unrelated words work well`,
  )
  .max(1024, 'Use a password of at most 1024 characters');

export const PersonName = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(100, 'Use at most 100 characters for your name');

export const SignUpInput = z.object({ email: Email, name: PersonName, password: NewPassword });
export type SignUpInput = z.infer<typeof SignUpInput>;

export async function signUp(db: PrismaClient, input: SignUpInput) {
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `An account for ${input.email} already exists. Sign in instead, or sign up with another email.`,
    });
  }
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: { email: input.email, name: input.name, passwordHash },
      select: { id: true, email: true, name: true },
    });
    const organization = await createPersonalOrganization(tx, user);
    return { ...user, organization };
  });
}

// A hash of a random password: checking against it costs as much as a real check, so response
// times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

export const SignInInput = z.object({
  email: Email,
  password: z.string().min(1, 'Enter your password').max(1024),
});

/** The user's id when the email and password match an account with a password; otherwise null. */
export async function verifyCredentials(
  db: PrismaClient,
  email: string,
  password: string,
): Promise<string | null> {
  const parsed = SignInInput.safeParse({ email, password });
  if (!parsed.success) return null;
  const user = await db.user.findUnique({
    where: { email: parsed.data.email },
    select: { id: true, passwordHash: true },
  });
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user.id : null;
}

export async function getAccount(db: PrismaClient, viewerId: string) {
  const user = await db.user.findUnique({
    where: { id: viewerId },
    select: {
      id: true,
      email: true,
      name: true,
      image: true,
      createdAt: true,
      passwordHash: true,
      accounts: { select: { provider: true } },
      memberships: {
        orderBy: { createdAt: 'asc' },
        select: { role: true, organization: { select: { slug: true, name: true } } },
      },
    },
  });
  if (!user)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your account no longer exists. Sign in again.' });
  const { passwordHash, accounts, ...rest } = user;
  return { ...rest, hasPassword: passwordHash !== null, providers: accounts.map((a) => a.provider) };
}

export const UpdateProfileInput = z.object({ name: PersonName });

export async function updateProfile(
  db: PrismaClient,
  viewerId: string,
  input: z.infer<typeof UpdateProfileInput>,
) {
  return db.user.update({
    where: { id: viewerId },
    data: { name: input.name },
    select: { id: true, name: true },
  });
}

export const ChangePasswordInput = z.object({
  currentPassword: z.string().max(1024).default(''),
  newPassword: NewPassword,
});

/**
 * Sets a new password after checking the current one (if the account has one) and signs the
 * account out everywhere; the caller starts a fresh session for the person who changed it.
 */
export async function changePassword(
  db: PrismaClient,
  viewerId: string,
  input: z.infer<typeof ChangePasswordInput>,
) {
  const user = await db.user.findUnique({ where: { id: viewerId }, select: { passwordHash: true } });
  if (!user)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your account no longer exists. Sign in again.' });
  if (user.passwordHash && !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'The current password is not right. Type it again; nothing was changed.',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction([
    db.user.update({ where: { id: viewerId }, data: { passwordHash } }),
    db.session.deleteMany({ where: { userId: viewerId } }),
  ]);
}
