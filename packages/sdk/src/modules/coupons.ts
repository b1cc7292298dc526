/**
 * `coupons`: the merchant's coupons (Vitrine's merchant settings API; the spec has no such calls).
 * Merchant only: an API key or a merchant's console tokens; a shopper gets a 403. Dates are `Date`s,
 * amounts decimal strings in the shop's currency.
 */
import type { ListCouponsOptions, ListCouponsResponse, ShopCoupon } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const DATES = { dates: 'startsAt expiresAt createdDate updatedDate' };
const FIELDS = 'code,name,kind,value,scope,scopeIds,minimumSubtotal,startsAt,expiresAt,usageLimit,limitPerCustomer,active';
const ONE = /* @__PURE__ */ under('coupon', DATES);

export const coupons = {
  /**
   * Creates a coupon; resolves to it. A code already in use is refused (409).
   * @example await client.coupons.createCoupon({ code: 'SUMMER10', name: 'Summer', kind: 'PERCENT', value: '10' });
   */
  createCoupon: /* @__PURE__ */ call<(coupon: ShopCoupon) => Promise<ShopCoupon>>({
    route: 'POST /_api/vitrine/v1/coupons',
    args: [`coupon{${FIELDS}}`],
    request: DATES,
    response: ONE,
    returns: 'coupon',
  }),

  /** The coupons, newest first, a page at a time; resolves to `{coupons, pagingMetadata}`. */
  listCoupons: /* @__PURE__ */ call<(options?: ListCouponsOptions) => Promise<ListCouponsResponse>>({
    route: 'GET /_api/vitrine/v1/coupons',
    args: ['options{limit,offset,code}'],
    response: /* @__PURE__ */ under('coupons', DATES),
  }),

  /** One coupon; resolves to it. */
  getCoupon: /* @__PURE__ */ call<(_id: string) => Promise<ShopCoupon>>({
    route: 'GET /_api/vitrine/v1/coupons/{id}',
    args: ['_id'],
    response: ONE,
    returns: 'coupon',
  }),

  /** Changes the given fields (`null` clears a limit or a date); resolves to the coupon. */
  updateCoupon: /* @__PURE__ */ call<(_id: string, coupon: Partial<ShopCoupon>) => Promise<ShopCoupon>>({
    route: 'PATCH /_api/vitrine/v1/coupons/{id}',
    args: ['_id', `coupon{${FIELDS}}`],
    request: DATES,
    response: ONE,
    returns: 'coupon',
  }),

  /** Deletes a coupon: carts holding it drop it, orders keep their totals. */
  deleteCoupon: /* @__PURE__ */ call<(_id: string) => Promise<void>>({
    route: 'DELETE /_api/vitrine/v1/coupons/{id}',
    args: ['_id'],
    returns: '-',
  }),
};
