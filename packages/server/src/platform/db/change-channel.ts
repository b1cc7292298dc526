/**
 * How every process on one PostgreSQL database hears that another one changed something its
 * in-process caches hold (#23): one `LISTEN` connection per process (a pooled one could be handed to a
 * query), whatever the number of caches; each cache subscribes to its topic. A writer `announce`s a
 * change inside its transaction (`pg_notify` is transactional: listeners hear it only once the write
 * commits, and never when it rolls back).
 *
 * Two PostgreSQL channels carry the topics: `vitrine_changes` (payload `<topic>:<key>`, sent by
 * `announce`) and `vitrine_catalog` (payload `<entity type>:<entity id>`, sent by the event outbox's
 * trigger, migration 0007, and by bulk loads), heard as the topic `catalog`.
 *
 * On the embedded database there is no channel to open and nothing to announce: one process holds the
 * data directory (its lock, `cli/data-dir-lock.ts`), so the in-process forgetting each cache does on
 * its own writes is all there is to do. `services.ts` decides which by the database's kind.
 *
 * When the connection drops, changes may be missed: subscribers are told (`lost`), the channel
 * reconnects with backoff and tells them again when it listens (`listening`).
 */
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

/** The channel the outbox trigger (migration 0007) and bulk loads notify on; heard as the topic `catalog`. */
export const CATALOG_CHANNEL = 'vitrine_catalog';
/** The channel `announce` notifies on, payload `<topic>:<key>`. */
const CHANGES_CHANNEL = 'vitrine_changes';

const RETRY_MS = { first: 500, max: 30_000 };

/** What a cache does when its topic is announced, and when the channel's state changes. */
export interface ChangeSubscriber {
  /** `key` is what the writer named (may be empty: everything of the topic) */
  changed(key: string): void;
  /** listening (again): from now on no committed change is missed */
  listening?(): void;
  /** the connection is gone: changes may be missed until `listening` */
  lost?(): void;
}

/** Where a lost connection is reported (the app's logger). */
export interface ChannelLog {
  warn(fields: object, message: string): void;
}

export class ChangeChannel {
  private client?: pg.Client;
  private stopped = true;
  private retry?: NodeJS.Timeout;
  private delay = RETRY_MS.first;
  private log?: ChannelLog;
  private readonly subscribers = new Map<string, ChangeSubscriber[]>();

  /** `url`: the PostgreSQL database this process shares with others; none: the process is alone on its database. */
  constructor(private readonly url?: string) {}

  /** Whether other processes may change the database (so caches must hear them, and writers announce). */
  get shared(): boolean {
    return this.url !== undefined;
  }

  /** Calls `subscriber` on each change of `topic` any process announces (nothing on an unshared database). */
  subscribe(topic: string, subscriber: ChangeSubscriber): void {
    this.subscribers.set(topic, [...(this.subscribers.get(topic) ?? []), subscriber]);
  }

  /**
   * Tells every process (this one included) that `topic` changed, once `db`'s transaction commits.
   * Call it inside the writing transaction. Nothing to do on an unshared database.
   */
  async announce(db: Kysely<Database>, topic: string, key = ''): Promise<void> {
    if (!this.shared) return;
    await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`${topic}:${key}`})`.execute(db);
  }

  /** Connects and listens (shared database only); a failure is retried in the background (subscribers were told `lost`). */
  async start(log?: ChannelLog): Promise<void> {
    if (!this.url || !this.stopped) return;
    this.log = log;
    this.stopped = false;
    await this.connect(this.url);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private tell(topic: string, what: (subscriber: ChangeSubscriber) => void): void {
    for (const subscriber of this.subscribers.get(topic) ?? []) what(subscriber);
  }

  private tellAll(what: (subscriber: ChangeSubscriber) => void): void {
    for (const topic of this.subscribers.keys()) this.tell(topic, what);
  }

  private heard(channel: string, payload: string): void {
    if (channel === CATALOG_CHANNEL) {
      this.tell('catalog', (subscriber) => subscriber.changed(payload));
      return;
    }
    if (channel !== CHANGES_CHANNEL) return;
    const colon = payload.indexOf(':');
    const topic = colon < 0 ? payload : payload.slice(0, colon);
    this.tell(topic, (subscriber) => subscriber.changed(colon < 0 ? '' : payload.slice(colon + 1)));
  }

  private async connect(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (notification) => this.heard(notification.channel, notification.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      if (this.stopped || this.client !== client) return;
      this.delay = RETRY_MS.first;
      this.tellAll((subscriber) => subscriber.listening?.());
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  /** The listening connection failed or ended: report it once, and reconnect unless stopped. */
  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.tellAll((subscriber) => subscriber.lost?.());
    client.end().catch(() => {});
    if (this.stopped || !this.url) return;
    this.log?.warn(
      { err: error?.message },
      `lost the ${CHANGES_CHANNEL} listener (caches may miss other processes' changes), reconnecting`,
    );
    const url = this.url;
    this.retry = setTimeout(() => void this.connect(url), this.delay);
    this.delay = Math.min(this.delay * 2, RETRY_MS.max);
  }
}
