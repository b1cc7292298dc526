import type { Variant } from './catalog-variant.js';
import type { InventoryStatus, MeasurementUnit, MediaItemType, OptionType, ProductDiscountType, ProductType } from './enums-catalog.js';

/** Prices formatted for display. */
export interface FormattedPrice {
  price?: string;
  discountedPrice?: string;
  pricePerUnit?: string | null;
}

/** A product's or variant's price; numbers may be `NaN`/`Infinity` (strings on the wire). */
export interface PriceData {
  /** ISO 4217 code */
  currency?: string;
  price?: number | null;
  discountedPrice?: number;
  pricePerUnit?: number | null;
  formatted?: FormattedPrice;
}

/** Cost and profit of a product or variant (merchant data). */
export interface CostAndProfitData {
  itemCost?: number | null;
  formattedItemCost?: string;
  profit?: number;
  formattedProfit?: string;
  profitMargin?: number;
}

/** Lowest and highest value across a product's variants. */
export interface NumericPropertyRange {
  minValue?: number;
  maxValue?: number;
}

/** Price-per-unit quantities of a product. */
export interface PricePerUnitData {
  totalQuantity?: number;
  totalMeasurementUnit?: MeasurementUnit;
  baseQuantity?: number;
  baseMeasurementUnit?: MeasurementUnit;
}

/** Stock of a product. */
export interface Stock {
  trackInventory?: boolean;
  quantity?: number | null;
  inStock?: boolean;
  inventoryStatus?: InventoryStatus;
}

/** A discount on a product. */
export interface Discount {
  type?: ProductDiscountType;
  /** an amount or a percentage, by `type` */
  value?: number;
}

/** An image or video rendition: its URL and size. */
export interface MediaItemUrlAndSize {
  url?: string;
  width?: number;
  height?: number;
  format?: string | null;
  altText?: string | null;
}

/** The renditions of a product video. */
export interface MediaItemVideo {
  files?: MediaItemUrlAndSize[];
  stillFrameMediaId?: string;
}

/** One product image or video. */
export interface MediaItem {
  _id?: string;
  mediaType?: MediaItemType;
  title?: string;
  image?: MediaItemUrlAndSize;
  video?: MediaItemVideo;
  thumbnail?: MediaItemUrlAndSize;
}

/** The main media item and all media items of a product, choice or collection. */
export interface Media {
  mainMedia?: MediaItem;
  items?: MediaItem[];
}

/** One choice of a product option. */
export interface Choice {
  value?: string;
  description?: string;
  media?: Media;
  inStock?: boolean;
  visible?: boolean;
}

/** A product option (size, colour…) and its choices. */
export interface ProductOption {
  optionType?: OptionType;
  name?: string;
  choices?: Choice[];
}

/** A free-text field the buyer fills in. */
export interface CustomTextField {
  title?: string;
  maxLength?: number;
  mandatory?: boolean;
}

/** The product page URL, as a base and a path. */
export interface PageUrl {
  base?: string;
  path?: string;
}

/** An extra information section of a product page. */
export interface AdditionalInfoSection {
  title?: string;
  description?: string;
}

/** A ribbon shown on a product. */
export interface Ribbon {
  text?: string;
}

/** One SEO tag of a product page. */
export interface SeoTag {
  type?: string;
  props?: Record<string, unknown> | null;
  meta?: Record<string, unknown> | null;
  children?: string;
  custom?: boolean;
  disabled?: boolean;
}

/** SEO tags and settings of a product page. */
export interface SeoSchema {
  tags?: SeoTag[];
  settings?: { preventAutoRedirect?: boolean; keywords?: { term?: string; isMain?: boolean }[] };
}

/** A catalogue product (spec §3 "Product"). */
export interface Product {
  _id?: string;
  name?: string;
  slug?: string;
  visible?: boolean;
  productType?: ProductType;
  /** HTML */
  description?: string;
  sku?: string;
  weight?: number;
  weightRange?: NumericPropertyRange;
  stock?: Stock;
  /** deprecated twin of `priceData` */
  price?: PriceData;
  priceData?: PriceData;
  /** prices in the buyer's currency */
  convertedPriceData?: PriceData;
  priceRange?: NumericPropertyRange;
  costAndProfitData?: CostAndProfitData;
  costRange?: NumericPropertyRange;
  pricePerUnitData?: PricePerUnitData;
  additionalInfoSections?: AdditionalInfoSection[];
  ribbons?: Ribbon[];
  media?: Media;
  customTextFields?: CustomTextField[];
  /** whether variants are managed one by one */
  manageVariants?: boolean;
  productOptions?: ProductOption[];
  productPageUrl?: PageUrl;
  /** 64-bit number as a string */
  numericId?: string;
  inventoryItemId?: string;
  discount?: Discount;
  collectionIds?: string[];
  variants?: Variant[];
  lastUpdated?: Date;
  _createdDate?: Date;
  seoData?: SeoSchema;
  ribbon?: string;
  brand?: string | null;
}
