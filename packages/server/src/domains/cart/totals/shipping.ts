/**
 * Shipping quotes: every option of the address's region priced for this cart (flat, by the shippable
 * lines' weight, or pickup; free above its threshold), its free-shipping discount and its tax, and the
 * option in use (the one the buyer asked for when it exists, else the cheapest).
 */
import { addDecimals, compareDecimals, type Decimal, multiplyDecimal, parseDecimal, ZERO } from '../../../platform/money/decimal.js';
import type { PricedLine, ShippingQuote, ShippingRate, TaxOfAmount, TotalsResult } from './model.js';

export interface ShippingContext {
  options: ShippingRate[];
  selectedCode?: string;
  lines: PricedLine[];
  /** Σ lines after their discounts: what `freeAbove` thresholds compare with */
  discountedSubtotal: bigint;
  /** a free-shipping coupon applies */
  freeShipping: boolean;
  taxOf: (amount: bigint) => TaxOfAmount;
  /** prices (shipping's too) include tax */
  taxIncluded: boolean;
}

/** The quotes of every option and the selected one; no shippable line: nothing to ship, no options. */
export function quoteShipping(c: ShippingContext): NonNullable<TotalsResult['shipping']> {
  const shippable = c.lines.filter((l) => l.shippable);
  if (shippable.length === 0) return { options: [], requestedFound: false };
  const weight = shippable.reduce<Decimal>((w, l) => addDecimals(w, multiplyDecimal(unitWeight(l), BigInt(l.quantity))), ZERO);
  const options = c.options.map((o) => quote(o, c, weight));
  const requested = c.selectedCode === undefined ? undefined : options.find((o) => o.code === c.selectedCode);
  const cheapest = options.reduce<ShippingQuote | undefined>(
    (best, o) => (best === undefined || o.price < best.price ? o : best),
    undefined,
  );
  return { options, selected: requested ?? cheapest, requestedFound: requested !== undefined };
}

function quote(o: ShippingRate, c: ShippingContext, weight: Decimal): ShippingQuote {
  const free = o.freeAbove !== undefined && c.discountedSubtotal >= o.freeAbove;
  const price = free ? 0n : priceOf(o, weight);
  const discount = c.freeShipping ? price : 0n;
  const afterDiscount = price - discount;
  const tax = c.taxOf(afterDiscount);
  const q: ShippingQuote = {
    code: o.code,
    title: o.title,
    carrierId: o.carrierId,
    price,
    discount,
    afterDiscount,
    tax,
    totalAfterTax: c.taxIncluded ? afterDiscount : afterDiscount + tax.tax,
    totalBeforeTax: c.taxIncluded ? afterDiscount - tax.tax : afterDiscount,
  };
  if (o.deliveryTime !== undefined) q.deliveryTime = o.deliveryTime;
  if (o.pickup !== undefined) q.pickup = o.pickup;
  if (o.timeSlot !== undefined) q.timeSlot = o.timeSlot;
  return q;
}

/** A line's weight per unit; unknown or unreadable (a catalogue "NaN") weighs nothing. */
function unitWeight(l: PricedLine): Decimal {
  try {
    return l.weight === undefined ? ZERO : parseDecimal(l.weight);
  } catch {
    return ZERO;
  }
}

/** FLAT and PICKUP: the price; WEIGHT: the first tier that holds the weight, else the price above the last. */
function priceOf(o: ShippingRate, weight: Decimal): bigint {
  if (o.kind !== 'WEIGHT') return o.price;
  const tiers = o.weightTiers.map((t) => ({ upTo: parseDecimal(t.upTo), price: t.price })).sort((a, b) => compareDecimals(a.upTo, b.upTo));
  const tier = tiers.find((t) => compareDecimals(weight, t.upTo) <= 0);
  return tier ? tier.price : o.price;
}
