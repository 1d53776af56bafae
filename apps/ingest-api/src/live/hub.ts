// In-process fan-out of live events to this instance's subscribers, formatted once per event
// as Server-Sent Events. Frames from this instance arrive straight from the hot path; frames
// from other instances arrive through the PostgreSQL listener (listener.ts).
import type { LiveViewer } from './access.ts';
import type { LiveFrame, RunFinishedStatus, SeriesInfo } from './messages.ts';

export interface LiveSink {
  write(text: string): void;
  end(): void;
}

interface Subscriber {
  sink: LiveSink;
  /** Whose stream this is: re-checked every few seconds (monitor.ts). */
  viewer: LiveViewer;
  /** Series already described to this subscriber; frames only carry the series id. */
  knownSeries: Set<string>;
}

/** Proxies drop idle streams after ~60 s; a comment line every 15 s keeps them open. */
const KEEP_ALIVE_MS = 15_000;

export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Told when a run gains its first subscriber here and when it loses its last (nats.ts). */
export interface RunWatcher {
  watch(runId: string): void;
  unwatch(runId: string): void;
}

export class LiveHub {
  /** Set when notices come per run (NATS); LISTEN receives every run's anyway. */
  watcher: RunWatcher | undefined;
  private readonly runs = new Map<string, Set<Subscriber>>();
  private subscriberCount = 0;
  private readonly keepAlive = setInterval(() => this.broadcast(': keep-alive\n\n'), KEEP_ALIVE_MS).unref();

  get size(): number {
    return this.subscriberCount;
  }

  hasSubscribers(runId: string): boolean {
    return this.runs.has(runId);
  }

  /** Returns the unsubscribe function. */
  subscribe(runId: string, sink: LiveSink, viewer: LiveViewer): () => void {
    const subscriber: Subscriber = { sink, viewer, knownSeries: new Set() };
    let set = this.runs.get(runId);
    if (!set) {
      set = new Set();
      this.runs.set(runId, set);
      this.watcher?.watch(runId);
    }
    set.add(subscriber);
    this.subscriberCount += 1;
    return () => this.remove(runId, set, subscriber);
  }

  private remove(runId: string, set: Set<Subscriber>, subscriber: Subscriber): void {
    if (!set.delete(subscriber)) return;
    this.subscriberCount -= 1;
    if (set.size === 0 && this.runs.get(runId) === set) {
      this.runs.delete(runId);
      this.watcher?.unwatch(runId);
    }
  }

  publishFrames(runId: string, series: SeriesInfo[], frames: LiveFrame[]): void {
    const subscribers = this.runs.get(runId);
    if (!subscribers || frames.length === 0) return;
    const framesText = frames.map((frame) => sseEvent('frame', frame)).join('');
    const used = new Set(frames.map((frame) => frame.series));
    const described = new Map<string, string>();
    for (const info of series) if (used.has(info.id)) described.set(info.id, sseEvent('series', info));
    for (const subscriber of subscribers) {
      let text = '';
      for (const [id, event] of described) {
        if (subscriber.knownSeries.has(id)) continue;
        subscriber.knownSeries.add(id);
        text += event;
      }
      subscriber.sink.write(text + framesText);
    }
  }

  /** The run is over: say so and end its streams (clients should not reconnect). */
  publishFinished(runId: string, status: RunFinishedStatus): void {
    const subscribers = this.runs.get(runId);
    if (!subscribers) return;
    const text = sseEvent('finished', { runId, status });
    for (const subscriber of [...subscribers]) {
      subscriber.sink.write(text);
      subscriber.sink.end();
    }
  }

  /** The runs watched on this instance, each with the viewers of its streams. */
  watched(): Map<string, LiveViewer[]> {
    return new Map(
      [...this.runs].map(([runId, subscribers]) => [runId, [...subscribers].map((s) => s.viewer)]),
    );
  }

  /**
   * Ends the streams of a run whose viewer `verdict` turns away, with a last `revoked` event
   * saying why (clients should not reconnect).
   */
  revoke(
    runId: string,
    verdict: (viewer: LiveViewer) => { reason: string; message: string } | undefined,
  ): void {
    const set = this.runs.get(runId);
    for (const subscriber of [...(set ?? [])]) {
      const refusal = verdict(subscriber.viewer);
      if (!refusal) continue;
      // Gone at once, not when the socket closes: nothing more may reach this viewer.
      this.remove(runId, set!, subscriber);
      subscriber.sink.write(sseEvent('revoked', { runId, ...refusal }));
      subscriber.sink.end();
    }
  }

  /** Shutdown: tell every client to come back (to another instance) after retryMs. */
  closeAll(retryMs: number): void {
    clearInterval(this.keepAlive);
    const text = `retry: ${retryMs}\n${sseEvent('reconnect', { retryMs })}`;
    for (const subscribers of [...this.runs.values()]) {
      for (const subscriber of [...subscribers]) {
        subscriber.sink.write(text);
        subscriber.sink.end();
      }
    }
  }

  private broadcast(text: string): void {
    for (const subscribers of this.runs.values())
      for (const subscriber of subscribers) subscriber.sink.write(text);
  }
}
