/**
 * The totals engine: a cart's exact totals from its priced lines, coupon, merchant discounts, shipping
 * options and tax rates. Pure and synchronous (services load the input: see load-input.ts; wire.ts
 * formats the result). Every amount is in integer minor units of the cart currency and every total is
 * the sum of the rounded parts it summarises, so the estimate, the hosted checkout page and the order
 * always agree to the last minor unit.
 *
 * Order (issue #5): line prices → item discounts → cart discounts → tax on the discounted amounts →
 * shipping → shipping discounts.
 */
import { applyDiscounts } from './discounts.js';
import type { LinePaymentOption, LineTotals, PricedLine, TaxRateRule, TotalsInput, TotalsResult } from './model.js';
import { quoteShipping } from './shipping.js';
import { sumByJurisdiction, taxOf } from './tax.js';

/**
 * Computes the totals of a cart.
 * @example computeTotals({ currency: 'USD', taxIncludedInPrices: false, lines, merchantDiscounts: [], tax }).summary.total
 */
export function computeTotals(input: TotalsInput): TotalsResult {
  const included = input.taxIncludedInPrices;
  const subtotals = input.lines.map(lineSubtotal);
  const discounted = applyDiscounts(input.lines, subtotals, input.coupon, input.merchantDiscounts, input.currency);
  const rates = input.tax.mode.rateType === 'NO_TAX_COLLECTED' ? [] : input.tax.rates;
  const shippingRates: TaxRateRule[] = input.tax.taxShipping ? rates.filter((rate) => rate.appliesToShipping) : [];

  const paid = input.linePaymentOption ?? 'FULL_PAYMENT_ONLINE';
  const lines = input.lines.map((line, i) => lineTotals(line, subtotals[i], discounted.discounts[i], rates, included, paid));
  const discountedSubtotal = lines.reduce((total, line) => total + line.afterDiscounts, 0n);
  const shipping = input.shipping
    ? quoteShipping({
        options: input.shipping.options,
        selectedCode: input.shipping.selectedCode,
        lines: input.lines,
        discountedSubtotal,
        freeShipping: discounted.freeShipping !== undefined,
        taxOf: (amount) => taxOf(amount, shippingRates, included),
        taxIncluded: included,
      })
    : undefined;
  const selected = shipping?.selected;
  if (discounted.freeShipping) discounted.freeShipping.amount = selected?.discount ?? 0n;

  const taxes = [...lines.map((line) => line.tax), ...(selected ? [selected.tax] : [])];
  const subtotal = sum(lines.map((line) => line.subtotal));
  const discount = sum(lines.map((line) => line.discount)) + (selected?.discount ?? 0n);
  const shippingPrice = selected?.price ?? 0n;
  const tax = sum(taxes.map((lineTax) => lineTax.tax));
  const result: TotalsResult = {
    currency: input.currency,
    lines,
    appliedDiscounts: discounted.applied,
    tax: { mode: input.tax.mode, taxable: sum(taxes.map((lineTax) => lineTax.taxable)), total: tax, breakdown: sumByJurisdiction(taxes) },
    summary: { subtotal, discount, shipping: shippingPrice, tax, total: subtotal - discount + shippingPrice + (included ? 0n : tax) },
    errors: discounted.couponError ? { coupon: discounted.couponError } : {},
  };
  if (shipping) result.shipping = shipping;
  return result;
}

/** unitPrice × quantity; a line a membership pays costs nothing here. */
function lineSubtotal(line: PricedLine): bigint {
  return line.paidByMembership ? 0n : line.unitPrice * BigInt(line.quantity);
}

function lineTotals(
  line: PricedLine,
  subtotal: bigint,
  discount: bigint,
  rates: TaxRateRule[],
  included: boolean,
  paid: LinePaymentOption,
): LineTotals {
  const afterDiscounts = subtotal - discount;
  const tax = taxOf(afterDiscounts, rates, included);
  return {
    id: line.id,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    fullUnitPrice: line.fullUnitPrice,
    subtotal,
    discount,
    afterDiscounts,
    tax,
    totalAfterTax: included ? afterDiscounts : afterDiscounts + tax.tax,
    totalBeforeTax: included ? afterDiscounts - tax.tax : afterDiscounts,
    paymentOption: line.paidByMembership ? 'MEMBERSHIP' : paid,
  };
}

function sum(amounts: bigint[]): bigint {
  return amounts.reduce((total, amount) => total + amount, 0n);
}
