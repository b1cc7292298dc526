/**
 * The hosted checkout's coupon field (issue #19): what its buttons ask for, the plain words for a
 * code the pricing refuses, and what the field and the summary show of a quote's coupon.
 */
import type { CouponFieldView } from '../../../pages/checkout-coupon-field.js';
import { formatLocalDateTime } from '../../../platform/date-time.js';
import { DomainError, type ErrorTable } from '../../../platform/errors.js';
import type { TotalsResult } from '../../cart/totals/model.js';
import type { CheckoutCoupons } from '../checkout-coupon.js';
import type { CheckoutPageQuote } from '../hosted-checkout.js';
import type { PriceFormat } from '../order-view.js';
import type { CheckoutForm } from './form.js';

/** A typed code the pricing refused: the code, why in plain words, and the page's status. */
export interface CouponRefusal {
  code: string;
  reason: string;
  status: number;
}

/**
 * Why the pricing refused the code, for the shopper, its dates in the shop's `timeZone` and its status
 * from `errors`; undefined for an error that is not about the coupon.
 */
function couponRefusal(error: unknown, typed: string, timeZone: string | undefined, errors: ErrorTable): CouponRefusal | undefined {
  if (!(error instanceof DomainError)) return undefined;
  const dateOf = (iso: unknown) =>
    typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? formatLocalDateTime(iso, timeZone) : undefined;
  const code = typeof error.data?.couponCode === 'string' ? error.data.couponCode : typed;
  const status = errors[error.code]?.status ?? 400;
  const refused = (reason: string) => ({ code: typed, reason, status });
  switch (error.code) {
    case 'COUPON_NOT_FOUND':
      return refused(`There is no coupon with the code ${typed}. Check the code and try again.`);
    case 'COUPON_EXPIRED': {
      const ended = dateOf(error.data?.expiresAt);
      return refused(`Coupon ${code} has expired${ended ? ` (it ended on ${ended})` : ''}.`);
    }
    case 'COUPON_NOT_ACTIVE': {
      const starts = dateOf(error.data?.startsAt);
      return refused(starts ? `Coupon ${code} is not valid yet: it can be used from ${starts}.` : `Coupon ${code} is not active.`);
    }
    case 'COUPON_USAGE_EXCEEDED':
      return refused(`Coupon ${code} has reached its usage limit.`);
    default:
      return undefined;
  }
}

/** What the coupon buttons changed: applied, removed, refused (with why), or nothing (no code typed). */
export type CouponChange = { changed: 'applied' | 'removed' } | { refused: CouponRefusal } | undefined;

/**
 * Does what the posted form asks of the coupon: "Remove coupon", or apply the code typed (by its
 * button, or by Enter in the field: then the form's first button, "Apply", is the one pressed).
 * @throws what the coupon service throws but a refusal of the code (CHECKOUT_NOT_FOUND)
 */
export async function changeCoupon(
  coupons: Pick<CheckoutCoupons, 'apply' | 'remove'>,
  checkoutId: string,
  body: CheckoutForm,
  timeZone: string | undefined,
  errors: ErrorTable,
): Promise<CouponChange> {
  if (body.couponAction === 'remove') {
    await coupons.remove(checkoutId);
    return { changed: 'removed' };
  }
  const typed = body.couponCode?.trim();
  if (!typed) return undefined;
  try {
    await coupons.apply(checkoutId, typed);
    return { changed: 'applied' };
  } catch (error) {
    const refusal = couponRefusal(error, typed, timeZone, errors);
    if (!refusal) throw error;
    return { refused: refusal };
  }
}

/** The coupon discount of the totals (on lines, or on shipping for a free-shipping coupon). */
function couponDiscountOf(totals: TotalsResult) {
  const entries = totals.appliedDiscounts.filter((discount) => discount.coupon);
  const code = entries[0]?.coupon?.code;
  return code === undefined ? undefined : { code, amount: entries.reduce((sum, discount) => sum + discount.amount, 0n) };
}

/** The coupon field of a quote: the checkout's coupon and how it stands, and a refused code. */
export function couponFieldOf(quote: CheckoutPageQuote, price: PriceFormat, refused?: CouponRefusal): CouponFieldView {
  const totals = quote.totals;
  const discount = couponDiscountOf(totals);
  const view: CouponFieldView = refused ? { refused: { code: refused.code, reason: refused.reason } } : {};
  if (discount) {
    view.applied = {
      code: discount.code,
      ...(discount.amount > 0n ? { discount: price(discount.amount, totals.currency).formattedAmount } : {}),
    };
  } else if (totals.errors.coupon) {
    view.applied = { code: quote.couponCode, reason: totals.errors.coupon.description };
  } else if (quote.droppedCoupon) {
    view.applied = { reason: 'it can no longer be used.' };
  }
  return view;
}

/** The summary's discount rows: the coupon by its code, then the other discounts together. */
export function discountRows(totals: TotalsResult, format: (minor: bigint) => string): { label: string; amount: string }[] {
  const coupon = couponDiscountOf(totals);
  const couponAmount = coupon?.amount ?? 0n;
  const rest = totals.summary.discount - couponAmount;
  return [
    ...(coupon && couponAmount > 0n ? [{ label: `Coupon ${coupon.code}`, amount: `-${format(couponAmount)}` }] : []),
    ...(rest > 0n ? [{ label: coupon ? 'Other discounts' : 'Discount', amount: `-${format(rest)}` }] : []),
  ];
}
