// projectRole and the require* helpers against a real PostgreSQL: roles come from the project's
// organization; private projects and their runs are NOT_FOUND to outsiders and anonymous visitors.

import { appErrorOf } from '@levelfield/contracts/errors';
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgRole, projectRole, requireOrg, requireProject, requireRun } from '~/server/access-checks';
import { errorResponse } from '~/server/rest/http';
import { createCallerFactory, projectProcedure, router } from '~/server/trpc';

let database: TestDatabase;
let db: PrismaClient;
const ids = {} as Record<
  | 'owner'
  | 'editor'
  | 'reviewer'
  | 'viewer'
  | 'outsider'
  | 'org'
  | 'other'
  | 'priv'
  | 'pub'
  | 'run'
  | 'otherProject',
  string
>;

beforeAll(async () => {
  database = await createTestDatabase('access');
  db = createPrismaClient(database.url, { max: 2 });
  for (const name of ['owner', 'editor', 'reviewer', 'viewer', 'outsider'] as const) {
    ids[name] = (await db.user.create({ data: { email: `${name}@example.test` } })).id;
  }
  const org = await db.organization.create({
    data: {
      slug: 'acme',
      name: 'Acme',
      memberships: {
        create: (['owner', 'editor', 'reviewer', 'viewer'] as const).map((role) => ({
          userId: ids[role],
          role,
        })),
      },
    },
  });
  ids.org = org.id;
  ids.priv = (
    await db.project.create({
      data: { organizationId: org.id, slug: 'internal', name: 'Internal', visibility: 'private' },
    })
  ).id;
  ids.pub = (
    await db.project.create({
      data: { organizationId: org.id, slug: 'demo', name: 'Demo', visibility: 'public' },
    })
  ).id;
  ids.run = (
    await db.run.create({
      data: {
        projectId: ids.priv,
        name: 'secret',
        benchmark: 'pgbench',
        source: 'agent',
        startedAt: new Date(),
      },
    })
  ).id;
  // The outsider owns another organization: membership there must not leak into acme.
  const other = await db.organization.create({
    data: { slug: 'other', name: 'Other', memberships: { create: { userId: ids.outsider, role: 'owner' } } },
  });
  ids.other = other.id;
  ids.otherProject = (
    await db.project.create({ data: { organizationId: other.id, slug: 'internal', name: 'Theirs' } })
  ).id;
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'allow',
    (error) => appErrorOf(error)?.code ?? `unexpected: ${error}`,
  );
}

describe('projectRole', () => {
  it.each(['owner', 'editor', 'reviewer', 'viewer'] as const)(
    'gives a %s their organization role',
    async (role) => {
      expect(await projectRole(db, ids[role], ids.priv)).toBe(role);
      expect(await projectRole(db, ids[role], ids.pub)).toBe(role);
      expect(await orgRole(db, ids[role], ids.org)).toBe(role);
    },
  );

  it('gives outsiders, anonymous visitors and unknown projects no role', async () => {
    expect(await projectRole(db, ids.outsider, ids.priv)).toBeNull();
    expect(await projectRole(db, null, ids.priv)).toBeNull();
    expect(await projectRole(db, ids.owner, 'no-such-project')).toBeNull();
    expect(await projectRole(db, ids.owner, ids.otherProject)).toBeNull();
    expect(await projectRole(db, ids.outsider, ids.otherProject)).toBe('owner');
  });
});

