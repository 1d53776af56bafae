// Finishing a run. Repeating the same finish is a success (the agent may not have seen the
// first answer); a different outcome for an already finished run is a conflict. The outcome is
// status, end and exit code; what the agent reports beside it (frames it kept because this API
// refused them, tag sets it folded) is stored by the finish that ends the run.
import { AppError } from '@levelfield/contracts/errors';
import type { FinishRunRequest } from '@levelfield/contracts/ingest';
import type { Principal } from '../auth.ts';
import type { Queryable } from '../db.ts';

export interface FinishedRun {
  id: string;
  status: FinishRunRequest['status'];
  endedAt: number;
  exitCode: number | null;
  /** False when this request repeated an earlier finish. */
  changed: boolean;
}

interface RunRow {
  project_id: string;
  status: string;
  ended_ms: number | null;
  exit_code: number | null;
}

export async function finishRun(
  db: Queryable,
  principal: Principal,
  runId: string,
  request: FinishRunRequest,
): Promise<FinishedRun> {
  const exitCode = request.exitCode ?? null;
  const outcome = { id: runId, status: request.status, endedAt: request.endedAt, exitCode };
  // Waits for in-flight frame batches (they hold FOR SHARE on the run) before finishing it.
  const updated = await db.query(
    `UPDATE runs SET status = $3::"RunStatus", ended_at = to_timestamp($4 / 1000.0) AT TIME ZONE 'UTC', exit_code = $5,
            frames_quarantined = $6, series_folded = $7::jsonb, updated_at = now()
      WHERE id = $1 AND project_id = $2 AND status = 'running'`,
    [
      runId,
      principal.projectId,
      request.status,
      request.endedAt,
      exitCode,
      request.framesQuarantined,
      JSON.stringify(request.seriesFolded),
    ],
  );
  if (updated.rowCount === 1) return { ...outcome, changed: true };

  const { rows } = await db.query<RunRow>(
    `SELECT project_id, status::text AS status, (extract(epoch FROM ended_at) * 1000)::float8 AS ended_ms, exit_code
       FROM runs WHERE id = $1`,
    [runId],
  );
  const run = rows[0];
  if (!run || run.project_id !== principal.projectId) {
    throw new AppError('RUN_NOT_FOUND', `no run ${runId} in this token's project`);
  }
  if (run.status === request.status && run.ended_ms === request.endedAt && run.exit_code === exitCode) {
    return { ...outcome, changed: false };
  }
  throw new AppError(
    'RUN_FINISHED',
    `run ${runId} already finished as ${run.status}; a run is finished once`,
    'status',
  );
}
