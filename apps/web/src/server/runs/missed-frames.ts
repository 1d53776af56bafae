// The frames a live page missed: when a series' seq skips (its stream reconnected, or frames
// were stored between the page's read and its subscription), the page asks for just those and
// inserts them, instead of reading the whole page again while frames keep arriving.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { z } from 'zod';
import { MAX_MISSED_FRAMES } from '~/lib/timeline-model';
import { pointOfFrame } from './timeline.ts';

export const MissedFramesInput = z
  .object({
    seriesId: z.string().min(1).max(100),
    /** The newest seq the page has, and the first it received after the gap. */
    afterSeq: z.number().int().min(-1),
    beforeSeq: z.number().int().min(0),
  })
  .refine((g) => g.beforeSeq > g.afterSeq && g.beforeSeq - g.afterSeq - 1 <= MAX_MISSED_FRAMES, {
    message: `a gap is between 1 and ${MAX_MISSED_FRAMES} frames; read the page again for more`,
  });

/** The stored frames strictly between the two seqs, shaped as the live stream sends them. */
export async function missedFrames(db: PrismaClient, runId: string, gap: z.infer<typeof MissedFramesInput>) {
  const frames = await db.frame.findMany({
    where: { seriesId: gap.seriesId, series: { runId }, seq: { gt: gap.afterSeq, lt: gap.beforeSeq } },
    orderBy: { seq: 'asc' },
  });
  const now = Date.now();
  return frames.map((f) => {
    const { t, end, ...figures } = pointOfFrame(f);
    return {
      series: f.seriesId,
      seq: f.seq,
      startMs: t,
      endMs: end,
      ...figures,
      // Stored as the stream sends it (V2 compressed), only base64 for JSON.
      ...(f.histogram ? { histogram: Buffer.from(f.histogram).toString('base64') } : {}),
      // Not stored: read now, which is when the page receives it.
      acceptedAt: now,
    };
  });
}
