// Creating a run: the token decides the project; the body's project slug must agree so an
// agent pointed at the wrong project fails loudly instead of filing runs in the wrong place.
import { AppError } from '@levelfield/contracts/errors';
import type { CreateRunRequest } from '@levelfield/contracts/ingest';
import { redactLabels, redactProvenance, redactValue } from '@levelfield/contracts/redact';
import type { Principal } from '../auth.ts';
import type { Queryable } from '../db.ts';
import { newId } from '../ids.ts';

async function systemId(db: Queryable, projectId: string, name: string): Promise<string> {
  // Two attempts: when a concurrent request creates the system between our INSERT and SELECT
  // snapshots, the second attempt sees it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const { rows } = await db.query<{ id: string }>(
      `WITH created AS (
         INSERT INTO systems (id, project_id, name) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, name) DO NOTHING RETURNING id)
       SELECT id FROM created UNION ALL SELECT id FROM systems WHERE project_id = $2 AND name = $3`,
      [newId(), projectId, name],
    );
    if (rows[0]) return rows[0].id;
  }
  throw new Error(`system ${name} could not be created`);
}

export async function createRun(
  db: Queryable,
  principal: Principal,
  request: CreateRunRequest,
): Promise<string> {
  if (request.project !== principal.projectSlug) {
    throw new AppError(
      'FORBIDDEN',
      `this API token belongs to project "${principal.projectSlug}": use a token of project "${request.project}"`,
      'project',
    );
  }
  const id = newId();
  await db.query(
    `INSERT INTO runs (id, project_id, system_id, name, benchmark, benchmark_version, system_version, source,
                       labels, provenance, disclosure, started_at, warmup_ms, token_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'agent', $8, $9, $10, to_timestamp($11 / 1000.0) AT TIME ZONE 'UTC', $12, $13, now())`,
    [
      id,
      principal.projectId,
      await systemId(db, principal.projectId, request.system.name),
      request.name ?? `${request.benchmark.name} on ${request.system.name}`,
      request.benchmark.name,
      request.benchmark.version ?? null,
      request.system.version ?? null,
      // Redacted again here: the agent redacts before sending, but a run may come from an older
      // agent, a script or a hand-made request, and public runs show all three to anyone.
      JSON.stringify(redactLabels(request.labels)),
      JSON.stringify(redactProvenance(request.provenance)),
      JSON.stringify(redactValue(request.disclosure ?? {})),
      request.startedAt,
      request.warmupMs,
      principal.tokenId,
    ],
  );
  return id;
}
