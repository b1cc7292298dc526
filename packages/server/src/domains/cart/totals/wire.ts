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
  problem: { code: string; description: string; minimum?: { subtotal: bigint; missing: bigint } },
  currency: string,
): WireCouponError {
  const data = problem.minimum && {
    minimumSubtotal: toDecimal(problem.minimum.subtotal, currency),
    missingAmount: toDecimal(problem.minimum.missing, currency),
  };
  return { applicationError: { code: problem.code, description: problem.description, ...(data ? { data } : {}) } };
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
    let cached = formatted.get(minor);
    if (!cached) {
      cached = multiCurrencyPrice(minor, result.currency, ctx.display);
      formatted.set(minor, cached);
    }
    return { ...cached };
  };
  const summary = result.summary;
  const priceSummary = {
    subtotal: money(summary.subtotal),
    shipping: money(summary.shipping),
    tax: money(summary.tax),
    discount: money(summary.discount),
    total: money(summary.total),
    additionalFees: money(0n),
  };
  const zero = money(0n);
  const couponError = result.errors.coupon ?? ctx.droppedCoupon;
  return {
    calculatedLineItems: result.lines.map((line) => calculatedLine(line, money)),
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
      invalidMemberships: memberships.invalid.map((invalid) => ({
        membership: membershipWire(invalid.membership),
        reason: invalid.reason,
      })),
      selectedMemberships: memberships.selected.map((membership) => ({ id: membership.id, lineItemIds: [...membership.lineItemIds] })),
    },
    calculationErrors: couponError ? { couponCalculationError: couponErrorWire(couponError, result.currency) } : {},
    payNow: { ...priceSummary },
    payLater: { subtotal: zero, shipping: zero, tax: zero, discount: zero, total: zero, additionalFees: zero },
    currency: result.currency,
    weightUnit: ctx.weightUnit,
  };
}

type Money = (minor: bigint) => WireMoney;

function calculatedLine(line: LineTotals, money: Money): WireCalculatedLineItem {
  return {
    lineItemId: line.id,
    pricesBreakdown: {
      totalPriceAfterTax: money(line.totalAfterTax),
      totalPriceBeforeTax: money(line.totalBeforeTax),
      taxDetails: taxDetails(line.tax, money),
      totalDiscount: money(line.discount),
      price: money(line.unitPrice),
      priceBeforeDiscounts: money(line.unitPrice),
      lineItemPrice: money(line.subtotal),
      fullPrice: money(line.fullUnitPrice),
    },
    paymentOption: line.paymentOption,
  };
}

function taxDetails(amountTax: TaxOfAmount, money: Money): WireTaxDetails {
  return {
    taxableAmount: money(amountTax.taxable),
    taxRate: amountTax.rate,
    totalTax: money(amountTax.tax),
    taxBreakdown: amountTax.breakdown.map((taxPart) => ({
      jurisdiction: taxPart.jurisdiction,
      jurisdictionType: taxPart.jurisdictionType,
      taxName: taxPart.name,
      rate: taxPart.rate,
      taxableAmount: money(taxPart.taxable),
      taxAmount: money(taxPart.tax),
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

function membershipWire(membership: MembershipView): WireMembership {
  const out: WireMembership = {
    id: membership.id,
    name: { original: membership.name, translated: membership.name },
    lineItemIds: [...membership.lineItemIds],
    expirationDate: membership.expiresAt ? membership.expiresAt.toISOString() : null,
  };
  if (membership.credits) out.credits = { ...membership.credits };
  return out;
}
