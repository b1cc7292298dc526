/**
 * The current cart: the caller's own cart, read and changed. Writes never lose an update:
 * - A change of lines only (add-to-cart, quantities, removals) without an Idempotency-Key runs
 *   unlocked: the cart and its lines are read in one statement, the change is planned on them, and
 *   one statement writes it only if the cart's revision is still the one read, bumping it and
 *   recording the event (a compare-and-swap; a write that lost the race plans again, and after a
 *   few tries takes the lock).
 * - Every other write is one transaction that first merges a member's visitor cart, then takes the
 *   cart's row lock (writers of one cart queue there), applies the change, bumps the revision and
 *   publishes the cart's event with its wire entity.
 * The tax settings are read before any transaction (PGlite has one connection; a copy up to a second
 * old, see pricing/deps.ts `PricingMemos`); the catalogue (kept in memory by the catalogue's cache, forgotten
 * when it changes) and the cart's coupon are read on the transaction while there is one.
 *
 * A write is data (`CartWrite`, write-plan.ts): a `lines` write may run unlocked (unlocked-write.ts,
 * which says why that path exists), a `cart` write always takes the lock. Either way the answer is
 * the view of what the write planned, built without reading the lines again; it is also the entity
 * of the write's event.
 *
 * The parts live beside it: what a request reads before its transaction (prepared.ts), the cart's
 * view (cart-view.ts), and writes to a cart named by id, not by its owner (writes-by-id.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Caller } from '../../platform/caller.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError } from '../../platform/errors.js';
import { runOnce } from '../../platform/idempotency/idempotency.js';
import { type EventIdentity, identityOf } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import { cartInfoPatch, maskedFields } from './cart-info.js';
import { type CartLine, isPayable, refOf } from './cart-lines.js';
import { CartViews } from './cart-view.js';
import type { CartCatalogPort } from './catalog-port.js';
import { checkoutContentOf } from './checkout-content.js';
import type { CartCaller, CartForCheckout, CartForCheckoutPort, OrderRemoval } from './checkout-port.js';
import { CartErrors } from './errors.js';
import { estimateTotals } from './estimate.js';
import { KnownCarts } from './known-carts.js';
import { linesAfter, type NewLine, NO_LINE_WRITES, planAdd, planQuantities, planRemove } from './line-changes.js';
import { catalogLinesOf, customLinesOf } from './line-inputs.js';
import type { DisplayCurrency, WireCart } from './line-view.js';
import { mergeVisitorCart } from './merge.js';
import { accessOf, customerOf, merchantFieldsOf, requireMerchantFor } from './owner.js';
import type { PaymentOptionsPort } from './payment-options-port.js';
import { linePaymentOptionOf, type Prepared, prepareRead, prepareWrite } from './prepared.js';
import type { PricingPort } from './pricing-port.js';
import { memoizedCatalog } from './resolve-memo.js';
import type { AddToCartBody, EstimateTotalsBody, UpdateCartBody } from './schemas.js';
import {
  type CartPatch,
  type CartRow,
  deleteCart,
  findCartById,
  findCartByOwner,
  insertCartIfAbsent,
  type LineRow,
  lockCartByOwner,
  lockCartWithLines,
  setCheckoutId,
  writeCart,
} from './store.js';
import { writeLinesUnlocked } from './unlocked-write.js';
import { type CartWrite, planOf } from './write-plan.js';
import { CartWritesById } from './writes-by-id.js';

export interface CartServiceDeps {
  db: Kysely<Database>;
  catalog: CartCatalogPort;
  pricing: PricingPort;
  events: EventPublisher;
  /** the shop currency (`config.catalog.currency`) */
  currency: string;
  display?: DisplayCurrency;
  /** how lines are paid (`paymentOption`); without it, FULL_PAYMENT_ONLINE */
  payments?: PaymentOptionsPort;
}

/** Who calls: any resolved caller (the service decides which have a current cart). */
export type AnyCaller = Caller | { kind: 'invalid' };

/** How a write runs: whether it may create the cart, and the Idempotency-Key it honours. */
interface WriteOptions {
  create: boolean;
  idempotency?: { operation: string; key: string | undefined; body: unknown };
}

const notFound = () => new DomainError(CartErrors.OWNED_CART_NOT_FOUND, { cartId: null });

