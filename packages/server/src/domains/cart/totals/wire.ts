/**
 * The totals engine's result in the cart wire's form (the parts of `EstimateTotalsResponse` that are
 * not the cart itself): money as `MultiCurrencyPrice` with decimal strings, `id` rather than `_id`,
 * dates as ISO strings. Field names follow `packages/sdk/src/types/cart-totals.ts`. The cart's
 * estimate-totals route and the hosted checkout page both use it.
 */
import { convertMinor } from '../../../platform/money/decimal.js';
import { formatMoney, toDecimal } from '../../../platform/money/money.js';
import type { MembershipChoice, MembershipView } from './memberships.js';
import type { LineTotals, ShippingQuote, TaxOfAmount, TotalsResult } from './model.js';
import type {
  EstimateWire,
  WireAppliedDiscount,
  WireCalculatedLineItem,
  WireCouponError,
  WireLogistics,
  WireMembership,
  WireMoney,
  WireShippingInfo,
  WireTaxDetails,
  WireTaxSummary,
} from './wire-schemas.js';

export type { EstimateWire, WireMoney };

/** Amounts also shown in another currency at a fixed rate (`config.catalog.display`). */
export interface DisplayCurrency {
  currency: string;
  /** units of the display currency per unit of the shop currency, an exact decimal */
  rate: string;
}

/**
 * Minor units as the wire's money: the decimal amount, the amount converted to the display currency
 * (the same amount without one), and both formatted for people.
 * @example multiCurrencyPrice(1050n, 'USD') // { amount: '10.50', convertedAmount: '10.50', formattedAmount: '$10.50', … }
 */
export function multiCurrencyPrice(minor: bigint, currency: string, display?: DisplayCurrency): WireMoney {
  const amount = toDecimal(minor, currency);
  const formattedAmount = formatMoney(minor, currency);
  if (!display) return { amount, convertedAmount: amount, formattedAmount, formattedConvertedAmount: formattedAmount };
  const converted = convertMinor(minor, currency, display.currency, display.rate);
  return {
    amount,
    convertedAmount: toDecimal(converted, display.currency),
    formattedAmount,
    formattedConvertedAmount: formatMoney(converted, display.currency),
  };
}

/** A coupon problem (the engine's, or a stored coupon dropped) as `couponCalculationError`. */
export function couponErrorWire(
  e: { code: string; description: string; minimum?: { subtotal: bigint; missing: bigint } },
  currency: string,
): WireCouponError {
  const data = e.minimum && {
    minimumSubtotal: toDecimal(e.minimum.subtotal, currency),
    missingAmount: toDecimal(e.minimum.missing, currency),
  };
  return { applicationError: { code: e.code, description: e.description, ...(data ? { data } : {}) } };
}

export interface EstimateWireContext {
  display?: DisplayCurrency;
  weightUnit: EstimateWire['weightUnit'];
  /** the cart's stored coupon was left out (see `LoadedTotals.droppedCoupon`) */
  droppedCoupon?: { code: string; description: string };
}

/** The estimate answer's parts for a computed result and the member's membership options. */
export function estimateWire(result: TotalsResult, memberships: MembershipChoice, ctx: EstimateWireContext): EstimateWire {
  // An estimate repeats few distinct amounts (zeros, unit prices); formatting dominates its cost.
  const formatted = new Map<bigint, WireMoney>();
  const money = (minor: bigint): WireMoney => {
    let m = formatted.get(minor);
    if (!m) {
      m = multiCurrencyPrice(minor, result.currency, ctx.display);
      formatted.set(minor, m);
    }
    return { ...m };
  };
  const s = result.summary;
  const priceSummary = {
    subtotal: money(s.subtotal),
    shipping: money(s.shipping),
    tax: money(s.tax),
    discount: money(s.discount),
    total: money(s.total),
    additionalFees: money(0n),
  };
  const zero = money(0n);
  const couponError = result.errors.coupon ?? ctx.droppedCoupon;
  return {
    calculatedLineItems: result.lines.map((l) => calculatedLine(l, money)),
    priceSummary,
    taxSummary: {
      taxableAmount: money(result.tax.taxable),
      totalTax: money(result.tax.total),
      calculationDetails: calculationDetails(result.tax.mode),
    },
    shippingInfo: shippingInfo(result.shipping, money),
    appliedDiscounts: result.appliedDiscounts.map((discount) => {
      const out: WireAppliedDiscount = { discountType: discount.discountType, lineItemIds: discount.lineIds };
      if (discount.coupon) out.coupon = { ...discount.coupon, amount: money(discount.amount) };
      else
        out.merchantDiscount = {
          amount: money(discount.amount),
          ...(discount.percentage === undefined ? {} : { percentage: Number(discount.percentage) }),
        };
      return out;
    }),
    membershipOptions: {
      eligibleMemberships: memberships.eligible.map(membershipWire),
      invalidMemberships: memberships.invalid.map((i) => ({ membership: membershipWire(i.membership), reason: i.reason })),
      selectedMemberships: memberships.selected.map((m) => ({ id: m.id, lineItemIds: [...m.lineItemIds] })),
    },
    calculationErrors: couponError ? { couponCalculationError: couponErrorWire(couponError, result.currency) } : {},
    payNow: { ...priceSummary },
    payLater: { subtotal: zero, shipping: zero, tax: zero, discount: zero, total: zero, additionalFees: zero },
    currency: result.currency,
    weightUnit: ctx.weightUnit,
  };
}

