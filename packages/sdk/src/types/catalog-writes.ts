import type { Variant } from './catalog-variant.js';
import type { ApplicationError } from './error-details.js';

/** One variant change of `updateProductVariants`, chosen by choices or by variant ids. */
export interface VariantOverride {
  /** option name → choice */
  choices?: Record<string, string>;
  variantIds?: string[];
  price?: number | null;
  cost?: number | null;
  weight?: number | null;
  sku?: string | null;
  visible?: boolean | null;
  /** the variants' own stock when the product does not track quantities (the reference's inventory variant `inStock`) */
  inStock?: boolean;
  /** the variants' own quantity when the product tracks quantities (`stock.trackInventory`); in stock while above zero */
  quantity?: number;
}

/** Absolute values for `bulkUpdateProductsProperty` (the `set` body). */
export interface BulkUpdateProperties {
  price?: number;
  cost?: number;
  weight?: number;
}

/** A relative change: by an amount or by a percentage, never both. */
export type AdjustValue = { amount: number; percentage?: never } | { percentage: number; amount?: never };

/** Relative changes for `bulkAdjustProductProperty` (the `adjust` body). */
export interface BulkAdjustProperties {
  price?: AdjustValue;
  cost?: AdjustValue;
  weight?: AdjustValue;
}

/** Outcome of one item of a bulk call. */
export interface ItemMetadata {
  _id?: string | null;
  originalIndex?: number;
  success?: boolean;
  error?: ApplicationError;
}

/** One item's result of a bulk call. */
export interface BulkProductResult {
  itemMetadata?: ItemMetadata;
}

/** Counts of a bulk call. */
export interface BulkActionMetadata {
  totalSuccesses?: number;
  totalFailures?: number;
  undetailedFailures?: number;
}

/** Answer of `bulkUpdateProductsProperty` and `bulkAdjustProductProperty`. */
export interface BulkUpdateProductsResponse {
  results?: BulkProductResult[];
  bulkActionMetadata?: BulkActionMetadata;
}

/** A media item to add to a product: an existing media id or a URL, optionally for one choice. */
export interface MediaDataForWrite {
  mediaId?: string;
  url?: string;
  choice?: { option?: string; choice?: string };
  /** a picture's description for those who cannot see it (Vitrine's addition) */
  altText?: string;
}

/** Media ids assigned to one option choice (`addProductMediaToChoices`, `removeProductMediaFromChoices`). */
export interface MediaAssignmentToChoice {
  option?: string;
  choice?: string;
  mediaIds?: string[];
}

/** Answer of `updateProductVariants`. */
export interface UpdateVariantsResponse {
  variants?: Variant[];
}
