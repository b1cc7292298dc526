/**
 * `inventory`: the variants' inventory history and stock changes with a reason (issue #24; Vitrine's
 * merchant API, the spec has no such calls). Merchant only: an API key or a merchant's console tokens.
 */
import type { InventoryChange, ProductResponse, StockAdjustment } from '../types/index.js';
import { call } from './call.js';
import { PRODUCT } from './catalog-conversions.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1/inventory';

/** A variant's history page: its entries, newest first, and how many it has in all. */
export interface InventoryHistoryPage {
  changes?: InventoryChange[];
  total?: number;
}

export const inventory = {
  /**
   * One page of a variant's inventory history, newest first (`limit` 1–200, default 50).
   * @example const { changes } = await client.inventory.getVariantHistory(productId, variantId, { limit: 20 });
   */
  getVariantHistory: /* @__PURE__ */ call<
    (productId: string, variantId: string, options?: { limit?: number; offset?: number }) => Promise<InventoryHistoryPage>
  >({
    route: `GET ${BASE}/products/{productId}/variants/{variantId}/history`,
    args: ['productId', 'variantId', 'options{limit,offset}'],
    response: /* @__PURE__ */ under('changes', { dates: 'createdDate' }),
  }),

  /**
   * Sets the quantity in stock of a variant (or of the product when its variants share one stock)
   * with the reason, recorded in the history; resolves to '{product}'.
   * @example await client.inventory.adjustStock(productId, { variantId, quantity: 12, reason: 'RECEIVED' });
   */
  adjustStock: /* @__PURE__ */ call<(productId: string, adjustment: StockAdjustment) => Promise<ProductResponse>>({
    route: `POST ${BASE}/products/{productId}/stock`,
    args: ['productId', 'adjustment{variantId,quantity,reason,note}'],
    response: /* @__PURE__ */ under('product', PRODUCT),
  }),
};
