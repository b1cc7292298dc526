import type { CostAndProfitData, Media, PriceData } from './catalog-product.js';

/** Stock of one variant. */
export interface VariantStock {
  trackQuantity?: boolean;
  quantity?: number | null;
  inStock?: boolean;
}

/** Price, weight, SKU and visibility of one variant. */
export interface VariantDataWithNoStock {
  priceData?: PriceData;
  convertedPriceData?: PriceData;
  costAndProfitData?: CostAndProfitData;
  weight?: number;
  sku?: string;
  visible?: boolean;
}

/** A product variant: one combination of option choices. */
export interface Variant {
  _id?: string;
  /** option name → choice, e.g. `{Size: 'L'}` */
  choices?: Record<string, string>;
  variant?: VariantDataWithNoStock;
  stock?: VariantStock;
}

/** Media of a store variant, as `wix:image://v1/…` and `wix:video://v1/…` URIs (or plain URLs). */
export interface StoreVariantMedia {
  /** `wix:image://v1/…` URI or URL */
  image?: string;
  /** `wix:video://v1/…` URI (built from the wire video's id, file name and posters) or URL */
  video?: string;
}

/** Pre-order settings of a store variant. */
export interface PreorderInfo {
  enabled?: boolean;
  message?: string | null;
  limit?: number | null;
}

/** A variant with its product's data, as the variants API returns it. */
export interface StoreVariant {
  /** `<productId>-<variantId>` */
  _id?: string;
  variantId?: string;
  productId?: string;
  variantName?: string;
  productName?: string;
  managedVariant?: boolean;
  sku?: string;
  stock?: VariantStock;
  choices?: Record<string, string>;
  collectionIds?: string[];
  media?: StoreVariantMedia;
  preorderInfo?: PreorderInfo;
}

/** The variant matching a choice selection (`getProductOptionsAvailability`). */
export interface VariantData {
  price?: PriceData;
  convertedPriceData?: PriceData;
  weight?: number;
  sku?: string;
  quantity?: number | null;
  inStock?: boolean;
  visible?: boolean;
  media?: Media;
}
