// Who may read through the REST read API (/api/v1/runs/{id}, /api/v1/comparisons/{slug}): a
// member's session, an anonymous visitor (public and unlisted projects), or a project API
// token with the "read" scope, which reads its own project and nothing else. One answer for
// "no such thing" and "not yours" (null → 404), so a private project's contents are never
// confirmed to an outsider. (The REST routes refuse an unusable token first, whatever it asks
// for: credentialOf.)
import 'server-only';
import { appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { type ProjectAccess, projectSelect, requireProject } from '~/server/access-checks';
import { usableToken } from '~/server/rest/usable-token';

export type ReadCredential =
  | { kind: 'session'; userId: string }
  /** `projectId`: the token's project, when the route has already found the token usable (credentialOf). */
  | { kind: 'token'; token: string; projectId?: string }
  | { kind: 'anonymous' };

/** The project of a usable token with the read scope (and notes its use), or null. */
async function tokenProjectId(db: PrismaClient, token: string): Promise<string | null> {
  try {
    return await usableToken(db, token, 'read');
  } catch (error) {
    if (appErrorOf(error)) return null;
    throw error;
  }
}

/**
 * The project if the credential may read it, else null. Sessions and anonymous visitors follow
 * the project's visibility and roles (requireProject, 'view'); a token reads like a non-member
 * granted view of its own project: no role, so no other permission.
 */
export async function readableProject(
  db: PrismaClient,
  projectId: string,
  credential: ReadCredential,
): Promise<ProjectAccess | null> {
  if (credential.kind === 'token') {
    if ((credential.projectId ?? (await tokenProjectId(db, credential.token))) !== projectId) return null;
    const project = await db.project.findUnique({ where: { id: projectId }, select: projectSelect });
    return project ? { project, role: null } : null;
  }
  try {
    const viewerId = credential.kind === 'session' ? credential.userId : null;
    return await requireProject(db, viewerId, { projectId }, 'view');
  } catch (error) {
    if (appErrorOf(error)) return null;
    throw error;
  }
}
