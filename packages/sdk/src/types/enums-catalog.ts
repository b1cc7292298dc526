/**
 * Catalogue enumerations (spec §3 "Enumerations"): products, media, options, sorting.
 * Each is a const object (runtime values) and a type of the same name (the union of its values).
 */

/** Product type (lower-case on the wire). */
export const ProductType = {
  unspecified_product_type: 'unspecified_product_type',
  physical: 'physical',
  digital: 'digital',
} as const;
/** Product type (lower-case on the wire). */
export type ProductType = (typeof ProductType)[keyof typeof ProductType];

/** Stock status of a product across its variants. */
export const InventoryStatus = {
  IN_STOCK: 'IN_STOCK',
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  PARTIALLY_OUT_OF_STOCK: 'PARTIALLY_OUT_OF_STOCK',
} as const;
/** Stock status of a product across its variants. */
export type InventoryStatus = (typeof InventoryStatus)[keyof typeof InventoryStatus];

/** Unit for price-per-unit quantities. */
export const MeasurementUnit = {
  UNSPECIFIED: 'UNSPECIFIED',
  ML: 'ML',
  CL: 'CL',
  L: 'L',
  CBM: 'CBM',
  MG: 'MG',
  G: 'G',
  KG: 'KG',
  MM: 'MM',
  CM: 'CM',
  M: 'M',
  SQM: 'SQM',
  OZ: 'OZ',
  LB: 'LB',
  FLOZ: 'FLOZ',
  PT: 'PT',
  QT: 'QT',
  GAL: 'GAL',
  IN: 'IN',
  FT: 'FT',
  YD: 'YD',
  SQFT: 'SQFT',
} as const;
/** Unit for price-per-unit quantities. */
export type MeasurementUnit = (typeof MeasurementUnit)[keyof typeof MeasurementUnit];

/** Kind of a product media item (lower-case on the wire). */
export const MediaItemType = {
  unspecified_media_item_type: 'unspecified_media_item_type',
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  zip: 'zip',
} as const;
/** Kind of a product media item (lower-case on the wire). */
export type MediaItemType = (typeof MediaItemType)[keyof typeof MediaItemType];

/** How a product option is presented (lower-case on the wire). */
export const OptionType = {
  unspecified_option_type: 'unspecified_option_type',
  drop_down: 'drop_down',
  color: 'color',
} as const;
/** How a product option is presented (lower-case on the wire). */
export type OptionType = (typeof OptionType)[keyof typeof OptionType];

/** Product discount type (the cart's discount type is `DiscountType` in enums-cart). */
export const ProductDiscountType = {
  UNDEFINED: 'UNDEFINED',
  NONE: 'NONE',
  AMOUNT: 'AMOUNT',
  PERCENT: 'PERCENT',
} as const;
/** Product discount type (the cart's discount type is `DiscountType` in enums-cart). */
export type ProductDiscountType = (typeof ProductDiscountType)[keyof typeof ProductDiscountType];

/** Sort direction of a query. */
export const SortOrder = { ASC: 'ASC', DESC: 'DESC' } as const;
/** Sort direction of a query. */
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];
