/**
 * Order placement (issue #5 "Checkout and orders", "Safety"): one transaction that locks the
 * checkout (a second placement answers the first order), reserves stock atomically, counts the
 * coupon's use, numbers the order, completes the checkout, takes the ordered lines out of the cart
 * (the rest stays), publishes `order.created` and queues the "order received" mail, sent after the commit.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError, type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import type { CartForCheckoutPort, FrozenLine, OrderRemoval } from '../cart/checkout-port.js';
import { CartErrors } from '../cart/errors.js';
import type { StockCause } from '../catalog/inventory-history.js';
import type { Reservation, Shortage, StockRequest, StockTake } from '../catalog/stock.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import { PricingErrors } from '../pricing/errors.js';
import type { ShopSettings } from '../settings/shop-settings.js';
import { CheckoutErrors } from './errors.js';
import { recordOrderActivity } from './order-activity.js';
import type { OrderMails } from './order-mails.js';
import { orderRecord } from './order-record.js';
import { type PriceFormat, paymentOrderOf, toWireOrder } from './order-view.js';
import type { PaymentProviderSource, PaymentProviders } from './payments.js';
import type { WireOrder } from './schemas.js';
import type { CheckoutQuote, CheckoutService } from './service.js';
import type { CheckoutRow } from './store.js';
import * as store from './store.js';
import { totalsFingerprint } from './totals-fingerprint.js';

/**
 * The catalogue's stock (`catalog/stock.ts`): reserved inside the placing transaction, given back inside a
 * cancelling one; `cause` is what the inventory history records (the order, and why).
 */
export interface StockPort {
  reserve(trx: Transaction<Database>, requests: StockRequest[], who: EventIdentity, cause: StockCause): Promise<Reservation>;
  release(trx: Transaction<Database>, takes: StockTake[], who: EventIdentity, cause: StockCause): Promise<void>;
}

export interface PlacementDeps {
  db: Kysely<Database>;
  checkouts: Pick<CheckoutService, 'find' | 'quote'>;
  carts: Pick<CartForCheckoutPort, 'orderRemoval'>;
  stock: StockPort;
  events: Pick<EventPublisher, 'publish'>;
  payments: PaymentProviderSource;
  price: PriceFormat;
  /** the shop's order-number prefix now (`ShopSettingsService`) */
  settings: { current(): Promise<Pick<ShopSettings, 'orderNumberPrefix' | 'timeZone'>> };
  mails: Pick<OrderMails, 'enqueue' | 'sendNow'>;
}

/** A payment taken before the order exists (card): the order's first status and the provider's id of the payment. */
export interface PaidBeforePlacement {
  status: 'PAID' | 'PENDING';
  reference: string;
}

export interface PlacementOptions {
  /** the fingerprint of the totals the buyer saw (`totalsFingerprint`): placed only at exactly those */
  shownTotals?: string;
  /** the payment already taken for this order, instead of the provider's `start` */
  payment?: PaidBeforePlacement;
}

/** An order placement's outcome: the order, and whether this call placed it (false: an earlier one did). */
export interface Placement {
  order: WireOrder;
  created: boolean;
}

/** Who placed a checkout's order, for the events: its member, else its visitor. */
export function buyerOf(checkout: Pick<CheckoutRow, 'member_id' | 'visitor_id'>): EventIdentity {
  if (checkout.member_id) return { identityType: 'MEMBER', memberId: checkout.member_id };
  if (checkout.visitor_id) return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: checkout.visitor_id };
  return { identityType: 'UNKNOWN' };
}

export class OrderPlacement {
  constructor(private readonly deps: PlacementDeps) {}

  /**
   * Places the checkout's order, paid with `paymentMethod`. Placing a completed checkout again
   * answers its order (`created: false`), whoever placed it. With `shownTotals` (the fingerprint of the
   * totals the buyer saw, `totalsFingerprint`), the order is placed only at exactly those totals. The
   * order is the checkout's lines as last quoted (the cart's now, `CheckoutService.quote`); the cart
   * must still hold them, and keeps whatever it holds beyond them.
   * @throws DomainError CHECKOUT_NOT_FOUND, TOTALS_CHANGED (data: the new fingerprint, or `cartChanged`), CART_EMPTY, PAYMENT_METHOD_NOT_AVAILABLE,
   *   SHIPPING_OPTION_NOT_AVAILABLE, INSUFFICIENT_STOCK (data: items), COUPON_USAGE_EXCEEDED; ValidationFailure (no e-mail or address)
   */
  async place(checkoutId: string, paymentMethod: string, options: PlacementOptions = {}): Promise<Placement> {
    const checkout = await this.deps.checkouts.find(checkoutId);
    if (checkout.status === 'COMPLETED' && checkout.order_id) return { order: await this.order(checkout.order_id), created: false };
    const quote = await this.readyQuote(checkout, paymentMethod, options);
    // Read before the transaction: nothing inside one may query the root database (PGlite's one connection).
    const settings = await this.deps.settings.current();
    const shop = { payments: await this.deps.payments.providers(), numberPrefix: settings.orderNumberPrefix, timeZone: settings.timeZone };
    // A method paid before placement (card) places an order only with its payment.
    if (shop.payments.find(paymentMethod)?.payStep && !options.payment)
      throw new DomainError(CheckoutErrors.PAYMENT_METHOD_NOT_AVAILABLE, { paymentMethod, paidBeforePlacement: true });
    const removal = await this.deps.carts.orderRemoval();
    // `transaction` runs the work registered with onCommit (the catalogue cache forgetting the products) on commit.
    const { mailIds, ...placed } = await transaction(this.deps.db, (trx) =>
      this.placeIn(trx, checkoutId, quote, paymentMethod, removal, shop, options.payment),
    );
    await this.deps.mails.sendNow(mailIds);
    return placed;
  }

