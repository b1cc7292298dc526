import type { Address } from './address.js';
import type { AppliedDiscount, Cart, MultiCurrencyPrice, SelectedShippingOption, TranslatableString } from './cart.js';
import type {
  ChargeType,
  FallbackReason,
  JurisdictionType,
  ManualCalculationReason,
  PaymentOptionType,
  PickupMethod,
  RateType,
  Severity,
  WeightUnit,
} from './enums-cart.js';
import type { ApplicationError, CalculationErrorDetails } from './error-details.js';

/** A membership chosen to pay for some line items. */
export interface HostSelectedMembership {
  _id?: string;
  appId?: string;
  lineItemIds?: string[];
}

/** The memberships the buyer chose. */
export interface SelectedMemberships {
  memberships?: HostSelectedMembership[];
}

/** Input of `estimateCurrentCartTotals` (spec §3 "Totals estimate"). */
export interface EstimateTotalsOptions {
  selectedShippingOption?: SelectedShippingOption;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedMemberships?: SelectedMemberships;
}

/** Tax of one jurisdiction. */
export interface TaxBreakdown {
  jurisdiction?: string | null;
  jurisdictionType?: JurisdictionType;
  taxName?: string | null;
  taxType?: string | null;
  /** decimal string */
  rate?: string | null;
  taxableAmount?: MultiCurrencyPrice;
  nonTaxableAmount?: MultiCurrencyPrice;
  taxAmount?: MultiCurrencyPrice;
  aggregatedTaxAmount?: MultiCurrencyPrice;
}

/** How the tax was calculated. */
export interface TaxCalculationDetails {
  rateType?: RateType;
  manualRateReason?: ManualCalculationReason;
  autoTaxFallbackDetails?: { fallbackReason?: FallbackReason; error?: ApplicationError };
}

/** Tax of a line item or a shipping option. */
export interface ItemTaxFullDetails {
  taxableAmount?: MultiCurrencyPrice;
  /** decimal string, e.g. `"0.08"` */
  taxRate?: string;
  totalTax?: MultiCurrencyPrice;
  taxBreakdown?: TaxBreakdown[];
}

/** Prices of a line item or a shipping option, before and after tax and discounts. */
export interface LineItemPricesData {
  totalPriceAfterTax?: MultiCurrencyPrice;
  totalPriceBeforeTax?: MultiCurrencyPrice;
  taxDetails?: ItemTaxFullDetails;
  totalDiscount?: MultiCurrencyPrice;
  price?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  lineItemPrice?: MultiCurrencyPrice;
  fullPrice?: MultiCurrencyPrice;
}

/** Calculated prices of one line item. */
export interface CalculatedLineItem {
  lineItemId?: string;
  pricesBreakdown?: LineItemPricesData;
  paymentOption?: PaymentOptionType;
}

/** Totals of an estimate. */
export interface PriceSummary {
  subtotal?: MultiCurrencyPrice;
  shipping?: MultiCurrencyPrice;
  tax?: MultiCurrencyPrice;
  discount?: MultiCurrencyPrice;
  total?: MultiCurrencyPrice;
  additionalFees?: MultiCurrencyPrice;
}

/** Tax totals of an estimate. */
export interface TaxSummary {
  taxableAmount?: MultiCurrencyPrice;
  totalTax?: MultiCurrencyPrice;
  /** decimal string */
  manualTaxRate?: string;
  calculationDetails?: TaxCalculationDetails;
}

/** A delivery window. */
export interface DeliveryTimeSlot {
  from?: Date | null;
  to?: Date | null;
}

/** Where a pickup order is collected. */
export interface PickupDetails {
  address?: Address;
  businessLocation?: boolean;
  pickupMethod?: PickupMethod;
}

/** Delivery time, instructions and pickup details of a shipping option. */
export interface DeliveryLogistics {
  deliveryTime?: string | null;
  instructions?: string | null;
  pickupDetails?: PickupDetails;
  deliveryTimeSlot?: DeliveryTimeSlot;
}

/** A handling fee or insurance on a shipping option. */
export interface OtherCharge {
  type?: ChargeType;
  details?: string | null;
  price?: MultiCurrencyPrice;
  cost?: LineItemPricesData;
}

/** The cost of a shipping option. */
export interface ShippingPrice {
  price?: MultiCurrencyPrice;
  otherCharges?: OtherCharge[];
}

/** One shipping option of a carrier. */
export interface ShippingOption {
  code?: string;
  title?: string;
  logistics?: DeliveryLogistics;
  cost?: ShippingPrice;
}

/** A carrier and its shipping options. */
export interface CarrierServiceOption {
  carrierId?: string;
  shippingOptions?: ShippingOption[];
}

/** The shipping option in use, with its calculated cost. */
export interface SelectedCarrierServiceOption {
  code?: string;
  title?: string;
  carrierId?: string | null;
  logistics?: DeliveryLogistics;
  cost?: LineItemPricesData;
  requestedShippingOption?: boolean;
  otherCharges?: OtherCharge[];
}

/** Shipping of an estimate: the selected option and the other options. */
export interface ShippingInfo {
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  carrierServiceOptions?: CarrierServiceOption[];
  region?: { _id?: string; name?: string | null };
}

/** A membership that can pay for some line items. */
export interface Membership {
  _id?: string;
  appId?: string;
  name?: TranslatableString;
  lineItemIds?: string[];
  credits?: { total?: number; remaining?: number };
  expirationDate?: Date | null;
  additionalData?: Record<string, unknown> | null;
}

/** A membership that cannot be used, and why. */
export interface InvalidMembership {
  membership?: Membership;
  reason?: string;
}

/** Memberships of an estimate. */
export interface MembershipOptions {
  eligibleMemberships?: Membership[];
  invalidMemberships?: InvalidMembership[];
  selectedMemberships?: HostSelectedMembership[];
}

/** What went wrong while estimating; each part is a validation or application error. */
export interface CalculationErrors {
  generalShippingCalculationError?: CalculationErrorDetails;
  carrierErrors?: { errors?: { carrierId?: string; error?: CalculationErrorDetails }[] };
  taxCalculationError?: CalculationErrorDetails;
  couponCalculationError?: CalculationErrorDetails;
  giftCardCalculationError?: CalculationErrorDetails;
  orderValidationErrors?: ApplicationError[];
  membershipError?: CalculationErrorDetails;
  discountsCalculationError?: CalculationErrorDetails;
}

/** A problem the buyer must see before checkout. */
export interface Violation {
  severity?: Severity;
  target?: { other?: { name?: string }; lineItem?: { name?: string; _id?: string | null } };
  description?: string | null;
}

/** Answer of `estimateCurrentCartTotals` (spec §3 "Totals estimate"). */
export interface EstimateTotalsResponse {
  cart?: Cart;
  calculatedLineItems?: CalculatedLineItem[];
  priceSummary?: PriceSummary;
  taxSummary?: TaxSummary;
  shippingInfo?: ShippingInfo;
  appliedDiscounts?: AppliedDiscount[];
  calculationErrors?: CalculationErrors;
  weightUnit?: WeightUnit;
  /** ISO 4217 code */
  currency?: string;
  payNow?: PriceSummary;
  payLater?: PriceSummary;
  membershipOptions?: MembershipOptions;
  violations?: Violation[];
}
