/**
 * Checkouts: a cart frozen for payment (create-checkout), the buyer's details the hosted checkout page
 * collects, and the exact totals of it for the page. Placing the order is `placement.ts`.
 */
import type { ContactDetails } from '@vitrine/sdk';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Caller } from '../../platform/caller.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError } from '../../platform/errors.js';
import { type IdempotencyScope, runOnce } from '../../platform/idempotency/idempotency.js';
import type { CartCaller, CartForCheckout, CartForCheckoutPort, FrozenLine } from '../cart/checkout-port.js';
import type { TotalsResult } from '../cart/totals/model.js';
import { CheckoutErrors } from './errors.js';
import type { PaymentProvider, PaymentProviderSource } from './payments.js';
import type { CreateCheckoutBody, WireAddress } from './schemas.js';
import type { CheckoutRow } from './store.js';
import * as store from './store.js';
import type { CheckoutTotalsResult } from './totals.js';

/** The exact totals of a checkout at its current address and shipping option (the totals area's engine). */
interface CheckoutTotals {
  totalsOf(checkout: CheckoutRow): Promise<CheckoutTotalsResult>;
}

export interface CheckoutDeps {
  db: Kysely<Database>;
  carts: CartForCheckoutPort;
  totals: CheckoutTotals;
  payments: PaymentProviderSource;
}

/** What the hosted page changes on an open checkout. */
export interface CheckoutDetails {
  email?: string | null;
  shippingAddress?: WireAddress | null;
  billingAddress?: WireAddress | null;
  selectedShippingOption?: { code: string; carrierId?: string | null } | null;
  /** who receives the order (kept in `contactInfo.contactDetails`) */
  contactDetails?: RecipientDetails;
  /** who pays, when the billing address differs (kept in `contactInfo.billingContactDetails`; null: the recipient) */
  billingContactDetails?: RecipientDetails | null;
}

/** The name, company and phone that go with an address (the SDK's `ContactDetails` without the tax id). */
export type RecipientDetails = Pick<ContactDetails, 'firstName' | 'lastName' | 'company' | 'phone'>;

/** A checkout with its totals and the payment methods the buyer may choose now. */
export interface CheckoutQuote {
  checkout: CheckoutRow;
  totals: TotalsResult;
  /** the checkout names a coupon that no longer applies (its discount is not in the totals) */
  droppedCoupon: boolean;
  /** the code of the checkout's coupon when it can be used (`totals.errors.coupon` says when it takes nothing off) */
  couponCode?: string;
  payments: PaymentProvider[];
  /** the selected shipping option is a pickup (store or pickup point) */
  pickup: boolean;
  /** the cart changed since the checkout last showed it, so its lines were taken from the cart again */
  cartChanged: boolean;
}

/** Whose idempotency keys: the cart's owner (a merchant's shopper when it sends one). */
function ownerKey(caller: CartCaller): string {
  if (caller.kind === 'member') return `member:${caller.memberId}`;
  if (caller.kind === 'visitor') return `visitor:${caller.visitorId}`;
  const shopper = caller.shopper as Caller | undefined;
  if (shopper?.kind === 'member' || shopper?.kind === 'visitor') return ownerKey(shopper);
  return 'apiKeyId' in caller ? `app:${caller.apiKeyId}` : `merchant:${caller.merchantId}`;
}

