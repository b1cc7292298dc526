/**
 * The hot-read cache of the catalogue (issue #4 "Benchmark": cache what is safe to cache, invalidated
 * by the outbox). It keeps SHOPPER answers as the JSON bytes the routes send: product by id,
 * collection by slug or id, product and collection queries, and option availabilities; merchant answers are never cached. Beside them, the
 * visible products as carts read them (`cart-items.ts`), as frozen objects, and the shop's own words
 * (which come with products and collections) as search reads them: corrections of typed words and
 * completions of the word being typed; and how many products are visible (search's sampled
 * listings). Each kind is a `LoadingCache` (lru-cache, bounded by entries and bytes), and all are
 * dropped whenever the catalogue changes:
 * - in this process, by every `product.*` / `collection.*` event recorded through the app's event
 *   publisher, whoever publishes it (`follow`: catalogue writes, the checkout's stock reservations…):
 *   at publish time and again right after the transaction commits (a reader may have read the old
 *   rows meanwhile: `onCommit`, which every transaction opened by `transaction()` runs once committed);
 * - in every process on one PostgreSQL, by `NOTIFY vitrine_catalog` (a trigger on the outbox,
 *   migration 0007, so any writer notifies and only on commit), heard through the process's change
 *   channel (`platform/db/change-channel.ts`, topic `catalog`); while its connection is down the cache is off.
 * A fill that started before a change is not kept (`LoadingCache`'s epoch), so no answer older than
 * the last change this process has seen survives it.
 */

import { type CacheCounts, type Load, LoadingCache } from '../../platform/cache/loading-cache.js';
import type { ChangeChannel } from '../../platform/db/change-channel.js';
import { onCommit } from '../../platform/db/transaction.js';
import { entityTypeOf } from '../events/event-types.js';
import type { EventPublisher } from '../events/publisher.js';
import type { CartProduct } from './cart-product.js';

/** Default number of entries per kind (`CATALOG_CACHE_SIZE`). */
export const DEFAULT_CACHE_ENTRIES = 10_000;
/**
 * Default memory bound of the four kinds together, in bytes (`CATALOG_CACHE_MB`): a full cache is part of
 * a process's resident memory (docs/DEPLOY.md, "Memory"); 16 MiB of product answers hold ~7,000 products
 * of the demo shop's size (2.3 kB each).
 */
const DEFAULT_CACHE_BYTES = 32 << 20;
/** Each kind's share of the bound, in sixteenths (a cart product is counted as its JSON text). */
const SIXTEENTHS = { products: 8, queries: 4, cartProducts: 3, collections: 1 };

export interface CatalogCacheOptions {
  /** entries per kind; 0 turns the cache off */
  maxEntries: number;
  /** bytes of the four kinds together (absent: DEFAULT_CACHE_BYTES) */
  maxBytes?: number;
  /**
   * Told of every catalogue change the cache hears (this process's and, through NOTIFY, others'),
   * and when its listener is back after missing some: the replica routing, so that no answer read
   * from a replica that has not replayed the change is served or kept (`ReplicaReads.catalogChanged`).
   */
  onChange?: () => void;
  /** the process's change channel: on a shared database, the cache serves from memory only while it listens */
  changes?: ChangeChannel;
}

/** The catalogue's shopper answers in memory (see the file comment for when they are dropped). */
export class CatalogCache {
  /**
   * Shopper answers as the JSON bytes the route's serializer made of them: a hit is sent as it is,
   * without serializing the same answer again (the serializer's output, made once per fill).
   */
  private readonly products: LoadingCache<Buffer>;
  private readonly collections: LoadingCache<Buffer>;
  private readonly queries: LoadingCache<Buffer>;
  /** the products carts read, by lower-case id: objects, as every cart answer prices all its lines */
  private readonly cartProducts: LoadingCache<CartProduct>;
  /** the shop's words as search reads them (corrections of typed words, completions of the word being typed): a few each, bounded by entries alone */
  private readonly searchWords: LoadingCache<readonly string[]>;
  /** how many products are visible, as search's sampled listings scale their counts by it (one entry) */
  private readonly visibleProducts: LoadingCache<number>;
  private on: boolean;

  constructor(private readonly options: CatalogCacheOptions) {
    const max = Math.max(1, options.maxEntries);
    const share = (kind: keyof typeof SIXTEENTHS) => Math.floor(((options.maxBytes ?? DEFAULT_CACHE_BYTES) * SIXTEENTHS[kind]) / 16);
    const bytes = (maxBytes: number) => new LoadingCache<Buffer>({ max, maxBytes, sizeOf: (answer) => answer.length });
    this.products = bytes(share('products'));
    this.collections = bytes(share('collections'));
    this.queries = bytes(share('queries'));
    this.cartProducts = new LoadingCache({ max, maxBytes: share('cartProducts'), sizeOf: (product) => JSON.stringify(product).length });
    this.searchWords = new LoadingCache({ max });
    this.visibleProducts = new LoadingCache({ max: 1 });
    // Alone on its database, this process sees every change; sharing one, only once it listens.
    const shared = options.changes?.shared === true;
    this.on = options.maxEntries > 0 && !shared;
    if (options.maxEntries > 0 && shared) {
      options.changes?.subscribe('catalog', {
        // the outbox trigger's payload: `<entity type>:<entity id>`
        changed: (payload) => {
          const colon = payload.indexOf(':');
          this.changed(colon < 0 ? payload : payload.slice(0, colon), colon < 0 ? '' : payload.slice(colon + 1));
        },
        listening: () => this.resume(),
        lost: () => this.suspend(),
      });
    }
  }

