/** Catalogue reads of the spec-era `@wix/stores` products module (served by the read-only host). */
import type {
  CollectionResponse,
  GetProductOptions,
  OptionSelection,
  ProductOptionsAvailabilityResponse,
  ProductResponse,
  QueryProductsResponse,
  QueryProductVariantsOptions,
  QueryProductVariantsResponse,
  QueryStoreVariantsResponse,
  StoreVariantResponse,
} from '../types/index.js';
import { call } from './call.js';
import { COLLECTION, PRODUCT, SELECTED_VARIANT, STORE_VARIANT, VARIANT } from './catalog-conversions.js';
import { under } from './conversions.js';
import type { PlatformQuery, ProductsQueryBuilder } from './query-types.js';

const READ = '/stores-reader/v1';

export const productsRead = {
  /** `queryProducts()` gives a builder; `queryProducts(query)` sends the query and returns the whole answer. @see spec section 7 "Catalogue read" */
  queryProducts: call<{ (): ProductsQueryBuilder; (query: PlatformQuery): Promise<QueryProductsResponse> }>({
    r: `GET ${READ}/products/query-platformized`,
    a: ['query'],
    s: under('products', PRODUCT),
    x: 1,
    fb: 1,
    qb: 'products',
  }),

  /** One product; resolves to `{product}`. Its fallback is the same GET, so it never turns into a POST. */
  getProduct: call<(_id: string, options?: GetProductOptions) => Promise<ProductResponse>>({
    r: `GET ${READ}/products/{id}`,
    a: ['_id', 'options{includeMerchantSpecificData}'],
    s: under('product', PRODUCT),
  }),

  /** One collection by slug, `{collection}`; the spec-era path has no `/stores-reader` prefix (REFERENCE-NOTES section 3). */
  getCollectionBySlug: call<(slug: string) => Promise<CollectionResponse>>({
    r: 'GET /v1/collections/slug/{slug}',
    a: ['slug'],
    s: under('collection', COLLECTION),
  }),

  /** The variant an option selection leads to (`{selectedVariant, …}`). */
  getProductOptionsAvailability: call<(_id: string, options: OptionSelection) => Promise<ProductOptionsAvailabilityResponse>>({
    r: `POST ${READ}/products/{id}/productOptionsAvailability`,
    a: ['_id', 'options'],
    s: under('selectedVariant', SELECTED_VARIANT),
  }),

  /** A product's variants selected by choices or ids. */
  queryProductVariants: call<(_id: string, options?: QueryProductVariantsOptions) => Promise<QueryProductVariantsResponse>>({
    r: `POST ${READ}/products/{id}/variants/query`,
    a: ['_id', 'options{choices,variantIds,paging,includeMerchantSpecificData}'],
    s: under('variants', VARIANT),
  }),

  /** Store variants matching a platform query. */
  queryStoreVariants: call<(query?: PlatformQuery) => Promise<QueryStoreVariantsResponse>>({
    r: `POST ${READ}/variants/query`,
    a: ['query'],
    s: under('variants', STORE_VARIANT),
  }),

  /** One store variant (`{productId}-{variantId}`), media as `wix:` URIs. */
  getStoreVariant: call<(_id: string) => Promise<StoreVariantResponse>>({
    r: `GET ${READ}/variants/{id}`,
    a: ['_id'],
    s: under('variant', STORE_VARIANT),
  }),
};
