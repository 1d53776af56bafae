// Who may write through the REST API (POST /api/v1/projects/{org}/{project}/…): a project API
// token with the "write" scope, for that project only, or the session of a member who may edit
// the project. Failures are AppErrors; a project the credential may not see is NOT_FOUND, so
// its existence is never confirmed.
import 'server-only';
import { AppError, appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { requireProject } from '../access-checks.ts';
import type { ReadCredential } from '../read-access.ts';
import { usableToken } from './usable-token.ts';

export interface WriteAccess {
  projectId: string;
  /** The member writing, or null for a token (the token is the author). */
  userId: string | null;
  /** Set for a token: it may use the runs and comparisons of its own project only. */
  tokenProjectId: string | null;
}

function notFound(org: string, project: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `no project ${org}/${project} that these credentials may write to: check the address, or pass a token of that project with the write scope`,
  );
}

export async function writableProject(
  db: PrismaClient,
  org: string,
  project: string,
  credential: ReadCredential,
): Promise<WriteAccess> {
  if (credential.kind === 'anonymous')
    throw new AppError(
      'TOKEN_MISSING',
      'writing needs a credential: pass "Authorization: Bearer <token>" with a project token that has the write scope',
    );
  if (credential.kind === 'token') {
    const projectId = credential.projectId ?? (await usableToken(db, credential.token, 'write'));
    const target = await db.project.findFirst({
      where: { slug: project, organization: { slug: org } },
      select: { id: true },
    });
    if (!target || target.id !== projectId) throw notFound(org, project);
    return { projectId, userId: null, tokenProjectId: projectId };
  }
  try {
    const access = await requireProject(db, credential.userId, { org, project }, 'edit');
    return { projectId: access.project.id, userId: credential.userId, tokenProjectId: null };
  } catch (error) {
    const refusal = appErrorOf(error);
    if (!refusal) throw error;
    // A member without the role is told which role it takes; anyone else learns nothing.
    throw refusal.code === 'FORBIDDEN' ? refusal : notFound(org, project);
  }
}
