/**
 * The totals engine's contract: what a cart estimate needs (priced lines, the coupon, merchant
 * discounts, the shipping options and tax rates of the buyer's address) and what it answers. Every
 * amount is an integer in minor units of `currency` (bigint); rates and percentages are exact decimal
 * strings. The engine is pure: services load the inputs, the wire mapping formats the result.
 */

/** Which lines a coupon or membership plan covers. */
export type Scope = { kind: 'ALL' } | { kind: 'PRODUCTS'; ids: string[] } | { kind: 'COLLECTIONS'; ids: string[] };

/** A cart line with its catalogue prices resolved (per unit, in minor units). */
export interface PricedLine {
  id: string;
  /** catalogue product id; undefined for custom lines */
  productId?: string;
  /** collections the product belongs to (for scoped coupons and memberships) */
  collectionIds: string[];
  quantity: number;
  /** the unit price the buyer pays before cart discounts (the catalogue's discounted price) */
  unitPrice: bigint;
  /** the unit price before the product's own discount */
  fullUnitPrice: bigint;
  /** per unit, in the shop's weight unit; undefined when unknown */
  weight?: string;
  /** physical goods need shipping; digital goods and services do not */
  shippable: boolean;
  /** paid by a selected, valid membership: costs nothing here (payment option MEMBERSHIP) */
  paidByMembership?: boolean;
}

/** A coupon as the engine applies it (validity in time and usage is checked before: see pricing). */
export interface CouponRule {
  id: string;
  code: string;
  name: string;
  kind: 'PERCENT' | 'AMOUNT' | 'FREE_SHIPPING' | 'FIXED_PRICE';
  /** PERCENT: a percentage ("10" = 10 %); AMOUNT and FIXED_PRICE: minor units as a decimal string of an integer */
  value: string;
  scope: Scope;
  /** the eligible lines' subtotal (after item prices, before cart discounts) must reach it */
  minimumSubtotal?: bigint;
}

/**
 * A discount a merchant caller set on the cart: an amount off or a percentage off, on the lines named
 * (SPECIFIC_ITEMS) or on the whole cart (GLOBAL) when `lineItemIds` is absent or empty.
 */
export type MerchantDiscountRule = ({ amount: bigint } | { percentage: string }) & { lineItemIds?: string[] };

/** One shipping option of the region the address falls in. */
export interface ShippingRate {
  code: string;
  title: string;
  carrierId: string;
  kind: 'FLAT' | 'WEIGHT' | 'PICKUP';
  /** FLAT and PICKUP: the price; WEIGHT: the price above the last tier */
  price: bigint;
  /** WEIGHT: ascending tiers; the first whose `upTo` ≥ the shippable weight prices the order */
  weightTiers: { upTo: string; price: bigint }[];
  /** free when the discounted subtotal reaches it */
  freeAbove?: bigint;
  deliveryTime?: string;
  pickup?: {
    method: 'STORE_PICKUP' | 'PICKUP_POINT';
    address?: Record<string, unknown>;
    instructions?: string;
    /** the location's IANA time zone, in which its time slots are shown */
    timeZone?: string;
  };
  /** the earliest slot not over yet */
  timeSlot?: { from: string; to: string };
  /** every slot not over yet, earliest first: each one is offered as its own option (`slotOptionCode`) */
  timeSlots?: { from: string; to: string }[];
}

export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';

/** A manual tax rate that applies at the address (all matching jurisdictions add up). */
export interface TaxRateRule {
  id: string;
  name: string;
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  /** a fraction as a decimal string: "0.08875" */
  rate: string;
  appliesToShipping: boolean;
}

