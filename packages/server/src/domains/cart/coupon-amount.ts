import type { CartLine } from './cart-lines.js';
import { pricedLineOf } from './cart-lines.js';
import { computeTotals } from './totals/engine.js';
import type { CouponNotApplied, CouponRule } from './totals/model.js';

/** What the coupon does to the cart's lines now: the amount it takes off, or why it takes nothing. */
export interface CouponOnLines {
  amount: bigint;
  /** set when the coupon takes nothing off the lines (none in its scope, its minimum not reached) */
  notApplied?: CouponNotApplied;
}

/**
 * What the coupon takes off the cart's lines now (the amount the cart shows beside it), computed by
 * the totals engine without shipping or tax (a free-shipping coupon shows 0 until an estimate), and
 * why it takes nothing when it does not apply (issue #19: a coupon below its minimum is not "applied").
 */
export function couponOnLines(
  lines: readonly CartLine[],
  coupon: CouponRule,
  currency: string,
  taxIncludedInPrices: boolean,
): CouponOnLines {
  const result = computeTotals({
    currency,
    taxIncludedInPrices,
    lines: lines.map(pricedLineOf),
    coupon,
    merchantDiscounts: [],
    tax: { mode: { rateType: 'NO_TAX_COLLECTED' }, rates: [], taxShipping: false },
  });
  const amount = result.appliedDiscounts
    .filter((discount) => discount.source === 'coupon' && discount.discountType !== 'SHIPPING')
    .reduce((sum, discount) => sum + discount.amount, 0n);
  return result.errors.coupon ? { amount, notApplied: result.errors.coupon } : { amount };
}
