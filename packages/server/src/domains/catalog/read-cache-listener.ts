/**
 * Hears catalogue changes committed by any process on the same PostgreSQL database: `LISTEN
 * vitrine_catalog` on a dedicated connection (a pooled one could be handed to a query). The payload
 * is `<entity type>:<entity id>` (migration 0007's trigger on the event outbox). When the connection
 * drops, changes may be missed: the owner is told (`onLost`) and the listener reconnects with backoff.
 */
import pg from 'pg';

/** The channel the outbox trigger notifies on. */
export const CATALOG_CHANNEL = 'vitrine_catalog';

const RETRY_MS = { first: 500, max: 30_000 };

export interface CatalogChangeListenerOptions {
  url: string;
  onChange(entity: string, id: string): void;
  /** listening: from now on no committed change is missed */
  onListening(): void;
  /** the connection is gone: changes may be missed until `onListening` again */
  onLost(): void;
}

/** Where a lost connection is reported (the app's logger). */
export interface ListenerLog {
  warn(o: object, msg: string): void;
}

export class CatalogChangeListener {
  private client?: pg.Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private delay = RETRY_MS.first;
  private log?: ListenerLog;

  constructor(private readonly options: CatalogChangeListenerOptions) {}

  /** Connects and listens; a failure is retried in the background (the cache stays off meanwhile). */
  async start(log?: ListenerLog): Promise<void> {
    this.log = log;
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('notification', (m) => {
      if (m.channel !== CATALOG_CHANNEL) return;
      const payload = m.payload ?? '';
      const colon = payload.indexOf(':');
      this.options.onChange(colon < 0 ? payload : payload.slice(0, colon), colon < 0 ? '' : payload.slice(colon + 1));
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      if (this.stopped || this.client !== client) return;
      this.delay = RETRY_MS.first;
      this.options.onListening();
    } catch (e) {
      this.lost(client, e as Error);
    }
  }

  /** The listening connection failed or ended: report it once, and reconnect unless stopped. */
  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.options.onLost();
    client.end().catch(() => {});
    if (this.stopped) return;
    this.log?.warn({ err: error?.message }, `catalogue cache off: lost ${CATALOG_CHANNEL} listener, reconnecting`);
    this.retry = setTimeout(() => void this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, RETRY_MS.max);
  }
}
