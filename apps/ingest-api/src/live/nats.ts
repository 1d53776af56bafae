// Cross-instance live delivery over NATS, when LEVELFIELD_NATS_URL is set: past a few thousand
// batches per second PostgreSQL's NOTIFY (notifier.ts) serialises on a database-wide lock. The
// instance that stored a batch publishes its notice (messages.ts) after commit on the run's
// subject, `levelfield.frames.<runId>`; an instance subscribes to a run's subject only while it
// has viewers of that run, so unrelated runs stay off its wire, and hands what arrives to the
// relay (relay.ts), as LISTEN does. Core NATS delivers at most once: a notice lost in a
// reconnect loses a live update, never a frame (a viewer that reconnects reads what is stored).
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { errorMessage } from '../db.ts';
import type { NoticeRelay } from './relay.ts';

export const natsSubject = (runId: string) => `levelfield.frames.${runId}`;

export class NatsNotices {
  private readonly subscriptions = new Map<string, Subscription>();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly relay: NoticeRelay,
    private readonly log: (message: string) => void,
  ) {}

  /** Connects (and keeps reconnecting for as long as the process runs). */
  static async connect(
    url: string,
    relay: NoticeRelay,
    log: (message: string) => void,
  ): Promise<NatsNotices> {
    const connection = await connect({
      servers: url.split(','),
      name: 'levelfield-ingest',
      maxReconnectAttempts: -1,
    }).catch((error: unknown) => {
      throw new Error(`could not connect to NATS at ${url} (${errorMessage(error)})`);
    });
    return new NatsNotices(connection, relay, log);
  }

  /** After commit: the notice goes out on the run's subject (buffered by the client, not awaited). */
  publish(runId: string, payload: string): Promise<void> {
    try {
      this.connection.publish(natsSubject(runId), payload);
    } catch (error) {
      this.log(`live: a notice for other instances was not published on NATS (${errorMessage(error)})`);
    }
    return Promise.resolve();
  }

  /** This instance has a viewer of the run: receive its notices. */
  watch(runId: string): void {
    if (this.subscriptions.has(runId)) return;
    this.subscriptions.set(
      runId,
      this.connection.subscribe(natsSubject(runId), {
        callback: (error, message) => {
          if (error) this.log(`live: NATS subscription of run ${runId} failed (${errorMessage(error)})`);
          else this.relay.handle(message.string());
        },
      }),
    );
  }

  /** Its last viewer here left. */
  unwatch(runId: string): void {
    this.subscriptions.get(runId)?.unsubscribe();
    this.subscriptions.delete(runId);
  }

  /** Sends what is buffered, lets the subscriptions' messages in flight arrive, then disconnects. */
  async close(): Promise<void> {
    await this.connection.drain().catch(() => {});
    await this.relay.settled();
  }
}
