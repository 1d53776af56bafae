// Who may do what. One place decides, everything else asks:
//
//   Roles (per organization, so they apply to all its projects): owner > editor > reviewer > viewer.
//   `can(role, action)` is the pure table; see MIN_ROLE below.
//
//   Visibility: a non-member (or an anonymous visitor) may `view` a public or unlisted project and
//   nothing else. A private project does not exist for them: every check answers NOT_FOUND —
//   never FORBIDDEN, which would confirm that it exists. Members lacking the role get FORBIDDEN
//   with a message naming the role they need; anonymous visitors of a visible project get
//   UNAUTHORIZED ("sign in").
//
// Using it
//
//   In a router — the procedure builders take the slugs (or id) as input, check, and put the
//   project and the viewer's role on ctx; add more input with `.input()`, which tRPC merges:
//
//     edit: projectProcedure('edit')                      // input { org, project }
//       .input(z.object({ name: z.string() }))
//       .mutation(({ ctx, input }) => rename(ctx.db, ctx.project.id, input.name)),
//     get: runProcedure('view')                           // input { runId }
//       .query(({ ctx }) => loadRun(ctx.db, ctx.run.id)),  // ctx.project, ctx.role too
//     members: orgProcedure('viewSettings')               // input { org }
//
//   In a page, a route handler or a plain function — the same checks, throwing the same errors:
//
//     const { project, role } = await requireProject(db, viewerId, { org, project }, 'view');
//     const { run } = await requireRun(db, viewerId, runId, 'view');
//
//   Pages turn the errors into responses with `guard()` from ~/server/access-page (NOT_FOUND →
//   notFound(), UNAUTHORIZED → sign-in redirect); REST and download handlers with `errorResponse(error)` (~/server/rest/http).
import 'server-only';
import type { PrismaClient, Role, Visibility } from '@levelfield/db/client';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure } from '~/server/trpc';

export const ROLES = ['owner', 'editor', 'reviewer', 'viewer'] as const satisfies readonly Role[];
export const RoleSchema = z.enum(ROLES);
export type { Role };

export const ACTIONS = [
  /** read the project and its runs, comparisons and reports */
  'view',
  /** see the members, pending invitations and API tokens (never the secrets) */
  'viewSettings',
  /** create projects; edit runs' declared provenance and disclosure, comparisons, project settings */
  'edit',
  /** open and answer review threads */
  'review',
  /** mark a flagged fairness check as waived, with a justification */
  'waiveCheck',
  /** publish or republish a report */
  'publish',
  /** create and revoke API tokens */
  'manageTokens',
  /** invite people, change roles, remove members */
  'manageMembers',
] as const;
export type Action = (typeof ACTIONS)[number];

const RANK: Record<Role, number> = { owner: 4, editor: 3, reviewer: 2, viewer: 1 };

/** The least role that may do each action; roles are ordered, so every higher role may too. */
export const MIN_ROLE: Record<Action, Role> = {
  view: 'viewer',
  viewSettings: 'viewer',
  review: 'reviewer',
  edit: 'editor',
  waiveCheck: 'editor',
  publish: 'editor',
  manageTokens: 'editor',
  manageMembers: 'owner',
};

export function atLeast(role: Role | null | undefined, min: Role): boolean {
  return role != null && RANK[role] >= RANK[min];
}

/** The permission table: may a member with this role do this? (null: not a member) */
export function can(role: Role | null | undefined, action: Action): boolean {
  return atLeast(role, MIN_ROLE[action]);
}

/** Roles ordered from most to least powerful, e.g. for a role picker. */
export function rolesByRank(): Role[] {
  return [...ROLES].sort((a, b) => RANK[b] - RANK[a]);
}

export type Denial = 'NOT_FOUND' | 'FORBIDDEN' | 'UNAUTHORIZED';

/**
 * The whole rule as a pure function. `visibility` null means the thing has no public face
 * (an organization), so it behaves like a private project.
 */
