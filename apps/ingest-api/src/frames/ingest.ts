// One frame batch from request body to acknowledgement: validate, store, then (after commit)
// publish to local live subscribers and mark the rollups that changed.
import { validationError } from '@levelfield/contracts/errors';
import { FrameBatch } from '@levelfield/contracts/ingest';
import type { Principal } from '../auth.ts';
import type { IngestContext } from '../context.ts';
import { insertBatch } from './insert.ts';
import { checkBatch } from './validate.ts';

export async function ingestFrames(
  ctx: IngestContext,
  principal: Principal,
  runId: string,
  body: unknown,
): Promise<{ accepted: number; duplicates: number }> {
  const parsed = FrameBatch.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const batch = checkBatch(parsed.data);
  const stored = await insertBatch(ctx.db, ctx.seriesCache, principal, runId, batch, ctx.origin);
  ctx.hub.publishFrames(runId, stored.series, stored.frames);
  ctx.rollup.markFrames(stored.frames);
  ctx.metrics.framesAccepted.inc(stored.accepted);
  ctx.metrics.framesDuplicate.inc(stored.duplicates);
  return { accepted: stored.accepted, duplicates: stored.duplicates };
}
