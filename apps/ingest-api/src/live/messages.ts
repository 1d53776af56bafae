// What travels to live subscribers, and the PostgreSQL notification that carries it between
// instances. A notification holds at most 8000 bytes, so it names the stored frames (run,
// series, seq ranges) and the receiving instance reads them back; one per batch, sent after the
// batch committed (notifier.ts).
import type { LatencyQuantiles } from '@levelfield/metrics/stats';

export const FRAMES_CHANNEL = 'levelfield_frames';
/** Below PostgreSQL's 8000-byte payload limit. */
export const NOTIFY_LIMIT_BYTES = 7900;

/** The summary of one frame as sent on the live stream (docs/ingest-contract.md). */
export interface LiveFrame extends LatencyQuantiles {
  series: string;
  seq: number;
  startMs: number;
  endMs: number;
  count: number;
  min: number;
  max: number;
  mean: number;
  warmup: boolean;
  /**
   * The interval's histogram (V2 compressed, base64) for latency series. The run page extends
   * its heatmap, spectrum and summary table from it in the browser (one decode per series per
   * second there), which costs the API nothing per viewer: the alternative, each open page asking
   * the web app to merge the run's histograms every second, costs a merge per viewer per second.
   */
  histogram?: string;
  /** Server clock when the batch was stored, so a viewer can tell how fresh the frame is. */
  acceptedAt: number;
}

export interface SeriesInfo {
  id: string;
  name: string;
  kind: string;
  unit: string;
  labels: Record<string, string>;
}

export type RunFinishedStatus = 'succeeded' | 'failed' | 'cancelled';

/** [seriesId, lo, hi, lo, hi, …]: runs of consecutive seqs of one series. */
type SeriesRanges = [string, ...number[]];

interface FramesNoticeBase {
  type: 'frames';
  runId: string;
  origin: string;
  acceptedAt: number;
  /**
   * The earliest and latest start (epoch ms) of the frames named, so the reader's query touches
   * only the day partitions of frames that hold them. Absent from instances that predate it.
   */
  starts?: [number, number];
}

export type Notice =
  | (FramesNoticeBase & { ranges: SeriesRanges[] })
  /** Fallback for batches too large to list: every frame of the run within [lo, hi]. */
  | (FramesNoticeBase & { span: [number, number] })
  | { type: 'finished'; runId: string; origin: string; status: RunFinishedStatus };

export function seqRanges(frames: Pick<LiveFrame, 'series' | 'seq'>[]): SeriesRanges[] {
  const bySeries = new Map<string, number[]>();
  for (const frame of frames) {
    const seqs = bySeries.get(frame.series) ?? [];
    seqs.push(frame.seq);
    bySeries.set(frame.series, seqs);
  }
  return [...bySeries].map(([series, seqs]) => {
    seqs.sort((a, b) => a - b);
    const ranges: SeriesRanges = [series];
    for (const seq of seqs) {
      const last = ranges.length - 1;
      if (last > 0 && ranges[last] === seq - 1) ranges[last] = seq;
      else ranges.push(seq, seq);
    }
    return ranges;
  });
}

export function encodeFramesNotice(batch: {
  runId: string;
  origin: string;
  acceptedAt: number;
  frames: Pick<LiveFrame, 'series' | 'seq' | 'startMs'>[];
}): string {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const frame of batch.frames) {
    first = Math.min(first, frame.startMs);
    last = Math.max(last, frame.startMs);
  }
  const base = {
    type: 'frames',
    runId: batch.runId,
    origin: batch.origin,
    acceptedAt: batch.acceptedAt,
    starts: [first, last],
  };
  const exact = JSON.stringify({ ...base, ranges: seqRanges(batch.frames) });
  if (Buffer.byteLength(exact) <= NOTIFY_LIMIT_BYTES) return exact;
  const seqs = batch.frames.map((frame) => frame.seq);
  return JSON.stringify({ ...base, span: [Math.min(...seqs), Math.max(...seqs)] });
}

export function encodeFinishedNotice(runId: string, origin: string, status: RunFinishedStatus): string {
  return JSON.stringify({ type: 'finished', runId, origin, status });
}

/** Payloads come from our own instances, but a malformed one must not take the listener down. */
export function decodeNotice(payload: string | undefined): Notice | undefined {
  try {
    const notice = JSON.parse(payload ?? '') as Notice;
    return typeof notice?.runId === 'string' && typeof notice.origin === 'string' ? notice : undefined;
  } catch {
    return undefined;
  }
}