/** How tax is computed for this estimate (spec §3: rate types and reasons). */
export type TaxMode =
  | { rateType: 'MANUAL_RATE'; manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL' }
  | { rateType: 'FALLBACK_RATE'; fallbackReason: 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED' }
  | { rateType: 'NO_TAX_COLLECTED' };

/** How a line no membership pays is paid (the spec's paymentOption): online when the shop takes a way to pay online (a card), else offline. */
export type LinePaymentOption = 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE';

export interface TotalsInput {
  currency: string;
  /** catalogue prices already contain tax: tax is extracted from them, not added */
  taxIncludedInPrices: boolean;
  lines: PricedLine[];
  coupon?: CouponRule;
  merchantDiscounts: MerchantDiscountRule[];
  /** undefined without a shipping address (no options can be quoted) */
  shipping?: { options: ShippingRate[]; selectedCode?: string };
  tax: { mode: TaxMode; rates: TaxRateRule[]; taxShipping: boolean };
  /** how lines no membership pays are paid (default FULL_PAYMENT_ONLINE) */
  linePaymentOption?: LinePaymentOption;
}

/** Tax of one jurisdiction on one amount. */
export interface JurisdictionTax {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  name: string;
  rate: string;
  taxable: bigint;
  tax: bigint;
}

export interface TaxOfAmount {
  taxable: bigint;
  /** the sum of the applied rates, a fraction as a decimal string ("0.08875"); "0" when untaxed */
  rate: string;
  tax: bigint;
  breakdown: JurisdictionTax[];
}

export interface LineTotals {
  id: string;
  quantity: number;
  unitPrice: bigint;
  fullUnitPrice: bigint;
  /** unitPrice × quantity (0 when paid by membership) */
  subtotal: bigint;
  /** the cart discounts allocated to this line */
  discount: bigint;
  /** subtotal − discount, never negative */
  afterDiscounts: bigint;
  tax: TaxOfAmount;
  /** afterDiscounts + tax when tax is added; afterDiscounts when prices include it */
  totalAfterTax: bigint;
  /** before tax: afterDiscounts − tax when prices include it; afterDiscounts otherwise */
  totalBeforeTax: bigint;
  paymentOption: LinePaymentOption | 'MEMBERSHIP';
}

export interface AppliedDiscountTotals {
  source: 'coupon' | 'merchant';
  discountType: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  amount: bigint;
  lineIds: string[];
  coupon?: { id: string; code: string; name: string };
  /** merchant percentage discounts: the percentage ("10") */
  percentage?: string;
}

export interface ShippingQuote {
  code: string;
  title: string;
  carrierId: string;
  /** before shipping discounts */
  price: bigint;
  discount: bigint;
  afterDiscount: bigint;
  tax: TaxOfAmount;
  /** afterDiscount + tax when tax is added; afterDiscount when prices include it */
  totalAfterTax: bigint;
  /** afterDiscount − tax when prices include it; afterDiscount otherwise */
  totalBeforeTax: bigint;
  deliveryTime?: string;
  pickup?: ShippingRate['pickup'];
  timeSlot?: ShippingRate['timeSlot'];
}

export interface TotalsResult {
  currency: string;
  lines: LineTotals[];
  appliedDiscounts: AppliedDiscountTotals[];
  /** undefined without a shipping address; `selected` is the requested option when it exists, else the cheapest delivery (a pickup only when nothing else serves) */
  shipping?: { selected?: ShippingQuote; options: ShippingQuote[]; requestedFound: boolean };
  tax: {
    mode: TaxMode;
    taxable: bigint;
    total: bigint;
    /** aggregated per jurisdiction over lines and shipping */
    breakdown: JurisdictionTax[];
  };
  summary: {
    /** Σ line subtotals */
    subtotal: bigint;
    /** Σ cart discounts + shipping discount */
    discount: bigint;
    /** the selected option's price before its discount */
    shipping: bigint;
    tax: bigint;
    /** subtotal − discount + shipping (+ tax when it is added), never negative */
    total: bigint;
  };
  /** problems the buyer should see; the estimate still answers */
  errors: { coupon?: CouponNotApplied };
}

/** Why the coupon takes nothing off: no line in its scope, or its minimum subtotal not reached. */
export interface CouponNotApplied {
  code: 'COUPON_NOT_APPLICABLE' | 'MINIMUM_SUBTOTAL_NOT_REACHED';
  /** in plain words, with what to do */
  description: string;
  /** a minimum not reached: the minimum, and how much more of the coupon's items it needs (minor units) */
  minimum?: { subtotal: bigint; missing: bigint };
}
