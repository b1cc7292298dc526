import { defineErrors } from '../../platform/errors.js';

/**
 * The pricing domain's error codes: coupons a shopper types (the cart answers them), and the
 * merchant's pricing configuration (coupons, shipping, tax, memberships).
 */
export const PricingErrors = defineErrors({
  COUPON_NOT_FOUND: { status: 404, message: 'Not found', description: 'No coupon has this code' },
  COUPON_NOT_ACTIVE: { status: 400, message: 'Coupon is not active', description: 'The coupon is not active' },
  COUPON_EXPIRED: { status: 400, message: 'Coupon has expired', description: 'The coupon has expired' },
  COUPON_USAGE_EXCEEDED: {
    status: 400,
    message: 'Coupon usage limit reached',
    description: 'The coupon has been used the maximum number of times',
  },
  COUPON_CODE_TAKEN: { status: 409, message: 'Coupon code taken', description: 'Another coupon already has this code' },
  SHIPPING_REGION_NOT_FOUND: { status: 404, message: 'Not found', description: 'No shipping region has this id' },
  SHIPPING_OPTION_NOT_FOUND: { status: 404, message: 'Not found', description: 'No shipping option of this region has this id' },
  SHIPPING_OPTION_CODE_TAKEN: {
    status: 409,
    message: 'Shipping option code taken',
    description: 'Another shipping option already has this code',
  },
  TAX_RATE_NOT_FOUND: { status: 404, message: 'Not found', description: 'No tax rate has this id' },
  MEMBERSHIP_PLAN_NOT_FOUND: { status: 404, message: 'Not found', description: 'No membership plan has this id' },
  MEMBERSHIP_NOT_FOUND: { status: 404, message: 'Not found', description: 'No membership has this id' },
  MEMBER_NOT_FOUND: { status: 404, message: 'Not found', description: 'No member has this id' },
});
