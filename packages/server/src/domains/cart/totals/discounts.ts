/**
 * Line and cart discounts, in the order the issue fixes: the coupon's item-level discount (FIXED_PRICE,
 * or PERCENT/AMOUNT scoped to products or collections), then the cart discounts (a PERCENT/AMOUNT coupon
 * on the whole cart, then the merchant's discounts in their order). Each takes its share of what the
 * previous ones left on its eligible lines, is capped at that, and is allocated across those lines by
 * largest remainder, so no line goes below zero and the parts add up to the discount exactly.
 */
import { allocate, formatMoney, percentOf } from '../../../platform/money/money.js';
import type { AppliedDiscountTotals, CouponRule, MerchantDiscountRule, PricedLine, TotalsResult } from './model.js';
import { inScope } from './scope.js';

type CouponError = NonNullable<TotalsResult['errors']['coupon']>;

export interface DiscountOutcome {
  /** per line (same order as the input), the sum of every discount it received */
  discounts: bigint[];
  /** in the order they were applied; a free-shipping coupon's amount is filled in with the shipping */
  applied: AppliedDiscountTotals[];
  couponError?: CouponError;
  /** the applied free-shipping coupon's entry in `applied` */
  freeShipping?: AppliedDiscountTotals;
}

/** What the discounts have left on each line. */
class Remaining {
  readonly left: bigint[];
  constructor(readonly subtotals: bigint[]) {
    this.left = [...subtotals];
  }

  /** Takes `wanted` (capped at what is left) from the lines `lineIndices`, by largest remainder; the amount taken. */
  take(lineIndices: number[], wanted: bigint | ((base: bigint) => bigint)): bigint {
    const weights = lineIndices.map((i) => this.left[i]);
    const base = weights.reduce((total, weight) => total + weight, 0n);
    if (base === 0n) return 0n;
    let off = typeof wanted === 'function' ? wanted(base) : wanted;
    if (off < 0n) off = 0n;
    if (off > base) off = base;
    allocate(off, weights).forEach((part, k) => {
      this.left[lineIndices[k]] -= part;
    });
    return off;
  }

  /** Takes a given amount from each line of `lineIndices` (capped per line); the amount taken. */
  takeEach(lineIndices: number[], wanted: (i: number) => bigint): bigint {
    let total = 0n;
    for (const i of lineIndices) {
      let off = wanted(i);
      if (off < 0n) off = 0n;
      if (off > this.left[i]) off = this.left[i];
      this.left[i] -= off;
      total += off;
    }
    return total;
  }

  discounts(): bigint[] {
    return this.subtotals.map((subtotal, i) => subtotal - this.left[i]);
  }
}

/** Applies the coupon and the merchant discounts to the lines' subtotals. */
export function applyDiscounts(
  lines: PricedLine[],
  subtotals: bigint[],
  coupon: CouponRule | undefined,
  merchant: MerchantDiscountRule[],
  currency: string,
): DiscountOutcome {
  const remaining = new Remaining(subtotals);
  const out: DiscountOutcome = { discounts: [], applied: [] };
  if (coupon) applyCoupon(coupon, lines, remaining, currency, out);
  for (const rule of merchant) {
    const named = rule.lineItemIds?.length ? new Set(rule.lineItemIds) : undefined;
    const lineIndices = lines.flatMap((line, i) => (!named || named.has(line.id) ? [i] : []));
    const off = remaining.take(lineIndices, percentOrAmount(rule));
    out.applied.push({
      source: 'merchant',
      discountType: named ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      amount: off,
      lineIds: lineIndices.map((i) => lines[i].id),
      ...('percentage' in rule ? { percentage: rule.percentage } : {}),
    });
  }
  out.discounts = remaining.discounts();
  return out;
}

/**
 * The coupon's discount, item-level (FIXED_PRICE, or scoped to products or collections) or on the whole
 * cart (scope ALL); a free-shipping coupon only records itself here (its amount comes with shipping).
 */
function applyCoupon(coupon: CouponRule, lines: PricedLine[], remaining: Remaining, currency: string, out: DiscountOutcome): void {
  const eligible = couponEligibility(lines, remaining.subtotals, coupon, currency);
  if ('error' in eligible) {
    out.couponError = eligible.error;
    return;
  }
  const lineIndices = eligible.lines;
  const entry = (discountType: AppliedDiscountTotals['discountType'], amount: bigint): AppliedDiscountTotals => ({
    source: 'coupon',
    discountType,
    amount,
    lineIds: discountType === 'SHIPPING' ? [] : lineIndices.map((i) => lines[i].id),
    coupon: { id: coupon.id, code: coupon.code, name: coupon.name },
  });
  if (coupon.kind === 'FREE_SHIPPING') {
    out.freeShipping = entry('SHIPPING', 0n);
    out.applied.push(out.freeShipping);
  } else if (coupon.kind === 'FIXED_PRICE') {
    const price = BigInt(coupon.value);
    out.applied.push(
      entry(
        'SPECIFIC_ITEMS',
        remaining.takeEach(lineIndices, (i) => (lines[i].unitPrice - price) * BigInt(lines[i].quantity)),
      ),
    );
  } else {
    const off = remaining.take(
      lineIndices,
      percentOrAmount(coupon.kind === 'PERCENT' ? { percentage: coupon.value } : { amount: BigInt(coupon.value) }),
    );
    out.applied.push(entry(coupon.scope.kind === 'ALL' ? 'GLOBAL' : 'SPECIFIC_ITEMS', off));
  }
}

function percentOrAmount(rule: { amount: bigint } | { percentage: string }): bigint | ((base: bigint) => bigint) {
  return 'amount' in rule ? rule.amount : (base) => percentOf(base, rule.percentage);
}

/** The lines a coupon applies to, or why it does not apply (no line in its scope, minimum not reached). */
function couponEligibility(
  lines: PricedLine[],
  subtotals: bigint[],
  coupon: CouponRule,
  currency: string,
): { lines: number[] } | { error: CouponError } {
  const lineIndices = lines.flatMap((line, i) => (!line.paidByMembership && inScope(line, coupon.scope) ? [i] : []));
  if (lineIndices.length === 0) {
    return { error: { code: 'COUPON_NOT_APPLICABLE', description: `Coupon ${coupon.code} does not apply to any item in the cart` } };
  }
  const eligibleSubtotal = lineIndices.reduce((total, i) => total + subtotals[i], 0n);
  if (coupon.minimumSubtotal !== undefined && eligibleSubtotal < coupon.minimumSubtotal) {
    const missing = coupon.minimumSubtotal - eligibleSubtotal;
    const [minimum, more] = [formatMoney(coupon.minimumSubtotal, currency), formatMoney(missing, currency)];
    return {
      error: {
        code: 'MINIMUM_SUBTOTAL_NOT_REACHED',
        description: `Coupon ${coupon.code} needs a subtotal of at least ${minimum} on the items it applies to. Add ${more} more to use it.`,
        minimum: { subtotal: coupon.minimumSubtotal, missing },
      },
    };
  }
  return { lines: lineIndices };
}
