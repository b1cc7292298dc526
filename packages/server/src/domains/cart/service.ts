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
 * old, see pricing/recent-memo.ts); the catalogue (kept in memory by the catalogue's cache, forgotten
 * when it changes) and the cart's coupon are read on the transaction while there is one.
 *
 * Round trips are the cost of a write (bench/api-cart): each wakes a database process, and on small
 * virtual machines that wake-up costs more CPU than the query. An unlocked add-to-cart is two: the
 * read and the write, and only the write once warm: it plans on the cart as this process last read or
 * wrote it (known-carts.ts; the compare-and-swap catches one that changed elsewhere) and the catalogue
 * comes from memory. The answer is built from what the write planned, without reading the lines again.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Caller } from '../../platform/caller.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError } from '../../platform/errors.js';
import { runOnce } from '../../platform/idempotency/idempotency.js';
import { jsonOnce } from '../../platform/json/json-once.js';
import { toMinor } from '../../platform/money/money.js';
import { type EventIdentity, identityOf } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import { cartInfoPatch, maskedFields } from './cart-info.js';
import { type CartLine, cartLinesOf, isPayable, refOf } from './cart-lines.js';
import type { CartCatalogPort } from './catalog-port.js';
import { checkoutContentOf } from './checkout-content.js';
import type { CartCaller, CartForCheckout, CartForCheckoutPort, OrderRemoval } from './checkout-port.js';
import { couponOnLines } from './coupon-amount.js';
import { CartErrors } from './errors.js';
import { estimateTotals } from './estimate.js';
import { KnownCarts } from './known-carts.js';
import {
  type LineWrites,
  linesAfter,
  type NewLine,
  NO_LINE_WRITES,
  planAdd,
  planOrderedRemoval,
  planQuantities,
  planRemove,
} from './line-changes.js';
import { catalogLinesOf, customLinesOf } from './line-inputs.js';
import { type DisplayCurrency, toWireCart, type WireCart } from './line-view.js';
import { mergeVisitorCart } from './merge.js';
import { accessOf, accessOfCart, type CartAccess, customerOf, merchantFieldsOf, requireMerchantFor } from './owner.js';
import type { PaymentOptionsPort } from './payment-options-port.js';
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
  listLines,
  lockCartById,
  lockCartByOwner,
  lockCartWithLines,
  readCartWithLines,
  setCheckoutId,
  writeCart,
  writeCartIfUnchanged,
} from './store.js';
import type { CouponRule, LinePaymentOption } from './totals/model.js';

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

/** What a cart's view shows of the shop's settings. */
type ViewSettings = Pick<Prepared, 'taxIncludedInPrices' | 'linePaymentOption'>;

/** What a request reads before its transaction: tax style, and the coupons the answer may show. */
interface Prepared {
  access: CartAccess;
  taxIncludedInPrices: boolean;
  /** how the lines are paid (the shop's ways to pay); absent where nothing is answered */
  linePaymentOption?: LinePaymentOption;
  coupons: Map<string, CouponRule>;
  /** the owner's cart and its lines before the transaction (for the coupon's customer; the answer of plain reads) */
  before?: { cart: CartRow; lines: LineRow[] };
  /** a member's visitor still had a cart: merge it in (checked again under its lock) */
  mergePending: boolean;
}

/**
 * The work of one write, planned on the cart as locked or as read (`ex`: the transaction, or the
 * database for an unlocked write); answers the line writes and the cart fields to change.
 */
type Change = (m: {
  ex: Kysely<Database>;
  cart: CartRow;
  lines: readonly LineRow[];
  catalog: CartCatalogPort;
}) => Promise<{ lines?: LineWrites; cart?: CartPatch }>;

/** A write whose plan changes lines only: it may run unlocked (`tryUnlocked`). */
type LinesChange = (m: Parameters<Change>[0]) => Promise<{ lines: LineWrites }>;

/** How many times an unlocked write plans again after another write changed the cart first, before it takes the lock. */
const UNLOCKED_ATTEMPTS = 3;

const notFound = () => new DomainError(CartErrors.OWNED_CART_NOT_FOUND, { cartId: null });

/** The current cart's rules (spec §7 "Cart"). */
export class CartService implements CartForCheckoutPort {
  /** carts as last read or written here: where an unlocked write starts (see known-carts.ts) */
  private readonly known = new KnownCarts();

