// Organizations, projects, invitations and tokens through their tRPC routers against a real
// PostgreSQL, so each test also proves that the procedure enforces the permission table.

import { appErrorOf } from '@levelfield/contracts/errors';
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { hashToken } from '@levelfield/db/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, createInvitation, describeInvitation } from '~/server/invitations/invitations';
import { accountRouter } from '~/server/routers/account';
import { invitationsRouter } from '~/server/routers/invitations';
import { orgsRouter } from '~/server/routers/orgs';
import { projectsRouter } from '~/server/routers/projects';
import { tokensRouter } from '~/server/routers/tokens';
import { createCallerFactory, router } from '~/server/trpc';

const testRouter = router({
  account: accountRouter,
  orgs: orgsRouter,
  projects: projectsRouter,
  tokens: tokensRouter,
  invitations: invitationsRouter,
});

let database: TestDatabase;
let db: PrismaClient;
const users = {} as Record<'owner' | 'viewer' | 'outsider', { id: string; email: string }>;
const as = (who: keyof typeof users | null) =>
  createCallerFactory(testRouter)({ db, viewerId: who ? users[who].id : null });

function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (error) => appErrorOf(error)?.code ?? `unexpected: ${error}`,
  );
}

beforeAll(async () => {
  database = await createTestDatabase('teams');
  db = createPrismaClient(database.url, { max: 2 });
  for (const name of ['owner', 'viewer', 'outsider'] as const) {
    const { email } = await as(null).account.signUp({
      email: `${name}@example.test`,
      name,
      password: 'long enough password',
    });
    users[name] = { id: (await db.user.findUniqueOrThrow({ where: { email } })).id, email };
  }
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('organizations and projects', () => {
  it('creates an organization with its creator as owner and refuses a taken slug', async () => {
    expect(await as('owner').orgs.create({ name: 'Acme Benchmarks', slug: 'acme' })).toMatchObject({
      slug: 'acme',
    });
    await expect(as('outsider').orgs.create({ name: 'Impostor', slug: 'acme' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already taken/),
    });
    expect(await codeOf(as('owner').orgs.create({ name: 'Bad', slug: 'Not A Slug!' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(await codeOf(as(null).orgs.create({ name: 'Anon', slug: 'anon' }))).toBe('UNAUTHENTICATED');
    const mine = await as('owner').orgs.list();
    expect(mine.map((o) => [o.slug, o.role])).toEqual([
      ['acme', 'owner'],
      ['owner', 'owner'],
    ]);
  });

  it('creates projects for editors and owners; a project slug is unique within its organization', async () => {
    const project = await as('owner').projects.create({
      org: 'acme',
      name: 'TPC-C',
      slug: 'tpcc',
      visibility: 'private',
    });
    expect(project).toMatchObject({ slug: 'tpcc', visibility: 'private' });
    await as('owner').projects.create({ org: 'acme', name: 'Public', slug: 'open', visibility: 'public' });
    expect(await codeOf(as('owner').projects.create({ org: 'acme', name: 'Again', slug: 'tpcc' }))).toBe(
      'CONFLICT',
    );
    expect(await codeOf(as('outsider').projects.create({ org: 'acme', name: 'X', slug: 'x' }))).toBe(
      'NOT_FOUND',
    );
    const org = await as('owner').orgs.get({ org: 'acme' });
    expect(org.projects.map((p) => p.slug)).toEqual(['open', 'tpcc']);
    expect(org.can.manageMembers).toBe(true);
  });

  it('keeps raw frames as long as an editor sets (empty: for good), out of range refused', async () => {
    const ref = { org: 'acme', project: 'tpcc' };
    expect((await as('owner').projects.get(ref)).rawFrameRetentionDays).toBeNull();
    await as('owner').projects.update({
      ...ref,
      name: 'TPC-C',
      visibility: 'private',
      rawFrameRetentionDays: 14,
    });
    expect((await as('owner').projects.get(ref)).rawFrameRetentionDays).toBe(14);
    // A form sends text: empty keeps the frames for good; left out leaves the setting alone.
    await as('owner').projects.update({ ...ref, name: 'TPC-C', visibility: 'private' });
    expect((await as('owner').projects.get(ref)).rawFrameRetentionDays).toBe(14);
    await as('owner').projects.update({
      ...ref,
      name: 'TPC-C',
      visibility: 'private',
      rawFrameRetentionDays: '',
    });
    expect((await as('owner').projects.get(ref)).rawFrameRetentionDays).toBeNull();
    expect(
      await codeOf(
        as('owner').projects.update({
          ...ref,
          name: 'TPC-C',
          visibility: 'private',
          rawFrameRetentionDays: 0,
        }),
      ),
    ).toBe('VALIDATION_FAILED');
  });

  it('hides a private project from outsiders and anonymous visitors, shows a public one', async () => {
    expect(await codeOf(as('outsider').projects.get({ org: 'acme', project: 'tpcc' }))).toBe('NOT_FOUND');
    expect(await codeOf(as(null).projects.get({ org: 'acme', project: 'tpcc' }))).toBe('NOT_FOUND');
    expect(await codeOf(as('outsider').orgs.get({ org: 'acme' }))).toBe('NOT_FOUND');
    expect(await as(null).projects.get({ org: 'acme', project: 'open' })).toMatchObject({
      role: null,
      can: { view: false },
    });
    expect(await codeOf(as(null).tokens.list({ org: 'acme', project: 'open' }))).toBe('UNAUTHENTICATED');
    expect(await codeOf(as('outsider').tokens.list({ org: 'acme', project: 'open' }))).toBe('FORBIDDEN');
  });
});

describe('invitations', () => {
  let secret = '';

  it('lets owners invite, stores only the hash of the link secret and lists the invitation as pending', async () => {
    const invitation = await as('owner').invitations.create({
      org: 'acme',
      email: 'Viewer@Example.test',
      role: 'viewer',
    });
    secret = invitation.secret;
    expect(invitation.path).toBe(`/invitations/${secret}`);
    const row = await db.invitation.findFirstOrThrow({ where: { email: 'viewer@example.test' } });
    expect(row.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await as('owner').invitations.pending({ org: 'acme' })).map((i) => i.email)).toEqual([
      'viewer@example.test',
    ]);
    expect(
      await codeOf(
        as('owner').invitations.create({ org: 'acme', email: 'owner@example.test', role: 'viewer' }),
      ),
    ).toBe('CONFLICT');
  });

  it('refuses the link to someone signed in with another email, then adds the invited person once', async () => {
    expect(await as(null).invitations.describe({ secret })).toMatchObject({
      state: 'pending',
      organization: { slug: 'acme' },
    });
    await expect(as('outsider').invitations.accept({ secret })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(
        /for viewer@example.test, but you are signed in as outsider@example.test/,
      ),
    });
    expect(await as('viewer').invitations.accept({ secret })).toMatchObject({
      role: 'viewer',
      alreadyMember: false,
    });
    await expect(as('viewer').invitations.accept({ secret })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already used/),
    });
    expect(await as(null).invitations.describe({ secret })).toMatchObject({ state: 'accepted' });
    expect(await codeOf(as(null).invitations.describe({ secret: 'made-up' }))).toBe('NOT_FOUND');
    expect(await as('owner').invitations.pending({ org: 'acme' })).toEqual([]);
  });

  it('says when a link has expired', async () => {
    const org = await db.organization.findUniqueOrThrow({ where: { slug: 'acme' } });
    const old = new Date(Date.now() - 8 * 86_400_000);
    const invitation = await createInvitation(
      db,
      org,
      users.owner.id,
      { email: 'outsider@example.test', role: 'editor' },
      old,
    );
    expect((await describeInvitation(db, invitation.secret))?.state).toBe('expired');
    await expect(acceptInvitation(db, users.outsider.id, invitation.secret)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/expired on .* Ask an owner of acme to invite you again/),
    });
  });

  it('lets only owners invite and change roles, and keeps at least one owner', async () => {
    expect(
      await codeOf(as('viewer').invitations.create({ org: 'acme', email: 'x@example.test', role: 'owner' })),
    ).toBe('FORBIDDEN');
    expect(
      await codeOf(as('viewer').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'owner' })),
    ).toBe('FORBIDDEN');
    const members = await as('viewer').orgs.members({ org: 'acme' });
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ['owner@example.test', 'owner'],
      ['viewer@example.test', 'viewer'],
    ]);
    await expect(
      as('owner').orgs.changeRole({ org: 'acme', userId: users.owner.id, role: 'editor' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/at least one owner/),
    });
    await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'reviewer' });
    expect((await as('owner').orgs.members({ org: 'acme' }))[1]?.role).toBe('reviewer');
    await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'viewer' });
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'owner' });
    const outcomes = await Promise.allSettled([
      as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'editor' }),
      as('viewer').orgs.changeRole({ org: 'acme', userId: users.owner.id, role: 'editor' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const owners = (await as('owner').orgs.members({ org: 'acme' })).filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
    // Back to how the other tests expect it.
    const [survivor] = owners;
    if (survivor?.userId !== users.owner.id) {
      await db.membership.updateMany({ where: { userId: users.owner.id }, data: { role: 'owner' } });
      await db.membership.updateMany({ where: { userId: users.viewer.id }, data: { role: 'viewer' } });
    } else await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'viewer' });
  });
});

