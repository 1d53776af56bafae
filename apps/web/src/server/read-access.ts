// Who may read through the REST read API (/api/v1/runs/{id}, /api/v1/comparisons/{slug}): a
// member's session, an anonymous visitor (public and unlisted projects), or a project API
// token with the "read" scope, which reads its own project and nothing else. One answer for
// "no such thing" and "not yours" (null → 404), so a private project's contents are never
// confirmed to an outsider.
import 'server-only';
import { appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { expiredProblem, hashToken, looksLikeToken } from '@levelfield/db/tokens';
import { type ProjectAccess, projectSelect, requireProject } from '~/server/access-checks';

export type ReadCredential =
  | { kind: 'session'; userId: string }
  | { kind: 'token'; token: string }
  | { kind: 'anonymous' };

/** The project of an active token with the read scope (and notes its use), or null. */
async function tokenProjectId(db: PrismaClient, token: string): Promise<string | null> {
  if (!looksLikeToken(token)) return null;
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.revokedAt || expiredProblem(row) || !row.scopes.includes('read')) return null;
  await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return row.projectId;
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
    if ((await tokenProjectId(db, credential.token)) !== projectId) return null;
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
