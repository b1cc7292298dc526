/**
 * 'orders' (Vitrine calls, not in the spec): the caller's own orders, as the storefront's account
 * page reads them, and the merchant's order tools. A member reads its orders, a visitor the orders
 * placed with its visitor id, a merchant key every order (with filters and sort); another buyer's
 * order is not found. The merchant's actions load on first call (`orders-merchant.ts`).
 */
import type { ExportOrdersOptions, Order, SearchOrdersOptions, SearchOrdersResponse } from '../types/index.js';
import { type Call, call } from './call.js';
import { under } from './conversions.js';
import { later } from './later.js';
import { ORDER } from './order-conversions.js';

type Merchant = Omit<typeof import('./orders-merchant.js').ordersMerchant, 'exportOrders'> & {
  /**
   * Every order the filter matches, in the sort order (default newest first), as a CSV file (merchant
   * only); resolves to the file's Blob (`text/csv`).
   * @example const csv = await client.orders.exportOrders({ filter: { paymentStatus: ['PAID'] } });
   */
  exportOrders: Call<(options?: ExportOrdersOptions) => Promise<Blob>>;
};

/** The merchant's actions, loaded on first call (a storefront page never makes one). */
const ordersMerchant = /* @__PURE__ */ later<Merchant>(
  'markOrderAsPaid fulfillOrder refundOrder cancelOrder listOrderActivities addOrderNote removeOrderNote exportOrders',
  async () => (await import('../on-demand.js')).ordersMerchant,
);

export const orders = {
  ...ordersMerchant,

  /** One of the caller's orders (a merchant's: any order); resolves to the order. */
  getOrder: /* @__PURE__ */ call<(_id: string) => Promise<Order>>({
    route: 'GET /ecom/v1/orders/{id}',
    args: ['_id'],
    response: /* @__PURE__ */ under('order', ORDER),
    returns: 'order',
  }),

  /**
   * The caller's orders, newest first; resolves to `{orders, metadata}` (`metadata.total`: how many
   * match). A merchant may narrow and sort them; a shopper's filter or sort is refused (403).
   * @example const { orders } = await client.orders.searchOrders({ filter: { paymentStatus: ['NOT_PAID'] }, sort: { fieldName: 'total', order: 'DESC' } });
   */
  searchOrders: /* @__PURE__ */ call<(options?: SearchOrdersOptions) => Promise<SearchOrdersResponse>>({
    route: 'POST /ecom/v1/orders/search',
    args: ['options{paging,filter,sort}'],
    request: { dates: 'filter.createdDate.from filter.createdDate.to' },
    response: /* @__PURE__ */ under('orders', ORDER),
  }),
};
