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

/** What a product costs and earns (merchants asking with `includeMerchantSpecificData` only). */
const CostAndProfitData = z.object({
  itemCost: z.number(),
  formattedItemCost: z.string(),
  profit: z.number(),
  formattedProfit: z.string(),
  profitMargin: z.number(),
});

const Range = z.object({ minValue: z.number(), maxValue: z.number() });

/** An image or video of the media library (`wix:image` items as stored), kept as the merchant gave it. */
const MediaItem = z.looseObject({ id: z.string().optional(), mediaType: z.string().optional() });

/** A product's media: the first item, and all of them in order. */
const ProductMedia = z.object({ mainMedia: MediaItem.optional(), items: z.array(MediaItem) });

/** One choice of an option, with whether any variant having it is in stock and visible (to the caller). */
const OptionChoice = z.looseObject({
  value: z.string(),
  description: z.string(),
  inStock: z.boolean(),
  visible: z.boolean(),
  media: Json.optional(),
});

const ProductOption = z.object({ optionType: z.string(), name: z.string(), choices: z.array(OptionChoice) });

/** A variant of a product: its choices, prices, and stock. */
const ProductVariant = z.object({
  id: z.string(),
  choices: z.record(z.string(), z.string()),
  variant: z.object({
    priceData: PriceData,
    convertedPriceData: PriceData,
    costAndProfitData: CostAndProfitData.optional(),
    weight: z.number().optional(),
    sku: z.string().optional(),
    visible: z.boolean(),
  }),
  stock: z.object({ trackQuantity: z.boolean(), quantity: z.number().optional(), inStock: z.boolean() }),
});

/** A product as the v1 reader answers it (`product-view.ts` toWireProduct). */
export const WireProduct = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  productType: z.enum(['physical', 'digital']),
  /** rich text (HTML), sanitised when written */
  description: z.string(),
  sku: z.string().optional(),
  weight: z.number().optional(),
  stock: z.object({
    trackInventory: z.boolean(),
    quantity: z.number().optional(),
    inStock: z.boolean(),
    inventoryStatus: z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']),
  }),
  /** the shop currency's prices (`price` repeats `priceData`, as the reference does) */
  price: PriceData,
  priceData: PriceData,
  /** the same prices in the display currency (`CATALOG_DISPLAY_CURRENCY`), else the shop's */
  convertedPriceData: PriceData,
  costAndProfitData: CostAndProfitData.optional(),
  priceRange: Range,
  costRange: Range.optional(),
  weightRange: Range.optional(),
  pricePerUnitData: Json.optional(),
  discount: z.object({ type: z.enum(['NONE', 'AMOUNT', 'PERCENT']), value: z.number() }),
  media: ProductMedia,
  productOptions: z.array(ProductOption),
  /** always in a single product; in query answers with `includeVariants: true` */
  variants: z.array(ProductVariant).optional(),
  manageVariants: z.boolean(),
  /** the collections it belongs to (visible ones only, for shoppers) */
  collectionIds: z.array(z.string()),
  additionalInfoSections: z.array(z.looseObject({ title: z.string().optional(), description: z.string().optional() })),
  customTextFields: z.array(
    z.looseObject({ title: z.string().optional(), maxLength: z.number().optional(), mandatory: z.boolean().optional() }),
  ),
  seoData: Json.optional(),
  productPageUrl: z.object({ base: z.string(), path: z.string() }),
  ribbon: z.string().optional(),
  brand: z.string().optional(),
  createdDate: z.string(),
  lastUpdated: z.string(),
});

/** Offset paging of a query answer: items in this page, offset, all matching items. */
const PlatformMetadata = z.object({ count: z.number(), offset: z.number(), total: z.number() });

export const ProductResponse = z.object({ product: WireProduct });
export const QueryProductsResponse = z.object({ products: z.array(WireProduct), metadata: PlatformMetadata });

/** A collection (`collection-view.ts`): v1 without `lastUpdated`, v2 with it. */
const WireCollection = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  /** the products in it the caller may see */
  numberOfProducts: z.number(),
  /** plain text */
  description: z.string(),
  media: z.looseObject({ mainMedia: MediaItem.optional(), items: z.array(MediaItem).optional() }),
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
const WireStoreVariant = z.looseObject({
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
