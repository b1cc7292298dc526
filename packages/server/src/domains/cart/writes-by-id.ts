/**
 * Writes to a cart named by its id rather than by its owner's request: what placing an order takes
 * out of the cart, and the coupon the checkout sets on it. Each takes the cart's lock, forgets the
 * cart's known copy (known-carts.ts), and publishes the event with the cart's view.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import type { CartViews } from './cart-view.js';
import type { CartCatalogPort } from './catalog-port.js';
import type { OrderRemoval } from './checkout-port.js';
import type { KnownCarts } from './known-carts.js';
import { linesAfter, NO_LINE_WRITES, planOrderedRemoval } from './line-changes.js';
import { accessOfCart, type CartAccess } from './owner.js';
import { type PreparationDeps, type Prepared, type ViewSettings, viewSettingsOf } from './prepared.js';
import { type CartRow, deleteCart, type LineRow, lockCartById, writeCart } from './store.js';

export interface CartWritesByIdDeps {
  db: Kysely<Database>;
  events: EventPublisher;
  catalog: CartCatalogPort;
  views: CartViews;
  /** the carts as last read or written by their owners' requests */
  known: KnownCarts;
  preparation: PreparationDeps;
}

export class CartWritesById {
  constructor(private readonly deps: CartWritesByIdDeps) {}

  /** The removal of ordered lines, with the view settings read now (before the placement's transaction). */
  async orderRemoval(): Promise<OrderRemoval> {
    const answered = await viewSettingsOf(this.deps.preparation);
    return { removeOrdered: (trx, cartId, ordered, who) => this.removeOrdered(trx, cartId, ordered, who, answered) };
  }

  /** Sets (or, with null, removes) the cart's coupon; nothing when it has that coupon already. */
  async setCoupon(cartId: string, couponId: string | null, who: EventIdentity): Promise<void> {
    const answered = await viewSettingsOf(this.deps.preparation);
    await transaction(this.deps.db, async (trx) => {
      const locked = await lockCartById(trx, cartId);
      if (!locked || locked.cart.coupon_id === couponId) return;
      const access = accessOfCart(locked.cart);
      this.deps.known.forget(access.key);
      const updated = await writeCart(trx, cartId, NO_LINE_WRITES, { coupon_id: couponId });
      await this.publishUpdated(trx, updated, locked.lines, { access, ...answered, who });
    });
  }

  /** See `OrderRemoval.removeOrdered`: under the cart's lock, the ordered quantities out, the revision bumped, the event. */
  private async removeOrdered(
    trx: Transaction<Database>,
    cartId: string,
    ordered: readonly { lineItemId: string; quantity: number }[],
    who: EventIdentity,
    answered: ViewSettings,
  ): Promise<boolean> {
    const locked = await lockCartById(trx, cartId);
    const writes = locked && planOrderedRemoval(locked.lines, ordered);
    if (!locked || !writes) return false;
    const { cart, lines } = locked;
    const access = accessOfCart(cart);
    this.deps.known.forget(access.key);
    const after = linesAfter(lines, writes);
    if (after.length === 0) {
      await deleteCart(trx, cart.id);
      await this.deps.events.publish(trx, { type: 'cart.deleted', entityId: cart.id, identity: who });
      return true;
    }
    // the rest of the cart is no longer checked out: a new checkout starts from it
    const updated = await writeCart(trx, cart.id, writes, { checkout_id: null });
    await this.publishUpdated(trx, updated, after, { access, ...answered, who });
    return true;
  }

  /** `cart.updated` with the view of a cart written by id (not by its owner's request). */
  private async publishUpdated(
    trx: Transaction<Database>,
    cart: CartRow,
    lines: LineRow[],
    settings: ViewSettings & { access: CartAccess; who: EventIdentity },
  ): Promise<void> {
    const prepared: Prepared = { ...settings, coupons: new Map(), mergePending: false };
    const view = await this.deps.views.viewAfter(trx, cart, lines, prepared, this.deps.catalog);
    await this.deps.events.publish(trx, { type: 'cart.updated', entityId: cart.id, entity: view, identity: settings.who });
  }
}