  /**
   * Whether the checkout could be placed now with `paymentMethod` at `shownTotals`, without placing it:
   * what a provider that is paid before placement (card) checks before it takes the money.
   * @throws as `place` does before its transaction (TOTALS_CHANGED, CART_EMPTY, PAYMENT_METHOD_NOT_AVAILABLE, …)
   */
  async check(checkoutId: string, paymentMethod: string, options: { shownTotals?: string } = {}): Promise<CheckoutQuote> {
    return this.readyQuote(await this.deps.checkouts.find(checkoutId), paymentMethod, options);
  }

  /** The checkout's quote, when it is ready to be placed at the totals shown. */
  private async readyQuote(checkout: CheckoutRow, paymentMethod: string, options: { shownTotals?: string }): Promise<CheckoutQuote> {
    // Priced before the transaction (PGlite has one connection): the totals read pricing on their own.
    const quote = await this.deps.checkouts.quote(checkout);
    const fingerprint = totalsFingerprint(quote.totals);
    if (options.shownTotals !== undefined && options.shownTotals !== fingerprint) {
      throw new DomainError(CheckoutErrors.TOTALS_CHANGED, { shown: options.shownTotals, current: fingerprint });
    }
    this.checkReady(quote, paymentMethod);
    return quote;
  }

  /** A placed order as its buyer reads it (the hosted confirmation). @throws DomainError ORDER_NOT_FOUND */
  async order(id: string): Promise<WireOrder> {
    const row = await store.findOrder(this.deps.db, id);
    if (!row) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
    return toWireOrder(row, this.deps.price, await this.deps.payments.providers());
  }

  /** What the buyer must still give, as field violations; a shipping option that does not serve the address; the payment method. */
  private checkReady(quote: CheckoutQuote, paymentMethod: string): void {
    const checkout = quote.checkout;
    const lines = checkout.line_items as unknown as FrozenLine[];
    if (lines.length === 0) throw new DomainError(CartErrors.CART_EMPTY, { cartId: checkout.cart_id });
    const violations: FieldViolation[] = [];
    if (!checkout.email) violations.push({ field: 'email', description: 'Enter your e-mail address', violatedRule: 'REQUIRED_FIELD' });
    const shippable = lines.some((line) => line.shippable);
    const address = checkout.shipping_address as Record<string, unknown> | null;
    if (shippable && !address?.country) {
      violations.push({
        field: 'shippingAddress.country',
        description: 'Enter the country of the address',
        violatedRule: 'REQUIRED_FIELD',
      });
    }
    if (violations.length) throw new ValidationFailure(violations);
    const shipping = quote.totals.shipping;
    if (shippable && (!shipping?.selected || (checkout.selected_shipping_option && !shipping.requestedFound))) {
      throw new DomainError(CheckoutErrors.SHIPPING_OPTION_NOT_AVAILABLE, { code: checkout.selected_shipping_option?.code ?? null });
    }
    if (!quote.payments.some((provider) => provider.id === paymentMethod))
      throw new DomainError(CheckoutErrors.PAYMENT_METHOD_NOT_AVAILABLE, { paymentMethod });
  }

