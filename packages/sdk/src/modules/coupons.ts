/**
 * `coupons`: the merchant's coupons (Vitrine's merchant settings API; the spec has no such calls).
 * Merchant only: an API key or a merchant's console tokens; a shopper gets a 403. Dates are `Date`s,
 * amounts decimal strings in the shop's currency.
 */
import type { ListCouponsOptions, ListCouponsResponse, ShopCoupon } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const DATES = { d: 'startsAt expiresAt createdDate updatedDate' };
const FIELDS = 'code,name,kind,value,scope,scopeIds,minimumSubtotal,startsAt,expiresAt,usageLimit,limitPerCustomer,active';
const ONE = /* @__PURE__ */ under('coupon', DATES);

export const coupons = {
  /**
   * Creates a coupon; resolves to it. A code already in use is refused (409).
   * @example await client.coupons.createCoupon({ code: 'SUMMER10', name: 'Summer', kind: 'PERCENT', value: '10' });
   */
  createCoupon: /* @__PURE__ */ call<(coupon: ShopCoupon) => Promise<ShopCoupon>>({
    r: 'POST /_api/vitrine/v1/coupons',
    a: [`coupon{${FIELDS}}`],
    q: DATES,
    s: ONE,
    o: 'coupon',
  }),

  /** The coupons, newest first, a page at a time; resolves to `{coupons, pagingMetadata}`. */
  listCoupons: /* @__PURE__ */ call<(options?: ListCouponsOptions) => Promise<ListCouponsResponse>>({
    r: 'GET /_api/vitrine/v1/coupons',
    a: ['options{limit,offset,code}'],
    s: /* @__PURE__ */ under('coupons', DATES),
  }),

  /** One coupon; resolves to it. */
  getCoupon: /* @__PURE__ */ call<(_id: string) => Promise<ShopCoupon>>({
    r: 'GET /_api/vitrine/v1/coupons/{id}',
    a: ['_id'],
    s: ONE,
    o: 'coupon',
  }),

  /** Changes the given fields (`null` clears a limit or a date); resolves to the coupon. */
  updateCoupon: /* @__PURE__ */ call<(_id: string, coupon: Partial<ShopCoupon>) => Promise<ShopCoupon>>({
    r: 'PATCH /_api/vitrine/v1/coupons/{id}',
    a: ['_id', `coupon{${FIELDS}}`],
    q: DATES,
    s: ONE,
    o: 'coupon',
  }),

  /** Deletes a coupon: carts holding it drop it, orders keep their totals. */
  deleteCoupon: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ r: 'DELETE /_api/vitrine/v1/coupons/{id}', a: ['_id'], o: '-' }),
};
