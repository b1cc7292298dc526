/**
 * Request and response schemas of the catalogue reads (issue #4 "Read API"), shapes as the corpus
 * records them. Requests are lenient about extra keys (the reference sends path ids again in bodies
 * and query strings); responses are loose objects: the documented fields, and the rest passed through.
 */
import { z } from 'zod';
import { MAX_LIMIT } from './query/filter-types.js';

const boolText = z.enum(['true', 'false']);

/** `{id}` of a path; any text (ids that are not UUIDs are simply not found). */
export const IdParams = z.object({ id: z.string().min(1).max(200) });
export const SlugParams = z.object({ slug: z.string().min(1).max(300) });

/** GET path ids arrive again in the query string (`?id=`): accepted and ignored. */
export const GetProductQuery = z.looseObject({ includeMerchantSpecificData: boolText.optional() });
export const EchoQuery = z.looseObject({});

/** `query.paging`: offset paging, default `{limit: 50, offset: 0}`. */
const Paging = z.object({
  limit: z.number().int().min(1, 'must be at least 1').max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`).nullish(),
  offset: z.number().int().min(0, 'must not be negative').max(2_147_483_647, 'is too large').nullish(),
});

const Sorting = z.object({ fieldName: z.string().max(100).nullish(), order: z.enum(['ASC', 'DESC']).nullish() });

/** A platform query: filter (checked against each entity's whitelist by the service), sort, paging. */
export const PlatformQuery = z.object({
  filter: z.record(z.string(), z.unknown()).nullish(),
  sort: z.array(Sorting).max(10, 'must have at most 10 keys').nullish(),
  paging: Paging.nullish(),
});

/**
 * `query-platformized`: `.r` of a GET, or the body of its POST fallback. Products carry their variants
 * only with `includeVariants: true`. Shoppers never see hidden products (`includeHiddenProducts` is
 * ignored for them); merchants do unless they send `includeHiddenProducts: false`.
 */
export const QueryProductsRequest = z.object({
  query: PlatformQuery.nullish(),
  includeVariants: z.boolean().nullish(),
  includeHiddenProducts: z.boolean().nullish(),
  includeMerchantSpecificData: z.boolean().nullish(),
});
export type QueryProductsRequest = z.infer<typeof QueryProductsRequest>;

/** `collections/query` and `variants/query`: `{query}`. */
export const QueryRequest = z.object({ query: PlatformQuery.nullish() });
export type QueryRequest = z.infer<typeof QueryRequest>;

/** The `.r` parameter of a query GET (or plain dotted parameters). */
export const QueryString = z.looseObject({ '.r': z.string().max(100_000).optional() });

/** `productOptionsAvailability`: option name → chosen value (the body repeats the path id). */
export const OptionsAvailabilityRequest = z.object({
  id: z.string().optional(),
  options: z.record(z.string().max(200), z.string().max(500)).default({}),
});

/** `products/{id}/variants/query`. */
export const QueryProductVariantsRequest = z.object({
  id: z.string().optional(),
  choices: z.record(z.string().max(200), z.string().max(500)).nullish(),
  variantIds: z.array(z.string().max(200)).max(1000, 'must have at most 1000 ids').nullish(),
  paging: Paging.nullish(),
  includeMerchantSpecificData: z.boolean().nullish(),
});
export type QueryProductVariantsRequest = z.infer<typeof QueryProductVariantsRequest>;

const Json = z.record(z.string(), z.unknown());
/** Money as JSON numbers with its formatted text (`product-view.ts` WirePriceData). */
const PriceData = z.object({
  currency: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  pricePerUnit: z.number().optional(),
  formatted: z.object({ price: z.string(), discountedPrice: z.string(), pricePerUnit: z.string().optional() }),
});

/** A product as the v1 reader answers it (see `product-view.ts`). */
export const WireProduct = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  productType: z.string(),
  priceData: PriceData,
  stock: Json,
  productOptions: z.array(Json),
  /** always in a single product; in query answers with `includeVariants: true` */
  variants: z.array(z.looseObject({ id: z.string(), choices: z.record(z.string(), z.string()) })).optional(),
  collectionIds: z.array(z.string()),
  createdDate: z.string(),
  lastUpdated: z.string(),
});

/** Offset paging of a query answer: items in this page, offset, all matching items. */
const PlatformMetadata = z.object({ count: z.number(), offset: z.number(), total: z.number() });

export const ProductResponse = z.object({ product: WireProduct });
export const QueryProductsResponse = z.object({ products: z.array(WireProduct), metadata: PlatformMetadata });

/** A collection: v1 without `lastUpdated`, v2 with it. */
export const WireCollection = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  numberOfProducts: z.number(),
  description: z.string(),
  media: Json,
  lastUpdated: z.string().optional(),
});
export const CollectionResponse = z.object({ collection: WireCollection });
export const QueryCollectionsResponse = z.object({ collections: z.array(WireCollection), metadata: PlatformMetadata });

export const OptionsAvailabilityResponse = z.object({
  selectedVariant: Json.optional(),
  /** whether the choices given select one variant (every option chosen, the variant visible to the caller) */
  variantSelectionAvailable: z.boolean(),
  availableForPurchase: z.boolean(),
  productOptions: z.array(Json),
  media: Json,
});

export const QueryProductVariantsResponse = z.object({
  variants: z.array(z.looseObject({ id: z.string(), choices: z.record(z.string(), z.string()) })),
  metadata: z.object({ items: z.number(), offset: z.number() }),
  totalResults: z.number(),
});

/** A store variant: id `<productId>-<variantId>`, media as image/video objects. */
export const WireStoreVariant = z.looseObject({
  id: z.string(),
  variantId: z.string(),
  productId: z.string(),
  variantName: z.string(),
  productName: z.string(),
  managedVariant: z.boolean(),
  choices: z.record(z.string(), z.string()),
  stock: Json,
  collectionIds: z.array(z.string()),
  media: Json,
  preorderInfo: z.object({ enabled: z.boolean() }),
});
export const StoreVariantResponse = z.object({ variant: WireStoreVariant });
export const QueryStoreVariantsResponse = z.object({ variants: z.array(WireStoreVariant), metadata: PlatformMetadata });
