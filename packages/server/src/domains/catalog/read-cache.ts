/**
 * The hot-read cache of the catalogue (issue #4 "Benchmark": cache what is safe to cache, invalidated
 * by the outbox). It keeps SHOPPER answers as the JSON bytes the routes send: product by id,
 * collection by slug or id, and product queries; merchant answers are never cached. Bounded (LRU by
 * entries and bytes), and dropped whenever the catalogue changes:
 * - in this process, by every `product.*` / `collection.*` event recorded through the app's event
 *   publisher, whoever publishes it (`follow`: catalogue writes, the checkout's stock reservations…):
 *   at publish time and again right after the transaction commits (a reader may have read the old
 *   rows meanwhile: `onCommit`, which every transaction opened by `transaction()` runs once committed);
 * - in every process on one PostgreSQL, by `NOTIFY vitrine_catalog` (a trigger on the outbox,
 *   migration 0007, so any writer notifies and only on commit), listened to on a dedicated
 *   connection (`CatalogChangeListener`); while that connection is down the cache is off.
 * A fill that started before a change is not kept (the epoch), so no answer older than the last
 * change this process has seen survives it.
 */

import { onCommit } from '../../platform/db/transaction.js';
import { entityTypeOf } from '../events/event-types.js';
import type { EventPublisher } from '../events/publisher.js';
import { CatalogChangeListener, type ListenerLog } from './read-cache-listener.js';

/** Default number of entries per kind (`CATALOG_CACHE_SIZE`). */
export const DEFAULT_CACHE_ENTRIES = 10_000;
/** Memory bounds per kind, in bytes. */
const MAX_BYTES = { products: 64 << 20, collections: 8 << 20, queries: 32 << 20 };

/** A map of byte strings that forgets its least recently used entries beyond `maxEntries` or `maxBytes` in total. */
export class LruBytes {
  private readonly map = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The bytes under `key`, now the most recently used. */
  get(key: string): Buffer | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    this.delete(key);
    if (value.length > this.maxBytes || this.maxEntries <= 0) return;
    this.map.set(key, value);
    this.bytes += value.length;
    for (const [oldest, old] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= old.length;
    }
  }

  delete(key: string): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.bytes -= value.length;
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}

export interface CatalogCacheOptions {
  /** entries per kind; 0 turns the cache off */
  maxEntries: number;
  /** the PostgreSQL URL when several processes may share the database: listen for their changes */
  sharedDatabaseUrl?: string;
}

/** Where a product's cart data is kept (beside its shopper answer `p <id>`). */
const cartKey = (id: string) => `cart ${id.toLowerCase()}`;

/** Produces an answer's JSON bytes (throws for answers that are errors: those are not kept). */
export type Load = () => Promise<Buffer>;

/** The catalogue's shopper answers in memory (see the file comment for when they are dropped). */
export class CatalogCache {
  private readonly products: LruBytes;
  private readonly collections: LruBytes;
  private readonly queries: LruBytes;
  /** bumped by every change: a fill whose epoch is gone may hold old data */
  private epoch = 0;
  /** loads under way since the last change, joined by requests for the same answer (one database read for a crowd) */
  private readonly loading = new Map<string, Promise<Buffer>>();
  private on: boolean;
  private readonly listener?: CatalogChangeListener;

  constructor(private readonly o: CatalogCacheOptions) {
    this.products = new LruBytes(o.maxEntries, MAX_BYTES.products);
    this.collections = new LruBytes(o.maxEntries, MAX_BYTES.collections);
    this.queries = new LruBytes(o.maxEntries, MAX_BYTES.queries);
    // Alone on its database, this process sees every change; sharing one, only once it listens.
    this.on = o.maxEntries > 0 && !o.sharedDatabaseUrl;
    if (o.maxEntries > 0 && o.sharedDatabaseUrl) {
      this.listener = new CatalogChangeListener({
        url: o.sharedDatabaseUrl,
        onChange: (entity, id) => this.changed(entity, id),
        onListening: () => this.resume(),
        onLost: () => this.suspend(),
      });
    }
  }

  /** Whether answers are served from memory now. */
  get active(): boolean {
    return this.on;
  }

  /** Starts listening for other processes' changes (shared database); the cache is off until then. */
  async start(log?: ListenerLog): Promise<void> {
    await this.listener?.start(log);
  }

  async stop(): Promise<void> {
    this.suspend();
    await this.listener?.stop();
  }

