import type { Address } from './address.js';
import type { CalculationErrors } from './cart-totals.js';
import type {
  DescriptionLineType,
  DiscountType,
  FileType,
  ItemAvailabilityStatus,
  ItemTypeItemType,
  PaymentOptionType,
  SubscriptionFrequency,
  VatType,
  WeightUnit,
} from './enums-cart.js';

/** A price in the store currency and the buyer's currency; amounts are decimal strings (`"10.00"`). */
export interface MultiCurrencyPrice {
  /** amount in the store currency, e.g. `"10.00"` */
  amount?: string;
  /** amount in the buyer's currency */
  convertedAmount?: string;
  /** e.g. `"$10.00"` */
  formattedAmount?: string;
  formattedConvertedAmount?: string;
}

/** A text in the site language and the buyer's language. */
export interface TranslatableString {
  original?: string;
  translated?: string | null;
}

/** Custom data of other apps, by namespace. */
export interface ExtendedFields {
  namespaces?: Record<string, Record<string, unknown>>;
}

/** Which catalogue item (and which of its options) a line item refers to. */
export interface CatalogReference {
  catalogItemId?: string;
  /** id of the app owning the catalogue (the stores app for products) */
  appId?: string;
  /** catalogue-specific options, e.g. `{variantId}` or `{options: {Size: 'L'}}` */
  options?: Record<string, unknown> | null;
}

/** A colour description line value. */
export interface Color {
  original?: string;
  translated?: string | null;
  /** HEX or RGB code */
  code?: string | null;
}

/** A line shown under a line item's name (an option choice, a colour…). */
export interface DescriptionLine {
  name?: TranslatableString;
  plainText?: TranslatableString;
  colorInfo?: Color;
  lineType?: DescriptionLineType;
}

/** Availability of a line item. */
export interface ItemAvailabilityInfo {
  status?: ItemAvailabilityStatus;
  quantityAvailable?: number | null;
}

/** Weight, SKU and shippability of a line item. */
export interface PhysicalProperties {
  /** may be `NaN` or `Infinity` (sent as strings on the wire) */
  weight?: number | null;
  sku?: string | null;
  shippable?: boolean;
}

/** Line item type: a preset or a custom type name. */
export interface ItemType {
  preset?: ItemTypeItemType;
  custom?: string;
}

/** Subscription terms of a line item. */
export interface SubscriptionSettings {
  frequency?: SubscriptionFrequency;
  interval?: number | null;
  autoRenewal?: boolean;
  billingCycles?: number | null;
}

/** The subscription option chosen for a line item. */
export interface SubscriptionOptionInfo {
  subscriptionSettings?: SubscriptionSettings;
  title?: TranslatableString;
  description?: TranslatableString;
}

/** Scheduling of a service line item (bookings). */
export interface ServiceProperties {
  scheduledDate?: Date | null;
  numberOfParticipants?: number | null;
}

/** A membership chosen to pay for a line item. */
export interface SelectedMembership {
  _id?: string;
  appId?: string;
}

/** A file delivered for a digital line item. */
export interface SecuredMedia {
  _id?: string;
  fileName?: string;
  fileType?: FileType;
}

/** A policy shown with a line item. */
export interface Policy {
  title?: string | null;
  content?: string;
}

/** Catalogue values the merchant overrides for one line item. */
export interface CatalogOverrideFields {
  productName?: TranslatableString;
  /** decimal string */
  price?: string | null;
  /** decimal string */
  fullPrice?: string | null;
  descriptionLines?: DescriptionLine[];
  physicalProperties?: PhysicalProperties;
  /** `wix:image://v1/…` URI or a plain URL */
  image?: string;
}