export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /**
   * Freezes the caller's cart into a new checkout (lines and prices as they are now, addresses,
   * e-mail, shipping option, coupon and merchant discounts) and records it on the cart. With an
   * idempotency key, the same key and body answer the first checkout again.
   * @throws DomainError OWNED_CART_NOT_FOUND, CART_EMPTY, ITEMS_UNAVAILABLE (the cart's), IDEMPOTENCY_KEY_REUSED
   * @see spec §7 "Cart" (create-checkout)
   */
  async create(caller: CartCaller, body: CreateCheckoutBody, key: string | undefined): Promise<{ checkoutId: string }> {
    const scope: IdempotencyScope = { owner: ownerKey(caller), operation: 'checkout.create', key };
    let cart: CartForCheckout;
    try {
      // Priced before the transaction: the cart reads the catalogue and pricing on their own.
      cart = await this.deps.carts.forCheckout(caller);
    } catch (error) {
      // A replay after the order was placed (the cart is gone) still answers its first checkout.
      if (key === undefined) throw error;
      return this.transaction((trx) =>
        runOnce(trx, scope, body, () => {
          throw error;
        }),
      );
    }
    let created = false;
    const answer = await this.transaction(async (trx) => {
      // One shopper's create-checkouts queue here, so two requests with one key cannot both run.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${scope.owner}))`.execute(trx);
      return runOnce(trx, scope, body, async () => {
        created = true;
        const row = await store.insertCheckout(trx, checkoutValues(cart, body));
        return { checkoutId: row.id };
      });
    });
    if (created) await this.deps.carts.markCheckedOut(cart.cartId, answer.checkoutId);
    return answer;
  }

  /** @throws DomainError CHECKOUT_NOT_FOUND */
  async find(id: string): Promise<CheckoutRow> {
    const row = store.isEntityId(id) ? await store.findCheckout(this.deps.db, id) : undefined;
    if (!row) throw new DomainError(CheckoutErrors.CHECKOUT_NOT_FOUND, { checkoutId: id });
    return row;
  }

  /**
   * Saves what the buyer entered on an open checkout (a completed one is left as it is).
   * @throws DomainError CHECKOUT_NOT_FOUND
   */
  async saveDetails(id: string, details: CheckoutDetails): Promise<CheckoutRow> {
    const checkout = await this.find(id);
    const values = {
      ...(details.email !== undefined ? { email: details.email } : {}),
      ...(details.shippingAddress !== undefined ? { shipping_address: json(details.shippingAddress) } : {}),
      ...(details.billingAddress !== undefined ? { billing_address: json(details.billingAddress) } : {}),
      ...(details.selectedShippingOption !== undefined ? { selected_shipping_option: json(details.selectedShippingOption) } : {}),
      ...contactInfoChange(checkout, details),
    };
    if (Object.keys(values).length === 0) return checkout;
    return (await store.updateOpenCheckout(this.deps.db, id, values)) ?? (await this.find(id));
  }

  /**
   * The checkout's exact totals now and the payment methods it may use. An open checkout whose cart
   * changed since first shows the cart as it is now (`withCartNow`).
   * @throws DomainError CHECKOUT_NOT_FOUND
   */
  async quote(idOrRow: string | CheckoutRow): Promise<CheckoutQuote> {
    const found = typeof idOrRow === 'string' ? await this.find(idOrRow) : idOrRow;
    const { checkout, cartChanged } = await this.withCartNow(found);
    const { totals, droppedCoupon, couponCode } = await this.deps.totals.totalsOf(checkout);
    const pickup = !!totals.shipping?.selected?.pickup;
    return {
      checkout,
      totals,
      droppedCoupon,
      couponCode,
      pickup,
      cartChanged,
      payments: (await this.deps.payments.providers()).offered({ pickup, total: totals.summary.total }),
    };
  }

  /**
   * A checkout is tied to the cart it was made from (issue #19): when the cart's revision moved since
   * the checkout froze it, an open checkout takes the cart's lines (and merchant discounts) again, at
   * their prices now, and its coupon; the buyer's details and shipping choice stay. `cartChanged` tells
   * whether the lines differ from what the checkout held (a revision moved by a note alone does not).
   * A cart that is gone leaves the checkout with nothing to order.
   */
  private async withCartNow(checkout: CheckoutRow): Promise<{ checkout: CheckoutRow; cartChanged: boolean }> {
    if (checkout.status !== 'OPEN' || !checkout.cart_id) return { checkout, cartChanged: false };
    const now = await this.deps.carts.contentIfChanged(checkout.cart_id, checkout.cart_revision);
    if (now === 'unchanged') return { checkout, cartChanged: false };
    const held = checkout.line_items as unknown as FrozenLine[];
    const lines = now?.lines ?? [];
    const cartChanged = lineKey(lines) !== lineKey(held);
    if (!now && !cartChanged) return { checkout, cartChanged };
    const refreshed = await store.refreshCheckoutLines(this.deps.db, checkout.id, checkout.cart_revision, {
      cart_revision: now?.revision ?? checkout.cart_revision,
      line_items: JSON.stringify(lines),
      merchant_discounts: JSON.stringify(now?.merchantDiscounts ?? checkout.merchant_discounts),
      // the coupon is the cart's (checkout-coupon.ts): one applied or removed on the cart counts here too
      coupon_id: now ? now.couponId : checkout.coupon_id,
    });
    // Another request refreshed it first (or it was placed meanwhile): the row as that one left it.
    return { checkout: refreshed ?? (await this.find(checkout.id)), cartChanged };
  }

  private transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return transaction(this.deps.db, fn);
  }
}

/** What the buyer sees of the lines: which items, how many, at what price, with which choices. */
const lineKey = (lines: readonly FrozenLine[]) =>
  JSON.stringify(lines.map((line) => [line.lineItemId, line.quantity, line.price, line.fullPrice, line.name, line.descriptionLines]));

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** The checkout's `contact_info` with the recipient and the payer replaced where the details name them. */
function contactInfoChange(checkout: CheckoutRow, details: CheckoutDetails) {
  if (details.contactDetails === undefined && details.billingContactDetails === undefined) return {};
  const info = { ...(checkout.contact_info ?? {}) };
  if (details.contactDetails !== undefined) info.contactDetails = details.contactDetails;
  if (details.billingContactDetails !== undefined) info.billingContactDetails = details.billingContactDetails;
  return { contact_info: json(info) };
}

/** The new checkout row: the cart's content, the create-checkout body's details over the cart's. */
function checkoutValues(cart: CartForCheckout, body: CreateCheckoutBody) {
  const contactAddress = (cart.contactInfo?.address ?? null) as Record<string, unknown> | null;
  const shipping = body.shippingAddress ?? contactAddress;
  return {
    cart_id: cart.cartId,
    cart_revision: cart.revision,
    visitor_id: cart.visitorId,
    member_id: cart.memberId,
    channel_type: body.channelType ?? 'WEB',
    currency: cart.currency,
    email: body.email ?? cart.email,
    shipping_address: json(shipping ?? null),
    billing_address: json(body.billingAddress ?? null),
    contact_info: json(cart.contactInfo),
    selected_shipping_option: json(body.selectedShippingOption ?? cart.selectedShippingOption),
    buyer_note: cart.buyerNote,
    coupon_id: cart.couponId,
    merchant_discounts: JSON.stringify(cart.merchantDiscounts),
    line_items: JSON.stringify(cart.lines),
  };
}