  /** A visible product's shopper answer by (lower-case) id: from memory, or `load`ed and kept. */
  product(id: string, load: Load): Promise<Buffer> {
    return this.through(this.products, `p ${id}`, load);
  }

  /** A visible collection's shopper answer; `key` names the reader era and the slug or id. */
  collection(key: string, load: Load): Promise<Buffer> {
    return this.through(this.collections, `c ${key}`, load);
  }

  /** A product query's shopper answer; `key` is the validated request. */
  query(key: string, load: Load): Promise<Buffer> {
    return this.through(this.queries, `q ${key}`, load);
  }

  /**
   * Visible products as the cart reads them (`cart-items.ts`), by id: those in memory, the others
   * `load`ed in one go (keyed by their lower-case id) and kept unless `keep` is false (rows read
   * inside a transaction may be its own writes). Kept beside the product's shopper answer and
   * forgotten with it.
   */
  async cartProducts(
    ids: readonly string[],
    load: (missing: string[]) => Promise<Map<string, Buffer>>,
    keep = true,
  ): Promise<Map<string, Buffer>> {
    if (!this.on) return load([...ids]);
    const found = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.products.get(cartKey(id));
      if (hit !== undefined) found.set(id, hit);
      else missing.push(id);
    }
    if (!missing.length) return found;
    const epoch = this.epoch;
    for (const [id, bytes] of await load(missing)) {
      found.set(id, bytes);
      if (keep && this.on && epoch === this.epoch) this.products.set(cartKey(id), bytes);
    }
    return found;
  }

  private through(lru: LruBytes, key: string, load: Load): Promise<Buffer> {
    if (!this.on) return load();
    const hit = lru.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    const loaded = load().then(
      (bytes) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        if (this.on && epoch === this.epoch) lru.set(key, bytes);
        return bytes;
      },
      // Errors (not found, hidden) are not kept.
      (e: unknown) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        throw e;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }

  /**
   * Forgets what a change to one entity may have made stale: the product's answer (every product
   * answer for a collection change), every collection answer (their `numberOfProducts` counts visible
   * members) and every query answer.
   */
  changed(entity: string, id: string): void {
    this.epoch++;
    // A load under way may have read the old rows: later requests must not join it.
    this.loading.clear();
    this.queries.clear();
    this.collections.clear();
    if (entity === 'product') {
      this.products.delete(`p ${id.toLowerCase()}`);
      this.products.delete(cartKey(id));
    }
    // Collection answers are all gone. Shoppers' product answers name the visible collections only,
    // so hiding, showing or deleting a collection changes them too (collection changes are rare);
    // anything else: forget everything.
    else this.products.clear();
  }

  /** Forgets everything. */
  clear(): void {
    this.epoch++;
    this.loading.clear();
    this.products.clear();
    this.collections.clear();
    this.queries.clear();
  }

  /** Stops serving from memory (changes may be missed) and forgets everything. */
  private suspend(): void {
    this.on = false;
    this.clear();
  }

  /** Serves from memory again, starting empty (changes made while suspended are unknown). */
  private resume(): void {
    this.clear();
    this.on = this.o.maxEntries > 0;
  }

  /**
   * Hears every event `events` records, whoever publishes it: a product or collection event forgets
   * the entity's answers at once (fills already under way are not kept) and again after its
   * transaction commits (readers on other connections saw the old rows until then). Other events
   * (carts, orders…) leave the catalogue's answers alone. The app's cache follows the app's publisher.
   */
  follow(events: Pick<EventPublisher, 'observe'>): void {
    events.observe((trx, event) => {
      const entity = entityTypeOf(event.type);
      if (!CATALOG_ENTITIES.has(entity)) return;
      this.changed(entity, event.entityId);
      // recorded by a transaction still open: forget again once it commits (readers meanwhile saw the old rows)
      if (trx) onCommit(trx, () => this.changed(entity, event.entityId));
    });
  }

  /**
   * The publisher as it is: kept for callers written before `follow`, which now hears every event of
   * the app's publisher (wrapping it again would only forget twice).
   * @deprecated publish through `services.events`
   */
  invalidating<P extends Pick<EventPublisher, 'publish'>>(events: P): P {
    return events;
  }
}

/** The entity kinds whose events change what the cache holds. */
const CATALOG_ENTITIES = new Set(['product', 'collection']);
