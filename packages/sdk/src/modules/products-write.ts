/** Merchant-side catalogue writes of the spec-era '@wix/stores' products module. */
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

/** '{product}' in both directions (a request product's dates and numbers convert too). */
const P = /* @__PURE__ */ under('product', PRODUCT);
const C = /* @__PURE__ */ under('collection', COLLECTION);

type Void = Promise<void>;

export const productsWrite = {
  /** Creates a product; resolves to '{product}'. @see spec section 7 "Catalogue write (merchant)" */
  createProduct: /* @__PURE__ */ call<(product: Product) => Promise<ProductResponse>>({
    r: 'POST /stores/v1/products',
    a: ['product'],
    q: P,
    s: P,
  }),

  /** Updates a product ('_id' goes into 'product.id'); resolves to '{product}'. */
  updateProduct: /* @__PURE__ */ call<(_id: string, product: Partial<Product>) => Promise<ProductResponse>>({
    r: 'PATCH /stores/v1/products/{product.id}',
    a: ['_id=product.id', 'product'],
    q: P,
    s: P,
  }),

  /** Deletes a product. */
  deleteProduct: /* @__PURE__ */ call<(_id: string) => Void>({ r: 'DELETE /stores/v1/products/{id}', a: ['_id'], o: '-' }),

  /** Overrides price, cost, weight, SKU, visibility or stock (inStock / quantity) of variants; resolves to '{variants}'. */
  updateProductVariants: /* @__PURE__ */ call<(_id: string, variants: VariantOverride[]) => Promise<UpdateVariantsResponse>>({
    r: 'PATCH /stores/v1/products/{id}/variants',
    a: ['_id', 'variants'],
    q: { f: 'variants.price variants.cost variants.weight' },
    s: /* @__PURE__ */ under('variants', VARIANT),
  }),

  /** Resets every variant to the product's defaults. */
  resetAllProductVariantData: /* @__PURE__ */ call<(_id: string) => Void>({
    r: 'POST /stores/v1/products/{id}/variants/resetToDefault',
    a: ['_id'],
    o: '-',
  }),

  /** Adds products to a collection. */
  addProductsToCollection: /* @__PURE__ */ call<(_id: string, productIds: string[]) => Void>({
    r: 'POST /stores/v1/collections/{id}/productIds',
    a: ['_id', 'productIds'],
    o: '-',
  }),

  /** Removes products from a collection. */
  removeProductsFromCollection: /* @__PURE__ */ call<(_id: string, productIds: string[]) => Void>({
    r: 'POST /stores/v1/collections/{id}/productIds/delete',
    a: ['_id', 'productIds'],
    o: '-',
  }),

  /** Adds media items to a product. */
  addProductMedia: /* @__PURE__ */ call<(_id: string, media: MediaDataForWrite[]) => Void>({
    r: 'POST /stores/v1/products/{id}/media',
    a: ['_id', 'media'],
    o: '-',
  }),

  /** Removes media items from a product. */
  removeProductMedia: /* @__PURE__ */ call<(_id: string, mediaIds: string[]) => Void>({
    r: 'POST /stores/v1/products/{id}/media/delete',
    a: ['_id', 'mediaIds'],
    o: '-',
  }),

  /**
   * Sets the order of a product's media: every media id of the product once, the first becomes the
   * main media (Vitrine's; the spec has no such call). Rejects with a validation error naming each
   * stray, repeated or missing id.
   * @example await client.products.reorderProductMedia(product._id, [back._id, front._id]);
   */
  reorderProductMedia: /* @__PURE__ */ call<(_id: string, mediaIds: string[]) => Void>({
    r: 'POST /stores/v1/products/{id}/media/reorder',
    a: ['_id', 'mediaIds'],
    o: '-',
  }),

  /** Assigns product media to option choices. */
  addProductMediaToChoices: /* @__PURE__ */ call<(_id: string, media: MediaAssignmentToChoice[]) => Void>({
    r: 'PATCH /stores/v1/products/{id}/choices/media',
    a: ['_id', 'media'],
    o: '-',
  }),

  /** Unassigns product media from option choices. */
  removeProductMediaFromChoices: /* @__PURE__ */ call<(_id: string, media: MediaAssignmentToChoice[]) => Void>({
    r: 'POST /stores/v1/products/{id}/choices/media/delete',
    a: ['_id', 'media'],
    o: '-',
  }),

  /** Deletes all options of a product. */
  deleteProductOptions: /* @__PURE__ */ call<(_id: string) => Void>({ r: 'DELETE /stores/v1/products/{id}/options', a: ['_id'], o: '-' }),

  /** Removes a product's brand. */
  removeBrand: /* @__PURE__ */ call<(_id: string) => Void>({ r: 'POST /stores/v1/products/{id}/remove-brand', a: ['_id'], o: '-' }),

  /** Creates a collection; resolves to '{collection}'. */
  createCollection: /* @__PURE__ */ call<(collection: Collection) => Promise<CollectionResponse>>({
    r: 'POST /stores/v1/collections',
    a: ['collection'],
    s: C,
  }),

  /** Updates a collection ('_id' goes into 'collection.id'); resolves to '{collection}'. */
  updateCollection: /* @__PURE__ */ call<(_id: string, collection: Partial<Collection>) => Promise<CollectionResponse>>({
    r: 'PATCH /stores/v1/collections/{collection.id}',
    a: ['_id=collection.id', 'collection'],
    s: C,
  }),

  /** Deletes a collection. */
  deleteCollection: /* @__PURE__ */ call<(_id: string) => Void>({ r: 'DELETE /stores/v1/collections/{id}', a: ['_id'], o: '-' }),

  /** Removes a product's ribbon. */
  removeRibbon: /* @__PURE__ */ call<(_id: string) => Void>({ r: 'POST /stores/v1/products/{id}/remove-ribbon', a: ['_id'], o: '-' }),

  /** Sets price, cost or weight of many products. */
  bulkUpdateProductsProperty: /* @__PURE__ */ call<(ids: string[], set: BulkUpdateProperties) => Promise<BulkUpdateProductsResponse>>({
    r: 'POST /stores/v1/bulk/products/update',
    a: ['ids', 'set'],
    q: { f: 'set.price set.cost set.weight' },
  }),

  /** Adjusts price, cost or weight of many products by an amount or a percentage. */
  bulkAdjustProductProperty: /* @__PURE__ */ call<(adjust: BulkAdjustProperties, ids: string[]) => Promise<BulkUpdateProductsResponse>>({
    r: 'POST /stores/v1/bulk/products/adjust-properties',
    a: ['adjust', 'ids'],
    q: { f: 'adjust.price.amount adjust.cost.amount adjust.weight.amount' },
  }),

  /** Creates a product through the platformized proxy; resolves to the product. */
  writeProxyCreateProductPlatformized: /* @__PURE__ */ call<(product: Product) => Promise<Product>>({
    r: 'POST /v2/products-platformized',
    a: ['product'],
    q: P,
    s: P,
    o: 'product',
  }),

  /** Updates a product through the platformized proxy; resolves to the product. */
  writeProxyUpdateProductPlatformized: /* @__PURE__ */ call<(_id: string, product: Partial<Product>) => Promise<Product>>({
    r: 'PATCH /v2/products-platformized/{product.id}',
    a: ['_id=product.id', 'product'],
    q: P,
    s: P,
    o: 'product',
  }),

  /** Deletes a product through the platformized proxy. */
  writeProxyDeleteProductPlatformized: /* @__PURE__ */ call<(_id: string) => Void>({
    r: 'DELETE /v2/products-platformized/{id}',
    a: ['_id'],
    o: '-',
  }),
};
