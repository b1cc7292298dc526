/**
 * Shipping quotes: every option of the address's region priced for this cart (flat, by the shippable
 * lines' weight, or pickup; free above its threshold), its free-shipping discount and its tax, and the
 * option in use (the one the buyer asked for when it exists, else the cheapest delivery: a pickup is
 * used only when the buyer chose it or nothing else serves the address). An option with
 * delivery time slots is offered once per slot, under its slot's code (`slotOptionCode`); asking for
 * the option's own code picks its earliest slot.
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
export function quoteShipping(context: ShippingContext): NonNullable<TotalsResult['shipping']> {
  const shippable = context.lines.filter((line) => line.shippable);
  if (shippable.length === 0) return { options: [], requestedFound: false };
  const weight = shippable.reduce<Decimal>(
    (total, line) => addDecimals(total, multiplyDecimal(unitWeight(line), BigInt(line.quantity))),
    ZERO,
  );
  const quoted = context.options.map((rate) => ({ rate, quotes: perSlot(rate).map((slotted) => quote(slotted, context, weight)) }));
  const options = quoted.flatMap((quotedRate) => quotedRate.quotes);
  const requested = context.selectedCode === undefined ? undefined : requestedQuote(options, context.options, context.selectedCode);
  // A pickup far from the buyer is no default, however cheap (#19): it must be chosen.
  const deliveries = quoted
    .filter((quotedRate) => quotedRate.rate.kind !== 'PICKUP' && quotedRate.rate.pickup === undefined)
    .flatMap((quotedRate) => quotedRate.quotes);
  const fallback = cheapestOf(deliveries.length > 0 ? deliveries : options);
  return { options, selected: requested ?? fallback, requestedFound: requested !== undefined };
}

/** The cheapest quote; the first of equally cheap ones (the merchant's order). */
function cheapestOf(quotes: ShippingQuote[]): ShippingQuote | undefined {
  return quotes.reduce<ShippingQuote | undefined>(
    (best, quote) => (best === undefined || quote.price < best.price ? quote : best),
    undefined,
  );
}

/**
 * The code of one time slot of an option: the option's code, `@`, and the slot's from/to in ISO basic
 * form ("standard@20301201T090000Z-20301201T120000Z"). Stable while the configuration is, and at most
 * 64 + 34 characters, within what a cart's selected option may carry (100).
 */
export function slotOptionCode(code: string, slot: { from: string; to: string }): string {
  const basic = (iso: string) => new Date(iso).toISOString().replace(/[-:]|\.\d{3}/g, '');
  return `${code}@${basic(slot.from)}-${basic(slot.to)}`;
}

/** A rate with several slots as one rate per slot, each under its slot's code; otherwise the rate itself. */
function perSlot(rate: ShippingRate): ShippingRate[] {
  if (!rate.timeSlots || rate.timeSlots.length === 0) return [rate];
  return rate.timeSlots.map((slot) => {
    const { timeSlots: _all, ...rest } = rate;
    return { ...rest, code: slotOptionCode(rate.code, slot), timeSlot: slot };
  });
}

/** The quote asked for: the exact (slot) code, else an option's own code → its earliest slot. */
function requestedQuote(quotes: ShippingQuote[], rates: ShippingRate[], code: string): ShippingQuote | undefined {
  const exact = quotes.find((quote) => quote.code === code);
  if (exact) return exact;
  const first = rates.find((rate) => rate.code === code)?.timeSlots?.[0];
  return first ? quotes.find((quote) => quote.code === slotOptionCode(code, first)) : undefined;
}

function quote(rate: ShippingRate, context: ShippingContext, weight: Decimal): ShippingQuote {
  const free = rate.freeAbove !== undefined && context.discountedSubtotal >= rate.freeAbove;
  const price = free ? 0n : priceOf(rate, weight);
  const discount = context.freeShipping ? price : 0n;
  const afterDiscount = price - discount;
  const tax = context.taxOf(afterDiscount);
  const quote: ShippingQuote = {
    code: rate.code,
    title: rate.title,
    carrierId: rate.carrierId,
    price,
    discount,
    afterDiscount,
    tax,
    totalAfterTax: context.taxIncluded ? afterDiscount : afterDiscount + tax.tax,
    totalBeforeTax: context.taxIncluded ? afterDiscount - tax.tax : afterDiscount,
  };
  if (rate.deliveryTime !== undefined) quote.deliveryTime = rate.deliveryTime;
  if (rate.pickup !== undefined) quote.pickup = rate.pickup;
  if (rate.timeSlot !== undefined) quote.timeSlot = rate.timeSlot;
  return quote;
}

/** A line's weight per unit; unknown or unreadable (a catalogue "NaN") weighs nothing. */
function unitWeight(line: PricedLine): Decimal {
  try {
    return line.weight === undefined ? ZERO : parseDecimal(line.weight);
  } catch {
    return ZERO;
  }
}

/** FLAT and PICKUP: the price; WEIGHT: the first tier that holds the weight, else the price above the last. */
function priceOf(rate: ShippingRate, weight: Decimal): bigint {
  if (rate.kind !== 'WEIGHT') return rate.price;
  const tiers = rate.weightTiers
    .map((weightTier) => ({ upTo: parseDecimal(weightTier.upTo), price: weightTier.price }))
    .sort((left, right) => compareDecimals(left.upTo, right.upTo));
  const tier = tiers.find((sortedTier) => compareDecimals(weight, sortedTier.upTo) <= 0);
  return tier ? tier.price : rate.price;
}
