// Who may watch a run live: anyone for runs of public and unlisted projects; for private
// projects, the holder of a live token the web app minted for that run (live-token.ts), or of
// an API token of the run's project with the "read" scope (for scripts and dashboards).
import { AppError } from '@levelfield/contracts/errors';
import { TOKEN_PREFIX } from '@levelfield/db/tokens';
import type { Authenticate } from '../auth.ts';
import type { Queryable } from '../db.ts';
import { verifyLiveToken } from '../live-token.ts';

export interface WatchedRun {
  id: string;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
}

export async function checkLiveAccess(
  db: Queryable,
  authenticate: Authenticate,
  runId: string,
  token: string | undefined,
  secret: string | undefined,
): Promise<WatchedRun> {
  const { rows } = await db.query<{ status: WatchedRun['status']; visibility: string; project_id: string }>(
    `SELECT r.status::text AS status, p.visibility::text AS visibility, r.project_id
       FROM runs r JOIN projects p ON p.id = r.project_id WHERE r.id = $1`,
    [runId],
  );
  const run = rows[0];
  if (!run) throw new AppError('RUN_NOT_FOUND', `no run ${runId}`);
  const watched = { id: runId, status: run.status };
  if (run.visibility !== 'private') return watched;
  if (!token) {
    throw new AppError(
      'TOKEN_MISSING',
      'this run is private: open it from the web app, which adds a live token, or send an API token ' +
        'of its project with the "read" scope (Authorization: Bearer lf_… or ?token=)',
    );
  }
  if (token.startsWith(TOKEN_PREFIX)) {
    const principal = await authenticate.token(token, 'read');
    if (principal.projectId !== run.project_id) {
      throw new AppError('FORBIDDEN', "this API token belongs to another project than the run's");
    }
    return watched;
  }
  if (!secret) {
    throw new AppError(
      'TOKEN_INVALID',
      'live tokens are not enabled on this server (LEVELFIELD_LIVE_TOKEN_SECRET)',
    );
  }
  const check = verifyLiveToken(token, secret);
  if (!check.ok) throw new AppError('TOKEN_INVALID', check.reason);
  if (check.claims.runId !== runId) throw new AppError('FORBIDDEN', 'this live token is for another run');
  return watched;
}