describe('API tokens', () => {
  const project = { org: 'acme', project: 'tpcc' };
  let tokenId = '';

  it('creates a token whose secret is returned once and stored only as a hash', async () => {
    const created = await as('owner').tokens.create({
      ...project,
      name: 'ci runner',
      scopes: ['read', 'ingest', 'read'],
    });
    tokenId = created.id;
    expect(created.token).toMatch(/^lf_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ prefix: created.token.slice(0, 7), scopes: ['ingest', 'read'] });
    const row = await db.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.tokenHash).toBe(hashToken(created.token));
    const listed = await as('viewer').tokens.list(project);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed[0]).not.toHaveProperty('tokenHash');
  });

  it('refuses viewers with FORBIDDEN and outsiders with NOT_FOUND', async () => {
    await expect(
      as('viewer').tokens.create({ ...project, name: 'mine', scopes: ['ingest'] }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(
        /Creating and revoking API tokens needs the editor role or higher in acme; you are a viewer/,
      ),
    });
    expect(await codeOf(as('viewer').tokens.revoke({ ...project, tokenId }))).toBe('FORBIDDEN');
    expect(await codeOf(as('outsider').tokens.create({ ...project, name: 'x', scopes: ['ingest'] }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(as('outsider').tokens.list(project))).toBe('NOT_FOUND');
    expect(await codeOf(as(null).tokens.revoke({ ...project, tokenId }))).toBe('NOT_FOUND');
  });

  it('asks for at least one scope', async () => {
    await expect(as('owner').tokens.create({ ...project, name: 'none', scopes: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/at least one scope/),
    });
  });

  it('revokes a token of this project only', async () => {
    expect(await codeOf(as('owner').tokens.revoke({ org: 'acme', project: 'open', tokenId }))).toBe(
      'NOT_FOUND',
    );
    const revoked = await as('owner').tokens.revoke({ ...project, tokenId });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect((await as('owner').tokens.list(project))[0]?.revokedAt).toBeInstanceOf(Date);
  });

  it('creates a token that expires after the chosen days, or never', async () => {
    const before = Date.now();
    const expiring = await as('owner').tokens.create({
      ...project,
      name: 'ci',
      scopes: ['read'],
      expires: '30',
    });
    const days = ((expiring.expiresAt?.getTime() ?? 0) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30 - 1 / 24);
    expect(days).toBeLessThan(30 + 1 / 24);
    const forever = await as('owner').tokens.create({ ...project, name: 'agent', scopes: ['ingest'] });
    expect(forever.expiresAt).toBeNull();
    await expect(
      as('owner').tokens.create({ ...project, name: 'odd', scopes: ['read'], expires: '7' as '30' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/Choose when the token expires/),
    });
  });
});