  /** Whether answers are served from memory now. */
  get active(): boolean {
    return this.on;
  }

  /** Stops serving from memory (the app closes). */
  stop(): void {
    this.suspend();
  }

  /** A visible product's shopper answer by (lower-case) id: from memory (at once), or `load`ed and kept. */
  product(id: string, load: Load<Buffer>): Buffer | Promise<Buffer> {
    return this.through(this.products, id, load);
  }

  /** A shopper's collection answer: one visible collection (`key` names the reader era and the slug or id) or a collection query (`key` names the query). */
  collection(key: string, load: Load<Buffer>): Buffer | Promise<Buffer> {
    return this.through(this.collections, key, load);
  }

  /** A shopper's answer of a product query (`key`: the validated request) or of an option availability (`key` names the product and the selection). */
  query(key: string, load: Load<Buffer>): Buffer | Promise<Buffer> {
    return this.through(this.queries, key, load);
  }

  /**
   * Visible products as the cart reads them (`cart-items.ts`), by id: those in memory, the others
   * `load`ed in one go (keyed by their lower-case id) and kept unless `keep` is false (rows read
   * inside a transaction may be its own writes). Forgotten with the product's shopper answer.
   */
  cartProductsById(
    ids: readonly string[],
    load: (missing: string[]) => Promise<Map<string, CartProduct>>,
    keep = true,
  ): Promise<Map<string, CartProduct>> {
    return this.manyThrough(this.cartProducts, ids, load, keep);
  }

  /**
   * The shop's words as search reads them, by the service's key (corrections of a typed word,
   * `findCorrections`; completions of the word being typed, `findCompletions`): those in memory, the
   * others `load`ed in one go and kept. Forgotten on every catalogue change, which is when the words
   * they come from change.
   */
  searchWordsOf(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, readonly string[]>>,
  ): Promise<Map<string, readonly string[]>> {
    return this.manyThrough(this.searchWords, keys, load, true);
  }

  /** How many products are visible (search's `countVisibleProducts`): from memory, or `load`ed and kept until the catalogue changes. */
  visibleProductCount(load: Load<number>): number | Promise<number> {
    return this.on ? this.visibleProducts.getOrLoad('visible', load) : load();
  }

  private async manyThrough<V extends {}>(
    cache: LoadingCache<V>,
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
    keep: boolean,
  ): Promise<Map<string, V>> {
    if (!this.on) return load([...keys]);
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const key of keys) {
      const hit = cache.peek(key);
      if (hit !== undefined) found.set(key, hit);
      else missing.push(key);
    }
    if (!missing.length) return found;
    const keepLoaded = cache.keeperSinceNow();
    for (const [key, value] of await load(missing)) {
      found.set(key, value);
      if (keep) keepLoaded(key, value);
    }
    return found;
  }

  private through(cache: LoadingCache<Buffer>, key: string, load: Load<Buffer>): Buffer | Promise<Buffer> {
    return this.on ? cache.getOrLoad(key, load) : load();
  }

  /**
   * Forgets what a change to one entity may have made stale: the product's answers (every product
   * answer for a collection change), every collection answer (their `numberOfProducts` counts visible
   * members) and every query answer. Loads under way are not kept, nor joined by later requests.
   */
  changed(entity: string, id: string): void {
    // before forgetting: a fill that starts after this reads the primary until the replica has the change
    this.options.onChange?.();
    this.queries.forgetAll();
    this.collections.forgetAll();
    this.searchWords.forgetAll();
    this.visibleProducts.forgetAll();
    if (entity === 'product') {
      this.products.forget(id.toLowerCase());
      this.cartProducts.forget(id.toLowerCase());
      return;
    }
    // Shoppers' product answers name the visible collections only, so hiding, showing or deleting a
    // collection changes them too (collection changes are rare); anything else: forget everything.
    this.products.forgetAll();
    this.cartProducts.forgetAll();
  }

  /** The bytes each kind holds now (as counted against its bound). */
  bytes(): Record<string, number> {
    const { products, collections, queries, cartProducts } = this;
    return { products: products.bytes, collections: collections.bytes, queries: queries.bytes, cart_products: cartProducts.bytes };
  }

  /** Hits and misses of each kind since start (for `/metrics`). */
  counts(): Record<string, CacheCounts> {
    const { products, collections, queries, cartProducts, searchWords, visibleProducts } = this;
    return {
      products: products.counts,
      collections: collections.counts,
      queries: queries.counts,
      cart_products: cartProducts.counts,
      search_words: searchWords.counts,
      visible_products: visibleProducts.counts,
    };
  }

  /** Forgets everything. */
  clear(): void {
    for (const cache of [this.products, this.collections, this.queries, this.cartProducts, this.searchWords, this.visibleProducts]) {
      cache.forgetAll();
    }
  }

  /** Stops serving from memory (changes may be missed) and forgets everything. */
  private suspend(): void {
    this.on = false;
    this.clear();
  }

  /** Serves from memory again, starting empty (changes made while suspended are unknown). */
  private resume(): void {
    // changes made while not listening are unknown: the replica must catch up with the primary's present
    this.options.onChange?.();
    this.clear();
    this.on = this.options.maxEntries > 0;
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
}

/** The entity kinds whose events change what the cache holds. */
const CATALOG_ENTITIES = new Set(['product', 'collection']);
