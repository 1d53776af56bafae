// Who may watch a run live: anyone for runs of public and unlisted projects; for private
// projects, the holder of a live token the web app minted for that run (live-token.ts).
import { AppError } from '@levelfield/contracts/errors';
import type { Queryable } from '../db.ts';
import { verifyLiveToken } from '../live-token.ts';

export interface WatchedRun {
  id: string;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
}

export async function checkLiveAccess(
  db: Queryable,
  runId: string,
  token: string | undefined,
  secret: string | undefined,
): Promise<WatchedRun> {
  const { rows } = await db.query<{ status: WatchedRun['status']; visibility: string }>(
    `SELECT r.status::text AS status, p.visibility::text AS visibility
       FROM runs r JOIN projects p ON p.id = r.project_id WHERE r.id = $1`,
    [runId],
  );
  const run = rows[0];
  if (!run) throw new AppError('RUN_NOT_FOUND', `no run ${runId}`);
  if (run.visibility !== 'private') return { id: runId, status: run.status };
  if (!token) {
    throw new AppError(
      'TOKEN_MISSING',
      'this run is private: open it from the web app, which adds a live token',
    );
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
  return { id: runId, status: run.status };
}
