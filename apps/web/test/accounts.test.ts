// Accounts against a real PostgreSQL: sign-up with a personal organization, password checks,
// sessions stored hashed through the Auth.js adapter, password changes.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changePassword,
  getAccount,
  SignUpInput,
  signUp,
  verifyCredentials,
} from '~/server/accounts/account';
import { levelfieldAdapter } from '~/server/accounts/adapter';
import { createSession, hashSessionToken } from '~/server/accounts/sessions';
import {
  clearSignInFailures,
  describeWait,
  FREE_FAILURES,
  recordSignInFailure,
  signInWait,
  waitAfter,
} from '~/server/accounts/throttle';

let database: TestDatabase;
let db: PrismaClient;

beforeAll(async () => {
  database = await createTestDatabase('accounts');
  db = createPrismaClient(database.url, { max: 2 });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('sign-up', () => {
  it('explains what is wrong with the form', () => {
    const result = SignUpInput.safeParse({ email: 'nope', name: ' ', password: 'short' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages.email).toMatch(/Enter an email address/);
    expect(messages.name).toMatch(/Enter your name/);
    expect(messages.password).toMatch(/at least 10 characters/);
  });

  it('creates the user, lower-cases the email and makes them owner of a personal organization', async () => {
    const input = SignUpInput.parse({
      email: ' Ada@Example.TEST ',
      name: 'Ada Lovelace',
      password: 'correct horse battery',
    });
    const user = await signUp(db, input);
    expect(user.email).toBe('ada@example.test');
    expect(user.organization).toMatchObject({ slug: 'ada-lovelace', name: 'Ada Lovelace (personal)' });
    const account = await getAccount(db, user.id);
    expect(account.memberships).toEqual([
      { role: 'owner', organization: { slug: 'ada-lovelace', name: 'Ada Lovelace (personal)' } },
    ]);
    expect(account.hasPassword).toBe(true);
    expect(JSON.stringify(account)).not.toContain('scrypt');
  });

  it('refuses a second account for the same email, saying what to do', async () => {
    const input = SignUpInput.parse({ email: 'ADA@example.test', name: 'Ada', password: 'another long one' });
    await expect(signUp(db, input)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/Sign in instead/),
    });
  });

  it('gives a namesake the next free personal slug', async () => {
    const user = await signUp(
      db,
      SignUpInput.parse({ email: 'ada2@example.test', name: 'Ada Lovelace', password: 'long enough pw' }),
    );
    expect(user.organization.slug).toBe('ada-lovelace-2');
  });
});

describe('credentials', () => {
  it('accepts the right password only', async () => {
    const id = await verifyCredentials(db, 'ADA@example.test', 'correct horse battery');
    expect(id).toBeTruthy();
    expect(await verifyCredentials(db, 'ada@example.test', 'wrong password')).toBeNull();
    expect(await verifyCredentials(db, 'nobody@example.test', 'correct horse battery')).toBeNull();
    expect(await verifyCredentials(db, 'not an email', 'x')).toBeNull();
  });

  it('changes the password after checking the current one and ends every session', async () => {
    const id = (await verifyCredentials(db, 'ada@example.test', 'correct horse battery'))!;
    await createSession(db, id);
    await expect(
      changePassword(db, id, { currentPassword: 'wrong', newPassword: 'a brand new password' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await changePassword(db, id, {
      currentPassword: 'correct horse battery',
      newPassword: 'a brand new password',
    });
    expect(await db.session.count({ where: { userId: id } })).toBe(0);
    expect(await verifyCredentials(db, 'ada@example.test', 'a brand new password')).toBe(id);
  });
});

describe('Auth.js adapter', () => {
  const adapter = levelfieldAdapter(() => db);

  it('stores only the hash of a session token and finds the session by the token', async () => {
    const user = await db.user.findUniqueOrThrow({ where: { email: 'ada@example.test' } });
    const { sessionToken, expires } = await createSession(db, user.id);
    const row = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.sessionToken).toBe(hashSessionToken(sessionToken));
    expect(row.sessionToken).not.toBe(sessionToken);

    const found = await adapter.getSessionAndUser!(sessionToken);
    expect(found?.session).toEqual({ sessionToken, userId: user.id, expires });
    expect(found?.user).toEqual({
      id: user.id,
      email: 'ada@example.test',
      emailVerified: null,
      name: 'Ada Lovelace',
      image: null,
    });
    expect(await adapter.getSessionAndUser!(row.sessionToken)).toBeNull();

    const later = new Date(expires.getTime() + 86_400_000);
    expect(await adapter.updateSession!({ sessionToken, expires: later })).toMatchObject({ expires: later });
    await adapter.deleteSession!(sessionToken);
    expect(await adapter.getSessionAndUser!(sessionToken)).toBeNull();
  });

  it('creates OAuth users with a personal organization and links their accounts', async () => {
    const user = await adapter.createUser!({
      id: 'ignored',
      email: 'Grace@Example.test',
      emailVerified: null,
      name: 'Grace Hopper',
    });
    expect(user.email).toBe('grace@example.test');
    expect(user.id).not.toBe('ignored');
    await adapter.linkAccount!({
      userId: user.id,
      type: 'oidc',
      provider: 'github',
      providerAccountId: '42',
    });
    expect(await adapter.getUserByAccount!({ provider: 'github', providerAccountId: '42' })).toMatchObject({
      id: user.id,
    });
    expect(await adapter.getUserByEmail!('GRACE@example.test')).toMatchObject({ id: user.id });
    const memberships = await db.membership.findMany({
      where: { userId: user.id },
      include: { organization: true },
    });
    expect(memberships.map((m) => [m.role, m.organization.slug])).toEqual([['owner', 'grace-hopper']]);
  });
});

describe('sign-in throttle', () => {
  const t0 = Date.UTC(2026, 10, 22, 8, 0, 0);

  it(`lets ${FREE_FAILURES} failures through, then makes each attempt wait, doubling up to 15 minutes`, async () => {
    const email = 'Target@Example.test';
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      expect(await signInWait(db, email, t0 + i)).toBe(0);
      await recordSignInFailure(db, email, t0 + i);
    }
    const last = t0 + FREE_FAILURES - 1;
    // Case and spaces do not make another key.
    expect(await signInWait(db, ' target@example.TEST ', last)).toBe(30_000);
    expect(await signInWait(db, email, last + 10_000)).toBe(20_000);
    expect(await signInWait(db, email, last + 30_000)).toBe(0);
    await recordSignInFailure(db, email, last + 30_000);
    expect(await signInWait(db, email, last + 30_000)).toBe(60_000);
    expect([5, 6, 9, 10, 20].map(waitAfter)).toEqual([30_000, 60_000, 480_000, 900_000, 900_000]);
    // Another email is not affected.
    expect(await signInWait(db, 'bystander@example.test', last)).toBe(0);
  });

  it('counts concurrent failures, forgets old ones and is cleared by a success', async () => {
    const email = 'busy@example.test';
    await Promise.all(Array.from({ length: 8 }, () => recordSignInFailure(db, email, t0)));
    expect(await signInWait(db, email, t0)).toBe(waitAfter(8));
    // An hour later the count starts again.
    const later = t0 + 61 * 60_000;
    expect(await signInWait(db, email, later)).toBe(0);
    await recordSignInFailure(db, email, later);
    expect(await db.signInThrottle.findUnique({ where: { email } })).toMatchObject({ failures: 1 });
    await clearSignInFailures(db, email);
    expect(await db.signInThrottle.findUnique({ where: { email } })).toBeNull();
  });

  it('says the wait in words', () => {
    expect([1000, 30_000, 89_000, 90_001, 900_000].map(describeWait)).toEqual([
      '1 second',
      '30 seconds',
      '89 seconds',
      '2 minutes',
      '15 minutes',
    ]);
  });
});
