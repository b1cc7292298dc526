/**
 * A checkout's exact totals: its frozen lines and discounts, priced at its shipping address and
 * option by the totals area (`load-input.ts` through the pricing port, then the pure engine). The
 * hosted page, placement and the order all read these, so they agree to the last minor unit. They
 * read the stored pricing configuration (no `recent`): money that is charged never comes from a memo.
 */
import { toMinor } from '../../platform/money/money.js';
import { type FrozenLine, pricedLineOf } from '../cart/checkout-port.js';
import type { PricingPort } from '../cart/pricing-port.js';
import { computeTotals } from '../cart/totals/engine.js';
import { loadTotalsInput } from '../cart/totals/load-input.js';
import type { MerchantDiscountRule, TotalsResult } from '../cart/totals/model.js';
import type { CheckoutRow } from './store.js';

/** The totals, and whether the checkout's coupon was left out because it no longer applies. */
export interface CheckoutTotalsResult {
  totals: TotalsResult;
  droppedCoupon: boolean;
  /** the code of the checkout's coupon when it can be used (whether or not it takes anything off these lines) */
  couponCode?: string;
}

/** Prices checkouts through the pricing configuration (reads only: call it outside any transaction). */
export class CheckoutPricing {
  constructor(private readonly pricing: PricingPort) {}

  async totalsOf(checkout: CheckoutRow): Promise<CheckoutTotalsResult> {
    const minor = (decimal: string) => toMinor(decimal, checkout.currency);
    const lines = checkout.line_items as unknown as FrozenLine[];
    const address = checkout.shipping_address as { country?: string; subdivision?: string; city?: string; postalCode?: string } | null;
    const loaded = await loadTotalsInput(this.pricing, {
      currency: checkout.currency,
      lines: lines.map((line) => pricedLineOf(line, minor)),
      couponId: checkout.coupon_id,
      merchantDiscounts: checkout.merchant_discounts.map(
        (discount): MerchantDiscountRule =>
          'amount' in discount ? { ...discount, amount: minor(discount.amount) } : { ...discount, percentage: discount.percentage },
      ),
      shippingAddress: address?.country ? address : undefined,
      selectedShippingOption: checkout.selected_shipping_option ?? undefined,
      memberId: checkout.member_id ?? undefined,
      email: checkout.email ?? undefined,
    });
    const couponCode = loaded.input.coupon?.code;
    return {
      totals: computeTotals(loaded.input),
      droppedCoupon: loaded.droppedCoupon !== undefined,
      ...(couponCode ? { couponCode } : {}),
    };
  }
}
