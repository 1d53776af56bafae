// Accounts against a real PostgreSQL: sign-up with a personal organization, password checks,
// sessions stored hashed through the Auth.js adapter, password changes. Throttling, and what
// sign-up answers for an email that already has an account, are in src/server/accounts/throttle.test.ts.
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

let database: TestDatabase;
let db: PrismaClient;
const ADDRESS = '192.0.2.10';

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
    expect(messages.password).toMatch(/at least 12 characters/);
    // One message per problem: the rule that needs the email does not repeat the field's own.
    expect(result.error!.issues.filter((i) => i.path[0] === 'password')).toHaveLength(1);
  });

  it('creates the user, lower-cases the email and makes them owner of a personal organization', async () => {
    const input = SignUpInput.parse({
      email: ' Ada@Example.TEST ',
      name: 'Ada Lovelace',
      password: 'correct horse battery',
    });
    await signUp(db, input, ADDRESS);
    const user = await db.user.findUniqueOrThrow({ where: { email: 'ada@example.test' } });
    const account = await getAccount(db, user.id);
    expect(account.memberships).toEqual([
      { role: 'owner', organization: { slug: 'ada-lovelace', name: 'Ada Lovelace (personal)' } },
    ]);
    expect(account.hasPassword).toBe(true);
    expect(JSON.stringify(account)).not.toContain('scrypt');
  });

  it('gives a namesake the next free personal slug', async () => {
    await signUp(
      db,
      SignUpInput.parse({ email: 'ada2@example.test', name: 'Ada Lovelace', password: 'long enough pw' }),
      ADDRESS,
    );
    const user = await db.user.findUniqueOrThrow({ where: { email: 'ada2@example.test' } });
    expect((await getAccount(db, user.id)).memberships).toEqual([
      { role: 'owner', organization: { slug: 'ada-lovelace-2', name: 'Ada Lovelace (personal)' } },
    ]);
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
      changePassword(db, id, { currentPassword: 'wrong', newPassword: 'a brand new password' }, ADDRESS),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      path: 'currentPassword',
    });
    await changePassword(
      db,
      id,
      { currentPassword: 'correct horse battery', newPassword: 'a brand new password' },
      ADDRESS,
    );
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

  it('deletes a user with the tokens they created revoked and their pending invitations gone', async () => {
    const user = await adapter.createUser!({
      id: 'x',
      email: 'gone@example.test',
      emailVerified: null,
      name: 'Gone',
    });
    const { organizationId } = await db.membership.findFirstOrThrow({ where: { userId: user.id } });
    const project = await db.project.create({ data: { organizationId, slug: 'p', name: 'P' } });
    const token = await db.apiToken.create({
      data: {
        projectId: project.id,
        name: 'ci',
        tokenHash: 'f'.repeat(64),
        prefix: 'lf_ffff',
        scopes: ['ingest'],
        createdById: user.id,
      },
    });
    await db.invitation.create({
      data: {
        organizationId,
        email: 'alt@example.test',
        role: 'owner',
        tokenHash: 'e'.repeat(64),
        invitedById: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    await adapter.deleteUser!(user.id);
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    const revoked = await db.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await db.invitation.count({ where: { email: 'alt@example.test' } })).toBe(0);
  });
});
