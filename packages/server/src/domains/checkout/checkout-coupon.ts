/**
 * The coupon of an open checkout (issue #19). A checkout is tied to its cart, so the coupon is the
 * cart's: applying or removing one on the hosted checkout page changes the checkout and its cart alike
 * (the shopper who goes back to the cart sees it), and a checkout takes the cart's coupon again with
 * its lines when the cart changed (`CheckoutService.quote`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { CartForCheckoutPort } from '../cart/checkout-port.js';
import type { PricingPort } from '../cart/pricing-port.js';
import { buyerOf } from './placement.js';
import type { CheckoutService } from './service.js';
import type { CheckoutRow } from './store.js';
import * as store from './store.js';

export interface CheckoutCouponDeps {
  db: Kysely<Database>;
  checkouts: Pick<CheckoutService, 'find'>;
  carts: Pick<CartForCheckoutPort, 'setCoupon'>;
  coupons: Pick<PricingPort, 'couponForCode'>;
}

export class CheckoutCoupons {
  constructor(private readonly deps: CheckoutCouponDeps) {}

  /**
   * Puts the coupon with this code on the open checkout and its cart, when it can be used now by the
   * checkout's buyer. Whether it takes anything off these lines is the totals' say (`errors.coupon`).
   * @throws DomainError CHECKOUT_NOT_FOUND, COUPON_NOT_FOUND, COUPON_NOT_ACTIVE, COUPON_EXPIRED, COUPON_USAGE_EXCEEDED
   */
  async apply(checkoutId: string, code: string): Promise<void> {
    const checkout = await this.deps.checkouts.find(checkoutId);
    const customer = { memberId: checkout.member_id ?? undefined, email: checkout.email ?? undefined };
    const rule = await this.deps.coupons.couponForCode(code, customer);
    await this.set(checkout, rule.id);
  }

  /** Takes the coupon off the open checkout and its cart. @throws DomainError CHECKOUT_NOT_FOUND */
  async remove(checkoutId: string): Promise<void> {
    await this.set(await this.deps.checkouts.find(checkoutId), null);
  }

  private async set(checkout: CheckoutRow, couponId: string | null): Promise<void> {
    if (checkout.status !== 'OPEN') return;
    await store.updateOpenCheckout(this.deps.db, checkout.id, { coupon_id: couponId });
    if (checkout.cart_id) await this.deps.carts.setCoupon(checkout.cart_id, couponId, buyerOf(checkout));
  }
}