/** A line of the cart. */
export interface LineItem {
  _id?: string | null;
  quantity?: number;
  catalogReference?: CatalogReference;
  productName?: TranslatableString;
  /** product page URL (`{relativePath, url}` on the wire) */
  url?: string;
  price?: MultiCurrencyPrice;
  fullPrice?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  descriptionLines?: DescriptionLine[];
  /** `wix:image://v1/…` URI or a plain URL */
  image?: string;
  availability?: ItemAvailabilityInfo;
  physicalProperties?: PhysicalProperties;
  itemType?: ItemType;
  subscriptionOptionInfo?: SubscriptionOptionInfo;
  fulfillerId?: string | null;
  paymentOption?: PaymentOptionType;
  serviceProperties?: ServiceProperties;
  rootCatalogItemId?: string | null;
  priceDescription?: TranslatableString;
  depositAmount?: MultiCurrencyPrice;
  selectedMembership?: SelectedMembership;
  digitalFile?: SecuredMedia;
  customLineItem?: boolean;
  catalogOverrideFields?: CatalogOverrideFields;
  policies?: Policy[];
  fixedQuantity?: boolean;
  priceUndetermined?: boolean;
  /** ISO string: the reference returns a line item's creation date unconverted */
  _createdDate?: string | null;
  extendedFields?: ExtendedFields;
}

/** A tax id of the buyer. */
export interface VatId {
  _id?: string;
  type?: VatType;
}

/** Name, phone and tax id that go with an address. */
export interface ContactDetails {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  company?: string | null;
  vatId?: VatId;
}

/** The buyer's address and contact details (`AddressWithContact` in the reference). */
export interface ContactInfo {
  address?: Address;
  contactDetails?: ContactDetails;
}

/** Who owns the cart: a visitor, a member or a user, plus contact data. */
export interface BuyerInfo {
  visitorId?: string;
  memberId?: string;
  userId?: string;
  contactId?: string | null;
  email?: string | null;
}

/** A coupon applied to the cart. */
export interface Coupon {
  _id?: string;
  code?: string;
  name?: string;
  amount?: MultiCurrencyPrice;
}

/** A discount the merchant applied (an amount or a percentage). */
export interface MerchantDiscount {
  amount?: MultiCurrencyPrice;
  percentage?: number | null;
}

/** The shipping option the buyer chose. */
export interface SelectedShippingOption {
  carrierId?: string | null;
  code?: string;
}

/** The current cart of a visitor or member (spec §3 "Cart"). */
export interface Cart {
  _id?: string | null;
  lineItems?: LineItem[];
  buyerNote?: string | null;
  buyerInfo?: BuyerInfo;
  /** ISO 4217 code of the store currency */
  currency?: string;
  /** ISO 4217 code of the buyer's currency */
  conversionCurrency?: string;
  buyerLanguage?: string | null;
  siteLanguage?: string | null;
  taxIncludedInPrices?: boolean | null;
  weightUnit?: WeightUnit;
  subtotal?: MultiCurrencyPrice;
  subtotalAfterDiscounts?: MultiCurrencyPrice;
  appliedDiscounts?: AppliedDiscount[];
  inSync?: boolean | null;
  _createdDate?: Date | null;
  _updatedDate?: Date | null;
  checkoutId?: string | null;
  contactInfo?: ContactInfo;
  overrideCheckoutUrl?: string | null;
  purchaseFlowId?: string | null;
  selectedShippingOption?: SelectedShippingOption;
  businessLocationId?: string | null;
  extendedFields?: ExtendedFields;
  /**
   * Vitrine's addition to the reference's cart: why the cart's coupon takes nothing off now
   * (`couponCalculationError`: `MINIMUM_SUBTOTAL_NOT_REACHED` with `data.minimumSubtotal` and
   * `data.missingAmount`, or `COUPON_NOT_APPLICABLE`), as the totals estimate reports it.
   */
  calculationErrors?: Pick<CalculationErrors, 'couponCalculationError'>;
}

/** The reference's name for a discount on a cart. */
export type CartDiscount = AppliedDiscount;

/** A discount applied to the cart or to a totals estimate: a coupon, a merchant discount or a rule. */
export interface AppliedDiscount {
  coupon?: Coupon;
  merchantDiscount?: MerchantDiscount;
  discountRule?: DiscountRule;
  /** what it applies to (estimate answers) */
  discountType?: DiscountType;
  /** the line items it applies to (estimate answers) */
  lineItemIds?: string[];
}

/** An automatic discount rule that applied. */
export interface DiscountRule {
  _id?: string;
  name?: TranslatableString;
  amount?: MultiCurrencyPrice;
}
