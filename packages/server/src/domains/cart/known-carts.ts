/**
 * The carts this process last read or wrote, by owner: an unlocked write plans on the remembered cart
 * instead of reading it again, which makes a warm add-to-cart one statement (bench/api-cart). Safe
 * because that statement is a compare-and-swap on the revision (`writeCartIfUnchanged`): a remembered
 * cart that is no longer current (another process, a locked write here) changes nothing, is forgotten,
 * and the write reads the cart and plans again. Reads never answer from here: another process may have
 * changed the cart. Entries are frozen (requests share them) and bounded.
 */
import { LRUCache } from 'lru-cache';
import type { CartRow, LineRow } from './store.js';

/** A cart and its lines at one revision. */
export interface KnownCart {
  cart: CartRow;
  lines: readonly LineRow[];
}

/** How many carts are remembered (the least recently used go first). */
const MAX_CARTS = 2_000;
/** Carts with more lines than this are not remembered (memory). */
const MAX_LINES_KEPT = 100;

export class KnownCarts {
  private readonly carts: LRUCache<string, KnownCart>;

  /** `maxCarts`: how many carts at most (the least recently used go first). */
  constructor(maxCarts = MAX_CARTS) {
    this.carts = new LRUCache({ max: maxCarts });
  }

  /** The owner's cart as last seen here (now the most recently used), if any. */
  get(ownerKey: string): KnownCart | undefined {
    return this.carts.get(ownerKey);
  }

  /** Remembers the owner's cart at one revision: `lines` must be its lines at `cart.revision`. */
  remember(ownerKey: string, cart: CartRow, lines: readonly LineRow[]): void {
    if (lines.length > MAX_LINES_KEPT) {
      this.forget(ownerKey);
      return;
    }
    this.carts.set(
      ownerKey,
      Object.freeze({ cart: Object.freeze({ ...cart }), lines: Object.freeze(lines.map((line) => Object.freeze({ ...line }))) }),
    );
  }

  forget(ownerKey: string): void {
    this.carts.delete(ownerKey);
  }

  get size(): number {
    return this.carts.size;
  }
}