export function decide(input: {
  role: Role | null;
  signedIn: boolean;
  visibility: Visibility | null;
  action: Action;
}): 'allow' | Denial {
  const { role, signedIn, visibility, action } = input;
  if (role) return can(role, action) ? 'allow' : 'FORBIDDEN';
  if (visibility === null || visibility === 'private') return 'NOT_FOUND';
  if (action === 'view') return 'allow';
  return signedIn ? 'FORBIDDEN' : 'UNAUTHORIZED';
}

const ACTION_PHRASE: Record<Action, string> = {
  view: 'Viewing this',
  viewSettings: 'Seeing members and API tokens',
  edit: 'Editing',
  review: 'Reviewing',
  waiveCheck: 'Waiving a fairness check',
  publish: 'Publishing reports',
  manageTokens: 'Creating and revoking API tokens',
  manageMembers: 'Inviting people and changing roles',
};

export function denialError(
  denial: Denial,
  what: string,
  action: Action,
  role: Role | null,
  orgSlug: string,
) {
  if (denial === 'NOT_FOUND') {
    return new TRPCError({
      code: 'NOT_FOUND',
      message: `${what} does not exist, or you do not have access to it. Check the address, or ask an owner to invite you.`,
    });
  }
  if (denial === 'UNAUTHORIZED') {
    return new TRPCError({
      code: 'UNAUTHORIZED',
      message: `Sign in to continue: ${ACTION_PHRASE[action].toLowerCase()} needs an account.`,
    });
  }
  const needed = MIN_ROLE[action];
  const higher = needed === 'owner' ? 'the owner role' : `the ${needed} role or higher`;
  const yours = role
    ? `you are ${role === 'owner' || role === 'editor' ? 'an' : 'a'} ${role}`
    : 'you are not a member';
  return new TRPCError({
    code: 'FORBIDDEN',
    message: `${ACTION_PHRASE[action]} needs ${higher} in ${orgSlug}; ${yours}. Ask an owner of ${orgSlug} to change your role.`,
  });
}

/** The viewer's role in an organization, or null. */
export async function orgRole(
  db: PrismaClient,
  viewerId: string | null,
  organizationId: string,
): Promise<Role | null> {
  if (!viewerId) return null;
  const membership = await db.membership.findUnique({
    where: { organizationId_userId: { organizationId, userId: viewerId } },
    select: { role: true },
  });
  return membership?.role ?? null;
}

/** The viewer's role in a project (their membership of the project's organization), or null. */
export async function projectRole(
  db: PrismaClient,
  viewerId: string | null,
  projectId: string,
): Promise<Role | null> {
  if (!viewerId) return null;
  const membership = await db.membership.findFirst({
    where: { userId: viewerId, organization: { projects: { some: { id: projectId } } } },
    select: { role: true },
  });
  return membership?.role ?? null;
}

/** What requireProject (and the read API's token path) load of a project. */
export const projectSelect = {
  id: true,
  slug: true,
  name: true,
  visibility: true,
  createdAt: true,
  organizationId: true,
  organization: { select: { id: true, slug: true, name: true } },
} as const;

export type AccessibleProject = {
  id: string;
  slug: string;
  name: string;
  visibility: Visibility;
  createdAt: Date;
  organizationId: string;
  organization: { id: string; slug: string; name: string };
};

export type ProjectRef = { projectId: string } | { org: string; project: string };

export interface ProjectAccess {
  project: AccessibleProject;
  /** null: a non-member looking at a public or unlisted project */
  role: Role | null;
}

/** The project, if the viewer may do `action` on it; otherwise throws NOT_FOUND / FORBIDDEN / UNAUTHORIZED. */
export async function requireProject(
  db: PrismaClient,
  viewerId: string | null,
  ref: ProjectRef,
  action: Action,
): Promise<ProjectAccess> {
  const project = await db.project.findFirst({
    where:
      'projectId' in ref ? { id: ref.projectId } : { slug: ref.project, organization: { slug: ref.org } },
    select: projectSelect,
  });
  const label = 'projectId' in ref ? 'This project' : `The project ${ref.org}/${ref.project}`;
  if (!project) throw denialError('NOT_FOUND', label, action, null, '');
  const role = await orgRole(db, viewerId, project.organizationId);
  const decision = decide({ role, signedIn: viewerId !== null, visibility: project.visibility, action });
  if (decision !== 'allow') throw denialError(decision, label, action, role, project.organization.slug);
  return { project, role };
}

