/**
 * Cart, checkout and tax enumerations (spec §3 "Enumerations").
 * Each is a const object (runtime values) and a type of the same name (the union of its values).
 */

/** Line item type preset (spec: PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, plus UNRECOGNISED). */
export const LineItemType = {
  UNRECOGNISED: 'UNRECOGNISED',
  PHYSICAL: 'PHYSICAL',
  DIGITAL: 'DIGITAL',
  GIFT_CARD: 'GIFT_CARD',
  SERVICE: 'SERVICE',
} as const;
/** Line item type preset (spec: PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, plus UNRECOGNISED). */
export type LineItemType = (typeof LineItemType)[keyof typeof LineItemType];

/** The reference client's name for {@link LineItemType}. @alias */
export const ItemTypeItemType = LineItemType;
/** The reference client's name for {@link LineItemType}. @alias */
export type ItemTypeItemType = LineItemType;

/** Availability of a line item in the catalogue. */
export const ItemAvailabilityStatus = {
  AVAILABLE: 'AVAILABLE',
  NOT_FOUND: 'NOT_FOUND',
  NOT_AVAILABLE: 'NOT_AVAILABLE',
  PARTIALLY_AVAILABLE: 'PARTIALLY_AVAILABLE',
} as const;
/** Availability of a line item in the catalogue. */
export type ItemAvailabilityStatus = (typeof ItemAvailabilityStatus)[keyof typeof ItemAvailabilityStatus];

/** How a line item is paid. */
export const PaymentOptionType = {
  FULL_PAYMENT_ONLINE: 'FULL_PAYMENT_ONLINE',
  FULL_PAYMENT_OFFLINE: 'FULL_PAYMENT_OFFLINE',
  MEMBERSHIP: 'MEMBERSHIP',
  DEPOSIT_ONLINE: 'DEPOSIT_ONLINE',
  MEMBERSHIP_OFFLINE: 'MEMBERSHIP_OFFLINE',
} as const;
/** How a line item is paid. */
export type PaymentOptionType = (typeof PaymentOptionType)[keyof typeof PaymentOptionType];

/** Billing frequency of a subscription line item. */
export const SubscriptionFrequency = {
  UNDEFINED: 'UNDEFINED',
  DAY: 'DAY',
  WEEK: 'WEEK',
  MONTH: 'MONTH',
  YEAR: 'YEAR',
} as const;
/** Billing frequency of a subscription line item. */
export type SubscriptionFrequency = (typeof SubscriptionFrequency)[keyof typeof SubscriptionFrequency];

/** Unit of the cart's weights. */
export const WeightUnit = {
  UNSPECIFIED_WEIGHT_UNIT: 'UNSPECIFIED_WEIGHT_UNIT',
  KG: 'KG',
  LB: 'LB',
} as const;
/** Unit of the cart's weights. */
export type WeightUnit = (typeof WeightUnit)[keyof typeof WeightUnit];

/** Kind of a line item description line. */
export const DescriptionLineType = {
  UNRECOGNISED: 'UNRECOGNISED',
  PLAIN_TEXT: 'PLAIN_TEXT',
  COLOR: 'COLOR',
} as const;
/** Kind of a line item description line. */
export type DescriptionLineType = (typeof DescriptionLineType)[keyof typeof DescriptionLineType];

/** Secure (digital) file type. */
export const FileType = {
  UNSPECIFIED: 'UNSPECIFIED',
  SECURE_PICTURE: 'SECURE_PICTURE',
  SECURE_VIDEO: 'SECURE_VIDEO',
  SECURE_DOCUMENT: 'SECURE_DOCUMENT',
  SECURE_MUSIC: 'SECURE_MUSIC',
  SECURE_ARCHIVE: 'SECURE_ARCHIVE',
} as const;
/** Secure (digital) file type. */
export type FileType = (typeof FileType)[keyof typeof FileType];

/** Tax id type (Brazil). */
export const VatType = { UNSPECIFIED: 'UNSPECIFIED', CPF: 'CPF', CNPJ: 'CNPJ' } as const;
/** Tax id type (Brazil). */
export type VatType = (typeof VatType)[keyof typeof VatType];

/** Tax jurisdiction level. */
export const JurisdictionType = {
  UNDEFINED: 'UNDEFINED',
  COUNTRY: 'COUNTRY',
  STATE: 'STATE',
  COUNTY: 'COUNTY',
  CITY: 'CITY',
  SPECIAL: 'SPECIAL',
} as const;
/** Tax jurisdiction level. */
export type JurisdictionType = (typeof JurisdictionType)[keyof typeof JurisdictionType];

/** How the tax rate was obtained. */
export const RateType = {
  NO_TAX_COLLECTED: 'NO_TAX_COLLECTED',
  MANUAL_RATE: 'MANUAL_RATE',
  AUTO_RATE: 'AUTO_RATE',
  FALLBACK_RATE: 'FALLBACK_RATE',
} as const;
/** How the tax rate was obtained. */
export type RateType = (typeof RateType)[keyof typeof RateType];

