// Accounts with email and password: sign-up (with a personal organization), credential checks,
// profile and password changes. Passwords are hashed with scrypt (@levelfield/db/passwords).
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import {
  hashPassword,
  newPasswordProblem,
  PASSWORD_MAX_LENGTH,
  passwordIsEmailProblem,
  verifyPassword,
} from '@levelfield/db/passwords';
import { z } from 'zod';
import { ChangePasswordForm, SignInForm, SignUpForm, type UpdateProfileInput } from '~/lib/schemas/accounts';
import { createPersonalOrganization } from './personal-org';
import {
  type Attempt,
  clearAttempts,
  PASSWORD_CHANGE_PER_ACCOUNT,
  PASSWORD_CHANGE_PER_ADDRESS,
  releaseAttempt,
  reserveAttempt,
  SIGN_UP_PER_ADDRESS,
  SIGN_UP_PER_EMAIL,
} from './throttle';

export const NewPassword = z.string().superRefine((password, ctx) => {
  const problem = newPasswordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The sign-up form's schema with the password rules that need the common-password list. */
export const SignUpInput = SignUpForm.extend({ password: NewPassword })
  // The one rule that needs two fields (the password's own rules are on the field).
  .superRefine(({ email, password }, ctx) => {
    const problem = passwordIsEmailProblem(password, email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type SignUpInput = z.infer<typeof SignUpInput>;

function tooMany(message: string): AppError {
  return new AppError('RATE_LIMITED', message);
}

/**
 * Creates the account and its personal organization, unless the email already has an account:
 * then nothing happens. The caller cannot tell which (same answer, and the password is hashed
 * either way so the time taken is alike), so sign-up does not reveal who has an account; the
 * next step is signing in either way. Throttled per email and per client address.
 */
export async function signUp(
  db: PrismaClient,
  input: SignUpInput,
  address: string,
  now = Date.now(),
): Promise<void> {
  const refusal = await reserveAttempt(
    db,
    [
      { limit: SIGN_UP_PER_ADDRESS, subject: address },
      { limit: SIGN_UP_PER_EMAIL, subject: input.email },
    ],
    now,
  );
  if (refusal) throw tooMany(refusal.message);
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) return;
  try {
    await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: input.email, name: input.name, passwordHash },
        select: { id: true, email: true, name: true },
      });
      await createPersonalOrganization(tx, user);
    });
  } catch (error) {
    // Two sign-ups for one new email at once: if the other one created it, same answer.
    const created = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (!created) throw error;
  }
}

// A hash of a random password: checking against it costs as much as a real check, so response
// times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

export const SignInInput = SignInForm.extend({
  password: SignInForm.shape.password.max(PASSWORD_MAX_LENGTH),
});

/**
 * The user's id when the email and password match an account with a password; otherwise null.
 * Unthrottled: sign-in goes through passwordSignIn (./sign-in.ts), which reserves the attempt first.
 */
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
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
  const { passwordHash, accounts, ...rest } = user;
  return { ...rest, hasPassword: passwordHash !== null, providers: accounts.map((a) => a.provider) };
}

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

/** The password form's schema with the rules that need the common-password list. */
export const ChangePasswordInput = ChangePasswordForm.extend({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).default(''),
  newPassword: NewPassword,
});

/**
 * Sets a new password after checking the current one (if the account has one) and signs the
 * account out everywhere; the caller starts a fresh session for the person who changed it.
 * Throttled like sign-in, per account and per client address: a stolen session must not become
 * a way to guess the password.
 */
export async function changePassword(
  db: PrismaClient,
  viewerId: string,
  input: z.infer<typeof ChangePasswordInput>,
  address: string,
  now = Date.now(),
) {
  const user = await db.user.findUnique({
    where: { id: viewerId },
    select: { email: true, passwordHash: true },
  });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
  const problem = newPasswordProblem(input.newPassword, user.email);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, 'newPassword');
  const perAddress: Attempt = { limit: PASSWORD_CHANGE_PER_ADDRESS, subject: address };
  const perAccount: Attempt = { limit: PASSWORD_CHANGE_PER_ACCOUNT, subject: viewerId };
  const refusal = await reserveAttempt(db, [perAddress, perAccount], now);
  if (refusal) throw tooMany(refusal.message);
  if (user.passwordHash && !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The current password is not right. Type it again; nothing was changed.',
      'currentPassword',
    );
  }
  await clearAttempts(db, perAccount);
  await releaseAttempt(db, [perAddress]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction([
    db.user.update({ where: { id: viewerId }, data: { passwordHash } }),
    db.session.deleteMany({ where: { userId: viewerId } }),
  ]);
}
