/**
 * 'orders' (a Vitrine call, not in the spec): the caller's own orders, as the storefront's account
 * page reads them. A member reads its orders, a visitor the orders placed with its visitor id, a
 * merchant key every order; another buyer's order is not found.
 */
import type { Order, SearchOrdersOptions, SearchOrdersResponse } from '../types/index.js';
import { call } from './call.js';
import { address, join, pre, under } from './conversions.js';

/** An order's dates and addresses. */
const ORDER = /* @__PURE__ */ join(
  { d: 'createdDate' },
  /* @__PURE__ */ address(/* @__PURE__ */ pre('shippingInfo', 'address pickup.address')),
  /* @__PURE__ */ address('billingInfo.address'),
);

export const orders = {
  /** One of the caller's orders; resolves to the order. */
  getOrder: /* @__PURE__ */ call<(_id: string) => Promise<Order>>({
    r: 'GET /ecom/v1/orders/{id}',
    a: ['_id'],
    s: /* @__PURE__ */ under('order', ORDER),
    o: 'order',
  }),

  /** The caller's orders, newest first; resolves to `{orders, metadata}`. */
  searchOrders: /* @__PURE__ */ call<(options?: SearchOrdersOptions) => Promise<SearchOrdersResponse>>({
    r: 'POST /ecom/v1/orders/search',
    a: ['options{paging}'],
    s: /* @__PURE__ */ under('orders', ORDER),
  }),
};
