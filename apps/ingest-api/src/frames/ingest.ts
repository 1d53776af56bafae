// One frame batch from request body to acknowledgement: validate (histograms included), store,
// then (after commit) publish to local live subscribers and notify other instances. (The rollup
// buckets it wrote to are marked by the storing statement itself: frames/insert.ts.)
import type { Principal } from '../auth.ts';
import type { IngestContext } from '../context.ts';
import { encodeFramesNotice, type LiveFrame, type SeriesInfo } from '../live/messages.ts';
import { checkHistograms } from './histograms.ts';
import { insertBatch } from './insert.ts';
import { checkBatch, parseFrameBatch } from './validate.ts';

export async function ingestFrames(
  ctx: IngestContext,
  principal: Principal,
  runId: string,
  body: unknown,
): Promise<{ accepted: number; duplicates: number }> {
  const batch = checkBatch(parseFrameBatch(body));
  checkHistograms(batch);
  const stored = await insertBatch(ctx.db, ctx.seriesCache, principal, runId, batch);
  const { frames, frameSeries } = batch;
  if (stored.accepted > 0) {
    const keys: Array<{ series: string; seq: number; startMs: number }> = [];
    for (let i = 0; i < frames.length; i += 1) {
      if (stored.stored && !stored.stored[i]) continue;
      keys.push({
        series: stored.series[frameSeries[i]!]!.id,
        seq: frames[i]!.seq,
        startMs: frames[i]!.startMs,
      });
    }
    // Not awaited: the acknowledgement never waits for other instances' live updates.
    void ctx.notifier.publish(
      runId,
      encodeFramesNotice({ runId, origin: ctx.origin, acceptedAt: stored.acceptedAt, frames: keys }),
    );
    // Live events are only built when someone on this instance watches the run.
    if (ctx.hub.hasSubscribers(runId)) {
      const live: LiveFrame[] = [];
      for (let i = 0; i < frames.length; i += 1) {
        if (stored.stored && !stored.stored[i]) continue;
        const { series: _key, warmup, ...summary } = frames[i]!;
        live.push({
          ...summary,
          warmup: warmup ?? false,
          series: stored.series[frameSeries[i]!]!.id,
          acceptedAt: stored.acceptedAt,
        });
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
