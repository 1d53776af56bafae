// Who may watch a run live: anyone for runs of public and unlisted projects; for private
// projects, a member holding a live token the web app minted for that run (live-token.ts), or
// the holder of an API token of the run's project with the "read" scope (scripts, dashboards).
//
// The same rule decides when a stream opens and, every few seconds, for every open stream
// (monitor.ts): a stream whose viewer lost access (token revoked, project made private, member
// removed) is ended. A run that does not exist and one the caller may not watch get the same
// answer, so an id cannot be probed; a credential that is itself wrong (malformed, expired,
// revoked, without the scope) is refused the same way whatever run it is sent for.
import { AppError } from '@levelfield/contracts/errors';
import { TOKEN_PREFIX } from '@levelfield/db/tokens';
import type { Authenticate } from '../auth.ts';
import type { Queryable } from '../db.ts';
import { verifyLiveToken } from '../live-token.ts';

export type RunStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';

/** The credential a stream was opened with and what gave it access then. */
export interface LiveViewer {
  /** An API token (any project's: the check reads whether it is one of the run's project). */
  apiTokenId?: string;
  /** The member a live token was minted for. */
  userId?: string;
  /** What let the stream open; names the reason when that access is gone. */
  grantedBy: 'visibility' | 'token' | 'member';
}

/** What the access rule reads of a run, for all of its viewers at once. */
export interface RunAccess {
  status: RunStatus;
  visibility: string;
  /** Usable "read" tokens of the run's project among those asked about. */
  tokens: Set<string>;
  /** Members of the run's organization among the users asked about. */
  members: Set<string>;
}

export type AccessLoss = 'token-revoked' | 'project-private' | 'member-removed' | 'run-deleted';

export const ACCESS_LOSS_MESSAGES: Record<AccessLoss, string> = {
  'token-revoked':
    'the API token of this stream was revoked or lost the "read" scope: create a new one in the project settings',
  'project-private':
    "this run's project was made private: sign in and open the run in the web app to watch it",
  'member-removed': "you are no longer a member of this run's organization",
  'run-deleted': 'this run was deleted',
};

/**
 * Reads the access facts of the runs: one query for any number of runs and viewers. Runs that
 * do not exist are missing from the map.
 */
export async function readRunAccess(
  db: Queryable,
  runIds: string[],
  tokenIds: string[],
  userIds: string[],
): Promise<Map<string, RunAccess>> {
  const { rows } = await db.query<{
    id: string;
    status: RunStatus;
    visibility: string;
    tokens: string[];
    members: string[];
  }>({
    name: 'live-access',
    text: `SELECT r.id, r.status::text AS status, p.visibility::text AS visibility,
                  ARRAY(SELECT t.id FROM api_tokens t
                         WHERE t.id = ANY($2::text[]) AND t.project_id = r.project_id
                           AND t.revoked_at IS NULL AND 'read' = ANY(t.scopes)
                           AND (t.expires_at IS NULL OR t.expires_at > (now() AT TIME ZONE 'UTC'))) AS tokens,
                  ARRAY(SELECT m.user_id FROM memberships m
                         WHERE m.user_id = ANY($3::text[]) AND m.organization_id = p.organization_id) AS members
             FROM runs r JOIN projects p ON p.id = r.project_id
            WHERE r.id = ANY($1::text[])`,
    values: [runIds, tokenIds, userIds],
  });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        status: row.status,
        visibility: row.visibility,
        tokens: new Set(row.tokens),
        members: new Set(row.members),
      },
    ]),
  );
}

/** Whether the viewer may watch now, by any path; when not, why (from what let them in). */
export function accessLoss(access: RunAccess | undefined, viewer: LiveViewer): AccessLoss | undefined {
  if (!access) return 'run-deleted';
  if (access.visibility !== 'private') return undefined;
  if (viewer.apiTokenId && access.tokens.has(viewer.apiTokenId)) return undefined;
  if (viewer.userId && access.members.has(viewer.userId)) return undefined;
  if (viewer.grantedBy === 'token') return 'token-revoked';
  if (viewer.grantedBy === 'member') return 'member-removed';
  return 'project-private';
}

/** The one answer for a run that does not exist and a run the caller may not watch. */
function runNotFound(runId: string): AppError {
  return new AppError(
    'RUN_NOT_FOUND',
    `no run ${runId} that you may watch: check the id; a run of a private project needs a live token ` +
      'from the web app (open the run there) or an API token of its project with the "read" scope ' +
      '(Authorization: Bearer lf_… or ?token=)',
  );
}

/** The credential in `token`, checked on its own (no run involved), or the AppError it earns. */
async function credentialOf(
  authenticate: Authenticate,
  runId: string,
  token: string | undefined,
  secret: string | undefined,
): Promise<Omit<LiveViewer, 'grantedBy'>> {
  if (!token) return {};
  if (token.startsWith(TOKEN_PREFIX))
    return { apiTokenId: (await authenticate.token(token, 'read')).tokenId };
  if (!secret) {
    throw new AppError(
      'TOKEN_INVALID',
      'live tokens are not enabled on this server (LEVELFIELD_LIVE_TOKEN_SECRET)',
    );
  }
  const check = verifyLiveToken(token, secret);
  if (!check.ok) throw new AppError('TOKEN_INVALID', check.reason);
  // A token for another run gives nothing here (and says nothing about this one).
  return check.claims.runId === runId ? { userId: check.claims.userId } : {};
}

/** Checks a new subscription; returns the run's status and the viewer the stream will carry. */
export async function checkLiveAccess(
  db: Queryable,
  authenticate: Authenticate,
  runId: string,
  token: string | undefined,
  secret: string | undefined,
): Promise<{ status: RunStatus; viewer: LiveViewer }> {
  const credential = await credentialOf(authenticate, runId, token, secret).catch((error: unknown) => {
    if (error instanceof AppError) return error;
    throw error;
  });
  const given = credential instanceof AppError ? {} : credential;
  const access = (
    await readRunAccess(
      db,
      [runId],
      given.apiTokenId ? [given.apiTokenId] : [],
      given.userId ? [given.userId] : [],
    )
  ).get(runId);
  // Runs of public and unlisted projects are open to all: a wrong credential does not matter.
  if (access && access.visibility !== 'private') {
    return { status: access.status, viewer: { ...given, grantedBy: 'visibility' } };
  }
  if (credential instanceof AppError) throw credential;
  const viewer: LiveViewer = { ...given, grantedBy: given.apiTokenId ? 'token' : 'member' };
  if (!access || accessLoss(access, viewer)) throw runNotFound(runId);
  return { status: access.status, viewer };
}
