// Cross-instance live delivery over PostgreSQL (the default): one dedicated connection LISTENs
// for the notice each batch sends (notifier.ts) and hands it to the relay (relay.ts). With
// LEVELFIELD_NATS_URL set, NATS carries the notices instead (nats.ts).
import pg from 'pg';
import { errorMessage } from '../db.ts';
import { FRAMES_CHANNEL } from './messages.ts';
import type { NoticeRelay } from './relay.ts';

const RECONNECT_MS = 1000;

export class NoticeListener {
  private client: pg.Client | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      url: string;
      relay: NoticeRelay;
      log: (message: string) => void;
    },
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('notification', (message) => this.options.relay.handle(message.payload));
    client.on('error', (error) => this.reconnect(client, error));
    client.on('end', () => this.reconnect(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${FRAMES_CHANNEL}`);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.options.relay.settled();
    await this.client?.end().catch(() => {});
  }

  private reconnect(client: pg.Client, error: unknown): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.options.log(`live: lost the LISTEN connection (${errorMessage(error)}); reconnecting`);
    client.end().catch(() => {});
    const retry = () => {
      if (this.stopped) return;
      this.start().catch(() => setTimeout(retry, RECONNECT_MS).unref());
    };
    setTimeout(retry, RECONNECT_MS).unref();
  }
}
