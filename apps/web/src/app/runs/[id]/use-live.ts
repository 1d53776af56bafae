'use client';
// Live updates for a running run: subscribes to the ingest API's Server-Sent Events stream and
// extends the page with each new interval (live-model.ts): lines, throughput, heatmap, and the
// summary table and spectrum from the merged histograms. When a series' seq skips (the stream
// reconnected, or frames committed between the page's read and its subscription), the page reads
// just the frames it missed and inserts them (the whole page again when they cannot be: a long
// gap, or a series drawn from minute rollups), so what it shows has no gaps.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { MAX_MISSED_FRAMES, type SeriesTimeline } from '~/lib/timeline-model';
import { useTRPC } from '~/trpc/react';
import {
  appendFrame,
  type Gap,
  gapBefore,
  type LiveFrame,
  type LiveSeriesInfo,
  type LiveState,
  liveState,
  missedBefore,
} from './live-model';

export interface Newest {
  /** End of the newest interval this page has (agent clock), and when it reached the page. */
  endMs: number;
  arrivedMs: number;
}

/** First wait before subscribing again after the browser gave up on the stream; doubles to 30 s. */
const RESUBSCRIBE_MS = 2000;

function newestOf(timelines: SeriesTimeline[], arrivedMs: number): Newest | null {
  const endMs = Math.max(...timelines.map((s) => s.points.at(-1)?.end ?? Number.NEGATIVE_INFINITY));
  return Number.isFinite(endMs) ? { endMs, arrivedMs } : null;
}

export function useLiveTimelines(
  initial: SeriesTimeline[],
  live: { url: string; token: string | null } | null,
  runId: string,
): { state: LiveState; newest: Newest | null; finished: boolean; listeningSinceMs: number | null } {
  const [state, setState] = useState(() => liveState(initial));
  /**
   * The stream said the run finished (after every frame it stored). The page says so at once: the
   * final page read again can take long to show (a large page renders as a transition, which the
   * charts drawing meanwhile keep interrupting), and until then the page read "stalled".
   */
  const [finished, setFinished] = useState(false);
  const [newest, setNewest] = useState<Newest | null>(() => newestOf(initial, Date.now()));
  /** When the stream last opened (the browser reopens a dropped one by itself); null while closed. */
  const [listeningSinceMs, setListeningSince] = useState<number | null>(null);
  const router = useRouter();
  const stateRef = useRef(state);
  stateRef.current = state;
  /**
   * Series whose re-read was asked for and has not arrived: each asked once, not for every frame
   * meanwhile. Per series: a reconnect or a late subscription leaves a gap in every series, each
   * revealed by its own next frame, and one series' re-read in flight must not hide another's gap.
   */
  const rereading = useRef(new Set<string>());
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  /** Reads the whole page again: it holds every series' missed frames, so none is asked for meanwhile. */
  const rereadPage = useRef(() => {});
  rereadPage.current = () => {
    for (const id of stateRef.current.extensions.keys()) rereading.current.add(id);
    router.refresh();
  };
  /** Reads the frames of a gap and inserts them; failing that, the whole page. */
  const fill = useRef<(gap: Gap) => void>(() => {});
  fill.current = (gap) => {
    queryClient
      .fetchQuery({ ...trpc.runs.missedFrames.queryOptions({ runId, ...gap }), staleTime: 0 })
      .then((frames) => {
        setState((current) => frames.reduce((s, f) => appendFrame(s, f, undefined), current));
        rereading.current.delete(gap.seriesId);
      })
      .catch(() => rereadPage.current());
  };

  useEffect(() => {
    rereading.current.clear();
    setState(liveState(initial));
  }, [initial]);

  // Every render of the page signs a new token: subscribe again only for another run, not for
  // each re-read (a new subscription would open a new window to miss frames in).
  const liveUrl = live?.url;
  const token = useRef(live?.token ?? null);
  token.current = live?.token ?? null;
  /** Subscriptions the browser gave up on, each followed by a new one. */
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!liveUrl) return;
    const url = token.current ? `${liveUrl}?token=${encodeURIComponent(token.current)}` : liveUrl;
    const source = new EventSource(url);
    source.addEventListener('open', () => setListeningSince(Date.now()));
    const described = new Map<string, LiveSeriesInfo>();
    source.addEventListener('series', (event) => {
      const info = JSON.parse((event as MessageEvent<string>).data) as LiveSeriesInfo;
      described.set(info.id, info);
    });
    source.addEventListener('frame', (event) => {
      const frame = JSON.parse((event as MessageEvent<string>).data) as LiveFrame;
      if (!rereading.current.has(frame.series) && missedBefore(stateRef.current, frame)) {
        rereading.current.add(frame.series);
        const gap = gapBefore(stateRef.current, frame, MAX_MISSED_FRAMES);
        if (gap) fill.current(gap);
        else rereadPage.current();
      }
      setState((current) => appendFrame(current, frame, described.get(frame.series)));
      setNewest((current) =>
        current && current.endMs >= frame.endMs ? current : { endMs: frame.endMs, arrivedMs: Date.now() },
      );
    });
    // Finished: reload for the final figures. Revoked (token revoked, membership removed,
    // project made private): stop, and reload so the page shows what the viewer may still see.
    for (const end of ['finished', 'revoked'])
      source.addEventListener(end, () => {
        source.close();
        if (end === 'finished') setFinished(true);
        router.refresh();
      });
    // The browser retries a dropped stream by itself, but not one answered with an error (such as
    // a token past its 15 minutes): re-read the page, which signs a new token, and subscribe
    // again; the seq gap then has the missed frames read.
    let retry: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('error', () => {
      setListeningSince(null);
      if (source.readyState !== EventSource.CLOSED) return;
      router.refresh();
      retry = setTimeout(() => setAttempt((n) => n + 1), Math.min(30_000, RESUBSCRIBE_MS * 2 ** attempt));
    });
    return () => {
      source.close();
      clearTimeout(retry);
    };
  }, [liveUrl, router, attempt]);

  return { state, newest, finished, listeningSinceMs };
}
