/**
 * `customers`: everyone who ordered or registered, members by id and guests by the e-mail of their
 * orders (Vitrine's merchant API, issue #24; the spec has no such calls). Merchant only: an API key or
 * a merchant's console tokens. In `@vitrine/sdk/admin`, so a storefront's bundle never holds it.
 */
import type { CustomerDetails, SearchCustomersOptions, SearchCustomersResponse } from '../types/index.js';
import { call } from './call.js';
import { join, under } from './conversions.js';
import { ORDER } from './order-conversions.js';

const BASE = '/_api/vitrine/v1/customers';
const CUSTOMER_DATES = 'registeredDate lastOrderDate';
/** A customer's page: their dates, their memberships' and their orders' conversions. */
const DETAILS = /* @__PURE__ */ join(
  /* @__PURE__ */ under('customer', { dates: CUSTOMER_DATES }),
  /* @__PURE__ */ under('memberships', { dates: 'createdDate expiresAt' }),
  /* @__PURE__ */ under('orders', ORDER),
);

export const customers = {
  /**
   * Members and guests, the latest active first (last order, else registration), with their order
   * count, what they spent per currency and their last order; resolves to `{customers, metadata}`.
   * @example const { customers } = await client.customers.searchCustomers({ query: 'ada', limit: 20 });
   */
  searchCustomers: /* @__PURE__ */ call<(options?: SearchCustomersOptions) => Promise<SearchCustomersResponse>>({
    route: `GET ${BASE}`,
    args: ['options{query,limit,offset}'],
    response: /* @__PURE__ */ under('customers', { dates: CUSTOMER_DATES }),
  }),

  /**
   * A customer's page: their orders, the addresses they saved or shipped to, their membership plans.
   * `_id` is a customer's `_id` from the list: a member's id, or for a guest the id of one of their
   * orders (so a guest's e-mail never travels in a URL). Not found (404) for anything else.
   * @example const { customer, orders } = await client.customers.getCustomer(order.buyerInfo.memberId ?? order._id);
   */
  getCustomer: /* @__PURE__ */ call<(_id: string) => Promise<CustomerDetails>>({
    route: `GET ${BASE}/{id}`,
    args: ['_id'],
    response: DETAILS,
  }),
};
