// The access policy (access.ts) applied to what is stored: each check loads the thing and the
// viewer's role, asks `decide`, and throws the AppError the policy names (NOT_FOUND, FORBIDDEN,
// UNAUTHENTICATED). The same checks serve tRPC procedures (through the builders in trpc.ts),
// pages, REST routes and plain functions:
//
//   const { project, role } = await requireProject(db, viewerId, { org, project }, 'view');
//   const { run } = await requireRun(db, viewerId, runId, 'view');
import 'server-only';
import { appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient, Role, Visibility } from '@levelfield/db/client';
import { type Action, can, decide, denialError } from './access.ts';

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

/** The project, if the viewer may do `action` on it; otherwise throws NOT_FOUND / FORBIDDEN / UNAUTHENTICATED. */
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
    if (appErrorOf(error)?.code === 'NOT_FOUND') throw denialError('NOT_FOUND', 'This run', action, null, '');
    throw error;
  }
}
