import type { CartLine } from './cart-lines.js';
import { pricedLineOf } from './cart-lines.js';
import { computeTotals } from './totals/engine.js';
import type { CouponRule } from './totals/model.js';

/**
 * What the coupon takes off the cart's lines now (the amount the cart shows beside it), computed by
 * the totals engine without shipping or tax (a free-shipping coupon shows 0 until an estimate).
 */
export function couponAmountOf(lines: readonly CartLine[], coupon: CouponRule, currency: string, taxIncludedInPrices: boolean): bigint {
  const result = computeTotals({
    currency,
    taxIncludedInPrices,
    lines: lines.map(pricedLineOf),
    coupon,
    merchantDiscounts: [],
    tax: { mode: { rateType: 'NO_TAX_COLLECTED' }, rates: [], taxShipping: false },
  });
  return result.appliedDiscounts
    .filter((d) => d.source === 'coupon' && d.discountType !== 'SHIPPING')
    .reduce((sum, d) => sum + d.amount, 0n);
}
