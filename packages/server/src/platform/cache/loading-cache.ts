/**
 * The rule the in-process caches that load from the database follow (lru-cache underneath; the shop
 * settings' one entry too): values are loaded on a miss,
 * a crowd missing one key shares one load (lru-cache's `fetchMethod`), and a change makes the cache
 * forget. The change count (the epoch) is what says "a change happened; answers loaded before it
 * must not be stored": a load that started before any `forget` hands its value to its callers and
 * keeps nothing, so no value older than the last change this process has seen survives it.
 */
import { LRUCache } from 'lru-cache';

/** Reads a value from where it lives (the database); a rejection is passed on and nothing is kept. */
export type Load<V> = () => Promise<V>;

export interface LoadingCacheOptions<V> {
  /** entries at most (the least recently used go first) */
  max: number;
  /** bytes at most, with `sizeOf` giving each value's; a value larger than this is never kept */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** how long a value is answered, counted from when its load started (another process's change shows within it) */
  ttl?: number;
  /** the clock of `ttl` (tests pass one they move by hand) */
  now?: () => number;
}

/** Lookups answered from memory (or joined to a load under way) and lookups that had to load, since start. */
export interface CacheCounts {
  hits: number;
  misses: number;
}

/** A bounded cache of loaded values, forgotten on change (see the file comment). Values are shared: treat them as read-only. */
export class LoadingCache<V extends {}> {
  readonly #lru: LRUCache<string, V, Load<V>>;
  readonly #now: () => number;
  #epoch = 0;
  // Two integers, not lru-cache's per-call status objects: counting must cost nothing on a hit.
  #lookups = 0;
  #misses = 0;

  constructor(private readonly options: LoadingCacheOptions<V>) {
    const { max, maxBytes, sizeOf, ttl } = options;
    this.#now = options.now ?? Date.now;
    this.#lru = new LRUCache<string, V, Load<V>>({
      max,
      ...(maxBytes && sizeOf ? { maxSize: maxBytes, sizeCalculation: (value: V) => Math.max(1, sizeOf(value)) } : {}),
      ...(ttl ? { ttl, ttlResolution: 0, perf: { now: this.#now } } : {}),
      // a load cut short by `forget` still answers its callers; lru-cache then keeps nothing
      ignoreFetchAbort: true,
      fetchMethod: (key, _stale, { context: load, options: fetchOptions, signal }) => this.#load(key, load, fetchOptions, signal),
    });
  }

  /** The value under `key`: from memory, joined to a load under way, or `load`ed and kept. */
  async get(key: string, load: Load<V>): Promise<V> {
    this.#lookups++;
    const value = await this.#lru.fetch(key, { context: load });
    // fetchMethod never answers undefined, and aborted loads are ignored (ignoreFetchAbort)
    if (value === undefined) throw new Error(`cache load of ${key} answered nothing`);
    return value;
  }

  /**
   * The value under `key`: at once when it is in memory (a hit costs no promise), else `get`'s
   * promise (joined to a load under way, or `load`ed and kept).
   */
  getOrLoad(key: string, load: Load<V>): V | Promise<V> {
    const held = this.#lru.get(key);
    if (held === undefined) return this.get(key, load);
    this.#lookups++;
    return held;
  }

  /** The value under `key` if it is in memory (no load). */
  peek(key: string): V | undefined {
    this.#lookups++;
    const value = this.#lru.get(key);
    if (value === undefined) this.#misses++;
    return value;
  }

  /** Hits and misses since start (for `/metrics`); a miss is a load, or a `peek` that found nothing. */
  get counts(): CacheCounts {
    return { hits: this.#lookups - this.#misses, misses: this.#misses };
  }

  /** The bytes held now, by `sizeOf` (0 without a byte bound). */
  get bytes(): number {
    return this.#lru.calculatedSize;
  }

  /**
   * For loads that do not go through `get` (several keys read in one query): call it before the load;
   * the function it answers keeps a loaded value unless a change happened since.
   */
  keeperSinceNow(): (key: string, value: V) => void {
    const epoch = this.#epoch;
    return (key, value) => {
      if (epoch === this.#epoch) this.#lru.set(key, value);
    };
  }

  /** A change touched `key`: it is forgotten, and no load under way (of any key) is kept. */
  forget(key: string): void {
    this.#epoch++;
    this.#lru.delete(key);
  }

  /** A change touched everything: all is forgotten, and no load under way is kept. */
  forgetAll(): void {
    this.#epoch++;
    this.#lru.clear();
  }

  /**
   * Awaits a write that changes what this cache holds, then forgets everything (so a load that ran
   * meanwhile is not kept either); also when the write failed, as one whose answer was lost may have committed.
   */
  async forgetAllAfter<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.forgetAll();
    }
  }

  /** How many values are in memory (expired ones included until they are read again or pushed out). */
  get size(): number {
    return this.#lru.size;
  }

  async #load(key: string, load: Load<V>, fetchOptions: LRUCache.FetcherFetchOptions<string, V, Load<V>>, signal: AbortSignal) {
    this.#misses++;
    const epoch = this.#epoch;
    const startedAt = this.#now();
    const value = await load();
    const { ttl } = this.options;
    // lru-cache answers a value until its age exceeds the ttl it was kept with; ours is answered while younger than `ttl`
    const ttlLeft = ttl ? ttl - (this.#now() - startedAt) - 1 : undefined;
    if (ttlLeft !== undefined) fetchOptions.ttl = ttlLeft;
    // Aborted: lru-cache already let go of this load (forgotten or pushed out) and keeps nothing.
    // Otherwise a change (to any key) or the age of what was read says it must not be kept.
    if (!signal.aborted && (epoch !== this.#epoch || (ttlLeft !== undefined && ttlLeft <= 0))) this.#lru.delete(key);
    return value;
  }
}
