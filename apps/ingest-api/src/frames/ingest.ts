// One frame batch from request body to acknowledgement: validate, store, then (after commit)
// publish to local live subscribers and mark the rollups that changed.
import type { Principal } from '../auth.ts';
import type { IngestContext } from '../context.ts';
import type { LiveFrame, SeriesInfo } from '../live/messages.ts';
import { insertBatch } from './insert.ts';
import { checkBatch, parseFrameBatch } from './validate.ts';

export async function ingestFrames(
  ctx: IngestContext,
  principal: Principal,
  runId: string,
  body: unknown,
): Promise<{ accepted: number; duplicates: number }> {
  const batch = checkBatch(parseFrameBatch(body));
  const stored = await insertBatch(ctx.db, ctx.seriesCache, principal, runId, batch, ctx.origin);
  const { frames, frameSeries } = batch;
  if (stored.accepted > 0) {
    for (let i = 0; i < frames.length; i += 1) {
      if (stored.stored && !stored.stored[i]) continue;
      ctx.rollup.markBucket(stored.series[frameSeries[i]!]!.id, frames[i]!.startMs);
    }
    // Live events are only built when someone on this instance watches the run.
    if (ctx.hub.hasSubscribers(runId)) {
      const live: LiveFrame[] = [];
      for (let i = 0; i < frames.length; i += 1) {
        if (stored.stored && !stored.stored[i]) continue;
        const { series: _key, warmup: _warmup, histogram: _histogram, ...summary } = frames[i]!;
        live.push({ ...summary, series: stored.series[frameSeries[i]!]!.id, acceptedAt: stored.acceptedAt });
      }
      const series: SeriesInfo[] = batch.series.map((declared, index) => ({
        id: stored.series[index]!.id,
        name: declared.name,
        kind: declared.kind,
        unit: declared.unit,
        labels: declared.labels,
      }));
      ctx.hub.publishFrames(runId, series, live);
    }
  }
  ctx.metrics.framesAccepted.inc(stored.accepted);
  ctx.metrics.framesDuplicate.inc(stored.duplicates);
  return { accepted: stored.accepted, duplicates: stored.duplicates };
}