  constructor(private readonly deps: CartServiceDeps) {}

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
    const p = await this.prepareWrite(access);
    const idempotency = { operation: 'cart.add-to-cart', key: idempotencyKey, body };
    return this.mutate(caller, p, { create: true, idempotency, linesOnly: true }, async ({ ex, cart, lines, catalog }) => ({
      lines: planAdd(cart.id, lines, await this.newLines(ex, catalog, body, lines)),
    }));
  }

  /**
   * Changes cart info, the coupon (an empty code removes it), merchant discounts, and adds lines.
   * @throws DomainError COUPON_* (pricing), PERMISSION_DENIED (merchant fields from a shopper), ITEM_OUT_OF_STOCK
   */
  async update(caller: AnyCaller, body: UpdateCartBody, cartFieldmask?: string): Promise<WireCart> {
    const access = accessOf(caller);
    requireMerchantFor(access, [...merchantFieldsOf(body), ...(body.merchantDiscounts ? ['merchantDiscounts'] : [])]);
    const p = await this.prepare(access);
    const code = body.couponCode?.trim();
    let coupon: CartPatch = {};
    if (body.couponCode !== undefined) {
      const email = body.cartInfo?.buyerInfo?.email ?? p.before?.cart.email ?? undefined;
      const rule = code ? await this.deps.pricing.couponForCode(code, customerOf(access, email)) : undefined;
      if (rule) p.coupons.set(rule.id, rule);
      coupon = { coupon_id: rule?.id ?? null };
    }
    const mask = maskedFields(cartFieldmask);
    return this.mutate(caller, p, { create: true }, async ({ ex, cart, lines, catalog }) => {
      const writes = planAdd(cart.id, lines, await this.newLines(ex, catalog, body, lines));
      const discounts = body.merchantDiscounts?.map(({ amount, percentage, lineItemIds }) => ({
        ...(amount !== undefined ? { amount } : { percentage: String(percentage) }),
        ...(lineItemIds?.length ? { lineItemIds } : {}),
      }));
      return {
        lines: writes,
        cart: { ...cartInfoPatch(body.cartInfo, mask), ...coupon, ...(discounts ? { merchant_discounts: JSON.stringify(discounts) } : {}) },
      };
    });
  }

  /** Removes lines by id. @throws DomainError OWNED_CART_NOT_FOUND, LINE_ITEM_NOT_FOUND */
  async removeLineItems(caller: AnyCaller, lineItemIds: string[]): Promise<WireCart> {
    const p = await this.prepareWrite(accessOf(caller));
    return this.mutate(caller, p, { create: false, linesOnly: true }, async ({ lines }) => ({ lines: planRemove(lines, lineItemIds) }));
  }

  /** Sets line quantities (0 removes the line). @throws DomainError OWNED_CART_NOT_FOUND, LINE_ITEM_NOT_FOUND */
  async updateQuantities(caller: AnyCaller, updates: { id: string; quantity: number }[]): Promise<WireCart> {
    const p = await this.prepareWrite(accessOf(caller));
    return this.mutate(caller, p, { create: false, linesOnly: true }, async ({ lines }) => ({ lines: planQuantities(lines, updates) }));
  }

  /** Removes the coupon. @throws DomainError OWNED_CART_NOT_FOUND */
  async removeCoupon(caller: AnyCaller): Promise<WireCart> {
    const p = await this.prepareWrite(accessOf(caller));
    return this.mutate(caller, p, { create: false }, async () => ({ cart: { coupon_id: null } }));
  }

  /** Deletes the caller's cart. @throws DomainError OWNED_CART_NOT_FOUND */
  async remove(caller: AnyCaller): Promise<void> {
    const access = accessOf(caller);
    // A deletion answers nothing: no pricing to read; a pending merge is checked under the visitor cart's lock.
    const p: Prepared = { access, taxIncludedInPrices: false, coupons: new Map(), mergePending: Boolean(access.linkedVisitorId) };
    await transaction(this.deps.db, async (trx) => {
      await this.merge(trx, p, caller);
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
    const p = await this.prepare(accessOf(caller));
    const answer = (cart: CartRow, lines: CartLine[]) => ({ cart, lines, view: this.viewOf(cart, lines, p) });
    // Nothing to merge: a plain read of the cart read before (no transaction, no lock).
    if (!p.mergePending) {
      if (!p.before) throw notFound();
      const { cart, lines } = p.before;
      if (!p.access.linkedVisitorId) this.known.remember(p.access.key, cart, lines);
      return answer(cart, await this.pricedLines(this.deps.db, cart, lines, this.deps.catalog));
    }
    return transaction(this.deps.db, async (trx) => {
      const merged = await this.merge(trx, p, caller);
      const cart = await findCartByOwner(trx, p.access.owner);
      if (!cart) throw notFound();
      const out = answer(cart, await this.linesOf(trx, cart));
      if (merged) await this.publish(trx, 'cart.updated', cart.id, out.view, caller);
      return out;
    });
  }

  /**
   * Totals of the caller's cart for an address, shipping option and memberships.
   * @throws DomainError OWNED_CART_NOT_FOUND
   */
  async estimate(caller: AnyCaller, body: NonNullable<EstimateTotalsBody>) {
    const [priced, linePaymentOption] = await Promise.all([this.priced(caller), this.linePaymentOption()]);
    return estimateTotals(this.deps.pricing, priced, body, this.deps.display, linePaymentOption);
  }

  async forCheckout(caller: CartCaller): Promise<CartForCheckout> {
    const { cart, lines } = await this.priced(caller);
    if (!lines.length) throw new DomainError(CartErrors.CART_EMPTY, { cartId: cart.id });
    const unavailable = lines.filter((l) => !isPayable(l)).map((l) => l.row.id);
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
    const lines = await this.linesOf(this.deps.db, cart);
    return checkoutContentOf(
      cart,
      lines.filter((l) => l.status !== 'NOT_FOUND'),
    );
  }

  async orderRemoval(): Promise<OrderRemoval> {
    const answered = await this.viewSettings();
    return { removeOrdered: (trx, cartId, ordered, who) => this.removeOrdered(trx, cartId, ordered, who, answered) };
  }

  /** What a cart's view needs of the shop, read before a transaction that shows a cart written by id. */
  private async viewSettings(): Promise<ViewSettings> {
    const [{ taxIncludedInPrices }, linePaymentOption] = await Promise.all([
      this.deps.pricing.settings({ recent: true }),
      this.linePaymentOption(),
    ]);
    return { taxIncludedInPrices, linePaymentOption };
  }

  /** How the lines are paid now (the shop's ways to pay). */
  private linePaymentOption(): Promise<LinePaymentOption> {
    return this.deps.payments?.linePaymentOption() ?? Promise.resolve('FULL_PAYMENT_ONLINE');
  }

  // ---- the parts

  /**
   * What a write reads before its transaction: only the tax settings (remembered). The cart, its
   * coupon and a pending merge are read under the lock.
   */
  private async prepareWrite(access: CartAccess): Promise<Prepared> {
    const [settings, linePaymentOption] = await Promise.all([this.deps.pricing.settings({ recent: true }), this.linePaymentOption()]);
    return {
      access,
      taxIncludedInPrices: settings.taxIncludedInPrices,
      linePaymentOption,
      coupons: new Map(),
      // checked (and done) under the visitor cart's lock: one query when there is nothing to merge
      mergePending: Boolean(access.linkedVisitorId),
    };
  }

  /** Reads, before the transaction, the cart as it is (one statement) and what the answer needs from pricing. */
  private async prepare(access: CartAccess): Promise<Prepared> {
    const [settings, before, linePaymentOption] = await Promise.all([
      this.deps.pricing.settings({ recent: true }),
      readCartWithLines(this.deps.db, access.owner, access.linkedVisitorId),
      this.linePaymentOption(),
    ]);
    const coupons = new Map<string, CouponRule>();
    const couponId = before?.cart.coupon_id;
    if (couponId) {
      const rule = await this.deps.pricing.couponById(couponId, customerOf(access, before.cart.email ?? undefined));
      if (rule) coupons.set(rule.id, rule);
    }
    // a member without a cart yet may still have its visitor's to take over
    const mergePending = before
      ? before.visitorCartWaiting
      : Boolean(access.linkedVisitorId && (await findCartByOwner(this.deps.db, { kind: 'visitor', visitorId: access.linkedVisitorId })));
    return { access, taxIncludedInPrices: settings.taxIncludedInPrices, linePaymentOption, coupons, before, mergePending };
  }

  /** The lines of a request to add: catalogue lines resolved in one batch, then custom lines. */
  private async newLines(
    ex: Kysely<Database>,
    catalog: CartCatalogPort,
    body: AddToCartBody,
    cartLines: readonly LineRow[],
  ): Promise<NewLine[]> {
    const own = cartLines.filter((l) => !l.custom).map(refOf);
    return [
      ...(await catalogLinesOf(ex, catalog, body.lineItems, this.deps.currency, own)),
      ...customLinesOf(body.customLineItems, this.deps.currency),
    ];
  }

  /** A member's visitor cart, merged in; answers whether anything moved (events for the deleted cart published). */
  private async merge(trx: Transaction<Database>, p: Prepared, caller: AnyCaller): Promise<boolean> {
    const { owner, linkedVisitorId } = p.access;
    if (!p.mergePending || owner.kind !== 'member' || !linkedVisitorId) return false;
    const outcome = await mergeVisitorCart(trx, owner.memberId, linkedVisitorId);
    if (outcome.kind === 'merged') await this.publish(trx, 'cart.deleted', outcome.deletedCartId, undefined, caller);
    return outcome.kind !== 'none';
  }

  /**
   * One write. A change of lines only, without an idempotency key, first runs unlocked
   * (`tryUnlocked`: no transaction, two statements and the catalogue's); otherwise, or when the cart
   * must be created or a visitor's cart merged, or other writes keep changing the cart first, it runs
   * locked (`mutateLocked`).
   */
  private async mutate(
    caller: AnyCaller,
    p: Prepared,
    o: { create: boolean; linesOnly?: boolean; idempotency?: { operation: string; key: string | undefined; body: unknown } },
    change: Change,
  ): Promise<WireCart> {
    if (o.linesOnly && o.idempotency?.key === undefined) {
      for (let attempt = 0; attempt < UNLOCKED_ATTEMPTS; attempt++) {
        const outcome = await this.tryUnlocked(caller, p, change as LinesChange);
        if (outcome === 'locked') break;
        if (outcome !== 'changed') return outcome;
      }
    }
    return this.mutateLocked(caller, p, o, change);
  }

  /**
   * A change of lines planned on the cart as one statement read it, written by one statement that
   * applies it, bumps the revision and records the event only if the cart is still as read (a
   * compare-and-swap on the revision: no lost updates, as under the lock). Answers the new cart,
   * 'changed' when another write came first (nothing written), or 'locked' when the locked path must
   * do it (no cart yet, a visitor's cart to merge).
   */
  private async tryUnlocked(caller: AnyCaller, p: Prepared, change: LinesChange): Promise<WireCart | 'changed' | 'locked'> {
    const { db } = this.deps;
    const { key, owner, linkedVisitorId } = p.access;
    // the cart as this process last saw it (a member with a visitor's cart to merge always reads)
    const known = linkedVisitorId ? undefined : this.known.get(key);
    const read = known ?? (await readCartWithLines(db, owner, linkedVisitorId));
    if (!read || ('visitorCartWaiting' in read && read.visitorCartWaiting)) return 'locked';
    const { cart, lines } = read;
    const catalog = memoizedCatalog(this.deps.catalog);
    const writes = (await change({ ex: db, cart, lines, catalog })).lines;
    const after: CartRow = { ...cart, revision: cart.revision + 1, updated_date: new Date() };
    const afterLines = linesAfter(lines, writes);
    await this.couponOf(db, after, p);
    const view = this.viewOf(after, await this.pricedLines(db, after, afterLines, catalog), p);
    jsonOnce(view); // the event's payload and the answer (cart/routes.ts) share one JSON text of the view
    const event = this.deps.events.staged({ type: 'cart.updated', entityId: cart.id, entity: view, identity: identityOf(caller) });
    const written = await writeCartIfUnchanged(db, cart, writes, after.updated_date, event.ctes);
    if (!written) {
      this.known.forget(key);
      return 'changed';
    }
    event.recorded();
    if (!linkedVisitorId) this.known.remember(key, after, afterLines);
    return view;
  }

  /** One write under the cart's lock: merge, lock (creating the cart when asked), idempotency, change, revision, event. */
  private async mutateLocked(
    caller: AnyCaller,
    p: Prepared,
    o: { create: boolean; idempotency?: { operation: string; key: string | undefined; body: unknown } },
    change: Change,
  ): Promise<WireCart> {
    const { owner, key } = p.access;
    // the cart as written, for the next unlocked write (unset when the answer was a stored replay)
    let written: { cart: CartRow; lines: LineRow[] } | undefined;
    const view = await transaction(this.deps.db, async (trx) => {
      await this.merge(trx, p, caller);
      let locked = await lockCartWithLines(trx, owner);
      const created = !locked;
      if (!locked) {
        if (!o.create) throw notFound();
        await insertCartIfAbsent(trx, owner, this.deps.currency);
        locked = (await lockCartWithLines(trx, owner)) as NonNullable<typeof locked>;
      }
      const { cart, lines } = locked;
      const scope = { owner: p.access.key, operation: o.idempotency?.operation ?? '', key: o.idempotency?.key };
      return runOnce(trx, scope, o.idempotency?.body, async () => {
        const catalog = memoizedCatalog(this.deps.catalog);
        const done = await change({ ex: trx, cart, lines, catalog });
        const writes = done.lines ?? NO_LINE_WRITES;
        const updated = await writeCart(trx, cart.id, writes, done.cart ?? {});
        const after = linesAfter(lines, writes);
        await this.couponOf(trx, updated, p);
        const view = this.viewOf(updated, await this.pricedLines(trx, updated, after, catalog), p);
        await this.publish(trx, created ? 'cart.created' : 'cart.updated', updated.id, view, caller);
        written = { cart: updated, lines: after };
        return view;
      });
    });
    if (written && !p.access.linkedVisitorId) this.known.remember(key, written.cart, written.lines);
    else this.known.forget(key);
    return view;
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
    this.known.forget(access.key);
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

  async setCoupon(cartId: string, couponId: string | null, who: EventIdentity): Promise<void> {
    const answered = await this.viewSettings();
    await transaction(this.deps.db, async (trx) => {
      const locked = await lockCartById(trx, cartId);
      if (!locked || locked.cart.coupon_id === couponId) return;
      const access = accessOfCart(locked.cart);
      this.known.forget(access.key);
      const updated = await writeCart(trx, cartId, NO_LINE_WRITES, { coupon_id: couponId });
      await this.publishUpdated(trx, updated, locked.lines, { access, ...answered, who });
    });
  }

  /** `cart.updated` with the view of a cart written by id (not by its owner's request). */
  private async publishUpdated(
    trx: Transaction<Database>,
    cart: CartRow,
    lines: LineRow[],
    o: ViewSettings & { access: CartAccess; who: EventIdentity },
  ): Promise<void> {
    const p: Prepared = { ...o, coupons: new Map(), mergePending: false };
    await this.couponOf(trx, cart, p);
    const view = this.viewOf(cart, await this.pricedLines(trx, cart, lines, this.deps.catalog), p);
    await this.deps.events.publish(trx, {
      type: 'cart.updated',
      entityId: cart.id,
      entity: view as Record<string, unknown>,
      identity: o.who,
    });
  }

  private async linesOf(ex: Kysely<Database>, cart: CartRow, catalog: CartCatalogPort = this.deps.catalog): Promise<CartLine[]> {
    return this.pricedLines(ex, cart, await listLines(ex, cart.id), catalog);
  }

  /** Rows with what the catalogue says of them now (one batch; the request's memo answers known ones). */
  private async pricedLines(ex: Kysely<Database>, cart: CartRow, rows: LineRow[], catalog: CartCatalogPort): Promise<CartLine[]> {
    const items = rows.length ? await catalog.resolve(ex, rows.map(refOf)) : [];
    return cartLinesOf(rows, items, cart.currency);
  }

  /** The rule of the cart's coupon, read in the write's transaction unless the request read it already. */
  private async couponOf(ex: Kysely<Database>, cart: CartRow, p: Prepared): Promise<void> {
    if (!cart.coupon_id || p.coupons.has(cart.coupon_id)) return;
    const rule = await this.deps.pricing.couponById(cart.coupon_id, customerOf(p.access, cart.email ?? undefined), ex);
    if (rule) p.coupons.set(rule.id, rule);
  }

  private viewOf(cart: CartRow, lines: CartLine[], p: Prepared): WireCart {
    const rule = cart.coupon_id ? p.coupons.get(cart.coupon_id) : undefined;
    const coupon = rule && {
      id: rule.id,
      code: rule.code,
      name: rule.name,
      ...couponOnLines(lines, rule, cart.currency, p.taxIncludedInPrices),
    };
    const { taxIncludedInPrices, linePaymentOption } = p;
    return toWireCart({ cart, lines, coupon, taxIncludedInPrices, linePaymentOption, display: this.deps.display }, (d) =>
      toMinor(d, cart.currency),
    );
  }

  private async publish(
    trx: Transaction<Database>,
    type: 'cart.created' | 'cart.updated' | 'cart.deleted',
    cartId: string,
    view: WireCart | undefined,
    caller: AnyCaller,
  ): Promise<void> {
    if (view) jsonOnce(view); // the event's payload and the answer (cart/routes.ts) share one JSON text of the view
    await this.deps.events.publish(trx, {
      type,
      entityId: cartId,
      entity: view as Record<string, unknown> | undefined,
      identity: identityOf(caller),
    });
  }
}
