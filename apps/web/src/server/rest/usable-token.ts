// Whether a project API token may be used at all, for reading or for writing, before anything it
// asks for is looked up: the answer (401 unknown, revoked or expired; 403 without the scope)
// depends on the token alone, so it confirms nothing about a run, comparison or project.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { expiredProblem, hashToken, looksLikeToken } from '@levelfield/db/tokens';

export type TokenScope = 'read' | 'write';

/** The token's project when it may be used for `scope` (and notes its use); else the AppError that says why. */
export async function usableToken(db: PrismaClient, token: string, scope: TokenScope): Promise<string> {
  if (!looksLikeToken(token))
    throw new AppError('TOKEN_INVALID', 'the bearer token is not a Levelfield token (lf_…)');
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, projectId: true, scopes: true, revokedAt: true, expiresAt: true },
  });
  if (!row)
    throw new AppError(
      'TOKEN_INVALID',
      "the bearer token is not known: create one on the project's API tokens page",
    );
  if (row.revokedAt) throw new AppError('TOKEN_REVOKED', 'the bearer token was revoked: create a new one');
  const expired = expiredProblem(row);
  if (expired) throw new AppError('TOKEN_EXPIRED', expired);
  if (!row.scopes.includes(scope))
    throw new AppError(
      'TOKEN_SCOPE',
      `this token has the ${row.scopes.join(', ')} scope${row.scopes.length === 1 ? '' : 's'}; ${scope === 'write' ? 'writing' : 'reading'} needs the ${scope} scope: create a token with it on the project's API tokens page`,
    );
  await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return row.projectId;
}