export interface OrgAccess {
  org: { id: string; slug: string; name: string; createdAt: Date };
  role: Role;
}

/** The organization, if the viewer is a member allowed to do `action`; non-members get NOT_FOUND. */
export async function requireOrg(
  db: PrismaClient,
  viewerId: string | null,
  orgSlug: string,
  action: Action,
): Promise<OrgAccess> {
  const org = await db.organization.findUnique({
    where: { slug: orgSlug },
    select: { id: true, slug: true, name: true, createdAt: true },
  });
  const label = `The organization ${orgSlug}`;
  if (!org) throw denialError('NOT_FOUND', label, action, null, orgSlug);
  const role = await orgRole(db, viewerId, org.id);
  if (!role) throw denialError('NOT_FOUND', label, action, null, orgSlug);
  if (!can(role, action)) throw denialError('FORBIDDEN', label, action, role, org.slug);
  return { org, role };
}

/** A run, if the viewer may do `action` on its project. Unknown and invisible runs are both NOT_FOUND. */
export async function requireRun(
  db: PrismaClient,
  viewerId: string | null,
  runId: string,
  action: Action,
): Promise<ProjectAccess & { run: { id: string; projectId: string } }> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { id: true, projectId: true } });
  if (!run) throw denialError('NOT_FOUND', 'This run', action, null, '');
  try {
    return { run, ...(await requireProject(db, viewerId, { projectId: run.projectId }, action)) };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND')
      throw denialError('NOT_FOUND', 'This run', action, null, '');
    throw error;
  }
}

// ───────────── tRPC procedure builders ─────────────

/** Slugs in lookups are not validated beyond length: a malformed one is simply not found. */
const LookupSlug = z.string().trim().min(1).max(100);

export const OrgInput = z.object({ org: LookupSlug });
export const ProjectInput = z.object({ org: LookupSlug, project: LookupSlug });
export const RunInput = z.object({ runId: z.string().min(1).max(100) });

/** What the viewer may do, for showing or hiding controls (the procedures check again). */
export function permissionsOf(role: Role | null): Record<Action, boolean> {
  return Object.fromEntries(ACTIONS.map((action) => [action, can(role, action)])) as Record<Action, boolean>;
}

// Every action but `view` needs membership, so past the check those procedures have a signed-in
// viewer and a role; the conditional types say so.
type RoleFor<A extends Action> = A extends 'view' ? Role | null : Role;
type ViewerFor<A extends Action> = A extends 'view' ? string | null : string;

/** A procedure on one organization (members only): input { org }, ctx.org, ctx.role, ctx.viewerId. */
export function orgProcedure(action: Action) {
  return publicProcedure.input(OrgInput).use(async ({ ctx, input, next }) => {
    const access = await requireOrg(ctx.db, ctx.viewerId, input.org, action);
    return next({ ctx: { org: access.org, role: access.role, viewerId: ctx.viewerId as string } });
  });
}

/** A procedure on one project: input { org, project }, ctx.project, ctx.role, ctx.viewerId. */
export function projectProcedure<A extends Action>(action: A) {
  return publicProcedure.input(ProjectInput).use(async ({ ctx, input, next }) => {
    const access = await requireProject(ctx.db, ctx.viewerId, input, action);
    return next({
      ctx: {
        project: access.project,
        role: access.role as RoleFor<A>,
        viewerId: ctx.viewerId as ViewerFor<A>,
      },
    });
  });
}

/** A procedure on one run: input { runId }, ctx.run, ctx.project, ctx.role, ctx.viewerId. */
export function runProcedure<A extends Action>(action: A) {
  return publicProcedure.input(RunInput).use(async ({ ctx, input, next }) => {
    const access = await requireRun(ctx.db, ctx.viewerId, input.runId, action);
    return next({
      ctx: {
        run: access.run,
        project: access.project,
        role: access.role as RoleFor<A>,
        viewerId: ctx.viewerId as ViewerFor<A>,
      },
    });
  });
}