/** The current cart's rules (spec §7 "Cart"). */
export class CartService implements CartForCheckoutPort {
  /** carts as last read or written here: where an unlocked write starts (see known-carts.ts) */
  private readonly known = new KnownCarts();
  private readonly views: CartViews;
  private readonly byId: CartWritesById;

  constructor(private readonly deps: CartServiceDeps) {
    this.views = new CartViews(deps);
    const { db, events, catalog } = deps;
    this.byId = new CartWritesById({ db, events, catalog, views: this.views, known: this.known, preparation: deps });
  }

  /**
   * The caller's cart.
   * @throws DomainError OWNED_CART_NOT_FOUND, UNAUTHENTICATED, PERMISSION_DENIED
   */
  async current(caller: AnyCaller): Promise<WireCart> {
    return (await this.priced(caller)).view;
  }

  /**
   * Adds catalogue lines (the same item again increments its line) and, for merchants, custom lines.
   * @throws DomainError ITEM_OUT_OF_STOCK, PERMISSION_DENIED (custom lines from a shopper), IDEMPOTENCY_KEY_REUSED
   */
  async addToCart(caller: AnyCaller, body: AddToCartBody, idempotencyKey?: string): Promise<WireCart> {
    const access = accessOf(caller);
    requireMerchantFor(access, merchantFieldsOf(body));
    const prepared = await prepareWrite(this.deps, access);
    const idempotency = { operation: 'cart.add-to-cart', key: idempotencyKey, body };
    return this.mutate(
      caller,
      prepared,
      { create: true, idempotency },
      {
        kind: 'lines',
        plan: async ({ executor, cart, lines, catalog }) => planAdd(cart.id, lines, await this.newLines(executor, catalog, body, lines)),
      },
    );
  }

  /**
   * Changes cart info, the coupon (an empty code removes it), merchant discounts, and adds lines.
   * @throws DomainError COUPON_* (pricing), PERMISSION_DENIED (merchant fields from a shopper), ITEM_OUT_OF_STOCK
   */
  async update(caller: AnyCaller, body: UpdateCartBody, cartFieldmask?: string): Promise<WireCart> {
    const access = accessOf(caller);
    requireMerchantFor(access, [...merchantFieldsOf(body), ...(body.merchantDiscounts ? ['merchantDiscounts'] : [])]);
    const prepared = await prepareRead(this.deps, access);
    const code = body.couponCode?.trim();
    let coupon: CartPatch = {};
    if (body.couponCode !== undefined) {
      const email = body.cartInfo?.buyerInfo?.email ?? prepared.before?.cart.email ?? undefined;
      const rule = code ? await this.deps.pricing.couponForCode(code, customerOf(access, email)) : undefined;
      if (rule) prepared.coupons.set(rule.id, rule);
      coupon = { coupon_id: rule?.id ?? null };
    }
    const mask = maskedFields(cartFieldmask);
    const discounts = body.merchantDiscounts?.map(({ amount, percentage, lineItemIds }) => ({
      ...(amount !== undefined ? { amount } : { percentage: String(percentage) }),
      ...(lineItemIds?.length ? { lineItemIds } : {}),
    }));
    const patch: CartPatch = {
      ...cartInfoPatch(body.cartInfo, mask),
      ...coupon,
      ...(discounts ? { merchant_discounts: JSON.stringify(discounts) } : {}),
    };
    return this.mutate(
      caller,
      prepared,
      { create: true },
      {
        kind: 'cart',
        plan: async ({ executor, cart, lines, catalog }) => ({
          lines: planAdd(cart.id, lines, await this.newLines(executor, catalog, body, lines)),
          cart: patch,
        }),
      },
    );
  }

  /** Removes lines by id. @throws DomainError OWNED_CART_NOT_FOUND, LINE_ITEM_NOT_FOUND */
  async removeLineItems(caller: AnyCaller, lineItemIds: string[]): Promise<WireCart> {
    const prepared = await prepareWrite(this.deps, accessOf(caller));
    return this.mutate(caller, prepared, { create: false }, { kind: 'lines', plan: async ({ lines }) => planRemove(lines, lineItemIds) });
  }

  /** Sets line quantities (0 removes the line). @throws DomainError OWNED_CART_NOT_FOUND, LINE_ITEM_NOT_FOUND */
  async updateQuantities(caller: AnyCaller, updates: { id: string; quantity: number }[]): Promise<WireCart> {
    const prepared = await prepareWrite(this.deps, accessOf(caller));
    return this.mutate(caller, prepared, { create: false }, { kind: 'lines', plan: async ({ lines }) => planQuantities(lines, updates) });
  }

