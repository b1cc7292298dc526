/**
 * Pricing configuration remembered for a moment: the tax settings, and the shipping regions and tax
 * rates of a country. Cart answers (estimate-totals, the cart's own totals) read them on every
 * request, and a round trip per request for rows that change a few times a year is what kept the
 * cart slow (bench/api-cart, #5). This process forgets them at once when it changes them (the admins
 * call `forget`); another process on the same PostgreSQL (a second server, the CLI) is seen within
 * `MAX_AGE_MS`. Checkout and order totals never use a memo: money that is charged is computed from
 * the stored rows.
 */

/** How stale a remembered value may be (another process's change is seen within this). */
export const MAX_AGE_MS = 1000;

/** How many keys one memo holds at most: keys come from shoppers' addresses, so any string can be one. */
export const MAX_KEYS = 2000;

interface Entry<V> {
  value: V;
  readAt: number;
}

/**
 * Values by key, each answered again until it is `MAX_AGE_MS` old. Holding more than `maxKeys`
 * drops the one read from the database longest ago. Values are shared between callers: treat them as read-only.
 */
export class RecentMemo<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** bumped by `forget`: a read that started before a change is not remembered */
  private epoch = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** The value remembered under `key`, or a fresh one from `read` when none is younger than `MAX_AGE_MS`. */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.readAt < MAX_AGE_MS) return entry.value;
    const epoch = this.epoch;
    const startedAt = this.now();
    const value = await read();
    if (epoch === this.epoch) this.remember(key, { value, readAt: startedAt });
    return value;
  }

  /** The configuration changed here: every next read goes to the database. */
  forget(): void {
    this.entries.clear();
    this.epoch++;
  }

  /**
   * Awaits a write that changes what this memo holds, then forgets (so a read that started before it
   * is not remembered either); also when the write failed, as one whose answer was lost may have committed.
   */
  async forgetAfter<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.forget();
    }
  }

  /** How many keys are remembered (expired ones included until they are read again or dropped). */
  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, entry: Entry<V>): void {
    // A Map iterates in insertion order: re-inserting moves the key last, so the first is the oldest read.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
  }
}
