/**
 * Builds the totals engine's input for a cart: the shop's tax settings, the coupon on the cart (if it
 * still applies), the shipping options and tax rates of the address, and the member's memberships
 * (lines paid by a selected, eligible membership cost nothing). Reads only, through the pricing port:
 * call it before opening a transaction (PGlite has one connection).
 *
 * `recent` lets the settings, shipping options and tax rates come from the pricing service's memo (up
 * to a second old; a change made through this process's admin is seen at once). Only the estimate asks
 * for it: checkout and order totals read the stored rows, as money that is charged is computed from them.
 */
import type { PricingAddress, PricingPort } from '../pricing-port.js';
import { applySelections, classifyMemberships, type MembershipChoice, type MembershipSelection, NO_MEMBERSHIPS } from './memberships.js';
import type { LinePaymentOption, MerchantDiscountRule, PricedLine, TotalsInput } from './model.js';

export interface LoadTotalsParams {
  currency: string;
  lines: PricedLine[];
  /** the coupon stored on the cart */
  couponId?: string | null;
  merchantDiscounts: MerchantDiscountRule[];
  /** without one, no shipping is quoted and no tax rate applies */
  shippingAddress?: PricingAddress;
  selectedShippingOption?: { code: string; carrierId?: string | null };
  memberId?: string;
  email?: string;
  selectedMemberships?: MembershipSelection[];
  /** pricing configuration up to a second old will do (estimates only; never totals that are charged) */
  recent?: boolean;
  /** how lines no membership pays are paid (the shop's ways to pay) */
  linePaymentOption?: LinePaymentOption;
}

/** Why the cart's stored coupon was left out (the wire reports it as `couponCalculationError`). */
interface DroppedCoupon {
  code: 'COUPON_NO_LONGER_VALID';
  description: string;
}

export interface LoadedTotals {
  input: TotalsInput;
  memberships: MembershipChoice;
  /** set when the cart names a coupon that no longer applies (deleted, inactive, expired, used up) */
  droppedCoupon?: DroppedCoupon;
}

/** Loads everything `computeTotals` needs for these priced lines. */
export async function loadTotalsInput(pricing: PricingPort, params: LoadTotalsParams): Promise<LoadedTotals> {
  const customer = params.memberId || params.email ? { memberId: params.memberId, email: params.email } : undefined;
  const address = params.shippingAddress;
  const reads = { recent: params.recent === true };
  const [settings, coupon, options, rates, held] = await Promise.all([
    pricing.settings(reads),
    params.couponId ? pricing.couponById(params.couponId, customer) : undefined,
    address ? pricing.shippingOptionsFor(address, reads) : undefined,
    address ? pricing.taxRatesFor(address, reads) : [],
    params.memberId ? pricing.membershipsOf(params.memberId) : [],
  ]);

  let lines = params.lines;
  let memberships = NO_MEMBERSHIPS;
  if (held.length) {
    const { eligible, invalid } = classifyMemberships(held, params.lines);
    const applied = applySelections(params.lines, held, eligible, params.selectedMemberships ?? []);
    lines = applied.lines;
    memberships = { eligible, invalid, selected: applied.selected };
  }

  const input: TotalsInput = {
    currency: params.currency,
    taxIncludedInPrices: settings.taxIncludedInPrices,
    lines,
    merchantDiscounts: params.merchantDiscounts,
    tax: { mode: settings.taxMode, rates, taxShipping: settings.taxShipping },
    ...(params.linePaymentOption ? { linePaymentOption: params.linePaymentOption } : {}),
  };
  if (coupon) input.coupon = coupon;
  if (options) input.shipping = { options, ...(params.selectedShippingOption ? { selectedCode: params.selectedShippingOption.code } : {}) };
  const out: LoadedTotals = { input, memberships };
  if (params.couponId && !coupon) {
    out.droppedCoupon = { code: 'COUPON_NO_LONGER_VALID', description: 'The coupon on the cart can no longer be used' };
  }
  return out;
}
