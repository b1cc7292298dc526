import type { Collection } from './catalog-collection.js';
import type { Media, Product, ProductOption } from './catalog-product.js';
import type { StoreVariant, Variant, VariantData } from './catalog-variant.js';
import type { Paging, PagingMetadata, PlatformPagingMetadata } from './query.js';

/** Options of `getProduct`. */
export interface GetProductOptions {
  /** include merchant data (cost and profit) */
  includeMerchantSpecificData?: boolean;
}

/** Options of `queryProducts(query, options)`. */
export interface QueryProductsOptions {
  /** products carry their `variants` (without it they do not) */
  includeVariants?: boolean;
  /** merchants only: `false` leaves hidden products out (merchants see them otherwise; shoppers never do) */
  includeHiddenProducts?: boolean;
  /** merchants only: cost and profit */
  includeMerchantSpecificData?: boolean;
}

/** Answer of the calls that return a product inside a response (`getProduct`, writes). */
export interface ProductResponse {
  product?: Product;
}

/** Answer of `queryProducts(query)` (typed overload). */
export interface QueryProductsResponse {
  products?: Product[];
  metadata?: PlatformPagingMetadata;
  totalResults?: number;
}

/** Answer of `queryCollections(query)` (typed overload). */
export interface QueryCollectionsResponse {
  collections?: Collection[];
  metadata?: PlatformPagingMetadata;
}

/** Option name → chosen value, e.g. `{Size: 'L', Color: 'Blue'}`. */
export type OptionSelection = Record<string, string>;

/** Answer of `getProductOptionsAvailability`: the matching variant and what is still selectable. */
export interface ProductOptionsAvailabilityResponse {
  /** set once every option has a choice */
  selectedVariant?: VariantData;
  /** whether the choices given select one variant (every option chosen, that variant visible) */
  variantSelectionAvailable?: boolean;
  availableForPurchase?: boolean;
  productOptions?: ProductOption[];
  media?: Media;
}

/** Options of `queryProductVariants`: select variants by choices or by ids. */
export interface QueryProductVariantsOptions {
  /** option name → choice */
  choices?: Record<string, string>;
  variantIds?: string[];
  paging?: Paging;
  includeMerchantSpecificData?: boolean;
}

/** Answer of `queryProductVariants`. */
export interface QueryProductVariantsResponse {
  variants?: Variant[];
  metadata?: PagingMetadata;
  totalResults?: number;
}

/** Answer of `getStoreVariant`. */
export interface StoreVariantResponse {
  variant?: StoreVariant;
}

/** Answer of `queryStoreVariants`. */
export interface QueryStoreVariantsResponse {
  variants?: StoreVariant[];
  metadata?: PlatformPagingMetadata;
}