  /** Removes the coupon. @throws DomainError OWNED_CART_NOT_FOUND */
  async removeCoupon(caller: AnyCaller): Promise<WireCart> {
    const prepared = await prepareWrite(this.deps, accessOf(caller));
    return this.mutate(
      caller,
      prepared,
      { create: false },
      { kind: 'cart', plan: async () => ({ lines: NO_LINE_WRITES, cart: { coupon_id: null } }) },
    );
  }

  /** Deletes the caller's cart. @throws DomainError OWNED_CART_NOT_FOUND */
  async remove(caller: AnyCaller): Promise<void> {
    const access = accessOf(caller);
    // A deletion answers nothing: no pricing to read; a pending merge is checked under the visitor cart's lock.
    const prepared: Prepared = { access, taxIncludedInPrices: false, coupons: new Map(), mergePending: Boolean(access.linkedVisitorId) };
    await transaction(this.deps.db, async (trx) => {
      await this.merge(trx, prepared, caller);
      const cart = await lockCartByOwner(trx, access.owner);
      if (!cart) throw notFound();
      await deleteCart(trx, cart.id);
      await this.publish(trx, 'cart.deleted', cart.id, undefined, caller);
    });
    this.known.forget(access.key);
  }

  /**
   * The caller's cart with its lines priced now (the estimate and the checkout start from it).
   * @throws DomainError OWNED_CART_NOT_FOUND
   */
  async priced(caller: AnyCaller): Promise<{ cart: CartRow; lines: CartLine[]; view: WireCart }> {
    const prepared = await prepareRead(this.deps, accessOf(caller));
    const answer = (cart: CartRow, lines: CartLine[]) => ({ cart, lines, view: this.views.viewOf(cart, lines, prepared) });
    // Nothing to merge: a plain read of the cart read before (no transaction, no lock).
    if (!prepared.mergePending) {
      if (!prepared.before) throw notFound();
      const { cart, lines } = prepared.before;
      if (!prepared.access.linkedVisitorId) this.known.remember(prepared.access.key, cart, lines);
      return answer(cart, await this.views.pricedLines(this.deps.db, cart, lines, this.deps.catalog));
    }
    return transaction(this.deps.db, async (trx) => {
      const merged = await this.merge(trx, prepared, caller);
      const cart = await findCartByOwner(trx, prepared.access.owner);
      if (!cart) throw notFound();
      const out = answer(cart, await this.views.linesOf(trx, cart));
      if (merged) await this.publish(trx, 'cart.updated', cart.id, out.view, caller);
      return out;
    });
  }

  /**
   * Totals of the caller's cart for an address, shipping option and memberships.
   * @throws DomainError OWNED_CART_NOT_FOUND
   */
  async estimate(caller: AnyCaller, body: NonNullable<EstimateTotalsBody>) {
    const [priced, linePaymentOption] = await Promise.all([this.priced(caller), linePaymentOptionOf(this.deps)]);
    return estimateTotals(this.deps.pricing, priced, body, this.deps.display, linePaymentOption);
  }

  async forCheckout(caller: CartCaller): Promise<CartForCheckout> {
    const { cart, lines } = await this.priced(caller);
    if (!lines.length) throw new DomainError(CartErrors.CART_EMPTY, { cartId: cart.id });
    const unavailable = lines.filter((line) => !isPayable(line)).map((line) => line.row.id);
    if (unavailable.length) throw new DomainError(CartErrors.ITEMS_UNAVAILABLE, { lineItemIds: unavailable });
    return checkoutContentOf(cart, lines);
  }

  async markCheckedOut(cartId: string, checkoutId: string): Promise<void> {
    await setCheckoutId(this.deps.db, cartId, checkoutId);
  }

  async contentIfChanged(cartId: string, revision: number): Promise<CartForCheckout | 'unchanged' | undefined> {
    const cart = await findCartById(this.deps.db, cartId);
    if (!cart) return undefined;
    if (cart.revision === revision) return 'unchanged';
    const lines = await this.views.linesOf(this.deps.db, cart);
    return checkoutContentOf(
      cart,
      lines.filter((line) => line.status !== 'NOT_FOUND'),
    );
  }

  async orderRemoval(): Promise<OrderRemoval> {
    return this.byId.orderRemoval();
  }

