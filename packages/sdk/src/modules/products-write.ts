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
    route: 'POST /stores/v1/products',
    args: ['product'],
    request: P,
    response: P,
  }),

  /** Updates a product ('_id' goes into 'product.id'); resolves to '{product}'. */
  updateProduct: /* @__PURE__ */ call<(_id: string, product: Partial<Product>) => Promise<ProductResponse>>({
    route: 'PATCH /stores/v1/products/{product.id}',
    args: ['_id=product.id', 'product'],
    request: P,
    response: P,
  }),

  /** Deletes a product. */
  deleteProduct: /* @__PURE__ */ call<(_id: string) => Void>({ route: 'DELETE /stores/v1/products/{id}', args: ['_id'], returns: '-' }),

  /** Overrides price, cost, weight, SKU, visibility or stock (inStock / quantity) of variants; resolves to '{variants}'. */
  updateProductVariants: /* @__PURE__ */ call<(_id: string, variants: VariantOverride[]) => Promise<UpdateVariantsResponse>>({
    route: 'PATCH /stores/v1/products/{id}/variants',
    args: ['_id', 'variants'],
    request: { floats: 'variants.price variants.cost variants.weight' },
    response: /* @__PURE__ */ under('variants', VARIANT),
  }),

  /** Resets every variant to the product's defaults. */
  resetAllProductVariantData: /* @__PURE__ */ call<(_id: string) => Void>({
    route: 'POST /stores/v1/products/{id}/variants/resetToDefault',
    args: ['_id'],
    returns: '-',
  }),

  /** Adds products to a collection. */
  addProductsToCollection: /* @__PURE__ */ call<(_id: string, productIds: string[]) => Void>({
    route: 'POST /stores/v1/collections/{id}/productIds',
    args: ['_id', 'productIds'],
    returns: '-',
  }),

  /** Removes products from a collection. */
  removeProductsFromCollection: /* @__PURE__ */ call<(_id: string, productIds: string[]) => Void>({
    route: 'POST /stores/v1/collections/{id}/productIds/delete',
    args: ['_id', 'productIds'],
    returns: '-',
  }),

  /** Adds media items to a product. */
  addProductMedia: /* @__PURE__ */ call<(_id: string, media: MediaDataForWrite[]) => Void>({
    route: 'POST /stores/v1/products/{id}/media',
    args: ['_id', 'media'],
    returns: '-',
  }),

  /** Removes media items from a product. */
  removeProductMedia: /* @__PURE__ */ call<(_id: string, mediaIds: string[]) => Void>({
    route: 'POST /stores/v1/products/{id}/media/delete',
    args: ['_id', 'mediaIds'],
    returns: '-',
  }),

  /**
   * Sets the order of a product's media: every media id of the product once, the first becomes the
   * main media (Vitrine's; the spec has no such call). Rejects with a validation error naming each
   * stray, repeated or missing id.
   * @example await client.products.reorderProductMedia(product._id, [back._id, front._id]);
   */
  reorderProductMedia: /* @__PURE__ */ call<(_id: string, mediaIds: string[]) => Void>({
    route: 'POST /stores/v1/products/{id}/media/reorder',
    args: ['_id', 'mediaIds'],
    returns: '-',
  }),

  /**
   * Sets a picture's alt text, or removes it with an empty text (Vitrine's; the spec has no such call).
   * Rejects with PRODUCT_MEDIA_NOT_FOUND (404) for a media id that is not one of the product's pictures.
   * @example await client.products.setProductMediaAltText(product._id, picture._id, 'A blue mug on a shelf');
   */
  setProductMediaAltText: /* @__PURE__ */ call<(_id: string, mediaId: string, altText: string) => Void>({
    route: 'POST /stores/v1/products/{id}/media/alt-text',
    args: ['_id', 'mediaId', 'altText'],
    returns: '-',
  }),

  /** Assigns product media to option choices. */
  addProductMediaToChoices: /* @__PURE__ */ call<(_id: string, media: MediaAssignmentToChoice[]) => Void>({
    route: 'PATCH /stores/v1/products/{id}/choices/media',
    args: ['_id', 'media'],
    returns: '-',
  }),

  /** Unassigns product media from option choices. */
  removeProductMediaFromChoices: /* @__PURE__ */ call<(_id: string, media: MediaAssignmentToChoice[]) => Void>({
    route: 'POST /stores/v1/products/{id}/choices/media/delete',
    args: ['_id', 'media'],
    returns: '-',
  }),

  /** Deletes all options of a product. */
  deleteProductOptions: /* @__PURE__ */ call<(_id: string) => Void>({
    route: 'DELETE /stores/v1/products/{id}/options',
    args: ['_id'],
    returns: '-',
  }),

  /** Removes a product's brand. */
  removeBrand: /* @__PURE__ */ call<(_id: string) => Void>({
    route: 'POST /stores/v1/products/{id}/remove-brand',
    args: ['_id'],
    returns: '-',
  }),

  /** Creates a collection; resolves to '{collection}'. */
  createCollection: /* @__PURE__ */ call<(collection: Collection) => Promise<CollectionResponse>>({
    route: 'POST /stores/v1/collections',
    args: ['collection'],
    response: C,
  }),

  /** Updates a collection ('_id' goes into 'collection.id'); resolves to '{collection}'. */
  updateCollection: /* @__PURE__ */ call<(_id: string, collection: Partial<Collection>) => Promise<CollectionResponse>>({
    route: 'PATCH /stores/v1/collections/{collection.id}',
    args: ['_id=collection.id', 'collection'],
    response: C,
  }),

  /** Deletes a collection. */
  deleteCollection: /* @__PURE__ */ call<(_id: string) => Void>({
    route: 'DELETE /stores/v1/collections/{id}',
    args: ['_id'],
    returns: '-',
  }),

  /** Removes a product's ribbon. */
  removeRibbon: /* @__PURE__ */ call<(_id: string) => Void>({
    route: 'POST /stores/v1/products/{id}/remove-ribbon',
    args: ['_id'],
    returns: '-',
  }),

  /** Sets price, cost or weight of many products. */
  bulkUpdateProductsProperty: /* @__PURE__ */ call<(ids: string[], set: BulkUpdateProperties) => Promise<BulkUpdateProductsResponse>>({
    route: 'POST /stores/v1/bulk/products/update',
    args: ['ids', 'set'],
    request: { floats: 'set.price set.cost set.weight' },
  }),

  /** Adjusts price, cost or weight of many products by an amount or a percentage. */
  bulkAdjustProductProperty: /* @__PURE__ */ call<(adjust: BulkAdjustProperties, ids: string[]) => Promise<BulkUpdateProductsResponse>>({
    route: 'POST /stores/v1/bulk/products/adjust-properties',
    args: ['adjust', 'ids'],
    request: { floats: 'adjust.price.amount adjust.cost.amount adjust.weight.amount' },
  }),

  /** Creates a product through the platformized proxy; resolves to the product. */
  writeProxyCreateProductPlatformized: /* @__PURE__ */ call<(product: Product) => Promise<Product>>({
    route: 'POST /v2/products-platformized',
    args: ['product'],
    request: P,
    response: P,
    returns: 'product',
  }),

  /** Updates a product through the platformized proxy; resolves to the product. */
  writeProxyUpdateProductPlatformized: /* @__PURE__ */ call<(_id: string, product: Partial<Product>) => Promise<Product>>({
    route: 'PATCH /v2/products-platformized/{product.id}',
    args: ['_id=product.id', 'product'],
    request: P,
    response: P,
    returns: 'product',
  }),

  /** Deletes a product through the platformized proxy. */
  writeProxyDeleteProductPlatformized: /* @__PURE__ */ call<(_id: string) => Void>({
    route: 'DELETE /v2/products-platformized/{id}',
    args: ['_id'],
    returns: '-',
  }),
};