type Money = (minor: bigint) => WireMoney;

function calculatedLine(l: LineTotals, money: Money): WireCalculatedLineItem {
  return {
    lineItemId: l.id,
    pricesBreakdown: {
      totalPriceAfterTax: money(l.totalAfterTax),
      totalPriceBeforeTax: money(l.totalBeforeTax),
      taxDetails: taxDetails(l.tax, money),
      totalDiscount: money(l.discount),
      price: money(l.unitPrice),
      priceBeforeDiscounts: money(l.unitPrice),
      lineItemPrice: money(l.subtotal),
      fullPrice: money(l.fullUnitPrice),
    },
    paymentOption: l.paymentOption,
  };
}

function taxDetails(t: TaxOfAmount, money: Money): WireTaxDetails {
  return {
    taxableAmount: money(t.taxable),
    taxRate: t.rate,
    totalTax: money(t.tax),
    taxBreakdown: t.breakdown.map((j) => ({
      jurisdiction: j.jurisdiction,
      jurisdictionType: j.jurisdictionType,
      taxName: j.name,
      rate: j.rate,
      taxableAmount: money(j.taxable),
      taxAmount: money(j.tax),
    })),
  };
}

function calculationDetails(mode: TotalsResult['tax']['mode']): WireTaxSummary['calculationDetails'] {
  if (mode.rateType === 'MANUAL_RATE') return { rateType: mode.rateType, manualRateReason: mode.manualRateReason };
  if (mode.rateType === 'FALLBACK_RATE')
    return { rateType: mode.rateType, autoTaxFallbackDetails: { fallbackReason: mode.fallbackReason } };
  return { rateType: mode.rateType };
}

function shippingInfo(shipping: TotalsResult['shipping'], money: Money): WireShippingInfo {
  const byCarrier = new Map<string, WireShippingInfo['carrierServiceOptions'][number]>();
  for (const quote of shipping?.options ?? []) {
    let carrier = byCarrier.get(quote.carrierId);
    if (!carrier) {
      carrier = { carrierId: quote.carrierId, shippingOptions: [] };
      byCarrier.set(quote.carrierId, carrier);
    }
    carrier.shippingOptions.push({
      code: quote.code,
      title: quote.title,
      logistics: logistics(quote),
      cost: { price: money(quote.price) },
    });
  }
  const info: WireShippingInfo = { carrierServiceOptions: [...byCarrier.values()] };
  const selected = shipping?.selected;
  if (selected) {
    info.selectedCarrierServiceOption = {
      code: selected.code,
      title: selected.title,
      carrierId: selected.carrierId,
      logistics: logistics(selected),
      cost: {
        totalPriceAfterTax: money(selected.totalAfterTax),
        totalPriceBeforeTax: money(selected.totalBeforeTax),
        taxDetails: taxDetails(selected.tax, money),
        totalDiscount: money(selected.discount),
        price: money(selected.price),
      },
      requestedShippingOption: shipping.requestedFound,
    };
  }
  return info;
}

function logistics(quote: ShippingQuote): WireLogistics {
  const out: WireLogistics = {};
  if (quote.deliveryTime !== undefined) out.deliveryTime = quote.deliveryTime;
  if (quote.pickup) {
    out.pickupDetails = { pickupMethod: quote.pickup.method, ...(quote.pickup.address ? { address: quote.pickup.address } : {}) };
    if (quote.pickup.instructions !== undefined) out.instructions = quote.pickup.instructions;
  }
  if (quote.timeSlot)
    out.deliveryTimeSlot = { from: new Date(quote.timeSlot.from).toISOString(), to: new Date(quote.timeSlot.to).toISOString() };
  return out;
}

function membershipWire(m: MembershipView): WireMembership {
  const out: WireMembership = {
    id: m.id,
    name: { original: m.name, translated: m.name },
    lineItemIds: [...m.lineItemIds],
    expirationDate: m.expiresAt ? m.expiresAt.toISOString() : null,
  };
  if (m.credits) out.credits = { ...m.credits };
  return out;
}