  /** Sets the coupon of a cart named by id (the checkout's coupon field). */
  async setCoupon(cartId: string, couponId: string | null, who: EventIdentity): Promise<void> {
    await this.byId.setCoupon(cartId, couponId, who);
  }

  // ---- the parts

  /** The lines of a request to add: catalogue lines resolved in one batch, then custom lines. */
  private async newLines(
    executor: Kysely<Database>,
    catalog: CartCatalogPort,
    body: AddToCartBody,
    cartLines: readonly LineRow[],
  ): Promise<NewLine[]> {
    const own = cartLines.filter((cartLine) => !cartLine.custom).map(refOf);
    return [
      ...(await catalogLinesOf(executor, catalog, body.lineItems, this.deps.currency, own)),
      ...customLinesOf(body.customLineItems, this.deps.currency),
    ];
  }

  /** A member's visitor cart, merged in; answers whether anything moved (events for the deleted cart published). */
  private async merge(trx: Transaction<Database>, prepared: Prepared, caller: AnyCaller): Promise<boolean> {
    const { owner, linkedVisitorId } = prepared.access;
    if (!prepared.mergePending || owner.kind !== 'member' || !linkedVisitorId) return false;
    const outcome = await mergeVisitorCart(trx, owner.memberId, linkedVisitorId);
    if (outcome.kind === 'merged') await this.publish(trx, 'cart.deleted', outcome.deletedCartId, undefined, caller);
    return outcome.kind !== 'none';
  }

  /**
   * One write: a change of lines without an Idempotency-Key first runs unlocked
   * (`writeLinesUnlocked`); every other write, and one the unlocked path hands back, under the lock.
   */
  private async mutate(caller: AnyCaller, prepared: Prepared, options: WriteOptions, write: CartWrite): Promise<WireCart> {
    if (write.kind === 'lines' && options.idempotency?.key === undefined) {
      const { db, events, catalog } = this.deps;
      const view = await writeLinesUnlocked(
        { db, events, catalog, known: this.known },
        {
          access: prepared.access,
          identity: identityOf(caller),
          write,
          view: (cart, lines, memo) => this.views.viewAfter(db, cart, lines, prepared, memo),
        },
      );
      if (view) return view;
    }
    return this.mutateLocked(caller, prepared, options, write);
  }

  /** One write under the cart's lock: merge, lock (creating the cart when asked), idempotency, plan, revision, event. */
  private async mutateLocked(caller: AnyCaller, prepared: Prepared, options: WriteOptions, write: CartWrite): Promise<WireCart> {
    const { owner, key } = prepared.access;
    // the cart as written, for the next unlocked write (unset when the answer was a stored replay)
    let written: { cart: CartRow; lines: LineRow[] } | undefined;
    const view = await transaction(this.deps.db, async (trx) => {
      await this.merge(trx, prepared, caller);
      let locked = await lockCartWithLines(trx, owner);
      const created = !locked;
      if (!locked) {
        if (!options.create) throw notFound();
        await insertCartIfAbsent(trx, owner, this.deps.currency);
        locked = await lockCartWithLines(trx, owner);
        if (!locked) throw new Error(`the cart of ${key} vanished under its lock`);
      }
      const { cart, lines } = locked;
      const { idempotency } = options;
      const scope = { owner: key, operation: idempotency?.operation ?? '', key: idempotency?.key };
      return runOnce(trx, scope, idempotency?.body, async () => {
        const catalog = memoizedCatalog(this.deps.catalog);
        const plan = await planOf(write, { executor: trx, cart, lines, catalog });
        const updated = await writeCart(trx, cart.id, plan.lines, plan.cart);
        const after = linesAfter(lines, plan.lines);
        const view = await this.views.viewAfter(trx, updated, after, prepared, catalog);
        await this.publish(trx, created ? 'cart.created' : 'cart.updated', updated.id, view, caller);
        written = { cart: updated, lines: after };
        return view;
      });
    });
    if (written && !prepared.access.linkedVisitorId) this.known.remember(key, written.cart, written.lines);
    else this.known.forget(key);
    return view;
  }

  private async publish(
    trx: Transaction<Database>,
    type: 'cart.created' | 'cart.updated' | 'cart.deleted',
    cartId: string,
    view: WireCart | undefined,
    caller: AnyCaller,
  ): Promise<void> {
    await this.deps.events.publish(trx, {
      type,
      entityId: cartId,
      entity: view,
      identity: identityOf(caller),
    });
  }
}