describe('requireProject', () => {
  const priv = { org: 'acme', project: 'internal' };
  const pub = { org: 'acme', project: 'demo' };

  it('answers NOT_FOUND for a private project to outsiders and anonymous visitors, whatever the action', async () => {
    for (const viewer of [ids.outsider, null]) {
      for (const action of ['view', 'manageTokens', 'viewSettings'] as const) {
        expect(await codeOf(requireProject(db, viewer, priv, action))).toBe('NOT_FOUND');
        expect(await codeOf(requireProject(db, viewer, { projectId: ids.priv }, action))).toBe('NOT_FOUND');
      }
    }
  });

  it('gives the same NOT_FOUND message for a private project as for one that does not exist', async () => {
    const message = (promise: Promise<unknown>) => promise.then(String, (e: Error) => e.message);
    const hidden = await message(requireProject(db, null, priv, 'view'));
    const missing = await message(requireProject(db, null, { org: 'acme', project: 'nope' }, 'view'));
    expect(hidden).toBe(missing.replace('acme/nope', 'acme/internal'));
  });

  it('lets anyone view a public project, and nothing more', async () => {
    expect(await codeOf(requireProject(db, null, pub, 'view'))).toBe('allow');
    expect(await codeOf(requireProject(db, ids.outsider, pub, 'view'))).toBe('allow');
    expect(await codeOf(requireProject(db, ids.outsider, pub, 'manageTokens'))).toBe('FORBIDDEN');
    expect(await codeOf(requireProject(db, null, pub, 'edit'))).toBe('UNAUTHENTICATED');
  });

  it('answers FORBIDDEN to members lacking the role, naming the role needed', async () => {
    expect(await codeOf(requireProject(db, ids.viewer, priv, 'view'))).toBe('allow');
    expect(await codeOf(requireProject(db, ids.viewer, priv, 'manageTokens'))).toBe('FORBIDDEN');
    expect(await codeOf(requireProject(db, ids.editor, priv, 'manageTokens'))).toBe('allow');
    await expect(requireProject(db, ids.reviewer, priv, 'manageTokens')).rejects.toThrow(
      /needs the editor role or higher in acme; you are a reviewer/,
    );
    const { project, role } = await requireProject(db, ids.owner, priv, 'manageMembers');
    expect(role).toBe('owner');
    expect(project).toMatchObject({ id: ids.priv, slug: 'internal', organization: { slug: 'acme' } });
  });
});

describe('requireOrg and requireRun', () => {
  it('hides organizations from non-members', async () => {
    expect(await codeOf(requireOrg(db, ids.outsider, 'acme', 'view'))).toBe('NOT_FOUND');
    expect(await codeOf(requireOrg(db, null, 'acme', 'view'))).toBe('NOT_FOUND');
    expect(await codeOf(requireOrg(db, ids.viewer, 'acme', 'manageMembers'))).toBe('FORBIDDEN');
    expect(await codeOf(requireOrg(db, ids.owner, 'acme', 'manageMembers'))).toBe('allow');
  });

  it('hides a private run exactly like a missing one', async () => {
    expect(await codeOf(requireRun(db, ids.outsider, ids.run, 'view'))).toBe('NOT_FOUND');
    expect(await codeOf(requireRun(db, null, ids.run, 'view'))).toBe('NOT_FOUND');
    expect(await codeOf(requireRun(db, null, 'missing', 'view'))).toBe('NOT_FOUND');
    const hidden = await requireRun(db, null, ids.run, 'view').catch((e: Error) => e.message);
    const missing = await requireRun(db, null, 'missing', 'view').catch((e: Error) => e.message);
    expect(hidden).toBe(missing);
    expect(await codeOf(requireRun(db, ids.viewer, ids.run, 'view'))).toBe('allow');
    expect(await codeOf(requireRun(db, ids.viewer, ids.run, 'edit'))).toBe('FORBIDDEN');
  });

  it('maps the errors to HTTP answers for REST handlers (errorResponse)', async () => {
    const error = await requireRun(db, null, ids.run, 'view').catch((e: unknown) => e);
    expect(errorResponse(error).status).toBe(404);
    const forbidden = await requireProject(db, ids.viewer, { projectId: ids.priv }, 'edit').catch(
      (e: unknown) => e,
    );
    expect(errorResponse(forbidden).status).toBe(403);
    const internal = errorResponse(new Error('relation "users" does not exist'));
    expect(internal.status).toBe(500);
    expect(await internal.text()).not.toContain('relation');
  });
});

describe('projectProcedure', () => {
  const testRouter = router({
    rename: projectProcedure('edit').mutation(({ ctx }) => ({ project: ctx.project.slug, role: ctx.role })),
    read: projectProcedure('view').query(({ ctx }) => ({ role: ctx.role })),
  });
  const caller = (viewerId: string | null) => createCallerFactory(testRouter)({ db, viewerId });

  it('checks before the resolver runs and hands it the project and role', async () => {
    expect(await caller(ids.editor).rename({ org: 'acme', project: 'internal' })).toEqual({
      project: 'internal',
      role: 'editor',
    });
    expect(await codeOf(caller(ids.viewer).rename({ org: 'acme', project: 'internal' }))).toBe('FORBIDDEN');
    expect(await codeOf(caller(ids.outsider).read({ org: 'acme', project: 'internal' }))).toBe('NOT_FOUND');
    expect(await caller(null).read({ org: 'acme', project: 'demo' })).toEqual({ role: null });
  });
});
