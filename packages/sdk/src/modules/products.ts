/** `products` (spec-era `@wix/stores` products module): catalogue reads and merchant writes. */
import { later } from './later.js';
import { productsRead } from './products-read.js';

type Writes = typeof import('./products-write.js').productsWrite;

/** The merchant writes, loaded on first call (a storefront page seldom makes one). */
const productsWrite = /* @__PURE__ */ later<Writes>(
  'createProduct updateProduct deleteProduct updateProductVariants resetAllProductVariantData addProductsToCollection ' +
    'removeProductsFromCollection addProductMedia removeProductMedia reorderProductMedia setProductMediaAltText addProductMediaToChoices removeProductMediaFromChoices ' +
    'deleteProductOptions removeBrand createCollection updateCollection deleteCollection removeRibbon bulkUpdateProductsProperty ' +
    'bulkAdjustProductProperty writeProxyCreateProductPlatformized writeProxyUpdateProductPlatformized writeProxyDeleteProductPlatformized',
  async () => (await import('../on-demand.js')).productsWrite,
);

export const products = { ...productsWrite, ...productsRead };
