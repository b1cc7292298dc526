/** Catalogue reads of the spec-era '@wix/stores' products module (served by the read-only host). */
import type {
  CollectionResponse,
  GetProductOptions,
  OptionSelection,
  ProductOptionsAvailabilityResponse,
  ProductResponse,
  QueryProductsOptions,
  QueryProductsResponse,
  QueryProductVariantsOptions,
  QueryProductVariantsResponse,
  QueryStoreVariantsResponse,
  StoreVariantResponse,
} from '../types/index.js';
import { call } from './call.js';
import { COLLECTION, PRODUCT, QUERY, SELECTED_VARIANT, STORE_VARIANT, VARIANT } from './catalog-conversions.js';
import { under } from './conversions.js';
import type { PlatformQuery, ProductsQueryBuilder } from './query-types.js';

export const productsRead = {
  /**
   * 'queryProducts()' gives a builder; 'queryProducts(query, options?)' sends the query (products with
   * their variants on 'includeVariants') and returns the whole answer. @see spec section 7 "Catalogue read"
   */
  queryProducts: /* @__PURE__ */ call<{
    (): ProductsQueryBuilder;
    (query: PlatformQuery, options?: QueryProductsOptions): Promise<QueryProductsResponse>;
  }>({
    route: 'GET /stores-reader/v1/products/query-platformized',
    args: ['query', 'options{includeVariants,includeHiddenProducts,includeMerchantSpecificData}'],
    request: QUERY,
    response: /* @__PURE__ */ under('products', PRODUCT),
    queryItems: 'products',
  }),

  /** One product; resolves to '{product}'. Its fallback is the same GET, so it never turns into a POST. */
  getProduct: /* @__PURE__ */ call<(_id: string, options?: GetProductOptions) => Promise<ProductResponse>>({
    route: 'GET /stores-reader/v1/products/{id}',
    args: ['_id', 'options{includeMerchantSpecificData}'],
    response: /* @__PURE__ */ under('product', PRODUCT),
  }),

  /** One collection by slug, '{collection}'; the spec-era path has no '/stores-reader' prefix (REFERENCE-NOTES section 3). */
  getCollectionBySlug: /* @__PURE__ */ call<(slug: string) => Promise<CollectionResponse>>({
    route: 'GET /v1/collections/slug/{slug}',
    args: ['slug'],
    response: /* @__PURE__ */ under('collection', COLLECTION),
  }),

  /** The variant an option selection leads to ('{selectedVariant, …}'). */
  getProductOptionsAvailability: /* @__PURE__ */ call<
    (_id: string, options: OptionSelection) => Promise<ProductOptionsAvailabilityResponse>
  >({
    route: 'POST /stores-reader/v1/products/{id}/productOptionsAvailability',
    args: ['_id', 'options'],
    response: /* @__PURE__ */ under('selectedVariant', SELECTED_VARIANT),
  }),

  /** A product's variants selected by choices or ids. */
  queryProductVariants: /* @__PURE__ */ call<(_id: string, options?: QueryProductVariantsOptions) => Promise<QueryProductVariantsResponse>>(
    {
      route: 'POST /stores-reader/v1/products/{id}/variants/query',
      args: ['_id', 'options{choices,variantIds,paging,includeMerchantSpecificData}'],
      response: /* @__PURE__ */ under('variants', VARIANT),
    },
  ),

  /** Store variants matching a platform query. */
  queryStoreVariants: /* @__PURE__ */ call<(query?: PlatformQuery) => Promise<QueryStoreVariantsResponse>>({
    route: 'POST /stores-reader/v1/variants/query',
    args: ['query'],
    response: /* @__PURE__ */ under('variants', STORE_VARIANT),
  }),

  /** One store variant ('{productId}-{variantId}'), media as 'wix:' URIs. */
  getStoreVariant: /* @__PURE__ */ call<(_id: string) => Promise<StoreVariantResponse>>({
    route: 'GET /stores-reader/v1/variants/{id}',
    args: ['_id'],
    response: /* @__PURE__ */ under('variant', STORE_VARIANT),
  }),
};