describe('what a member takes with them', () => {
  const project = { org: 'acme', project: 'tpcc' };
  const activeTokensOf = async (userId: string) =>
    (await as('owner').orgs.members({ org: 'acme' })).find((m) => m.userId === userId)?.activeTokens;

  it('withdraws a demoted owner’s pending invitations and revokes a viewer’s tokens, not anyone else’s', async () => {
    const owners = await as('owner').tokens.create({ ...project, name: 'owner’s', scopes: ['read'] });
    await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'owner' });
    const theirs = await as('viewer').tokens.create({ ...project, name: 'theirs', scopes: ['ingest'] });
    await as('viewer').invitations.create({ org: 'acme', email: 'alt@example.test', role: 'owner' });
    expect(await activeTokensOf(users.viewer.id)).toBe(1);

    // Still an editor: may hold tokens, may no longer invite.
    expect(
      await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'editor' }),
    ).toMatchObject({ revokedTokens: 0, withdrawnInvitations: 1 });
    expect(await db.invitation.count({ where: { email: 'alt@example.test' } })).toBe(0);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeNull();

    // A viewer may not hold an ingest token: it is revoked, and stays listed as such.
    expect(
      await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'viewer' }),
    ).toMatchObject({ revokedTokens: 1, withdrawnInvitations: 0 });
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeInstanceOf(
      Date,
    );
    expect(await activeTokensOf(users.viewer.id)).toBe(0);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: owners.id } })).revokedAt).toBeNull();
  });

  it('revokes the tokens a removed member created, in this organization only', async () => {
    await as('owner').orgs.changeRole({ org: 'acme', userId: users.viewer.id, role: 'editor' });
    const theirs = await as('viewer').tokens.create({ ...project, name: 'agent', scopes: ['ingest'] });
    await as('viewer').orgs.create({ name: 'Elsewhere', slug: 'elsewhere' });
    await as('viewer').projects.create({
      org: 'elsewhere',
      name: 'Side',
      slug: 'side',
      visibility: 'private',
    });
    const elsewhere = await as('viewer').tokens.create({
      org: 'elsewhere',
      project: 'side',
      name: 'own',
      scopes: ['ingest'],
    });

    expect(await as('owner').orgs.removeMember({ org: 'acme', userId: users.viewer.id })).toEqual({
      revokedTokens: 1,
      withdrawnInvitations: 0,
    });
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeInstanceOf(
      Date,
    );
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: elsewhere.id } })).revokedAt).toBeNull();
  });
});
