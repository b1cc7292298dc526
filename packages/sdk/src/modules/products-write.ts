/** Merchant-side catalogue writes of the spec-era `@wix/stores` products module. */
import type {
  BulkAdjustProperties,
  BulkUpdateProductsResponse,
  BulkUpdateProperties,
  Collection,
  CollectionResponse,
  MediaAssignmentToChoice,
  MediaDataForWrite,
  Product,
  ProductResponse,
  UpdateVariantsResponse,
  VariantOverride,
} from '../types/index.js';
import { call } from './call.js';
import { COLLECTION, PRODUCT, VARIANT } from './catalog-conversions.js';
import { under } from './conversions.js';

const PRODUCTS = '/stores/v1/products';
const COLLECTIONS = '/stores/v1/collections';
/** The platformized write proxy (spec era only; no path prefix on the wire). */
const PROXY = '/v2/products-platformized';

/** `{product}` in both directions (a request product's dates and numbers convert too). */
const P = under('product', PRODUCT);
const C = under('collection', COLLECTION);

type Void = Promise<void>;

export const productsWrite = {
  /** Creates a product; resolves to `{product}`. @see spec section 7 "Catalogue write (merchant)" */
  createProduct: call<(product: Product) => Promise<ProductResponse>>({ r: `POST ${PRODUCTS}`, a: ['product'], q: P, s: P }),

  /** Updates a product (`_id` goes into `product.id`); resolves to `{product}`. */
  updateProduct: call<(_id: string, product: Partial<Product>) => Promise<ProductResponse>>({
    r: `PATCH ${PRODUCTS}/{product.id}`,
    a: ['_id=product.id', 'product'],
    q: P,
    s: P,
  }),

  /** Deletes a product. */
  deleteProduct: call<(_id: string) => Void>({ r: `DELETE ${PRODUCTS}/{id}`, a: ['_id'], o: '-' }),

  /** Overrides price, cost, weight, SKU or visibility of variants; resolves to `{variants}`. */
  updateProductVariants: call<(_id: string, variants: VariantOverride[]) => Promise<UpdateVariantsResponse>>({
    r: `PATCH ${PRODUCTS}/{id}/variants`,
    a: ['_id', 'variants'],
    q: { f: 'variants.price variants.cost variants.weight' },
    s: under('variants', VARIANT),
  }),

  /** Resets every variant to the product's defaults. */
  resetAllProductVariantData: call<(_id: string) => Void>({ r: `POST ${PRODUCTS}/{id}/variants/resetToDefault`, a: ['_id'], o: '-' }),

  /** Adds products to a collection. */
  addProductsToCollection: call<(_id: string, productIds: string[]) => Void>({
    r: `POST ${COLLECTIONS}/{id}/productIds`,
    a: ['_id', 'productIds'],
    o: '-',
  }),

  /** Removes products from a collection. */
  removeProductsFromCollection: call<(_id: string, productIds: string[]) => Void>({
    r: `POST ${COLLECTIONS}/{id}/productIds/delete`,
    a: ['_id', 'productIds'],
    o: '-',
  }),

  /** Adds media items to a product. */
  addProductMedia: call<(_id: string, media: MediaDataForWrite[]) => Void>({
    r: `POST ${PRODUCTS}/{id}/media`,
    a: ['_id', 'media'],
    o: '-',
  }),

  /** Removes media items from a product. */
  removeProductMedia: call<(_id: string, mediaIds: string[]) => Void>({
    r: `POST ${PRODUCTS}/{id}/media/delete`,
    a: ['_id', 'mediaIds'],
    o: '-',
  }),

  /** Assigns product media to option choices. */
  addProductMediaToChoices: call<(_id: string, media: MediaAssignmentToChoice[]) => Void>({
    r: `PATCH ${PRODUCTS}/{id}/choices/media`,
    a: ['_id', 'media'],
    o: '-',
  }),

  /** Unassigns product media from option choices. */
  removeProductMediaFromChoices: call<(_id: string, media: MediaAssignmentToChoice[]) => Void>({
    r: `POST ${PRODUCTS}/{id}/choices/media/delete`,
    a: ['_id', 'media'],
    o: '-',
  }),

  /** Deletes all options of a product. */
  deleteProductOptions: call<(_id: string) => Void>({ r: `DELETE ${PRODUCTS}/{id}/options`, a: ['_id'], o: '-' }),

  /** Removes a product's brand. */
  removeBrand: call<(_id: string) => Void>({ r: `POST ${PRODUCTS}/{id}/remove-brand`, a: ['_id'], o: '-' }),

  /** Creates a collection; resolves to `{collection}`. */
  createCollection: call<(collection: Collection) => Promise<CollectionResponse>>({
    r: `POST ${COLLECTIONS}`,
    a: ['collection'],
    s: C,
  }),

  /** Updates a collection (`_id` goes into `collection.id`); resolves to `{collection}`. */
  updateCollection: call<(_id: string, collection: Partial<Collection>) => Promise<CollectionResponse>>({
    r: `PATCH ${COLLECTIONS}/{collection.id}`,
    a: ['_id=collection.id', 'collection'],
    s: C,
  }),

  /** Deletes a collection. */
  deleteCollection: call<(_id: string) => Void>({ r: `DELETE ${COLLECTIONS}/{id}`, a: ['_id'], o: '-' }),

  /** Removes a product's ribbon. */
  removeRibbon: call<(_id: string) => Void>({ r: `POST ${PRODUCTS}/{id}/remove-ribbon`, a: ['_id'], o: '-' }),

  /** Sets price, cost or weight of many products. */
  bulkUpdateProductsProperty: call<(ids: string[], set: BulkUpdateProperties) => Promise<BulkUpdateProductsResponse>>({
    r: 'POST /stores/v1/bulk/products/update',
    a: ['ids', 'set'],
    q: { f: 'set.price set.cost set.weight' },
  }),

  /** Adjusts price, cost or weight of many products by an amount or a percentage. */
  bulkAdjustProductProperty: call<(adjust: BulkAdjustProperties, ids: string[]) => Promise<BulkUpdateProductsResponse>>({
    r: 'POST /stores/v1/bulk/products/adjust-properties',
    a: ['adjust', 'ids'],
    q: { f: 'adjust.price.amount adjust.cost.amount adjust.weight.amount' },
  }),

  /** Creates a product through the platformized proxy; resolves to the product. */
  writeProxyCreateProductPlatformized: call<(product: Product) => Promise<Product>>({
    r: `POST ${PROXY}`,
    a: ['product'],
    q: P,
    s: P,
    o: 'product',
  }),

  /** Updates a product through the platformized proxy; resolves to the product. */
  writeProxyUpdateProductPlatformized: call<(_id: string, product: Partial<Product>) => Promise<Product>>({
    r: `PATCH ${PROXY}/{product.id}`,
    a: ['_id=product.id', 'product'],
    q: P,
    s: P,
    o: 'product',
  }),

  /** Deletes a product through the platformized proxy. */
  writeProxyDeleteProductPlatformized: call<(_id: string) => Void>({ r: `DELETE ${PROXY}/{id}`, a: ['_id'], o: '-' }),
};