  private async placeIn(
    trx: Transaction<Database>,
    checkoutId: string,
    quote: CheckoutQuote,
    paymentMethod: string,
    removal: OrderRemoval,
    shop: { payments: PaymentProviders; numberPrefix: string; timeZone: string },
    payment: PaidBeforePlacement | undefined,
  ): Promise<Placement & { mailIds: string[] }> {
    const { payments } = shop;
    const checkout = (await store.lockCheckout(trx, checkoutId)) as CheckoutRow;
    if (checkout.status === 'COMPLETED' && checkout.order_id) {
      const existing = (await store.findOrder(trx, checkout.order_id)) as store.OrderRow;
      return { order: toWireOrder(existing, this.deps.price, payments), created: false, mailIds: [] };
    }
    const who = buyerOf(checkout);
    const lines = checkout.line_items as unknown as FrozenLine[];
    // The order is what was quoted, and the cart still holds it (nothing taken from a cart changed meanwhile).
    const cartChanged = () => new DomainError(CheckoutErrors.TOTALS_CHANGED, { cartChanged: true });
    if (JSON.stringify(lines) !== JSON.stringify(quote.checkout.line_items)) throw cartChanged();
    const requests = lines
      .filter((line) => !line.custom && line.productId)
      .map((line) => ({
        lineItemId: line.lineItemId,
        productId: line.productId as string,
        variantId: line.variantId,
        quantity: line.quantity,
        name: line.name,
      }));
    // the order's id is chosen here so that the stock it takes is recorded against it
    const orderId = randomUUID();
    const { shortages, taken } = await this.deps.stock.reserve(trx, requests, who, { reason: 'ORDER', orderId });
    if (shortages.length > 0) throw insufficientStock(shortages);
    await this.countCoupon(trx, checkout.coupon_id, quote);
    const record = orderRecord(lines, quote.totals, shop.timeZone);
    const row = await store.insertOrder(trx, {
      id: orderId,
      checkout_id: checkout.id,
      visitor_id: checkout.visitor_id,
      member_id: checkout.member_id,
      email: checkout.email as string,
      currency: checkout.currency,
      payment_method: paymentMethod,
      coupon_id: checkout.coupon_id,
      line_items: JSON.stringify(record.lines),
      totals: JSON.stringify(record.totals),
      shipping_address: checkout.shipping_address ? JSON.stringify(checkout.shipping_address) : null,
      billing_address: JSON.stringify(checkout.billing_address ?? checkout.shipping_address ?? null),
      contact_info: checkout.contact_info ? JSON.stringify(checkout.contact_info) : null,
      shipping_option: record.shipping ? JSON.stringify(record.shipping) : null,
      reserved_stock: JSON.stringify(taken),
      number_prefix: shop.numberPrefix,
      ...(payment ? { payment_reference: payment.reference, ...(payment.status === 'PAID' ? { paid_date: new Date() } : {}) } : {}),
    });
    const provider = payments.find(paymentMethod);
    const { paymentStatus } = payment
      ? { paymentStatus: payment.status }
      : provider
        ? await provider.start(paymentOrderOf(row, this.deps.price))
        : { paymentStatus: 'NOT_PAID' as const };
    if (paymentStatus !== row.payment_status) await store.setOrderPaymentStatus(trx, row.id, paymentStatus);
    await store.completeCheckout(trx, checkout.id, row.id);
    await recordOrderActivity(trx, { orderId: row.id, kind: 'PLACED', who, detail: { paymentMethod, paymentStatus } });
    if (checkout.cart_id && !(await removal.removeOrdered(trx, checkout.cart_id, lines, who))) throw cartChanged();
    const order = toWireOrder({ ...row, payment_status: paymentStatus }, this.deps.price, payments);
    await this.deps.events.publish(trx, { type: 'order.created', entityId: row.id, entity: order, identity: who });
    const mailIds = [await this.deps.mails.enqueue(trx, { kind: 'order-received', order })];
    // Paid as it was placed (a card): the buyer hears of the payment as after any other (#20).
    if (paymentStatus === 'PAID') mailIds.push(await this.deps.mails.enqueue(trx, { kind: 'payment-received', order }));
    return { order, created: true, mailIds };
  }

  /**
   * Counts the use of the checkout's coupon when its discount is in the totals (refused once the
   * limit is reached, also by a concurrent order); a coupon left out because it was used up meanwhile
   * is refused too, rather than placing the order silently without the discount the buyer expected.
   */
  private async countCoupon(trx: Transaction<Database>, couponId: string | null, quote: CheckoutQuote): Promise<void> {
    if (!couponId) return;
    const usedUp = quote.droppedCoupon
      ? await store.couponUsedUp(trx, couponId)
      : !quote.totals.errors.coupon && !(await store.countCouponUse(trx, couponId));
    if (usedUp) throw new DomainError(PricingErrors.COUPON_USAGE_EXCEEDED, { couponId });
  }
}

/** The error naming every short item: "Mug (2 ordered, 1 left)". */
function insufficientStock(shortages: Shortage[]): DomainError {
  const items = shortages.map((shortage) => ({
    lineItemId: shortage.lineItemId,
    productId: shortage.productId,
    ...(shortage.variantId ? { variantId: shortage.variantId } : {}),
    name: shortage.name,
    requested: shortage.requested,
    available: shortage.available,
  }));
  const named = shortages.map((shortage) => `${shortage.name} (${shortage.requested} ordered, ${shortage.available} left)`).join(', ');
  return new DomainError(CheckoutErrors.INSUFFICIENT_STOCK, { items }, `Not enough stock for: ${named}`);
}
