/** How a coupon discounts: a percentage or an amount off, free shipping, or a fixed unit price. */
export type CouponKind = 'PERCENT' | 'AMOUNT' | 'FREE_SHIPPING' | 'FIXED_PRICE';
/** Which lines a coupon applies to. */
export type CouponScope = 'ALL' | 'PRODUCTS' | 'COLLECTIONS';

/** A merchant's coupon (Vitrine's merchant settings; amounts are decimal strings in the shop's currency). */
export interface ShopCoupon {
  _id?: string;
  /** what shoppers type; matched without regard to case; unique */
  code?: string;
  name?: string;
  kind?: CouponKind;
  /** PERCENT: 0–100; AMOUNT and FIXED_PRICE: an amount; FREE_SHIPPING: "0" */
  value?: string;
  scope?: CouponScope;
  /** PRODUCTS or COLLECTIONS: their ids */
  scopeIds?: string[];
  /** the eligible lines' subtotal must reach it */
  minimumSubtotal?: string | null;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  /** orders it can be used in; null: unlimited */
  usageLimit?: number | null;
  /** orders per customer (member or e-mail); null: unlimited */
  limitPerCustomer?: number | null;
  /** orders that used it */
  timesUsed?: number;
  active?: boolean;
  _createdDate?: Date;
  _updatedDate?: Date;
}

/** Options of `coupons.listCoupons`. */
export interface ListCouponsOptions {
  /** items per page (1–200, default 50) */
  limit?: number;
  offset?: number;
  /** only codes starting with this (case-insensitive) */
  code?: string;
}

/** Answer of `coupons.listCoupons`, newest first. */
export interface ListCouponsResponse {
  coupons?: ShopCoupon[];
  pagingMetadata?: { count?: number; offset?: number; total?: number };
}
