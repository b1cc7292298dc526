/**
 * When a coupon can be used, and how the totals engine sees it. Pure: the service loads the coupon
 * and the customer's orders with it, these functions decide.
 */
import { toMinor } from '../../platform/money/money.js';
import type { CouponRule, Scope } from '../cart/totals/model.js';
import { plainDecimal } from './decimal-text.js';
import { PricingErrors } from './errors.js';
import type { CouponRow } from './store.js';

/** Why a coupon cannot be used now: an error code of the pricing table with a precise description. */
export interface CouponProblem {
  code: typeof PricingErrors.COUPON_NOT_ACTIVE | typeof PricingErrors.COUPON_EXPIRED | typeof PricingErrors.COUPON_USAGE_EXCEEDED;
  description: string;
  /** the dates a shopper is told: when a coupon not started yet starts, when an expired one ended (ISO) */
  data?: { startsAt?: string; expiresAt?: string };
}

/**
 * The first reason the coupon cannot be used at `now` (inactive, not started, expired, used up), or
 * undefined when it can. `customerUses` is how often this customer already used it (per-customer limit).
 */
export function couponProblem(coupon: CouponRow, now: Date, customerUses?: number): CouponProblem | undefined {
  if (!coupon.active) return { code: PricingErrors.COUPON_NOT_ACTIVE, description: 'The coupon is not active' };
  if (coupon.starts_at && coupon.starts_at.getTime() > now.getTime()) {
    const startsAt = coupon.starts_at.toISOString();
    return { code: PricingErrors.COUPON_NOT_ACTIVE, description: `The coupon is valid from ${startsAt}`, data: { startsAt } };
  }
  if (coupon.expires_at && coupon.expires_at.getTime() <= now.getTime()) {
    const expiresAt = coupon.expires_at.toISOString();
    return { code: PricingErrors.COUPON_EXPIRED, description: `The coupon expired on ${expiresAt}`, data: { expiresAt } };
  }
  if (coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit) {
    return { code: PricingErrors.COUPON_USAGE_EXCEEDED, description: 'The coupon has been used the maximum number of times' };
  }
  if (coupon.limit_per_customer !== null && customerUses !== undefined && customerUses >= coupon.limit_per_customer) {
    return {
      code: PricingErrors.COUPON_USAGE_EXCEEDED,
      description: 'This customer has already used the coupon the maximum number of times',
    };
  }
  return undefined;
}

/** A scope as stored (kind and ids) → the engine's. */
export function scopeOf(kind: 'ALL' | 'PRODUCTS' | 'COLLECTIONS', ids: string[]): Scope {
  return kind === 'ALL' ? { kind: 'ALL' } : { kind, ids: [...ids] };
}

/** The coupon as the totals engine applies it: percentages as decimals, amounts in minor units of `currency`. */
export function toCouponRule(coupon: CouponRow, currency: string): CouponRule {
  const value =
    coupon.kind === 'PERCENT'
      ? plainDecimal(coupon.value)
      : coupon.kind === 'FREE_SHIPPING'
        ? '0'
        : toMinor(coupon.value, currency).toString();
  const rule: CouponRule = {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    kind: coupon.kind,
    value,
    scope: scopeOf(coupon.scope, coupon.scope_ids),
  };
  if (coupon.minimum_subtotal !== null) rule.minimumSubtotal = toMinor(coupon.minimum_subtotal, currency);
  return rule;
}
