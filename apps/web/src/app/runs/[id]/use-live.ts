'use client';
// Live updates for a running run: subscribes to the ingest API's Server-Sent Events stream and
// appends each new interval to its series' time line. Heatmap and spectrum need histograms, so
// they refresh from the server when the run finishes (and on demand); the lines move live.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { SeriesTimeline, TimePoint } from '~/server/runs/timeline';

interface LiveSeries {
  id: string;
  name: string;
  kind: SeriesTimeline['kind'];
  unit: string;
  labels: Record<string, string>;
}

interface LiveFrame extends Omit<TimePoint, 't' | 'end' | 'warmup'> {
  series: string;
  seq: number;
  startMs: number;
  endMs: number;
  acceptedAt: number;
}

/** Appends a frame to its series, keeping points ordered and ignoring repeats (reconnects replay). */
export function appendFrame(
  timelines: SeriesTimeline[],
  frame: LiveFrame,
  info: LiveSeries | undefined,
): SeriesTimeline[] {
  const point: TimePoint = {
    t: frame.startMs,
    end: frame.endMs,
    count: frame.count,
    max: frame.max,
    p50: frame.p50,
    p90: frame.p90,
    p99: frame.p99,
    p999: frame.p999,
    warmup: false,
  };
  const index = timelines.findIndex((s) => s.seriesId === frame.series);
  if (index === -1) {
    if (!info) return timelines;
    const created: SeriesTimeline = {
      seriesId: info.id,
      name: info.name,
      kind: info.kind,
      unit: info.unit,
      labels: info.labels,
      resolution: 'frames',
      points: [point],
      heatmap: { edges: [], per: 1, counts: [] },
    };
    return [...timelines, created];
  }
  const series = timelines[index]!;
  if (series.resolution !== 'frames' || series.points.some((p) => p.t === point.t)) return timelines;
  const points = [...series.points, point].sort((a, b) => a.t - b.t);
  return timelines.map((s, i) => (i === index ? { ...s, points } : s));
}

export function useLiveTimelines(
  initial: SeriesTimeline[],
  live: { url: string; token: string | null } | null,
): SeriesTimeline[] {
  const [timelines, setTimelines] = useState(initial);
  const router = useRouter();

  useEffect(() => setTimelines(initial), [initial]);

  useEffect(() => {
    if (!live) return;
    const url = live.token ? `${live.url}?token=${encodeURIComponent(live.token)}` : live.url;
    const source = new EventSource(url);
    const described = new Map<string, LiveSeries>();
    source.addEventListener('series', (event) => {
      const info = JSON.parse((event as MessageEvent<string>).data) as LiveSeries;
      described.set(info.id, info);
    });
    source.addEventListener('frame', (event) => {
      const frame = JSON.parse((event as MessageEvent<string>).data) as LiveFrame;
      setTimelines((current) => appendFrame(current, frame, described.get(frame.series)));
    });
    // Finished: reload for the heatmap and spectrum. Revoked (token revoked, membership removed,
    // project made private): stop, and reload so the page shows what the viewer may still see.
    for (const end of ['finished', 'revoked'])
      source.addEventListener(end, () => {
        source.close();
        router.refresh();
      });
    return () => source.close();
  }, [live, router]);

  return timelines;
}
