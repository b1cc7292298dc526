/**
 * The unlocked write of a change of lines (add-to-cart, quantities, removals without an
 * Idempotency-Key). Why it exists: round trips, not SQL, are the cost of a cart write on small
 * machines (each wakes a database process; bench/api-cart), and a locked write takes at least five (BEGIN, the
 * locked read, the write, the event, COMMIT). Here the change is planned on the cart as one statement
 * read it, or as this process last saw it (known-carts.ts: then no read at all), and written by one
 * statement (`writeCartIfUnchanged`) that applies it, bumps the revision and records the event only
 * if the cart's revision is still the one planned on: a compare-and-swap, so no update is lost, as
 * under the lock. A write that lost the race plans again on a fresh read; the locked path takes over
 * when the cart does not exist yet, a member's visitor cart must be merged first, or other writes
 * keep winning.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import type { WireCart } from './answer-schemas.js';
import type { CartCatalogPort } from './catalog-port.js';
import type { KnownCarts } from './known-carts.js';
import { linesAfter } from './line-changes.js';
import type { CartAccess } from './owner.js';
import { memoizedCatalog } from './resolve-memo.js';
import { type CartRow, type LineRow, readCartWithLines, writeCartIfUnchanged } from './store.js';
import type { CartWrite } from './write-plan.js';

/** How many times an unlocked write plans again after another write changed the cart first, before the lock is taken. */
const ATTEMPTS = 3;

export interface UnlockedWriteDeps {
  db: Kysely<Database>;
  events: EventPublisher;
  catalog: CartCatalogPort;
  /** the carts this process last read or wrote, where a write starts when it has its cart */
  known: KnownCarts;
}

/** One change of lines for one caller. */
export interface UnlockedWrite {
  access: CartAccess;
  identity: EventIdentity;
  write: Extract<CartWrite, { kind: 'lines' }>;
  /** the view of the cart as written: the answer and the event's entity */
  view: (cart: CartRow, lines: LineRow[], catalog: CartCatalogPort) => Promise<WireCart>;
}

/**
 * Runs a change of lines without a lock. Answers the cart's new view, or undefined when the locked
 * path must do the write (nothing was written then).
 */
export async function writeLinesUnlocked(deps: UnlockedWriteDeps, change: UnlockedWrite): Promise<WireCart | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const outcome = await attemptOnce(deps, change);
    if (outcome === 'locked') return undefined;
    if (outcome !== 'changed') return outcome;
  }
  return undefined;
}

/** One plan and one compare-and-swap: the new view, 'changed' when another write came first, 'locked' when only the locked path can write. */
async function attemptOnce(deps: UnlockedWriteDeps, change: UnlockedWrite): Promise<WireCart | 'changed' | 'locked'> {
  const { key, owner, linkedVisitorId } = change.access;
  // a member with a visitor's cart to merge always reads (the read tells whether that cart still waits)
  const known = linkedVisitorId ? undefined : deps.known.get(key);
  const read = known ?? (await readCartWithLines(deps.db, owner, linkedVisitorId));
  if (!read || ('visitorCartWaiting' in read && read.visitorCartWaiting)) return 'locked';
  const { cart, lines } = read;
  const catalog = memoizedCatalog(deps.catalog);
  const writes = await change.write.plan({ executor: deps.db, cart, lines, catalog });
  const after: CartRow = { ...cart, revision: cart.revision + 1, updated_date: new Date() };
  const afterLines = linesAfter(lines, writes);
  const view = await change.view(after, afterLines, catalog);
  const event = deps.events.staged({ type: 'cart.updated', entityId: cart.id, entity: view, identity: change.identity });
  if (!(await writeCartIfUnchanged(deps.db, cart, writes, after.updated_date, event.ctes))) {
    deps.known.forget(key);
    return 'changed';
  }
  event.recorded();
  if (!linkedVisitorId) deps.known.remember(key, after, afterLines);
  return view;
}