/** Why tax was calculated manually. */
export const ManualCalculationReason = {
  GLOBAL_SETTING_TO_MANUAL: 'GLOBAL_SETTING_TO_MANUAL',
  REGION_SETTING_TO_MANUAL: 'REGION_SETTING_TO_MANUAL',
} as const;
/** Why tax was calculated manually. */
export type ManualCalculationReason = (typeof ManualCalculationReason)[keyof typeof ManualCalculationReason];

/** Why the fallback tax rate was used. */
export const FallbackReason = {
  AUTO_TAX_FAILED: 'AUTO_TAX_FAILED',
  AUTO_TAX_DEACTIVATED: 'AUTO_TAX_DEACTIVATED',
} as const;
/** Why the fallback tax rate was used. */
export type FallbackReason = (typeof FallbackReason)[keyof typeof FallbackReason];

/** How a pickup delivery is collected. */
export const PickupMethod = {
  UNKNOWN_METHOD: 'UNKNOWN_METHOD',
  STORE_PICKUP: 'STORE_PICKUP',
  PICKUP_POINT: 'PICKUP_POINT',
} as const;
/** How a pickup delivery is collected. */
export type PickupMethod = (typeof PickupMethod)[keyof typeof PickupMethod];

/** Extra shipping charge type. */
export const ChargeType = { HANDLING_FEE: 'HANDLING_FEE', INSURANCE: 'INSURANCE' } as const;
/** Extra shipping charge type. */
export type ChargeType = (typeof ChargeType)[keyof typeof ChargeType];

/** What a cart discount applies to. */
export const DiscountType = {
  GLOBAL: 'GLOBAL',
  SPECIFIC_ITEMS: 'SPECIFIC_ITEMS',
  SHIPPING: 'SHIPPING',
} as const;
/** What a cart discount applies to. */
export type DiscountType = (typeof DiscountType)[keyof typeof DiscountType];

/** Rule a field violation broke. */
export const RuleType = {
  VALIDATION: 'VALIDATION',
  OTHER: 'OTHER',
  MAX: 'MAX',
  MIN: 'MIN',
  MAX_LENGTH: 'MAX_LENGTH',
  MIN_LENGTH: 'MIN_LENGTH',
  MAX_SIZE: 'MAX_SIZE',
  MIN_SIZE: 'MIN_SIZE',
  FORMAT: 'FORMAT',
  DECIMAL_LTE: 'DECIMAL_LTE',
  DECIMAL_GTE: 'DECIMAL_GTE',
  DECIMAL_LT: 'DECIMAL_LT',
  DECIMAL_GT: 'DECIMAL_GT',
  DECIMAL_MAX_SCALE: 'DECIMAL_MAX_SCALE',
  INVALID_ENUM_VALUE: 'INVALID_ENUM_VALUE',
  REQUIRED_FIELD: 'REQUIRED_FIELD',
  FIELD_NOT_ALLOWED: 'FIELD_NOT_ALLOWED',
  ONE_OF_ALIGNMENT: 'ONE_OF_ALIGNMENT',
} as const;
/** Rule a field violation broke. */
export type RuleType = (typeof RuleType)[keyof typeof RuleType];

/** Severity of a checkout violation. */
export const Severity = { WARNING: 'WARNING', ERROR: 'ERROR' } as const;
/** Severity of a checkout violation. */
export type Severity = (typeof Severity)[keyof typeof Severity];

/** Sales channel a checkout is created from. */
export const ChannelType = {
  UNSPECIFIED: 'UNSPECIFIED',
  WEB: 'WEB',
  POS: 'POS',
  EBAY: 'EBAY',
  AMAZON: 'AMAZON',
  OTHER_PLATFORM: 'OTHER_PLATFORM',
  WIX_APP_STORE: 'WIX_APP_STORE',
  WIX_INVOICES: 'WIX_INVOICES',
  BACKOFFICE_MERCHANT: 'BACKOFFICE_MERCHANT',
  WISH: 'WISH',
  CLASS_PASS: 'CLASS_PASS',
  GLOBAL_E: 'GLOBAL_E',
  FACEBOOK: 'FACEBOOK',
  ETSY: 'ETSY',
  TIKTOK: 'TIKTOK',
  FAIRE_COM: 'FAIRE_COM',
} as const;
/** Sales channel a checkout is created from. */
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];

/** Kind of identity that triggered a published event (spec §6). */
export const IdentityType = {
  UNKNOWN: 'UNKNOWN',
  ANONYMOUS_VISITOR: 'ANONYMOUS_VISITOR',
  MEMBER: 'MEMBER',
  WIX_USER: 'WIX_USER',
  APP: 'APP',
} as const;
/** Kind of identity that triggered a published event (spec §6). */
export type IdentityType = (typeof IdentityType)[keyof typeof IdentityType];
